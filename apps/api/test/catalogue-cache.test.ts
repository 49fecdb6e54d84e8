import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, type TestApp, type TestUser } from './helpers.ts';

describe('public catalogue cache', () => {
  let t: TestApp;
  let admin: TestUser;
  let productId: string;
  before(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_MS: '1000' });
    admin = await createAdmin(t);
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Cached', price: 500, stock: 3, is_active: true } });
    assert.equal(p.status, 201);
    productId = p.body.id;
  });
  after(() => t.close());

  it('a second read is served from memory with the same bytes and ETag, and 304s on If-None-Match', async () => {
    const first = await call(t.app, 'GET', '/api/v1/products');
    const second = await call(t.app, 'GET', '/api/v1/products');
    assert.equal(first.headers['x-cache'], undefined);
    assert.equal(second.headers['x-cache'], 'hit');
    assert.equal(second.text, first.text);
    assert.equal(second.headers.etag, first.headers.etag);
    assert.match(String(second.headers['content-type']), /application\/json/);
    const notModified = await call(t.app, 'GET', '/api/v1/products', { headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.text, '');
  });

  it('an admin write shows at once; a change behind its back shows after the TTL', async () => {
    await call(t.app, 'GET', `/api/v1/products/${productId}`);
    const put = await call(t.app, 'PUT', `/api/v1/admin/products/${productId}`, { token: admin.token, body: { name: 'Renamed' } });
    assert.equal(put.status, 200);
    assert.equal((await call(t.app, 'GET', `/api/v1/products/${productId}`)).body.name, 'Renamed');

    await t.db.database.db.updateTable('products').set({ stock: 2 }).where('id', '=', productId).execute();
    assert.equal((await call(t.app, 'GET', `/api/v1/products/${productId}`)).body.stock, 3, 'still the cached answer');
    t.clock.advance(1001);
    assert.equal((await call(t.app, 'GET', `/api/v1/products/${productId}`)).body.stock, 2);
  });

  it('errors are never cached, and each query string is its own entry', async () => {
    assert.equal((await call(t.app, 'GET', '/api/v1/products/nope')).status, 404);
    assert.equal((await call(t.app, 'GET', '/api/v1/products/nope')).headers['x-cache'], undefined);
    const a = await call(t.app, 'GET', '/api/v1/products?limit=1');
    const b = await call(t.app, 'GET', '/api/v1/products?limit=2');
    assert.equal(a.body.items.length, 1);
    assert.equal(b.headers['x-cache'], undefined, 'another query string is a miss');
    assert.equal((await call(t.app, 'GET', '/api/v1/products?limit=2')).headers['x-cache'], 'hit');
  });
});

// Over a real socket, a hit is answered by the HTTP server's request event before Fastify
// (catalogue `frontDoor`): it must send what Fastify's own cached answer sends, and count it.
describe('public catalogue cache: the lean path on a listening server', () => {
  let t: TestApp;
  let base: string;
  /** A sample's value in what /metrics answers, or undefined. */
  const sample = async (series: string) => {
    const text = (await call(t.app, 'GET', '/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const ROUTE = 'method="GET",route="/api/v1/products/:id"';
  before(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_MS: '1000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  after(() => t.close());

  it('answers a hit with the same bytes and headers as the route, a fresh request id, 304s, and counts both', async () => {
    const admin = await createAdmin(t);
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Lean', price: 700, stock: 4, is_active: true } });
    const url = `${base}/api/v1/products/${p.body.id}`;
    const miss = await fetch(url);
    const missBody = await miss.text();
    assert.equal(miss.status, 200);
    assert.equal(miss.headers.get('x-cache'), null);
    const hit = await fetch(url);
    assert.equal(hit.status, 200);
    assert.equal(await hit.text(), missBody);
    for (const h of ['etag', 'cache-control', 'content-type', 'content-length']) assert.equal(hit.headers.get(h), miss.headers.get(h), h);
    assert.equal(hit.headers.get('x-cache'), 'hit');
    assert.match(hit.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.notEqual(hit.headers.get('x-request-id'), miss.headers.get('x-request-id'));
    const notModified = await fetch(url, { headers: { 'if-none-match': `W/"other", ${miss.headers.get('etag')}` } });
    assert.equal(notModified.status, 304);
    assert.equal(await notModified.text(), '');
    assert.equal(notModified.headers.get('etag'), miss.headers.get('etag'));
    const other = await fetch(url, { headers: { 'if-none-match': 'W/"other"' } });
    assert.equal(other.status, 200, 'a stale ETag gets the body');
    assert.equal(await other.text(), missBody);
    assert.equal(await sample(`http_requests_total{${ROUTE},status="200"}`), 3);
    assert.equal(await sample(`http_requests_total{${ROUTE},status="304"}`), 1);
    assert.equal(await sample(`http_request_duration_seconds_count{${ROUTE}}`), 4, 'the latency of every answer, the route’s and the front door’s');
    assert.equal(await sample(`http_request_duration_seconds_bucket{le="+Inf",${ROUTE}}`), 4);
    assert.ok((await sample(`http_request_duration_seconds_bucket{le="0.001",${ROUTE}}`))! >= 2, 'the front door answers within a millisecond');
    assert.ok((await sample(`http_request_duration_seconds_sum{${ROUTE}}`))! > 0);
    t.app.ctx.metrics.registry.resetMetrics();
    await fetch(url).then((r) => r.text());
    assert.equal(await sample(`http_requests_total{${ROUTE},status="200"}`), 1, 'a reset zeroes the series the cached entry counts into');
  });

  it('after an admin write or the TTL the route answers again; HEAD goes to the route', async () => {
    const admin = await createAdmin(t);
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Lean 2', price: 800, stock: 5, is_active: true } });
    const url = `${base}/api/v1/products/${p.body.id}`;
    await fetch(url).then((r) => r.text());
    assert.equal((await call(t.app, 'PUT', `/api/v1/admin/products/${p.body.id}`, { token: admin.token, body: { name: 'Lean 3' } })).status, 200);
    const fresh = await fetch(url);
    assert.equal(fresh.headers.get('x-cache'), null, 'the admin write cleared the entry');
    assert.equal(((await fresh.json()) as { name: string }).name, 'Lean 3');
    await t.db.database.db.updateTable('products').set({ stock: 1 }).where('id', '=', p.body.id).execute();
    assert.equal(((await (await fetch(url)).json()) as { stock: number }).stock, 5, 'still cached');
    t.clock.advance(1001);
    const expired = await fetch(url);
    assert.equal(expired.headers.get('x-cache'), null);
    assert.equal(((await expired.json()) as { stock: number }).stock, 1);
    const head = await fetch(url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(t.app.server.keepAliveTimeout, 72_000, 'the server is set up as Fastify sets up its own');
  });

  it('past the TTL one request refreshes the entry while the others are served the old one', async () => {
    const admin = await createAdmin(t);
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Herd', price: 900, stock: 6, is_active: true } });
    const url = `${base}/api/v1/products/${p.body.id}`;
    await fetch(url).then((r) => r.text());
    await t.db.database.db.updateTable('products').set({ stock: 2 }).where('id', '=', p.body.id).execute();
    t.clock.advance(1001);
    // 30 callers at once, each on its own connection: the query of the first one is still out when
    // the others arrive (on PostgreSQL it waits on the network).
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const r = await fetch(url, { headers: { connection: 'close' } });
        return { cache: r.headers.get('x-cache'), stock: ((await r.json()) as { stock: number }).stock };
      }),
    );
    const refreshed = answers.filter((a) => a.cache === null);
    assert.equal(refreshed.length, 1, 'exactly one request went to the route');
    assert.equal(refreshed[0]!.stock, 2);
    assert.ok(answers.every((a) => a.stock === 2 || (a.cache === 'hit' && a.stock === 6)));
    const after = await fetch(url);
    assert.equal(after.headers.get('x-cache'), 'hit');
    assert.equal(((await after.json()) as { stock: number }).stock, 2, 'the refreshed entry is served');
  });

  it('an old entry is served for at most one more TTL, and never once the route stops answering 200', async () => {
    const admin = await createAdmin(t);
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Gone', price: 900, stock: 6, is_active: true } });
    const url = `${base}/api/v1/products/${p.body.id}`;
    await fetch(url).then((r) => r.text());
    t.clock.advance(2001);
    assert.equal((await fetch(url).then((r) => (r.body?.cancel(), r))).headers.get('x-cache'), null, 'two TTLs old: not served');
    // Taken off sale behind this instance's back (another instance's admin write): the refresh is a
    // 404, and the old 200 is not served to anyone after it.
    await t.db.database.db.updateTable('products').set({ is_active: 0 }).where('id', '=', p.body.id).execute();
    t.clock.advance(1001);
    assert.equal((await fetch(url).then((r) => (r.body?.cancel(), r))).status, 404);
    const next = await fetch(url);
    assert.equal(next.status, 404);
    assert.equal(next.headers.get('x-cache'), null);
  });
});
