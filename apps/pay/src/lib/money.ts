/**
 * Amounts are integer minor units inside Storefront; gateways speak decimal major-unit strings
 * ("123.45"). Conversions use integer and string arithmetic only, never floats.
 */

export { currencyExponent as exponentOf, decimalToMinor, minorToDecimal } from '@storefront/money';
import { minorToDecimal } from '@storefront/money';

/** For people: "₹123.45" style without floats. */
export function formatAmount(minor: number, currency: string): string {
  const symbol: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£' };
  const s = symbol[currency];
  return s ? `${s}${minorToDecimal(minor, currency)}` : `${minorToDecimal(minor, currency)} ${currency}`;
}
