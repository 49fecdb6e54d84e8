/**
 * Money in the UI: the API speaks integer minor units; people read and type major units.
 * Conversions work on the decimal digits as text, never by multiplying floats.
 */
const EXPONENTS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3 };

/** Digits after the decimal point for a currency (2 unless listed). */
export function exponentOf(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** 123456 minor units of INR → "1,234.56". */
export function formatMinor(minor: number | bigint, currency: string): string {
  const exp = exponentOf(currency);
  let n = BigInt(minor);
  const negative = n < 0n;
  if (negative) n = -n;
  const digits = n.toString().padStart(exp + 1, '0');
  const whole = digits.slice(0, digits.length - exp);
  const fraction = digits.slice(digits.length - exp);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${exp > 0 ? `.${fraction}` : ''}`;
}

/** 123456 INR → "INR 1,234.56". */
export function formatMoney(minor: number | bigint | null | undefined, currency: string): string {
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
 * "1,234.5" → 123450. Returns null for anything else (more decimals than the currency has,
 * letters, negatives, an empty field, or a value beyond a safe integer).
 */
export function parseMajor(input: string, currency: string): number | null {
  const exp = exponentOf(currency);
  const text = input.trim().replace(/,/g, '');
  const pattern = exp > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{0,${exp}}))?$`) : /^(\d+)$/;
  const m = pattern.exec(text);
  if (!m) return null;
  const whole = m[1]!;
  const fraction = (m[2] ?? '').padEnd(exp, '0');
  const minor = BigInt(whole + fraction);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}
