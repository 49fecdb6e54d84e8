/**
 * Refresh survives a lost answer (docs/contracts.md §3): within REFRESH_REUSE_GRACE_SECONDS of its
 * rotation a spent refresh token answers the same, still unspent successor; later, or once the
 * successor is spent, or on a revoked session, it is refused (and reuse still ends the family).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runWorker } from './support/run-worker.ts';
import { call, createTestApp, onPostgres, registerUser, TEST_JWT_SECRET, type TestApp } from './helpers.ts';

const refresh = (t: TestApp, token: string) => call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: token } });
const sidOf = (jwt: string): string => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sid;

describe('refresh grace window', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('a lost answer: the old token again answers the same successor, for the same session, and that successor works', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(t, u.refresh);
    assert.equal(first.status, 200);
    t.clock.advance(29_000);
    const again = await refresh(t, u.refresh);
    assert.equal(again.status, 200);
    assert.equal(again.body.refresh_token, first.body.refresh_token, 'the same successor refresh token');
    assert.equal(sidOf(again.body.custom_token), sidOf(first.body.custom_token), 'an access token of the same session');
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: again.body.custom_token })).status, 200);
    const next = await refresh(t, again.body.refresh_token);
    assert.equal(next.status, 200, 'the successor still rotates');
    assert.notEqual(next.body.refresh_token, again.body.refresh_token);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: next.body.custom_token })).status, 200);
    const rows = await t.db.database.db.selectFrom('refresh_tokens').select('token_hash').where('session_id', '=', sidOf(first.body.custom_token)).execute();
    assert.equal(rows.length, 3, 'the replay stored no extra token');
  });

  it('after the window, reuse revokes the whole session', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(t, u.refresh);
    t.clock.advance(30_001);
    assert.equal((await refresh(t, u.refresh)).status, 401);
    assert.equal((await refresh(t, first.body.refresh_token)).status, 401, 'the successor died with the family');
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: first.body.custom_token })).status, 401);
  });

  it('the grandparent: once the successor is spent, the old token is theft even inside the window', async () => {
    const u = await registerUser(t.app);
    const child = await refresh(t, u.refresh);
    const grandchild = await refresh(t, child.body.refresh_token);
    assert.equal(grandchild.status, 200);
    t.clock.advance(1_000);
    assert.equal((await refresh(t, u.refresh)).status, 401);
    assert.equal((await refresh(t, grandchild.body.refresh_token)).status, 401, 'the family is revoked');
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: grandchild.body.custom_token })).status, 401);
  });

  it('a logout inside the window is not undone by a replay', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(t, u.refresh);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/logout', { token: first.body.custom_token })).status, 204);
    const replay = await refresh(t, u.refresh);
    assert.equal(replay.status, 401);
    assert.equal(replay.body.error, 'unauthorized');
    assert.equal((await refresh(t, first.body.refresh_token)).status, 401);
  });
});

describe('refresh grace window turned off', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
  });
  after(() => t.close());

  it('REFRESH_REUSE_GRACE_SECONDS=0: any reuse revokes the session at once', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(t, u.refresh);
    assert.equal((await refresh(t, u.refresh)).status, 401);
    assert.equal((await refresh(t, first.body.refresh_token)).status, 401);
  });
});

interface Outcome {
  tokens: string[];
  refused: number;
  errors: string[];
}

const racer = (env: Record<string, string>) => runWorker<Outcome>('refresh-race-worker.ts', env);

describe('tabs racing one refresh token from several processes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('every tab gets the one successor pair, and the session lives on', async () => {
    const u = await registerUser(t.app);
    const RACERS = 3;
    // SQLite: one connection per process; PostgreSQL: several pool clients per process as well.
    const lanes = onPostgres ? 3 : 1;
    const env = {
      DATABASE_URL: t.db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      RACE_TOKEN: u.refresh,
      RACE_NOW: t.clock.now().toISOString(),
      RACE_LANES: String(lanes),
      RACE_START_AT: String(Date.now() + 1_500),
    };
    const outcomes = await Promise.all(Array.from({ length: RACERS }, () => racer(env)));
    assert.deepEqual(outcomes.flatMap((o) => o.errors), []);
    const tokens = outcomes.flatMap((o) => o.tokens);
    assert.equal(tokens.length, RACERS * lanes, 'every tab was answered with a pair');
    assert.equal(new Set(tokens).size, 1, 'one successor for all of them');
    const next = await refresh(t, tokens[0]!);
    assert.equal(next.status, 200, 'the session was not revoked, and the successor rotates');
  });
});
