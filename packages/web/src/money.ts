import { createElement } from 'react';
import { formatMoney } from '@storefront/money';

/** An amount of integer minor units on screen, in its currency's locale (`₹1,60,631.50`); "—" when there is none. */
export function Money({ minor, currency }: { minor: number | null | undefined; currency: string }) {
  return createElement('span', { className: 'money' }, minor === null || minor === undefined ? '—' : formatMoney(minor, currency));
}
