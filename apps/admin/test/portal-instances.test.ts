/**
 * Two portal instances behind one address share their sessions through ADMIN_SESSION_STORE_URL,
 * and restarting both signs nobody out. Always PostgreSQL for the store — the scale-out setting
 * (docs/operations.md) — so this file runs against the local server in both CI passes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { ManualClock, MINUTE } from '../../api/src/lib/clock.ts';
import { createPgDatabase } from '../../api/test/helpers.ts';
import { loadPortalConfig } from '../src/config.ts';
import { buildPortal } from '../src/portal.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, startStack, type Stack } from './stack.ts';

const PG = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NEW_SECRET = 'portal-instances-secret-new-0123456789abcdef';
const OLD_SECRET = 'portal-instances-secret-old-0123456789abcdef';

let s: Stack;
let store: Awaited<ReturnType<typeof createPgDatabase>>;
const clock = new ManualClock(new Date());
let a: FastifyInstance;
let b: FastifyInstance;

const portal = (secrets = NEW_SECRET) =>
  buildPortal(
    loadPortalConfig({
      NODE_ENV: 'test',
      STOREFRONT_API_URL: s.apiUrl,
      ADMIN_SESSION_SECRET: secrets,
      ADMIN_SESSION_STORE_URL: store.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    }),
  );

before(async () => {
  s = await startStack({ clock });
  store = await createPgDatabase(PG, 'sf_portal');
  // Both start at once against an empty store: creating the table must be safe to race.
  [a, b] = await Promise.all([portal(), portal()]);
});
after(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await store?.drop();
  await s?.close();
});

async function send(app: FastifyInstance, method: InjectOptions['method'], url: string, o: { body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { host: 'portal.test' };
  if (method !== 'GET') headers.origin = 'http://portal.test';
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.inject({ method, url, headers, ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}) });
  const raw = res.headers['set-cookie'];
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, setCookie: raw === undefined ? [] : ([] as string[]).concat(raw as string) };
}

async function login(app: FastifyInstance): Promise<string> {
  const res = await send(app, 'POST', '/session/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.setCookie[0]!.split(';')[0]!;
}

const storeRows = async () => {
  const c = new pg.Client({ connectionString: store.url });
  await c.connect();
  const { rows } = await c.query('select * from admin_portal_sessions');
  await c.end();
  return rows;
};

describe('portal sessions across instances', () => {
  test('signed in through A, B knows the session and proxies with it', async () => {
    const cookie = await login(a);
    const me = await send(b, 'GET', '/session', { cookie });
    assert.equal(me.status, 200);
    assert.equal(me.body.user.phone, SEED_ADMIN_PHONE);
    assert.equal((await send(b, 'GET', '/api/v1/admin/users?limit=1', { cookie })).status, 200);
  });

  test('the store holds neither the cookie id nor an API token in the clear', async () => {
    const cookie = await login(a);
    const id = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const tokens = await a.sessions.tokens();
    assert.ok(tokens.length >= 2);
    const dump = JSON.stringify(await storeRows());
    assert.ok(!dump.includes(id), 'the raw session id is stored');
    for (const token of tokens) assert.ok(!dump.includes(token), 'an API token is stored in the clear');
  });

  test('restarting both instances signs nobody out', async () => {
    const cookie = await login(b);
    await Promise.all([a.close(), b.close()]);
    [a, b] = await Promise.all([portal(), portal()]);
    for (const app of [a, b]) {
      assert.equal((await send(app, 'GET', '/session', { cookie })).status, 200);
      assert.equal((await send(app, 'GET', '/api/v1/me', { cookie })).status, 200);
    }
  });

  test('after expiry, concurrent calls spread over both instances refresh the API token exactly once', async () => {
    const cookie = await login(a);
    clock.advance(16 * MINUTE); // the API now sees the access token as expired
    const countTokens = async () => (await s.db.database.db.selectFrom('refresh_tokens').select('token_hash').execute()).length;
    const before = await countTokens();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i % 2 ? a : b, 'GET', '/api/v1/me', { cookie })));
    assert.deepEqual(results.map((r) => r.status), Array(8).fill(200));
    assert.equal((await countTokens()) - before, 1, 'exactly one refresh token was minted (a second would revoke the session)');
    for (const app of [a, b]) assert.equal((await send(app, 'GET', '/api/v1/me', { cookie })).status, 200);
  });

  test('signing out on A ends the session on B, even for a copy of the old cookie', async () => {
    const cookie = await login(a);
    assert.equal((await send(b, 'GET', '/session', { cookie })).status, 200);
    const out = await send(a, 'POST', '/session/logout', { cookie });
    assert.equal(out.status, 204);
    assert.equal((await send(b, 'GET', '/session', { cookie })).status, 401);
    assert.equal((await send(b, 'GET', '/api/v1/me', { cookie })).status, 401);
  });

  test('rotating ADMIN_SESSION_SECRET ("new,old") keeps sessions and re-signs their cookies; dropping the old one ends them', async () => {
    await Promise.all([a.close(), b.close()]);
    [a, b] = await Promise.all([portal(OLD_SECRET), portal(OLD_SECRET)]);
    const cookie = await login(a);
    await Promise.all([a.close(), b.close()]);
    [a, b] = await Promise.all([portal(`${NEW_SECRET},${OLD_SECRET}`), portal(`${NEW_SECRET},${OLD_SECRET}`)]);
    const me = await send(b, 'GET', '/session', { cookie });
    assert.equal(me.status, 200);
    assert.equal(me.setCookie.length, 1, 'the cookie is signed again with the new secret');
    const renewed = me.setCookie[0]!.split(';')[0]!;
    assert.notEqual(renewed, cookie);
    assert.equal((await send(a, 'GET', '/api/v1/me', { cookie: renewed })).status, 200);
    await Promise.all([a.close(), b.close()]);
    [a, b] = await Promise.all([portal(NEW_SECRET), portal(NEW_SECRET)]);
    assert.equal((await send(a, 'GET', '/session', { cookie })).status, 401, 'a cookie signed with the retired secret');
    // The session used during the rotation had its stored tokens sealed again: it lives on.
    assert.equal((await send(a, 'GET', '/api/v1/me', { cookie: renewed })).status, 200);
    assert.equal((await send(b, 'GET', '/session', { cookie: renewed })).status, 200);
  });
});
