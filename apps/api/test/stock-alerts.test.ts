/**
 * Stock alerts: a product is low at or under its own threshold (else LOW_STOCK_THRESHOLD) and
 * out of stock at 0; the admin products list filters and sorts by it, pages by cursor, and the
 * dashboard counts the active ones. Shoppers never see the threshold.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, type TestApp, type TestUser } from './helpers.ts';

describe('stock alerts', () => {
  let t: TestApp;
  let admin: TestUser;
  const made: Record<string, string> = {};

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => call(t.app, method, `/api/v1${path}`, { token: admin.token, body });
  const create = async (name: string, stock: number, extra: Record<string, unknown> = {}) => {
    const r = await api('POST', '/admin/products', { name, price: 100, stock, ...extra });
    assert.equal(r.status, 201, r.text);
    made[name] = r.body.id;
    return r.body;
  };
  const names = async (query: string) => {
    const byId = Object.fromEntries(Object.entries(made).map(([n, id]) => [id, n]));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await api('GET', `/admin/products?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(r.status, 200, r.text);
      seen.push(...r.body.items.map((p: { id: string }) => byId[p.id] ?? p.id));
      cursor = r.body.next_cursor;
    } while (cursor !== null);
    return seen;
  };

  before(async () => {
    t = await createTestApp({ LOW_STOCK_THRESHOLD: '5' });
    admin = await createAdmin(t);
  });
  after(() => t.close());

  it('a product is out of stock at 0, low at or under the setting, and its own threshold wins', async () => {
    assert.equal((await create('Empty', 0)).stock_level, 'out_of_stock');
    assert.equal((await create('Five', 5)).stock_level, 'low');
    const six = await create('Six', 6);
    assert.deepEqual([six.stock_level, six.low_stock_threshold], ['in_stock', null]);
    const fussy = await create('Fussy', 20, { low_stock_threshold: 25 });
    assert.deepEqual([fussy.stock_level, fussy.low_stock_threshold], ['low', 25]);
    assert.equal((await create('Relaxed', 3, { low_stock_threshold: 2 })).stock_level, 'in_stock');
    assert.equal((await create('Hidden', 1, { is_active: false })).stock_level, 'low');
    // The override is edited and cleared like any field, and audited.
    const put = await api('PUT', `/admin/products/${made.Six}`, { low_stock_threshold: 10 });
    assert.deepEqual([put.status, put.body.stock_level, put.body.low_stock_threshold], [200, 'low', 10]);
    const audit = await api('GET', `/admin/audit-log?entity=product&entity_id=${made.Six}`);
    assert.equal(audit.body.items[0].after.low_stock_threshold, 10);
    assert.equal(audit.body.items[0].before.low_stock_threshold, null);
    const clear = await api('PUT', `/admin/products/${made.Six}`, { low_stock_threshold: null });
    assert.deepEqual([clear.body.stock_level, clear.body.low_stock_threshold], ['in_stock', null]);
    assert.equal((await api('GET', `/admin/products/${made.Fussy}`)).body.stock_level, 'low');
  });

  it('shoppers never see the threshold or the level', async () => {
    const r = await call(t.app, 'GET', `/api/v1/products/${made.Six}`);
    assert.equal(r.status, 200);
    assert.equal('low_stock_threshold' in r.body, false);
    assert.equal('stock_level' in r.body, false);
    const list = await call(t.app, 'GET', '/api/v1/products');
    assert.equal(list.body.items.some((p: object) => 'low_stock_threshold' in p || 'stock_level' in p), false);
  });

  it('the admin list filters low and out of stock, sorts fewest first, and pages each way once', async () => {
    assert.deepEqual(await names('stock_level=out'), ['Empty']);
    assert.deepEqual(await names('stock_level=low'), ['Hidden', 'Fussy', 'Five', 'Empty'], 'newest first');
    assert.deepEqual(await names('stock_level=low&is_active=true'), ['Fussy', 'Five', 'Empty']);
    assert.deepEqual(await names('sort=stock'), ['Empty', 'Hidden', 'Relaxed', 'Five', 'Six', 'Fussy']);
    assert.deepEqual(await names('sort=stock&stock_level=low'), ['Empty', 'Hidden', 'Five', 'Fussy']);
  });

  it('the dashboard counts the active products that are low, and those out of stock', async () => {
    const r = await api('GET', '/admin/dashboard');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.stock, { low: 3, out: 1 });
    await api('PUT', `/admin/products/${made.Empty}`, { stock: 50 });
    assert.deepEqual((await api('GET', '/admin/dashboard')).body.stock, { low: 2, out: 0 });
  });

  it('bad values are 400 validation_failed and change nothing', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/products?stock_level=few', undefined],
      ['GET', '/admin/products?sort=cheapest', undefined],
      ['GET', `/admin/products?sort=stock&cursor=${Buffer.from('abc').toString('base64url')}`, undefined],
      ['PUT', `/admin/products/${made.Five}`, { low_stock_threshold: -1 }],
      ['PUT', `/admin/products/${made.Five}`, { low_stock_threshold: '3' }],
      ['PUT', `/admin/products/${made.Five}`, { low_stock_threshold: 1.5 }],
      ['POST', '/admin/products', { name: 'Bad', price: 1, low_stock_threshold: 1e12 }],
    ] as const) {
      const r = await api(method, path, body);
      assert.equal(r.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${r.text}`);
      assert.equal(r.body.error, 'validation_failed');
    }
    const five = await api('GET', `/admin/products/${made.Five}`);
    assert.deepEqual([five.body.low_stock_threshold, five.body.stock_level], [null, 'low']);
  });
});
