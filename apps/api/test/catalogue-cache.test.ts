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
