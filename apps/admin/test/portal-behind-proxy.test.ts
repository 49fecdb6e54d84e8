/**
 * The production chain on loopback: browser → TLS proxy → portal → API. A small HTTP proxy stands
 * in for the TLS proxy and, as nginx's `$proxy_add_x_forwarded_for` does, appends the address it
 * was reached from to `X-Forwarded-For`. Browsers are told apart by the loopback address they
 * connect from (127.0.0.2, 127.0.0.3, …), so the proxy is the only party at 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadPortalConfig } from '../src/config.ts';
import { buildPortal } from '../src/portal.ts';
import { ManualClock } from '../../api/src/lib/clock.ts';
import { rawRequest } from '../../api/test/support/raw-http.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, startStack, type Stack } from './stack.ts';

let s: Stack;
const closers: (() => Promise<unknown>)[] = [];

before(async () => {
  // The API's login limits count in fixed 15-minute windows; a clock that stands still keeps every
  // try of a test in one window (a real one may cross a window's edge mid-test and start afresh).
  s = await startStack({ clock: new ManualClock(new Date()) });
});
after(async () => {
  for (const close of closers.reverse()) await close();
  await s.close();
});

const portOf = (server: Server) => (server.address() as { port: number }).port;

/** A portal on a loopback port, with the given settings, in front of the stack's API. */
async function listenPortal(env: Record<string, string>): Promise<number> {
  const portal: FastifyInstance = await buildPortal(loadPortalConfig({ NODE_ENV: 'test', STOREFRONT_API_URL: s.apiUrl, LOG_LEVEL: 'silent', ...env }));
  await portal.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => portal.close());
  return portOf(portal.server);
}

/** The TLS proxy's stand-in: passes every request on as sent, with the caller's address appended. */
async function listenProxy(portalPort: number): Promise<number> {
  const proxy = createServer((req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request({ host: '127.0.0.1', port: portalPort, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwardedFor } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => proxy.close(resolve)));
  return portOf(proxy);
}

/** A sign-in from a browser at `from`, which may also send an `X-Forwarded-For` of its choosing. */
async function signIn(port: number, from: string, password: string, o: { phone?: string; forwardedFor?: string } = {}): Promise<number> {
  const headers: Record<string, string> = { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' };
  if (o.forwardedFor) headers['x-forwarded-for'] = o.forwardedFor;
  const body = JSON.stringify({ phone: o.phone ?? SEED_ADMIN_PHONE, password });
  return (await rawRequest({ port, from, method: 'POST', path: '/session/login', headers, body })).status;
}

describe('behind a TLS proxy, with ADMIN_TRUST_PROXY naming it', () => {
  test("an attacker's wrong passwords lock out only the attacker's address, never the admin's", async () => {
    // The API trusts the portal (loopback, startStack); the portal trusts the proxy, and only it.
    const proxyPort = await listenProxy(await listenPortal({ ADMIN_TRUST_PROXY: '127.0.0.1' }));
    const attacker = '127.0.0.2';
    for (let i = 0; i < 12; i++) {
      // A forged header of its own does not give the attacker a fresh address per try.
      await signIn(proxyPort, attacker, `wrong-${i}`, { forwardedFor: `203.0.113.${i}` });
    }
    assert.equal(await signIn(proxyPort, attacker, SEED_ADMIN_PASSWORD, { forwardedFor: '203.0.113.99' }), 429, 'the attacker is limited at its own address');
    assert.equal(await signIn(proxyPort, '127.0.0.3', SEED_ADMIN_PASSWORD), 200, 'the admin, from another address, signs in');
  });
});

describe('without ADMIN_TRUST_PROXY', () => {
  test('a client-sent X-Forwarded-For is ignored: a client cannot choose its IP to dodge the limit', async () => {
    const port = await listenPortal({});
    const phone = '+919000000778';
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn(port, '127.0.0.4', `wrong-${i}`, { phone, forwardedFor: `198.51.100.${i}` }));
    assert.deepEqual(answers, [...Array(10).fill(401), 429, 429], 'every try counted against one address');
  });
});

describe('the setting', () => {
  test('takes the forms of TRUST_PROXY, and true is refused in production with one line at start', () => {
    const prod = { NODE_ENV: 'production', ADMIN_SESSION_SECRET: 'x'.repeat(40) };
    assert.equal(loadPortalConfig({}).trustProxy, false);
    assert.equal(loadPortalConfig({ ADMIN_TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadPortalConfig({ ...prod, ADMIN_TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadPortalConfig({ ...prod, ADMIN_TRUST_PROXY: 'loopback' }).trustProxy, 'loopback');
    assert.equal(loadPortalConfig({ ...prod, ADMIN_TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy, '10.0.0.0/8, ::1');
    const refused = (e: unknown) => e instanceof ConfigError && e.setting === 'ADMIN_TRUST_PROXY';
    assert.throws(() => loadPortalConfig({ ...prod, ADMIN_TRUST_PROXY: 'true' }), refused);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/8']) assert.throws(() => loadPortalConfig({ ADMIN_TRUST_PROXY: bad }), refused, bad);
    const start = spawnSync(process.execPath, [new URL('../src/server.ts', import.meta.url).pathname], {
      env: { PATH: process.env.PATH, ...prod, ADMIN_TRUST_PROXY: 'true', ADMIN_PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000, // a portal that wrongly starts is stopped, and fails the status check

    });
    assert.equal(start.status, 1);
    assert.match(start.stderr, /^Invalid setting ADMIN_TRUST_PROXY: true lets clients choose their IP[^\n]*\n?$/);
  });
});
