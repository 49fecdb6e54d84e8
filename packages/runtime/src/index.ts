/**
 * Start and stop, the same for the API, the payment server and the admin portal: settings are
 * read once, a present-but-invalid one stops the start with one line naming it, and SIGTERM or
 * SIGINT close the server gracefully.
 */

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

/** Runs a config loader; a ConfigError ends the process with its one line on stderr. */
export function loadOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(1);
  }
}

interface Closable {
  close(): Promise<unknown>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, run close hooks, exit
 * 0; exit 1 if that takes longer than `graceMs` or fails.
 */
export function closeOnSignals(app: Closable, graceMs = 10_000): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), graceMs).unref();
      app.close().then(
        () => {
          clearTimeout(force);
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }
}

export { type Clock, systemClock } from './clock.ts';
export { clientRefusal, errorBody, frameworkError, frameworkRefusals, installErrorHandling, routerRefusal, type ErrorBody, type ErrorHandlingOptions, type KnownError } from './errors.ts';
export { metricsAllowed } from './metrics-access.ts';
export { plainPath, trustProxy, trustProxyOption, type TrustProxy } from './proxies.ts';
