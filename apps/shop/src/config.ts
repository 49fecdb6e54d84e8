import { ConfigError, int, str, url, type Env } from '@storefront/runtime';
import { fileURLToPath } from 'node:url';

export { ConfigError };

export interface ShopConfig {
  port: number;
  host: string;
  /** Base URL of the Storefront API (no trailing slash); the shop server forwards `/api/v1/*` to it. */
  apiUrl: string;
  /** Origins besides the shop's own that product pictures may come from (the CSP's img-src). */
  imageOrigins: string[];
  /** Proxy hops in front of the shop server whose X-Forwarded-For is trusted (0: the socket address is the shopper). */
  trustProxyHops: number;
  logLevel: string;
  /** The built PWA (Vite output). */
  staticDir: string;
}

/** Reads every shop server setting once; a bad value throws ConfigError naming it. */
export function loadShopConfig(env: Env = process.env): Readonly<ShopConfig> {
  const apiUrl = (url(env, 'STOREFRONT_API_URL') ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const imageOrigins = (str(env, 'SHOP_IMAGE_ORIGINS') ?? '').split(/[\s,]+/).filter(Boolean).map((o) => {
    if (!/^https?:\/\/[^/]+\/?$/.test(o)) throw new ConfigError('SHOP_IMAGE_ORIGINS', `expected origins like https://cdn.example.com; bad entry "${o}"`);
    return new URL(o).origin;
  });
  return Object.freeze({
    port: int(env, 'SHOP_PORT', 3003, 0, 65535),
    host: str(env, 'SHOP_HOST') ?? '127.0.0.1',
    apiUrl,
    imageOrigins,
    trustProxyHops: int(env, 'SHOP_TRUST_PROXY_HOPS', 0, 0, 10),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    staticDir: str(env, 'SHOP_STATIC_DIR') ?? fileURLToPath(new URL('../dist', import.meta.url)),
  });
}
