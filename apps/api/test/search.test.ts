/**
 * User and product search go through search indexes (SQLite FTS5 trigram tables, PostgreSQL
 * pg_trgm GIN indexes; migration 10). These tests check that the answers follow every write at
 * once, stay literal for any text, and agree with a plain substring match.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';

describe('search through the search indexes', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const users = async (q: string, extra = '') =>
    (await call(t.app, 'GET', `/api/v1/admin/users?q=${encodeURIComponent(q)}${extra}`, { token: admin.token })).body.items.map((u: { id: string }) => u.id);
  const products = async (q: string) => (await call(t.app, 'GET', `/api/v1/products?q=${encodeURIComponent(q)}`)).body.items.map((p: { id: string }) => p.id);

  it('a user is found by name, email and phone digits from the write that sets them on, and not by what they replaced', async () => {
    const u = await registerUser(t.app, { full_name: 'Quillon Marsh' });
    assert.deepEqual(await users('QUILLON'), [u.id]);
    assert.deepEqual(await users('llon ma'), [u.id], 'any substring, spaces included');
    const put = await call(t.app, 'PUT', `/api/v1/admin/users/${u.id}`, { token: admin.token, body: { full_name: 'Brambleby Hart', email: 'zeta.finch@example.test' } });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(await users('quillon'), []);
    assert.deepEqual(await users('brambleby'), [u.id]);
    assert.deepEqual(await users('FINCH@EXAMPLE'), [u.id]);
    const digits = u.phone.slice(-7);
    assert.deepEqual(await users(`${digits.slice(0, 3)}-${digits.slice(3)}`), [u.id], 'phone digits with a separator');
    // Deletion anonymises the row: its old phone, name and email find nothing any more.
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/users/${u.id}`, { token: admin.token })).status, 204);
    for (const q of [digits, 'brambleby', 'finch']) assert.deepEqual(await users(q, '&include_deleted=true'), [], q);
  });

  it('a write that rolls back leaves the search as it was', async () => {
    const u = await registerUser(t.app, { full_name: 'Ostrava Lind' });
    await assert.rejects(
      db().transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ full_name: 'Never Committed' }).where('id', '=', u.id).execute();
        throw new Error('roll back');
      }),
    );
    assert.deepEqual(await users('ostrava'), [u.id]);
    assert.deepEqual(await users('never committed'), []);
  });

  it('any text is literal: quotes, FTS and LIKE syntax, and queries shorter than three characters', async () => {
    const odd = await registerUser(t.app, { full_name: 'Ann "Zed" O*Neil: AND_x%' });
    const plain = await registerUser(t.app, { full_name: 'Ann Zed ONeil AND x' });
    assert.deepEqual(await users('"zed"'), [odd.id]);
    assert.deepEqual(await users('o*neil:'), [odd.id]);
    assert.deepEqual(await users('and_x%'), [odd.id]);
    assert.deepEqual(await users('neil'), [plain.id, odd.id], 'newest first');
    assert.deepEqual(await users('"'), [odd.id], 'one character');
    assert.deepEqual((await users('O*')).includes(odd.id), true, 'two characters');
    for (const q of ['AND', 'NEAR(', '{full_name}', '*', ')', 'x OR y']) {
      const r = await call(t.app, 'GET', `/api/v1/admin/users?q=${encodeURIComponent(q)}`, { token: admin.token });
      assert.equal(r.status, 200, `${q}: ${r.text}`);
    }
  });

  it('a fragment that thousands of users share lists them newest first, page after page, whatever order the rows were written in', async () => {
    // 12,000 users, 5,664 of them "Zorbly": a common fragment. Only every 100th of the newest
    // 6,400 matches, so the newest users hold less than a page and the search reads further back.
    // The oldest 100 are written last: their rows come after the newest users' rows.
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      id: `0a000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      phone: null,
      full_name: (i < 5600 || i % 100 === 0 ? 'Zorbly ' : 'Plain ') + String(i),
      email: i % 3 === 0 ? `p${i}@example.test` : null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    const written = [...rows.slice(100), ...rows.slice(0, 100)];
    for (let i = 0; i < written.length; i += 500) await db().insertInto('users').values(written.slice(i, i + 500) as never).execute();
    const expected = rows.filter((r) => r.full_name.startsWith('Zorbly')).map((r) => r.id).sort().reverse();
    assert.equal(expected.length, 5664);
    const page = async (query: string) => (await call(t.app, 'GET', `/api/v1/admin/users?q=zorbly${query}`, { token: admin.token })).body as { items: { id: string }[]; next_cursor: string | null };
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 4; i++) {
      const p = await page(`&limit=20${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.items.map((u) => u.id));
      cursor = p.next_cursor;
    }
    assert.deepEqual(seen, expected.slice(0, 80), 'newest first across pages');
    assert.deepEqual((await page('&limit=100')).items.map((u) => u.id), expected.slice(0, 100));
    // An email fragment every third user has, most of them among the newest.
    const mails = rows.filter((r) => r.email !== null).map((r) => r.id).sort().reverse();
    assert.deepEqual(await users('@example.test', '&limit=30'), mails.slice(0, 30));
  });

  it('products are found by name from their creation on, follow a rename, and leave with deletion', async () => {
    const create = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Velvet Quokka Teapot', price: 100 } });
    assert.equal(create.status, 201, create.text);
    const id = create.body.id;
    assert.deepEqual(await products('QUOKKA'), [id]);
    assert.equal((await call(t.app, 'PUT', `/api/v1/admin/products/${id}`, { token: admin.token, body: { name: 'Velvet Wombat Teapot' } })).status, 200);
    assert.deepEqual(await products('quokka'), []);
    assert.deepEqual(await products('wombat'), [id]);
    assert.deepEqual(await products('"'), []);
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/products/${id}`, { token: admin.token })).status, 204);
    assert.deepEqual(await products('wombat'), []);
  });
});
