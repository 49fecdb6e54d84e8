/** The settings readers every app's config uses: a present-but-invalid value throws `ConfigError`. */

export type Env = Record<string, string | undefined>;

/** Thrown for a present-but-invalid setting; `loadOrExit` prints its one line and exits 1. */
export class ConfigError extends Error {
  readonly setting: string;
  constructor(setting: string, reason: string) {
    super(`Invalid setting ${setting}: ${reason}`);
    this.setting = setting;
  }
}

/** The trimmed value, or null when unset or blank (an absent optional setting). */
export function str(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

/** An http(s) URL without trailing slashes, or null when unset. */
export function url(env: Env, name: string): string | null {
  const v = str(env, name);
  if (v === null) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(name, `not a URL: "${v}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(name, 'must be an http(s) URL');
  return v.replace(/\/+$/, '');
}

/** A whole number within [min, max], or the fallback when unset. */
export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = str(env, name);
  if (v === null) return fallback;
  if (!/^-?\d+$/.test(v)) throw new ConfigError(name, `expected a whole number, got "${v}"`);
  const n = Number(v);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}`);
  return n;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = str(env, name);
  if (v === null) return fallback;
  if (/^(true|1|yes)$/i.test(v)) return true;
  if (/^(false|0|no)$/i.test(v)) return false;
  throw new ConfigError(name, `expected true or false, got "${v}"`);
}
