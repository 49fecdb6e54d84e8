import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { validate } from '@readme/openapi-parser';
import { sql } from 'kysely';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { migrations } from '../src/migrations.ts';

/** Whether a CommonJS package (the swagger plugins are) has been loaded into this process. */
const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${name}/`));

describe('health, version, metrics, docs and the error format', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', APP_VERSION: '2.3.0', APP_MIN_VERSION: '2.1.0', APP_APK_URL: 'https://example.com/app.apk' });
  });
  after(() => t.close());

  it('GET /health answers ok with the database state', async () => {
    const res = await call(t.app, 'GET', '/health');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok', database: 'ok' });
    assert.ok(res.headers['x-request-id']);
  });

  it('GET /ready is 503 migrations_pending while a migration this code knows is missing, then ready', async () => {
    const db = t.db.database.db;
    const last = Object.keys(migrations).at(-1)!;
    const { rows } = await sql<{ timestamp: string }>`select timestamp from kysely_migration where name = ${last}`.execute(db);
    assert.equal(rows.length, 1);
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    const pending = await call(t.app, 'GET', '/ready');
    assert.equal(pending.status, 503);
    assert.deepEqual(pending.body, { status: 'not_ready', reason: 'migrations_pending' });
    await sql`insert into kysely_migration (name, timestamp) values (${last}, ${rows[0]!.timestamp})`.execute(db);
    const ready = await call(t.app, 'GET', '/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready' });
  });

  it('GET /app/version sets force_update below the minimum version only', async () => {
    const old = await call(t.app, 'GET', '/api/v1/app/version?version=2.0.9');
    assert.deepEqual(old.body, { version: '2.3.0', min_version: '2.1.0', apk_url: 'https://example.com/app.apk', force_update: true });
    assert.equal((await call(t.app, 'GET', '/api/v1/app/version?version=2.1.0')).body.force_update, false);
    assert.equal((await call(t.app, 'GET', '/api/v1/app/version?version=2.10')).body.force_update, false);
    assert.equal((await call(t.app, 'GET', '/api/v1/app/version')).body.force_update, false);
    assert.equal((await call(t.app, 'GET', '/api/v1/app/version?version=abc')).status, 400);
  });

  it('/metrics answers loopback with request counters by route, and refuses other clients', async () => {
    const ok = await call(t.app, 'GET', '/metrics');
    assert.equal(ok.status, 200);
    assert.match(ok.text, /http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    assert.match(ok.text, /http_request_duration_seconds_bucket/);
    const remote = await call(t.app, 'GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(remote.status, 403);
    assert.equal(remote.body.error, 'forbidden');
  });

  it('a non-JSON body, malformed JSON and a wrong content type are 4xx, never 500', async () => {
    const bad = await call(t.app, 'POST', '/api/v1/auth/login', { raw: '{"phone": ' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'validation_failed');
    const empty = await call(t.app, 'POST', '/api/v1/auth/login', { raw: '' , headers: { 'content-type': 'application/json' } });
    assert.equal(empty.status, 400);
    const xml = await call(t.app, 'POST', '/api/v1/auth/login', { raw: '<a/>', headers: { 'content-type': 'application/xml' } });
    assert.equal(xml.status, 415);
    assert.equal(xml.body.error, 'unsupported_media_type');
    const arr = await call(t.app, 'POST', '/api/v1/auth/login', { body: [1, 2] });
    assert.equal(arr.status, 400);
    const nul = await call(t.app, 'POST', '/api/v1/auth/login', { raw: 'null' });
    assert.equal(nul.status, 400);
  });

  it('schema failures list the fields in details', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: 5 } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'validation_failed');
    assert.ok(Array.isArray(res.body.details) && res.body.details.length > 0);
    assert.ok(res.body.details[0].field.startsWith('body'));
  });

  it('unknown routes are 404 JSON, and POST /wallet/topup does not exist', async () => {
    const res = await call(t.app, 'GET', '/api/v1/nothing-here');
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'not_found');
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup', { body: { amount: 100 } })).status, 404);
  });

  it('/docs/openapi.json is a valid OpenAPI 3.1 document that lists every API route', async () => {
    assert.deepEqual([loaded('@fastify/swagger'), loaded('@fastify/swagger-ui')], [false, false], 'a ready server has not loaded the docs plugins');
    const res = await call(t.app, 'GET', '/docs/openapi.json');
    assert.deepEqual([loaded('@fastify/swagger'), loaded('@fastify/swagger-ui')], [true, true], 'the first /docs call loads them');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    const result = await validate(structuredClone(res.body));
    assert.equal(result.valid, true, JSON.stringify(result));
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries<Record<string, unknown>>(res.body.paths)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((l) => l.includes('/api/v1/'));
    assert.ok(routes.length > 0);
    for (const expected of ['POST /api/v1/auth/register', 'POST /api/v1/auth/admin/login', 'GET /api/v1/me', 'PATCH /api/v1/me', 'GET /health']) {
      assert.ok(documented.has(expected), `${expected} is documented`);
    }
    assert.ok(res.body.paths['/api/v1/me'].get.security, 'protected routes carry security requirements');
    const docs = await call(t.app, 'GET', '/docs');
    assert.ok([200, 302].includes(docs.status));
    const css = await call(t.app, 'GET', '/docs/static/swagger-ui.css');
    assert.deepEqual([css.status, css.headers['content-type']], [200, 'text/css; charset=utf-8']);
    const cached = await call(t.app, 'GET', '/docs/static/swagger-ui.css', { headers: { 'if-none-match': String(css.headers.etag) } });
    assert.equal(cached.status, 304);
    const missing = await call(t.app, 'GET', '/docs/static/nothing.js');
    assert.deepEqual([missing.status, missing.body.error], [404, 'not_found'], 'the API\'s own 404 body');
  });
});

describe('metrics token', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', METRICS_TOKEN: 'metrics-secret-token' });
  });
  after(() => t.close());

  it('a non-loopback client needs the bearer METRICS_TOKEN', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    assert.equal((await call(t.app, 'GET', '/metrics', { headers: { ...headers, authorization: 'Bearer wrong' } })).status, 403);
    assert.equal((await call(t.app, 'GET', '/metrics', { headers: { ...headers, authorization: 'Bearer metrics-secret-token' } })).status, 200);
  });
});
