import { ConfigError, int, str, url, type Env } from '@storefront/runtime';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export { ConfigError };

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
