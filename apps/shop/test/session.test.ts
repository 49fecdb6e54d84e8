import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSession, REFRESH_KEY } from '../web/src/session.ts';
import type { KeyValueStore } from '../web/src/cart.ts';

const BASE = 'http://shop.test';

/**
 * A stand-in for the API's token rules (docs/contracts.md §3): access tokens expire, refresh tokens work
 * once, and a spent one presented again revokes the whole session.
 */
function fakeApi() {
  let n = 0;
  const live = new Set<string>(['A0']);
  const refreshable = new Set<string>(['R0']);
  const spent = new Set<string>();
  const api = {
    refreshCalls: 0,
    revoked: false,
    seen: [] as string[],
    expireAccess: () => live.clear(),
    async fetch(req: Request): Promise<Response> {
      const path = new URL(req.url).pathname;
      if (path === '/api/v1/auth/refresh') {
        api.refreshCalls++;
        await new Promise((r) => setTimeout(r, 5));
        const { refresh_token } = (await req.json()) as { refresh_token: string };
        if (api.revoked || !refreshable.has(refresh_token)) {
          if (spent.has(refresh_token)) api.revoked = true;
          return Response.json({ error: 'unauthorized' }, { status: 401 });
        }
        refreshable.delete(refresh_token);
        spent.add(refresh_token);
        n++;
        live.add(`A${n}`);
        refreshable.add(`R${n}`);
        return Response.json({ custom_token: `A${n}`, refresh_token: `R${n}`, expires_in: 900 });
      }
      const token = req.headers.get('x-sdk-access-token') ?? '';
      api.seen.push(`${req.method} ${path} ${token} ${req.method === 'POST' ? await req.text() : ''}`.trim());
      if (path === '/api/v1/auth/login') return Response.json({ error: 'invalid_credentials' }, { status: 401 });
      if (!live.has(token) || api.revoked) return Response.json({ error: 'unauthorized' }, { status: 401 });
      return Response.json({ ok: true, token });
    },
  };
  return api;
}

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function setup() {
  const api = fakeApi();
  const store = memoryStore();
  let ended = 0;
  const s = createSession({ fetch: (r) => api.fetch(r), store, refreshUrl: `${BASE}/api/v1/auth/refresh`, onEnded: () => ended++ });
  s.start({ custom_token: 'A0', refresh_token: 'R0', expires_in: 900 });
  return { api, store, s, ended: () => ended };
}

test('five requests meeting an expired token share one refresh, and each is sent again once', async () => {
  const { api, s, store } = setup();
  api.expireAccess();
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, i) => s.fetch(new Request(`${BASE}/api/v1/orders`, { method: 'POST', body: JSON.stringify({ i }) }))),
  );
  assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200, 200]);
  assert.equal(api.refreshCalls, 1);
  assert.equal(s.accessToken(), 'A1');
  assert.equal(store.getItem(REFRESH_KEY), 'R1');
  // Each body went out twice (once refused, once with the new token) and unchanged.
  for (let i = 0; i < 5; i++) assert.equal(api.seen.filter((l) => l === `POST /api/v1/orders A1 {"i":${i}}`).length, 1);
  assert.equal(api.seen.length, 10);
});

test('a refused refresh ends the session once: tokens dropped, the app told', async () => {
  const { api, s, store, ended } = setup();
  api.expireAccess();
  api.revoked = true;
  const answers = await Promise.all([s.fetch(new Request(`${BASE}/api/v1/wallet`)), s.fetch(new Request(`${BASE}/api/v1/me`))]);
  assert.deepEqual(answers.map((r) => r.status), [401, 401]);
  assert.equal(api.refreshCalls, 1);
  assert.equal(ended(), 1);
  assert.equal(s.signedIn(), false);
  assert.equal(store.getItem(REFRESH_KEY), null);
  assert.equal(s.accessToken(), null);
});

test('after a reload (no access token in memory) the stored refresh token is spent once', async () => {
  const { api, store } = setup();
  const s2 = createSession({ fetch: (r) => api.fetch(r), store, refreshUrl: `${BASE}/api/v1/auth/refresh` });
  const answers = await Promise.all([s2.fetch(new Request(`${BASE}/api/v1/wallet`)), s2.fetch(new Request(`${BASE}/api/v1/me`))]);
  assert.deepEqual(answers.map((r) => r.status), [200, 200]);
  assert.equal(api.refreshCalls, 1);
  assert.equal(api.revoked, false);
});

test('a 401 from a sign-in route is wrong credentials, not an expired token: no refresh', async () => {
  const { api, s, ended } = setup();
  const res = await s.fetch(new Request(`${BASE}/api/v1/auth/login`, { method: 'POST', body: '{}' }));
  assert.equal(res.status, 401);
  assert.equal(api.refreshCalls, 0);
  assert.equal(ended(), 0);
  assert.ok(api.seen.every((l) => !l.includes(' A0 ')), 'no token sent to sign-in routes');
});

test('signing out sends the token (the API ends the session by it)', async () => {
  const { api, s } = setup();
  await s.fetch(new Request(`${BASE}/api/v1/auth/logout`, { method: 'POST' }));
  assert.deepEqual(api.seen, ['POST /api/v1/auth/logout A0']);
});

test('offline during a refresh keeps the session (the refresh token is still good)', async () => {
  const api = fakeApi();
  const store = memoryStore();
  let offline = true;
  const s = createSession({
    fetch: (r) => (offline && r.url.endsWith('/refresh') ? Promise.reject(new TypeError('Failed to fetch')) : api.fetch(r)),
    store,
    refreshUrl: `${BASE}/api/v1/auth/refresh`,
  });
  s.start({ custom_token: 'A0', refresh_token: 'R0', expires_in: 900 });
  api.expireAccess();
  await assert.rejects(s.fetch(new Request(`${BASE}/api/v1/wallet`)), (e: any) => e.status === 0);
  assert.equal(s.signedIn(), true);
  offline = false;
  assert.equal((await s.fetch(new Request(`${BASE}/api/v1/wallet`))).status, 200);
});
