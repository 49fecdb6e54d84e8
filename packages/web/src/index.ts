/**
 * What the admin SPA and the shop PWA share. Screens are real URLs (each app's server answers
 * them with the app); money is integer minor units on the wire and `formatMoney` on screen.
 */
export { cleanPath, match, navigate, useLocation } from './router.ts';
export { Link, staysInApp } from './link.ts';
export { useLoad } from './load.ts';
export { call } from './call.ts';
export { ERROR_WORDS, errorWords, type ErrorCode, type ErrorWords, type LocalErrorCode } from './errors.ts';
export { Money } from './money.ts';
export { formatMoney, minorToDecimal, parseMoney } from '@storefront/money';
