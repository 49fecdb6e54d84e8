/**
 * Money inside Storefront is integer minor units; gateways speak decimal strings in major units
 * ("123.45"). These conversions use integer and string arithmetic only, never floats, and both
 * the API and the payment server use them, so a currency's exponent cannot differ between them.
 */

/** ISO 4217 currencies whose minor unit is not 1/100. */
const EXPONENT: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

export const currencyExponent = (currency: string): number => EXPONENT[currency] ?? 2;

/** 12345 INR → "123.45"; 1234 KWD → "1.234"; 100 JPY → "100". Only non-negative safe integers. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('amount must be a non-negative integer of minor units');
  const exp = currencyExponent(currency);
  const digits = String(minor).padStart(exp + 1, '0');
  return exp === 0 ? digits : `${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

/**
 * "123.45" / "123.4" / "123" → 12345 (INR). Null for anything but a plain non-negative decimal
 * (no sign, exponent or spaces), for non-zero digits below the minor unit, and beyond safe integers.
 */
export function decimalToMinor(value: unknown, currency: string): number | null {
  if (typeof value !== 'string' || !/^\d{1,18}(\.\d{1,18})?$/.test(value)) return null;
  const exp = currencyExponent(currency);
  const [whole, frac = ''] = value.split('.') as [string, string?];
  if (/[1-9]/.test(frac.slice(exp))) return null;
  const n = BigInt(whole) * 10n ** BigInt(exp) + BigInt(frac.slice(0, exp).padEnd(exp, '0') || '0');
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}
