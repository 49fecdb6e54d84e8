/**
 * Amounts are integer minor units inside Storefront; gateways speak decimal major-unit strings
 * ("123.45"). Conversions use integer and string arithmetic only, never floats.
 */

/** Digits after the decimal point per currency; everything we take today has two. */
const EXPONENT: Record<string, number> = { JPY: 0, KRW: 0 };
export const exponentOf = (currency: string): number => EXPONENT[currency] ?? 2;

/** 12345 → "123.45" (INR). Throws on anything but a non-negative safe integer. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('amount must be a non-negative integer of minor units');
  const exp = exponentOf(currency);
  if (exp === 0) return String(minor);
  const digits = String(minor).padStart(exp + 1, '0');
  return `${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

/**
 * "123.45" / "123.4" / "123" → 12345 (INR); null for anything that is not a plain non-negative
 * decimal with at most the currency's number of fraction digits (no signs, exponents or spaces).
 */
export function decimalToMinor(value: unknown, currency: string): number | null {
  if (typeof value !== 'string') return null;
  const exp = exponentOf(currency);
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const whole = m[1]!;
  let frac = m[2] ?? '';
  if (frac.length > exp) {
    // Trailing zeros beyond the exponent are harmless ("100.000"); other digits are not.
    if (!/^0+$/.test(frac.slice(exp))) return null;
    frac = frac.slice(0, exp);
  }
  const n = Number(whole + frac.padEnd(exp, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

/** For people: "₹123.45" style without floats. */
export function formatAmount(minor: number, currency: string): string {
  const symbol: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£' };
  const s = symbol[currency];
  return s ? `${s}${minorToDecimal(minor, currency)}` : `${minorToDecimal(minor, currency)} ${currency}`;
}
