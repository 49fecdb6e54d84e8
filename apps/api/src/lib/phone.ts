/**
 * Normalises a phone number to E.164 (docs/contracts.md §3, §9): spaces, dashes, dots and parentheses are
 * dropped; `00` is the international prefix; a number without `+` is national and gets the
 * default country code (a single trunk `0` is dropped). Returns null for anything else.
 */
export function normalisePhone(input: string, defaultCountryCode: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('00')) e164 = '+' + compact.slice(2);
  else e164 = defaultCountryCode + compact.replace(/^0/, '');
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

/**
 * The phone a search box's text names, in E.164 by the same rules as sign-in (`normalisePhone`),
 * or null when the text holds a letter or is no phone. Every admin search that finds people by
 * phone reads it from here, so each takes every form sign-in takes.
 */
export function searchedPhone(text: string, defaultCountryCode: string): string | null {
  return /\p{L}/u.test(text) ? null : normalisePhone(text, defaultCountryCode);
}
