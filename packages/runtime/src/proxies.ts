/**
 * Proxies on either side: which `X-Forwarded-For` hops a server believes (the API's `TRUST_PROXY`,
 * the portal's `ADMIN_TRUST_PROXY`), and which paths a forwarding server (the portal, the shop
 * server) passes to the API.
 */
import { isIP } from 'node:net';
import { ConfigError, str, type Env } from './settings.ts';

/** false: the socket address is the client; true: every hop; a hop count; or a list of IPs/CIDRs. */
export type TrustProxy = boolean | number | string;

/**
 * Reads a trust-proxy setting. `true` trusts every `X-Forwarded-For` entry, so a client could name
 * its own IP (and escape rate limits, or pass the loopback check of /metrics): refused in
 * production, where a hop count or the proxies' addresses must be given (docs/operations.md,
 * "Client IPs behind proxies").
 */
export function trustProxy(env: Env, name: string, production: boolean): TrustProxy {
  const v = str(env, name);
  if (v === null || /^false$/i.test(v)) return false;
  if (/^true$/i.test(v)) {
    if (production) throw new ConfigError(name, 'true lets clients choose their IP; give the hop count or the proxies\' IPs/CIDRs');
    return true;
  }
  if (/^\d+$/.test(v)) return Number(v);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const part of v.split(',').map((p) => p.trim())) {
    const [addr, bits, ...rest] = part.split('/');
    const family = isIP(addr ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(named.has(part) || (family !== 0 && bitsOk && rest.length === 0))) {
      throw new ConfigError(name, `expected true, a hop count, or a list of IPs/CIDRs; bad entry "${part}"`);
    }
  }
  return v;
}

/**
 * The setting as Fastify's `trustProxy` option. Fastify 5 treats a numeric `trustProxy` as "trust
 * nothing", so a hop count is given as a function: the socket peer and the next n-1
 * `X-Forwarded-For` entries (from the right) are proxies, and the entry after them is the client.
 * Only safe when the server cannot be reached except through those proxies; a CIDR list also
 * checks who the proxy is (docs/operations.md).
 */
export function trustProxyOption(v: TrustProxy): boolean | string | ((addr: string, hop: number) => boolean) {
  if (typeof v !== 'number') return v;
  return (_addr, hop) => hop < v;
}

/**
 * Whether a forwarding server may check `path` against its allow-list and pass it on as it is:
 * segments of RFC 3986 unreserved characters only (letters, digits, `-._~`), none of them empty,
 * `.` or `..`. Such a path reads the same to every parser on the way — the URL parser, Fastify's
 * router (which percent-decodes, keeps `;` and is case-sensitive) — so the route checked is the
 * route reached. Anything else (`%61dmin`, `%2F`, `/./`, `/x/../`, `//`, `\`, `;`, a trailing `/`)
 * is refused rather than normalised: no route of the API needs it (ids and tokens are UUIDs,
 * base64url and hex), and refusing cannot disagree with the API the way a normaliser can.
 */
export function plainPath(path: string): boolean {
  return /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/.test(path);
}
