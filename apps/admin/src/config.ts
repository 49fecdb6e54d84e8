import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** Thrown for a present-but-invalid setting; server.ts prints the one line and exits 1. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`Invalid setting ${setting}: ${reason}`);
  }
}

export interface PortalConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Base URL of the Storefront API (no trailing slash). */
  apiUrl: string;
  /** Signs the session cookie. */
  sessionSecret: string;
  /** The portal's public origin (e.g. https://admin.example.com); null: the request's Host is its origin. */
  publicOrigin: string | null;
  /** A session ends after this long without a request … */
  sessionIdleMs: number;
  /** … and after this long in any case. */
  sessionMaxMs: number;
  logLevel: string;
  /** The built SPA (Vite output). */
  staticDir: string;
}

type Env = Record<string, string | undefined>;

const str = (env: Env, name: string): string | null => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
};

function url(env: Env, name: string): string | null {
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

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = str(env, name);
  if (v === null) return fallback;
  if (!/^\d+$/.test(v)) throw new ConfigError(name, `expected a whole number, got "${v}"`);
  const n = Number(v);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}`);
  return n;
}

/** Reads every portal setting once; a bad value throws ConfigError naming it. */
export function loadPortalConfig(env: Env = process.env): Readonly<PortalConfig> {
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const mode: PortalConfig['env'] = nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development';
  let sessionSecret = str(env, 'ADMIN_SESSION_SECRET');
  if (sessionSecret === null) {
    if (mode === 'production') throw new ConfigError('ADMIN_SESSION_SECRET', 'required when NODE_ENV=production');
    // Outside production a per-process secret is fine: sessions live in memory and die with it.
    sessionSecret = randomBytes(32).toString('base64url');
  } else if (Buffer.byteLength(sessionSecret) < 32) {
    throw new ConfigError('ADMIN_SESSION_SECRET', 'must be at least 32 bytes');
  }
  const publicUrl = url(env, 'ADMIN_PUBLIC_URL');
  return Object.freeze({
    env: mode,
    port: int(env, 'ADMIN_PORT', 3002, 0, 65535),
    host: str(env, 'ADMIN_HOST') ?? '127.0.0.1',
    apiUrl: url(env, 'STOREFRONT_API_URL') ?? 'http://127.0.0.1:3000',
    sessionSecret,
    publicOrigin: publicUrl === null ? null : new URL(publicUrl).origin,
    sessionIdleMs: int(env, 'ADMIN_SESSION_IDLE_MINUTES', 120, 1, 7 * 24 * 60) * 60_000,
    sessionMaxMs: int(env, 'ADMIN_SESSION_MAX_HOURS', 12, 1, 30 * 24) * 3_600_000,
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    staticDir: str(env, 'ADMIN_STATIC_DIR') ?? fileURLToPath(new URL('../dist', import.meta.url)),
  });
}
