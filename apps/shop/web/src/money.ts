/**
 * Money on screen. The API speaks integer minor units (docs/contracts.md §2); the decimal
 * text comes from `@storefront/money` (integer and string arithmetic, the API's own rules), and
 * Intl.NumberFormat formats that exact decimal string — no float ever holds an amount.
 */
import { currencyExponent, decimalToMinor, minorToDecimal } from '@storefront/money';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = currencyExponent(currency);
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

/** 123456 INR → "₹1,234.56" (in the given or the device's locale); negatives keep their sign. */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const code = currency.toUpperCase();
  const text = minorToDecimal(Math.abs(minor), code);
  // A numeric string is formatted exactly (Intl.NumberFormat v3); the cast is for older lib types.
  const shown = formatter(code, locale).format(text as unknown as number);
  return minor < 0 ? `−${shown}` : shown;
}

/** What a person typed in major units ("1,234.5") → minor units (123450), or null if not an amount. */
export function parseAmount(input: string, currency: string): number | null {
  const text = input.trim().replace(/,(?=\d{3}(\D|$))/g, '').replace(/\.$/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return decimalToMinor(text, currency.toUpperCase());
}
