import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { rawRequest as rawSocket } from '../../../packages/runtime/test/raw-http.ts';
import { ManualClock, MINUTE } from '../../api/src/lib/clock.ts';
import { ConfigError, loadPortalConfig } from '../src/config.ts';
import { buildPortal } from '../src/portal.ts';
import { registerUser } from '../../api/test/helpers.ts';
import { notRefused, rawRequest } from '../../api/test/support/raw-http.ts';
import { apiCall, portalToken, SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, startStack, type Stack } from './stack.ts';

const ORIGIN = 'http://portal.test';
let s: Stack;
const clock = new ManualClock(new Date());

before(async () => {
  s = await startStack({ clock, listenPortal: true });
});
after(() => s.close());

interface Res {
  status: number;
  body: any;
  headers: Record<string, unknown>;
  setCookie: string[];
}

async function send(
  method: InjectOptions['method'],
  url: string,
  o: { body?: unknown; cookie?: string; origin?: string | null; headers?: Record<string, string>; ip?: string } = {},
): Promise<Res> {
  const headers: Record<string, string> = { host: 'portal.test', ...o.headers };
  if (o.origin !== null && method !== 'GET') headers.origin = o.origin ?? ORIGIN;
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await s.portal.inject({ method, url, headers, ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}), ...(o.ip ? { remoteAddress: o.ip } : {}) });
  const raw = res.headers['set-cookie'];
  const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  let body: any;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers, setCookie };
}

/** The newest portal session's API tokens, read from the session store. */
async function newestSession(): Promise<{ accessToken: string; refreshToken: string }> {
  const tokens = await s.portal.sessions.tokens();
  return { accessToken: tokens.at(-2)!, refreshToken: tokens.at(-1)! };
}

/** Signs in and returns the cookie pair (name=value) to send back. */
async function login(phone = SEED_ADMIN_PHONE, password = SEED_ADMIN_PASSWORD): Promise<string> {
  const res = await send('POST', '/session/login', { body: { phone, password } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.setCookie[0]!.split(';')[0]!;
}

describe('signing in', () => {
  test('the seed admin signs in and the browser gets only an opaque httpOnly SameSite=Strict cookie', async () => {
    const res = await send('POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.is_admin, true);
    assert.deepEqual(Object.keys(res.body), ['user']);
    assert.equal(res.setCookie.length, 1);
    const cookie = res.setCookie[0]!;
    assert.match(cookie, /^sf_admin=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\//);
    const everything = JSON.stringify(res.body) + cookie;
    const tokens = await s.portal.sessions.tokens();
    assert.ok(tokens.length >= 2);
    for (const token of tokens) assert.ok(!everything.includes(token), 'an API token reached the browser');
    const me = await send('GET', '/session', { cookie: cookie.split(';')[0] });
    assert.equal(me.status, 200);
    assert.equal(me.body.user.phone, SEED_ADMIN_PHONE);
  });

  test('a non-admin user cannot sign in to the portal, and no session is made', async () => {
    const user = await registerUser(s.api);
    const before = await s.portal.sessions.count();
    const res = await send('POST', '/session/login', { body: { phone: user.phone, password: user.password } });
    assert.equal(res.status, 401);
    assert.equal(res.body.error, 'invalid_credentials');
    assert.equal(res.setCookie.length, 0);
    assert.equal((await s.portal.sessions.count()), before);
  });

  test('a wrong password is a plain-words 401', async () => {
    const res = await send('POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE, password: 'not the password' } });
    assert.equal(res.status, 401);
    assert.match(res.body.message, /Wrong phone number or password/);
  });

  test('a missing field is 400, never a call to the API', async () => {
    const res = await send('POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'validation_failed');
  });

  test('a tampered or unknown session cookie is not signed in', async () => {
    const cookie = await login();
    const [name, value] = cookie.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('A') ? 'B' : 'A'}`;
    assert.equal((await send('GET', '/session', { cookie: tampered })).status, 401);
    assert.equal((await send('GET', '/api/v1/me', { cookie: tampered })).status, 401);
    assert.equal((await send('GET', '/api/v1/me', { cookie: 'sf_admin=whatever' })).status, 401);
  });

  test('a cookie naming no live session is cleared, whichever route meets it (the answer that ended it may have been lost)', async () => {
    const cookie = await login();
    const other = await login();
    await send('POST', '/session/logout', { cookie: other });
    for (const [method, url, dead] of [['GET', '/session', other], ['GET', '/api/v1/me', other], ['GET', '/session', 'sf_admin=whatever']] as const) {
      const res = await send(method, url, { cookie: dead });
      assert.equal(res.status, 401);
      assert.match(res.setCookie[0] ?? '', /^sf_admin=;.*Expires=Thu, 01 Jan 1970/);
      // "Am I signed in?" with a cookie is told the session ended, so the login page can say so.
      if (url === '/session') assert.equal(res.body.error, 'session_ended');
    }
    const fresh = await send('GET', '/session');
    assert.deepEqual([fresh.status, fresh.body.error, fresh.setCookie], [401, 'unauthorized', []], 'no cookie: plainly not signed in');
    const live = await send('GET', '/session', { cookie });
    assert.deepEqual([live.status, live.setCookie], [200, []]);
  });
});

describe('refusals of the HTTP parser and the framework', () => {
  test('answer the §2 shape over a real socket', async () => {
    if (!s.portal.server.listening) await s.portal.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.portal.server.address() as AddressInfo).port;
    const cases: [string, number, string][] = [
      [`GET /users/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: portal.test\r\n\r\n`, 431, 'headers_too_large'],
      ['FROB / HTTP/1.1\r\nHost: portal.test\r\n\r\n', 400, 'validation_failed'],
      ['GET /health HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'validation_failed'],
      ['GET /health HTTP/1.1\r\nHost: portal.test\r\nExpect: teapot\r\nConnection: close\r\n\r\n', 417, 'expectation_failed'],
    ];
    for (const [request, status, error] of cases) {
      const res = await rawSocket(port, request);
      assert.deepEqual([res.status, JSON.parse(res.body).error], [status, error], request.slice(0, 40));
    }
  });
});

describe('the proxy', () => {
  test('proxies admin calls with the token injected, and refuses them without a session', async () => {
    const cookie = await login();
    const me = await send('GET', '/api/v1/me', { cookie });
    assert.equal(me.status, 200);
    const user = await send('GET', `/api/v1/admin/users/${me.body.id}`, { cookie });
    assert.equal(user.status, 200);
    assert.equal(user.body.is_admin, true);
    assert.equal(user.headers['cache-control'], 'no-store');
    const anon = await send('GET', `/api/v1/admin/users/${me.body.id}`);
    assert.equal(anon.status, 401);
  });

  test('passes API errors through unchanged (status and body)', async () => {
    const cookie = await login();
    const res = await send('GET', '/api/v1/admin/users/no-such-user', { cookie });
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'not_found');
  });

  test('auth routes are not proxied, so no token can be fetched through the portal', async () => {
    const cookie = await login();
    for (const [method, url] of [
      ['POST', '/api/v1/auth/refresh'],
      ['POST', '/api/v1/auth/admin/login'],
      ['POST', '/api/v1/auth/login'],
      ['PATCH', '/api/v1/me'],
    ] as const) {
      const res = await send(method, url, { cookie, body: {} });
      assert.equal(res.status, 404, `${method} ${url}`);
    }
  });

  test('no spelling of a route outside the allow-list gets past it: the portal refuses it itself', async () => {
    const cookie = await login();
    const port = Number(new URL(s.portalUrl).port);
    const headers = { cookie, origin: s.portalUrl, 'content-type': 'application/json' };
    const table: [method: string, path: string][] = [
      ['POST', '/api/v1/admin/../auth/logout'],
      ['POST', '/api/v1/admin/%2e%2e/auth/logout'],
      ['POST', '/api/v1/admin/%2E%2E/%2E%2E/v1/auth/logout'],
      ['POST', '/api/v1/admin/..%2fauth/logout'],
      ['POST', '/api/v1/admin/..%2Fauth%2Flogout'],
      ['POST', '/api/v1/admin/.%2e/auth/logout'],
      ['POST', '/api/v1/admin//../auth/logout'],
      ['POST', '/api/v1/admin/..\\auth\\logout'],
      ['POST', '/api/v1/admin/..;/auth/logout'],
      ['POST', '/api/v1/%61uth/logout'],
      ['POST', '/api/v1/%61dmin/../auth/logout'],
      ['POST', '/api/v1/auth/refresh'],
      ['POST', '/api/v1/%61uth/refresh'],
      ['PATCH', '/api/v1/%6De'],
      ['GET', '/api/v1/%6De'],
      ['GET', '/api/v1/me/'],
      ['GET', '/api/v1/me;x'],
      ['GET', '/api/v1/products/%2e%2e/me'],
      ['GET', '/api/v1/products/..%2f..%2fauth%2fme'],
      ['GET', '/api/v1//me'],
    ];
    assert.deepEqual(await notRefused(port, table, headers, 'No such route in the portal.'), [], 'answered by the API rather than refused by the portal');
    const me = await rawRequest({ port, method: 'GET', path: '/api/v1/me', headers });
    assert.equal(me.status, 200, 'a plain path passes, and the API session was not ended through a smuggled logout');
  });

  test('an expired access token is refreshed once and the call goes through', async () => {
    const cookie = await login();
    const session = await newestSession();
    const firstRefresh = session.refreshToken;
    clock.advance(16 * MINUTE); // the API now sees the access token as expired
    const res = await send('GET', '/api/v1/me', { cookie });
    assert.equal(res.status, 200);
    assert.notEqual((await newestSession()).refreshToken, firstRefresh);
  });

  test('concurrent calls after expiry share one refresh (a reused refresh token would end the session)', async () => {
    const cookie = await login();
    const session = await newestSession();
    const firstRefresh = session.refreshToken;
    clock.advance(16 * MINUTE);
    const countTokens = async () => (await s.db.database.db.selectFrom('refresh_tokens').select('token_hash').execute()).length;
    const before = await countTokens();
    const results = await Promise.all(Array.from({ length: 6 }, () => send('GET', '/api/v1/me', { cookie })));
    for (const r of results) assert.equal(r.status, 200);
    assert.equal((await countTokens()) - before, 1, 'exactly one refresh token was minted');
    assert.notEqual((await newestSession()).refreshToken, firstRefresh, 'the portal keeps the rotated refresh token');
    // The family is intact: a later call still works.
    assert.equal((await send('GET', '/api/v1/me', { cookie })).status, 200);
  });

  test("a refusal for the staff role (403 naming a permission) reaches the page, and the session stays", async () => {
    const user = await registerUser(s.api);
    await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'support' }).where('id', '=', user.id).execute();
    const cookie = await login(user.phone, user.password);
    const refused = await send('GET', '/api/v1/admin/refunds', { cookie });
    assert.deepEqual([refused.status, refused.body.error, refused.body.permission], [403, 'forbidden', 'finance.read']);
    assert.deepEqual(refused.setCookie, [], 'the cookie is left alone');
    assert.equal((await send('GET', '/api/v1/admin/tickets', { cookie })).status, 200);
    assert.equal((await send('GET', '/session', { cookie })).status, 200);
  });

  test('a demoted admin is sent back to login: 403 from the API ends the portal session', async () => {
    const user = await registerUser(s.api);
    await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'owner' }).where('id', '=', user.id).execute();
    const cookie = await login(user.phone, user.password);
    assert.equal((await send('GET', `/api/v1/admin/users/${user.id}`, { cookie })).status, 200);
    await s.db.database.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', user.id).execute();
    const res = await send('GET', `/api/v1/admin/users/${user.id}`, { cookie });
    assert.equal(res.status, 401);
    assert.equal(res.body.error, 'session_ended');
    assert.match(res.setCookie.join(), /sf_admin=;/);
    assert.equal((await send('GET', '/session', { cookie })).status, 401);
  });

  test('a route outside the role answers the API\'s 403 naming the permission, and the staff member stays signed in', async () => {
    const user = await registerUser(s.api);
    await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'fulfilment' }).where('id', '=', user.id).execute();
    const cookie = await login(user.phone, user.password);
    const dashboard = await send('GET', '/api/v1/admin/dashboard', { cookie });
    assert.equal(dashboard.status, 403);
    assert.deepEqual([dashboard.body.error, dashboard.body.permission], ['forbidden', 'finance.read']);
    assert.deepEqual(dashboard.setCookie, [], 'the cookie stays');
    assert.equal((await send('GET', '/api/v1/admin/orders', { cookie })).status, 200);
    assert.equal((await send('GET', '/session', { cookie })).status, 200);
  });
});

describe('when the API says no', () => {
  test('a session revoked at the API (refresh refused) sends the SPA back to login', async () => {
    const cookie = await login();
    const session = await newestSession();
    // Another device logs the admin out of every session at the API.
    const out = await fetch(`${s.apiUrl}/api/v1/auth/logout`, { method: 'POST', headers: { 'x-sdk-access-token': session.accessToken } });
    assert.equal(out.status, 204);
    const res = await send('GET', '/api/v1/me', { cookie });
    assert.equal(res.status, 401);
    assert.equal(res.body.error, 'session_ended');
    assert.equal((await send('GET', '/session', { cookie })).status, 401);
  });

  test('too many failed sign-ins answer 429 with the wait, in plain words', async () => {
    let last: Res | undefined;
    for (let i = 0; i < 12; i++) {
      last = await send('POST', '/session/login', { body: { phone: '+919000000777', password: `wrong-${i}` } });
      if (last.status === 429) break;
    }
    assert.equal(last!.status, 429);
    assert.equal(last!.body.code, 'LOGIN_RATE_LIMITED');
    assert.ok(last!.body.retry_after > 0);
    assert.ok(last!.headers['retry-after']);
  });

  test('failed sign-ins from one browser IP do not lock the admin out from another (the API trusts the portal)', async () => {
    for (let i = 0; i < 12; i++) {
      await send('POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE, password: `wrong-${i}` }, ip: '198.51.100.60' });
    }
    const locked = await send('POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD }, ip: '198.51.100.60' });
    assert.equal(locked.status, 429);
    const other = await send('POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD }, ip: '198.51.100.61' });
    assert.equal(other.status, 200, JSON.stringify(other.body));
  });

  test('an unreachable API is a 502 with a plain message, not a crash', async () => {
    const down = await buildPortal(loadPortalConfig({ NODE_ENV: 'test', STOREFRONT_API_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' }));
    try {
      const res = await down.inject({
        method: 'POST',
        url: '/session/login',
        headers: { host: 'portal.test', origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD }),
      });
      assert.equal(res.statusCode, 502);
      assert.equal(res.json().error, 'api_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('cross-site requests', () => {
  test('a write from another origin is refused before it reaches the API', async () => {
    const cookie = await login();
    const evil = await send('POST', '/session/logout', { cookie, origin: 'https://evil.example' });
    assert.equal(evil.status, 403);
    assert.equal((await send('GET', '/session', { cookie })).status, 200, 'the session survived');
  });

  test('a proxied write from another origin is refused too, and never reaches the API', async () => {
    const cookie = await login();
    const evil = await send('POST', '/api/v1/admin/categories', { cookie, origin: 'https://evil.example', body: { name: 'Evil', slug: 'evil' } });
    assert.deepEqual([evil.status, evil.body.message], [403, 'Cross-site request refused.']);
    const list = await send('GET', '/api/v1/admin/categories?limit=100', { cookie });
    assert.equal(list.status, 200);
    assert.ok(!list.body.items.some((c: { slug: string }) => c.slug === 'evil'));
  });

  test('a write with neither Origin nor Referer is refused; a same-origin Referer is accepted', async () => {
    const res = await send('POST', '/session/login', { origin: null, body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
    assert.equal(res.status, 403);
    const ok = await send('POST', '/session/login', {
      origin: null,
      headers: { referer: `${ORIGIN}/login` },
      body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD },
    });
    assert.equal(ok.status, 200);
  });

  test('Sec-Fetch-Site cross-site and a "null" origin are refused', async () => {
    const body = { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD };
    assert.equal((await send('POST', '/session/login', { body, headers: { 'sec-fetch-site': 'cross-site' } })).status, 403);
    assert.equal((await send('POST', '/session/login', { body, origin: 'null' })).status, 403);
    assert.equal((await send('POST', '/session/login', { body, origin: 'http://portal.test.evil.example' })).status, 403);
  });
});

describe('signing out', () => {
  test('logout ends the portal session and the API session', async () => {
    const cookie = await login();
    const session = await newestSession();
    const token: string = session.accessToken;
    const apiBefore = await fetch(`${s.apiUrl}/api/v1/me`, { headers: { 'x-sdk-access-token': token } });
    assert.equal(apiBefore.status, 200);
    const out = await send('POST', '/session/logout', { cookie });
    assert.equal(out.status, 204);
    assert.match(out.setCookie.join(), /sf_admin=;/);
    assert.equal((await send('GET', '/session', { cookie })).status, 401);
    const apiAfter = await fetch(`${s.apiUrl}/api/v1/me`, { headers: { 'x-sdk-access-token': token } });
    assert.equal(apiAfter.status, 401, 'the API token still worked after logout');
  });
});

describe('settings', () => {
  test('production requires ADMIN_SESSION_SECRET and marks the cookie Secure with the __Host- prefix', async () => {
    assert.throws(() => loadPortalConfig({ NODE_ENV: 'production' }), (e: unknown) => e instanceof ConfigError && e.setting === 'ADMIN_SESSION_SECRET');
    assert.throws(() => loadPortalConfig({ ADMIN_SESSION_SECRET: 'short' }), /at least 32 bytes/);
    assert.throws(() => loadPortalConfig({ STOREFRONT_API_URL: 'ftp://x' }), /STOREFRONT_API_URL/);
    assert.throws(() => loadPortalConfig({ ADMIN_PORT: 'abc' }), /ADMIN_PORT/);
    assert.throws(() => loadPortalConfig({ ADMIN_SESSION_STORE_URL: 'mysql://db/x', ADMIN_SESSION_SECRET: 'x'.repeat(32) }), /ADMIN_SESSION_STORE_URL/);
    assert.throws(() => loadPortalConfig({ ADMIN_SESSION_STORE_URL: 'sqlite:/tmp/x.db' }), /ADMIN_SESSION_SECRET: required with ADMIN_SESSION_STORE_URL/);
    assert.throws(() => loadPortalConfig({ ADMIN_SESSION_SECRET: ['a', 'b', 'c'].map((c) => c.repeat(32)).join(',') }), /ADMIN_SESSION_SECRET/);
    assert.throws(() => loadPortalConfig({ ADMIN_SESSION_SECRET: `${'a'.repeat(32)},short` }), /at least 32 bytes/);
    assert.deepEqual(loadPortalConfig({ ADMIN_SESSION_SECRET: `${'a'.repeat(32)}, ${'b'.repeat(32)}` }).sessionSecrets, ['a'.repeat(32), 'b'.repeat(32)]);
    const defaults = loadPortalConfig({});
    assert.equal(defaults.port, 3002);
    assert.equal(defaults.host, '127.0.0.1');
    assert.equal(defaults.apiUrl, 'http://127.0.0.1:3000');
    const prod = await buildPortal(
      loadPortalConfig({ NODE_ENV: 'production', ADMIN_SESSION_SECRET: 'x'.repeat(40), STOREFRONT_API_URL: s.apiUrl, LOG_LEVEL: 'silent', ADMIN_PUBLIC_URL: 'https://admin.example' }),
    );
    try {
      const res = await prod.inject({
        method: 'POST',
        url: '/session/login',
        headers: { host: 'internal:3002', origin: 'https://admin.example', 'content-type': 'application/json' },
        payload: JSON.stringify({ phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD }),
      });
      assert.equal(res.statusCode, 200);
      const cookie = String(res.headers['set-cookie']);
      assert.match(cookie, /^__Host-sf_admin=/);
      assert.match(cookie, /Secure/);
      assert.match(cookie, /SameSite=Strict/);
      const wrongOrigin = await prod.inject({ method: 'POST', url: '/session/logout', headers: { host: 'internal:3002', origin: 'http://internal:3002' } });
      assert.equal(wrongOrigin.statusCode, 403, 'with ADMIN_PUBLIC_URL set only that origin may write');
    } finally {
      await prod.close();
    }
  });
});

describe('sign-in with two-factor', () => {
  test('an account with TOTP gets a code step: the password answers an mfa_token, the code opens the portal session', async () => {
    const { TOTP, Secret } = await import('otpauth');
    const user = await registerUser(s.api);
    await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'support' }).where('id', '=', user.id).execute();
    await login(user.phone, user.password);
    const token = await portalToken(s);
    const setup = await apiCall(s, 'POST', '/api/v1/admin/me/mfa/setup', { token, body: { current_password: user.password } });
    const codeAt = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: ms });
    assert.equal((await apiCall(s, 'POST', '/api/v1/admin/me/mfa/confirm', { token, body: { code: codeAt(clock.now().getTime()), current_password: user.password } })).status, 200);
    clock.advance(30_000);

    const first = await send('POST', '/session/login', { body: { phone: user.phone, password: user.password } });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.mfa_required, true);
    assert.deepEqual(first.setCookie, [], 'no portal session before the code');
    const wrong = await send('POST', '/session/login/mfa', { body: { mfa_token: first.body.mfa_token, code: 'nope' } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'invalid_mfa_code');
    const done = await send('POST', '/session/login/mfa', { body: { mfa_token: first.body.mfa_token, code: codeAt(clock.now().getTime()) } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.user.id, user.id);
    const cookie = done.setCookie[0]!.split(';')[0]!;
    assert.equal((await send('GET', '/api/v1/admin/tickets', { cookie })).status, 200);
    const used = await send('POST', '/session/login/mfa', { body: { mfa_token: first.body.mfa_token, code: codeAt(clock.now().getTime()) } });
    assert.equal(used.body.error, 'invalid_mfa_token');
  });
});
