/**
 * Money in the UI: the API speaks integer minor units; people read and type major units.
 * Exponents and the decimal conversions come from `@storefront/money`, the package the API and the
 * payment server use, so the three never disagree; everything is integer and string arithmetic.
 */
import { currencyExponent, decimalToMinor, minorToDecimal } from '@storefront/money';

/** Digits after the decimal point for a currency (2 unless ISO 4217 says otherwise). */
export function exponentOf(currency: string): number {
  return currencyExponent(currency.toUpperCase());
}

/** 123456 minor units of INR → "1,234.56"; negatives (ledger debits) keep their sign. */
export function formatMinor(minor: number, currency: string): string {
  const negative = minor < 0;
  const text = minorToDecimal(Math.abs(minor), currency.toUpperCase());
  const [whole, fraction] = text.split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** 123456 INR → "INR 1,234.56". */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '—';
  return `${currency} ${formatMinor(minor, currency)}`;
}

/** The plain major-unit text for an input field: 123456 INR → "1234.56". */
export function minorToInput(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  return formatMinor(minor, currency).replace(/,/g, '');
}

/**
 * Parses what a person typed in major units into minor units: "12.34" → 1234, "12" → 1200,
 * "1,234.5" → 123450, "12." → 1200. Null for anything else: more non-zero decimals than the
 * currency has, letters, signs, exponents, an empty field, or a value beyond a safe integer.
 */
export function parseMajor(input: string, currency: string): number | null {
  const text = input.trim().replace(/,(?=\d{3}(\D|$))/g, '').replace(/\.$/, '');
  return decimalToMinor(text, currency.toUpperCase());
}
