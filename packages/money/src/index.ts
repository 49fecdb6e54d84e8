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

/**
 * The locale money is written in for each currency the store may run in: INR in Indian grouping
 * (₹1,60,631.50), whatever the device's own locale. Others fall back to plain English grouping.
 */
const LOCALE: Record<string, string> = { INR: 'en-IN', GBP: 'en-GB', EUR: 'en-IE' };

export const moneyLocale = (currency: string): string => LOCALE[currency.toUpperCase()] ?? 'en-US';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money for people: 16063150 INR → "₹1,60,631.50", 1500 JPY → "¥1,500", 1234 KWD → "KWD 1.234";
 * a negative amount (a ledger debit) keeps its sign: "−₹250.00". The screens of the shop, the admin
 * portal and the payment server all use this one function. The exact decimal string from
 * `minorToDecimal` is what Intl formats (a numeric string, not a float), so no digit is ever lost.
 */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  let f = formatters.get(code);
  if (!f) {
    const digits = currencyExponent(code);
    f = new Intl.NumberFormat(moneyLocale(code), { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(code, f);
  }
  // Intl.NumberFormat formats a numeric string exactly; the cast is for lib types without that overload.
  const shown = f.format(minorToDecimal(Math.abs(minor), code) as unknown as number);
  return minor < 0 ? `−${shown}` : shown;
}

/**
 * What a person typed in major units → minor units, or null if it is not an amount of the
 * currency: "1,60,631.5" and "160,631.50" → 16063150 (INR); "12." → 1200. Commas are accepted only
 * as thousands (or Indian lakh) grouping, so "12,34" is refused rather than guessed at.
 */
export function parseMoney(input: string, currency: string): number | null {
  const text = input.trim().replace(/\.$/, '');
  const whole = text.split('.')[0]!;
  if (whole.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(whole) && !/^\d{1,2}(,\d{2})*,\d{3}$/.test(whole)) return null;
  return decimalToMinor(whole.replace(/,/g, '') + text.slice(whole.length), currency.toUpperCase());
}
