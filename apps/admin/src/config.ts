import { ConfigError, int, str, trustProxy, url, type Env, type TrustProxy } from '@storefront/runtime';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export { ConfigError };

export interface PortalConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Base URL of the Storefront API (no trailing slash). */
  apiUrl: string;
  /** Sign the session cookie and seal the stored tokens: the first signs, all verify (rotation). */
  sessionSecrets: string[];
  /** Shared session store (`sqlite:<path>` or `postgres://…`); null: this process's memory. */
  sessionStoreUrl: string | null;
  /**
   * Which `X-Forwarded-For` hops in front of the portal are believed (`ADMIN_TRUST_PROXY`, the
   * forms of the API's `TRUST_PROXY`); the client address found is what the portal forwards to
   * the API. false: the socket address, whatever the request says.
   */
  trustProxy: TrustProxy;
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
  const secretSetting = str(env, 'ADMIN_SESSION_SECRET');
  let sessionSecrets: string[];
  if (secretSetting === null) {
    if (mode === 'production') throw new ConfigError('ADMIN_SESSION_SECRET', 'required when NODE_ENV=production');
    // Outside production a per-process secret is fine, but then a restart signs everyone out.
    sessionSecrets = [randomBytes(32).toString('base64url')];
  } else {
    sessionSecrets = secretSetting.split(',').map((s) => s.trim());
    if (sessionSecrets.length > 2) throw new ConfigError('ADMIN_SESSION_SECRET', 'one secret, or two comma-separated (new first) while rotating');
    if (sessionSecrets.some((s) => Buffer.byteLength(s) < 32)) throw new ConfigError('ADMIN_SESSION_SECRET', 'must be at least 32 bytes');
  }
  const storeUrl = str(env, 'ADMIN_SESSION_STORE_URL');
  if (storeUrl !== null && !/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(storeUrl)) {
    throw new ConfigError('ADMIN_SESSION_STORE_URL', 'expected sqlite:<path> or postgres://…');
  }
  // A kept or shared store is useless with a secret that differs per process.
  if (storeUrl !== null && secretSetting === null) throw new ConfigError('ADMIN_SESSION_SECRET', 'required with ADMIN_SESSION_STORE_URL');
  const publicUrl = url(env, 'ADMIN_PUBLIC_URL');
  return Object.freeze({
    env: mode,
    port: int(env, 'ADMIN_PORT', 3002, 0, 65535),
    host: str(env, 'ADMIN_HOST') ?? '127.0.0.1',
    apiUrl: url(env, 'STOREFRONT_API_URL') ?? 'http://127.0.0.1:3000',
    sessionSecrets,
    sessionStoreUrl: storeUrl,
    trustProxy: trustProxy(env, 'ADMIN_TRUST_PROXY', mode === 'production'),
    publicOrigin: publicUrl === null ? null : new URL(publicUrl).origin,
    sessionIdleMs: int(env, 'ADMIN_SESSION_IDLE_MINUTES', 120, 1, 7 * 24 * 60) * 60_000,
    sessionMaxMs: int(env, 'ADMIN_SESSION_MAX_HOURS', 12, 1, 30 * 24) * 3_600_000,
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    staticDir: str(env, 'ADMIN_STATIC_DIR') ?? fileURLToPath(new URL('../dist', import.meta.url)),
  });
}
