import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { rootHandle } from '../src/context.ts';

const img = (n: number | string) => `https://cdn.example.com/p/${n}.png`;

describe('catalogue: products, galleries, categories and unit cost', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
    user = await registerUser(t.app);
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const create = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body });
  const update = (id: string, body: Record<string, unknown>) => call(t.app, 'PUT', `/api/v1/admin/products/${id}`, { token: admin.token, body });
  const galleryRows = (id: string) =>
    db().selectFrom('product_images').select(['image_url', 'alt_text', 'sort_order']).where('product_id', '=', id).orderBy('sort_order').execute();

  it('a created product answers 201 with the docs/contracts.md §5 shape and its stock alert, images [] and integer money', async () => {
    const res = await create({ name: '  Tea  ', price: 12_50, stock: 3, description: 'Assam' });
    assert.equal(res.status, 201);
    const p = res.body;
    assert.deepEqual(Object.keys(p).sort(), [
      'category_id', 'created_at', 'currency', 'description', 'id', 'image_url', 'images', 'is_active', 'low_stock_threshold', 'name', 'price', 'stock',
      'stock_level', 'updated_at',
    ]);
    assert.equal(p.name, 'Tea');
    assert.equal(p.price, 1250);
    assert.equal(p.currency, 'INR');
    assert.equal(p.stock, 3);
    assert.equal(p.is_active, true);
    assert.equal(p.image_url, null);
    assert.deepEqual(p.images, []);
    assert.equal(p.created_at, t.clock.now().toISOString());
    const row = await db().selectFrom('products').select(['price', 'stock', 'unit_cost']).where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { price: 1250, stock: 3, unit_cost: null });
  });

  it('money, stock and names are validated: fractions, negatives, strings and blanks are 400 with no row written', async () => {
    const before = await db().selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const body of [
      { name: 'X', price: 1.5 },
      { name: 'X', price: -1 },
      { name: 'X', price: '100' },
      { name: 'X', price: 1, stock: -1 },
      { name: '   ', price: 1 },
      { price: 1 },
      { name: 'X', price: 1, category_id: 'no-such-category' },
      { name: 'X', price: 1, image_url: 'javascript:alert(1)' },
      { name: 'X', price: 1, images: [{ image_url: 'ftp://x/y.png' }] },
    ]) {
      const res = await create(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'validation_failed');
    }
    const afterCount = await db().selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n));
  });

  it('gallery: entries are trimmed, de-duplicated after trimming, renumbered densely from 0, image_url forced to the first', async () => {
    const res = await create({
      name: 'Gallery',
      price: 100,
      image_url: 'https://ignored.example.com/cover.png',
      images: [
        { image_url: `  ${img('a')}  `, alt_text: '  front ' },
        { image_url: img('b') },
        { image_url: img('a'), alt_text: 'duplicate after trim' },
        { image_url: '   ' },
        { image_url: `${img('c')}\n`, alt_text: null },
      ],
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.image_url, img('a'), 'a sent image_url is ignored when images is sent');
    assert.deepEqual(
      res.body.images.map((i: any) => [i.image_url, i.alt_text, i.sort_order]),
      [[img('a'), 'front', 0], [img('b'), '', 1], [img('c'), '', 2]],
    );
    assert.ok(res.body.images.every((i: any) => typeof i.id === 'string'));
    assert.deepEqual(await galleryRows(res.body.id), [
      { image_url: img('a'), alt_text: 'front', sort_order: 0 },
      { image_url: img('b'), alt_text: '', sort_order: 1 },
      { image_url: img('c'), alt_text: '', sort_order: 2 },
    ]);
    const row = await db().selectFrom('products').select('image_url').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    assert.equal(row.image_url, img('a'));
  });

  it('gallery: 12 entries are all kept, a 13th is dropped', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ image_url: img(`g${i}`) }));
    const a = await create({ name: 'Twelve', price: 1, images: twelve });
    assert.equal(a.status, 201);
    assert.equal(a.body.images.length, 12);
    assert.deepEqual(a.body.images.map((i: any) => i.sort_order), [...Array(12).keys()]);

    const thirteen = [...twelve, { image_url: img('g12') }];
    const b = await create({ name: 'Thirteen', price: 1, images: thirteen });
    assert.equal(b.status, 201);
    assert.equal(b.body.images.length, 12);
    assert.equal(b.body.images[11].image_url, img('g11'));
    assert.equal((await galleryRows(b.body.id)).length, 12);

    // Duplicates do not count towards the 12: 12 distinct after de-duplication are all kept.
    const withDupes = twelve.flatMap((e) => [e, { image_url: ` ${e.image_url} ` }]);
    const c = await create({ name: 'Dupes', price: 1, images: withDupes });
    assert.equal(c.body.images.length, 12);

    const tooMany = Array.from({ length: 101 }, (_, i) => ({ image_url: img(`x${i}`) }));
    assert.equal((await create({ name: 'Too many', price: 1, images: tooMany })).status, 400);
  });

  it('gallery on update: omitting images keeps it (and ignores image_url), [] clears it, a new array replaces it', async () => {
    const p = (await create({ name: 'Upd', price: 5, images: [{ image_url: img(1) }, { image_url: img(2) }] })).body;

    const omitted = await update(p.id, { price: 6, image_url: 'https://other.example.com/x.png' });
    assert.equal(omitted.status, 200);
    assert.equal(omitted.body.price, 6);
    assert.deepEqual(omitted.body.images.map((i: any) => i.image_url), [img(1), img(2)]);
    assert.equal(omitted.body.image_url, img(1), 'with a gallery, image_url stays images[0]');

    const replaced = await update(p.id, { images: [{ image_url: img(3) }, { image_url: img(1) }], image_url: img(9) });
    assert.deepEqual(replaced.body.images.map((i: any) => [i.image_url, i.sort_order]), [[img(3), 0], [img(1), 1]]);
    assert.equal(replaced.body.image_url, img(3));

    const cleared = await update(p.id, { images: [], image_url: img(9) });
    assert.equal(cleared.status, 200);
    assert.deepEqual(cleared.body.images, []);
    assert.equal(cleared.body.image_url, null, '[] clears the cover too; the sent image_url is ignored');
    assert.deepEqual(await galleryRows(p.id), []);

    // Without a gallery, image_url is the product's own cover and can be set.
    const cover = await update(p.id, { image_url: '  /media/abc.png ' });
    assert.equal(cover.body.image_url, '/media/abc.png');
    assert.deepEqual(cover.body.images, []);
    const got = await call(t.app, 'GET', `/api/v1/products/${p.id}`);
    assert.equal(got.body.image_url, '/media/abc.png');
    assert.deepEqual(got.body.images, []);
  });

  it('a refused update changes nothing: neither the product nor its gallery', async () => {
    const p = (await create({ name: 'Stable', price: 5, images: [{ image_url: img('s1') }] })).body;
    for (const body of [
      { price: 999, images: [{ image_url: 'ftp://x/y.png' }] },
      { price: 999, images: [], category_id: 'no-such-category' },
      { price: 999, name: '  ' },
    ]) {
      assert.equal((await update(p.id, body)).status, 400, JSON.stringify(body));
    }
    const row = await db().selectFrom('products').select(['price', 'name', 'image_url']).where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { price: 5, name: 'Stable', image_url: img('s1') });
    assert.deepEqual((await galleryRows(p.id)).map((r) => r.image_url), [img('s1')]);
  });

  it('concurrent gallery replacements of one product all succeed and leave exactly one of the galleries', async () => {
    const p = (await create({ name: 'Contended', price: 5 })).body;
    const galleries = Array.from({ length: 6 }, (_, k) => Array.from({ length: 3 + k }, (_, i) => ({ image_url: img(`k${k}-${i}`) })));
    const results = await Promise.all(galleries.map((images) => update(p.id, { images })));
    assert.deepEqual(results.map((r) => r.status), galleries.map(() => 200));
    const rows = await galleryRows(p.id);
    const winner = galleries.find((g) => g.length === rows.length)!;
    assert.deepEqual(rows.map((r) => r.image_url), winner.map((g) => g.image_url));
    assert.deepEqual(rows.map((r) => r.sort_order), [...rows.keys()]);
    const product = await db().selectFrom('products').select('image_url').where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(product.image_url, winner[0]!.image_url);
  });

  it('images is never null on any read, and always ordered by sort_order', async () => {
    const list = await call(t.app, 'GET', '/api/v1/products?limit=100');
    assert.equal(list.status, 200);
    for (const p of list.body.items) {
      assert.ok(Array.isArray(p.images));
      assert.deepEqual(p.images.map((i: any) => i.sort_order), [...Array(p.images.length).keys()]);
      if (p.images.length) assert.equal(p.image_url, p.images[0].image_url);
    }
  });

  it('inactive products are hidden publicly (list and one) but listed for admins', async () => {
    const p = (await create({ name: 'Hidden gem', price: 1, is_active: false })).body;
    assert.equal(p.is_active, false);
    assert.equal((await call(t.app, 'GET', `/api/v1/products/${p.id}`)).status, 404);
    const pub = await call(t.app, 'GET', '/api/v1/products?q=hidden');
    assert.deepEqual(pub.body.items, []);
    const adm = await call(t.app, 'GET', '/api/v1/admin/products?q=hidden', { token: admin.token });
    assert.deepEqual(adm.body.items.map((x: any) => x.id), [p.id]);
    const onlyInactive = await call(t.app, 'GET', '/api/v1/admin/products?is_active=false&limit=100', { token: admin.token });
    assert.ok(onlyInactive.body.items.every((x: any) => x.is_active === false));
    assert.ok(onlyInactive.body.items.some((x: any) => x.id === p.id));
    assert.equal((await call(t.app, 'GET', `/api/v1/admin/products/${p.id}`, { token: admin.token })).body.id, p.id);

    await update(p.id, { is_active: true });
    assert.equal((await call(t.app, 'GET', `/api/v1/products/${p.id}`)).status, 200);
  });

  it('?q= is a case-insensitive substring match where % and _ match only themselves', async () => {
    await create({ name: 'Blue 100% Cotton_Shirt', price: 1 });
    await create({ name: 'Blue 1000 Cotton Shirt', price: 1 });
    const names = async (q: string) =>
      (await call(t.app, 'GET', `/api/v1/products?q=${encodeURIComponent(q)}`)).body.items.map((p: any) => p.name).sort();
    assert.deepEqual(await names('COTTON'), ['Blue 100% Cotton_Shirt', 'Blue 1000 Cotton Shirt']);
    assert.deepEqual(await names('100%'), ['Blue 100% Cotton_Shirt']);
    assert.deepEqual(await names('n_s'), ['Blue 100% Cotton_Shirt']);
    assert.deepEqual(await names('zzz'), []);
  });

  it('?category_id= filters; unknown categories give an empty page', async () => {
    const cat = (await call(t.app, 'POST', '/api/v1/admin/categories', { token: admin.token, body: { name: 'Kitchen Ware' } })).body;
    const inCat = (await create({ name: 'Pan', price: 10, category_id: cat.id })).body;
    await create({ name: 'Pan elsewhere', price: 10 });
    const res = await call(t.app, 'GET', `/api/v1/products?category_id=${cat.id}`);
    assert.deepEqual(res.body.items.map((p: any) => p.id), [inCat.id]);
    assert.equal(res.body.items[0].category_id, cat.id);
    assert.deepEqual((await call(t.app, 'GET', '/api/v1/products?category_id=nope')).body, { items: [], next_cursor: null });
  });

  it('lists page newest first with limit/cursor, and limit outside 1..100 or a forged cursor is 400', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ name: `Paged ${i}`, price: 1 })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const url: string = `/api/v1/products?q=paged&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call(t.app, 'GET', url);
      assert.equal(page.status, 200);
      seen.push(...page.body.items.map((p: any) => p.id));
      cursor = page.body.next_cursor;
      if (!cursor) break;
    }
    assert.deepEqual(seen, [...ids].reverse());
    assert.equal((await call(t.app, 'GET', '/api/v1/products?limit=0')).status, 400);
    assert.equal((await call(t.app, 'GET', '/api/v1/products?limit=101')).status, 400);
    assert.equal((await call(t.app, 'GET', '/api/v1/products?cursor=%%%')).status, 400);
  });

  it('GET /products answers a weak ETag and 304 on If-None-Match; a change changes the ETag', async () => {
    const first = await call(t.app, 'GET', '/api/v1/products');
    const etag = first.headers.etag as string;
    assert.match(etag, /^W\/".+"$/);
    const again = await call(t.app, 'GET', '/api/v1/products', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    await create({ name: 'Newcomer', price: 1 });
    const changed = await call(t.app, 'GET', '/api/v1/products', { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.etag, etag);
  });

  it('the public list costs two queries whatever the page size (no per-product gallery query)', async () => {
    for (let i = 0; i < 4; i++) await create({ name: `Counted ${i}`, price: 1, images: [{ image_url: img(`c${i}a`) }, { image_url: img(`c${i}b`) }] });
    const { openDatabase } = await import('../src/db/kysely.ts');
    const { listPublicProducts } = await import('../src/modules/catalogue/catalogue.service.ts');
    let queries = 0;
    const counted = openDatabase(t.db.url, { onQuery: () => void (queries += 1) });
    try {
      const page = await listPublicProducts({ ...t.app.ctx, db: rootHandle(counted.db) }, { limit: 4, q: 'counted' });
      assert.equal(page.items.length, 4);
      assert.ok(page.items.every((p) => p.images.length === 2));
      assert.equal(queries, 2);
    } finally {
      await counted.close();
    }
  });

  it('DELETE of a product is a soft delete: 204, then 404 everywhere (public, admin, cost, update, delete)', async () => {
    const p = (await create({ name: 'Doomed', price: 1, images: [{ image_url: img('d') }] })).body;
    const del = await call(t.app, 'DELETE', `/api/v1/admin/products/${p.id}`, { token: admin.token });
    assert.equal(del.status, 204);
    const row = await db().selectFrom('products').select(['is_active', 'deleted_at']).where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { is_active: 0, deleted_at: t.clock.now().toISOString() });
    for (const [method, url, body] of [
      ['GET', `/api/v1/products/${p.id}`],
      ['GET', `/api/v1/admin/products/${p.id}`],
      ['PUT', `/api/v1/admin/products/${p.id}`, { is_active: true }],
      ['DELETE', `/api/v1/admin/products/${p.id}`],
      ['GET', `/api/v1/admin/products/${p.id}/cost`],
      ['PUT', `/api/v1/admin/products/${p.id}/cost`, { unit_cost: 1 }],
    ] as const) {
      const res = await call(t.app, method, url, { token: admin.token, ...(body ? { body } : {}) });
      assert.equal(res.status, 404, `${method} ${url}`);
      assert.equal(res.body.error, 'not_found');
    }
    const list = await call(t.app, 'GET', '/api/v1/admin/products?q=doomed', { token: admin.token });
    assert.deepEqual(list.body.items, []);
    const still = await db().selectFrom('products').select('is_active').where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(still.is_active, 0, 'the refused PUT changed nothing');
  });

  it('bad or unknown ids answer 404 on every id route', async () => {
    for (const id of ['nope', '00000000-0000-7000-8000-000000000000', "x'or'1'='1", 'x'.repeat(90), '%']) {
      const enc = encodeURIComponent(id);
      for (const [method, url, body] of [
        ['GET', `/api/v1/products/${enc}`],
        ['GET', `/api/v1/admin/products/${enc}`],
        ['PUT', `/api/v1/admin/products/${enc}`, { price: 1 }],
        ['DELETE', `/api/v1/admin/products/${enc}`],
        ['GET', `/api/v1/admin/products/${enc}/cost`],
        ['PUT', `/api/v1/admin/products/${enc}/cost`, { unit_cost: 1 }],
        ['PUT', `/api/v1/admin/categories/${enc}`, { name: 'x' }],
        ['DELETE', `/api/v1/admin/categories/${enc}`],
        ['PUT', `/api/v1/admin/payment-gateways/${enc}`, { name: 'x' }],
        ['DELETE', `/api/v1/admin/payment-gateways/${enc}`],
      ] as const) {
        const res = await call(t.app, method, url, { token: admin.token, ...(body ? { body } : {}) });
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.equal(res.body.error, 'not_found');
      }
    }
  });

  it('unit cost: null until set, integer minor units, admin-only and never in product bodies', async () => {
    const p = (await create({ name: 'Costed', price: 900 })).body;
    const url = `/api/v1/admin/products/${p.id}/cost`;
    assert.deepEqual((await call(t.app, 'GET', url, { token: admin.token })).body, { unit_cost: null });
    const set = await call(t.app, 'PUT', url, { token: admin.token, body: { unit_cost: 640 } });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, { unit_cost: 640 });
    assert.deepEqual((await call(t.app, 'GET', url, { token: admin.token })).body, { unit_cost: 640 });
    for (const bad of [{ unit_cost: -1 }, { unit_cost: 1.2 }, { unit_cost: '5' }, {}]) {
      assert.equal((await call(t.app, 'PUT', url, { token: admin.token, body: bad })).status, 400, JSON.stringify(bad));
    }
    const row = await db().selectFrom('products').select('unit_cost').where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(row.unit_cost, 640);
    const pub = await call(t.app, 'GET', `/api/v1/products/${p.id}`);
    assert.equal('unit_cost' in pub.body, false);
    assert.equal((await call(t.app, 'GET', url, { token: user.token })).status, 403);
  });

  it('categories: slug derived from the name, duplicate slug 409, public list shows active ones by sort_order', async () => {
    const mk = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/admin/categories', { token: admin.token, body });
    const b = await mk({ name: 'Zeta Things', sort_order: 2 });
    assert.equal(b.status, 201);
    assert.deepEqual(Object.keys(b.body).sort(), ['id', 'is_active', 'name', 'slug', 'sort_order']);
    assert.equal(b.body.slug, 'zeta-things');
    const a = (await mk({ name: 'Alpha', slug: 'alpha', sort_order: 1 })).body;
    const off = (await mk({ name: 'Off', sort_order: 0, is_active: false })).body;
    const dup = await mk({ name: 'Zeta things!' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'conflict');
    assert.equal((await mk({ name: 'Bad', slug: 'Not A Slug' })).status, 400);

    const pub = (await call(t.app, 'GET', '/api/v1/categories?limit=100')).body.items;
    const ours = pub.filter((c: any) => [a.id, b.body.id, off.id].includes(c.id));
    assert.deepEqual(ours.map((c: any) => c.id), [a.id, b.body.id]);
    const sorts = pub.map((c: any) => c.sort_order);
    assert.deepEqual(sorts, [...sorts].sort((x: number, y: number) => x - y));
    const adm = (await call(t.app, 'GET', '/api/v1/admin/categories?limit=100', { token: admin.token })).body.items;
    assert.ok(adm.some((c: any) => c.id === off.id));

    // Paging over (sort_order, id) visits each category once.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page: any = await call(t.app, 'GET', `/api/v1/admin/categories?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: admin.token });
      seen.push(...page.body.items.map((c: any) => c.id));
      cursor = page.body.next_cursor;
      if (!cursor) break;
    }
    assert.deepEqual(seen, adm.map((c: any) => c.id));

    const upd = await call(t.app, 'PUT', `/api/v1/admin/categories/${off.id}`, { token: admin.token, body: { is_active: true, name: 'On' } });
    assert.equal(upd.status, 200);
    assert.deepEqual(upd.body, { ...off, is_active: true, name: 'On' });
    const clash = await call(t.app, 'PUT', `/api/v1/admin/categories/${off.id}`, { token: admin.token, body: { slug: 'alpha' } });
    assert.equal(clash.status, 409);
  });

  it('deleting a category with live products is 409; once they are deleted it goes (204) and detaches them', async () => {
    const cat = (await call(t.app, 'POST', '/api/v1/admin/categories', { token: admin.token, body: { name: 'Short lived' } })).body;
    const p = (await create({ name: 'In short lived', price: 1, category_id: cat.id })).body;
    const refused = await call(t.app, 'DELETE', `/api/v1/admin/categories/${cat.id}`, { token: admin.token });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, 'conflict');
    assert.ok(await db().selectFrom('categories').select('id').where('id', '=', cat.id).executeTakeFirst());

    await call(t.app, 'DELETE', `/api/v1/admin/products/${p.id}`, { token: admin.token });
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/categories/${cat.id}`, { token: admin.token })).status, 204);
    assert.equal(await db().selectFrom('categories').select('id').where('id', '=', cat.id).executeTakeFirst(), undefined);
    const row = await db().selectFrom('products').select('category_id').where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(row.category_id, null);
  });

  it('stock helpers for orders: takeStock is conditional and never goes below zero; returnStock puts units back', async () => {
    const { takeStock, returnStock, findSellableProducts } = await import('../src/modules/catalogue/index.ts');
    const p = (await create({ name: 'Stocked', price: 250, stock: 5 })).body;
    const off = (await create({ name: 'Off sale', price: 1, stock: 5, is_active: false })).body;
    const now = t.clock.now().toISOString();
    const results = await Promise.all(Array.from({ length: 8 }, () => takeStock(db(), p.id, 1, now)));
    assert.equal(results.filter(Boolean).length, 5);
    assert.equal(await takeStock(db(), off.id, 1, now), false);
    assert.equal((await db().selectFrom('products').select('stock').where('id', '=', p.id).executeTakeFirstOrThrow()).stock, 0);
    assert.equal(await returnStock(db(), p.id, 2, now), true);
    const sellable = await findSellableProducts(db(), [p.id, off.id, 'nope', p.id]);
    assert.deepEqual([...sellable.keys()], [p.id]);
    assert.deepEqual(sellable.get(p.id), { id: p.id, name: 'Stocked', price: 250, stock: 2 });
  });
});
