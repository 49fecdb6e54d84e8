import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return (isIP(v4) === 4 && v4.startsWith('127.')) || ip === '::1';
}

/**
 * Who may read `GET /metrics` in every app: a loopback caller, or one presenting the bearer
 * `METRICS_TOKEN` (compared in constant time). `ip` is the client address the app trusts.
 */
export function metricsAllowed(ip: string, authorization: string | undefined, token: string | null): boolean {
  const byToken =
    token !== null &&
    typeof authorization === 'string' &&
    authorization.startsWith('Bearer ') &&
    timingSafeEqual(digest(authorization.slice(7)), digest(token));
  return byToken || isLoopback(ip);
}
