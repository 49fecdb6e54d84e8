/** Shared steps for the orders tests: products through the admin API, credits through the ledger. */
import assert from 'node:assert/strict';
import { applyMovement } from '../src/modules/ledger/ledger.ts';
import { call, type TestApp, type TestUser } from './helpers.ts';

export async function product(t: TestApp, admin: TestUser, price: number, stock: number, name = 'Item'): Promise<string> {
  const res = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name, price, stock, description: 'x' } });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

/** Credits go in through the ledger itself (an `adjustment`), so balance = ledger sum from the start. */
export async function credit(t: TestApp, userId: string, amount: number): Promise<void> {
  await t.db.database.db.transaction().execute((trx) => applyMovement(t.app.ctx, trx, { userId, type: 'adjustment', amount, reference: 'test' }));
}

export async function stockOf(t: TestApp, id: string): Promise<number> {
  const r = await t.db.database.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(r.stock);
}

export const order = (t: TestApp, u: TestUser, items: unknown, key?: string) =>
  call(t.app, 'POST', '/api/v1/orders', { token: u.token, body: { items }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

export async function countRows(t: TestApp, table: 'orders' | 'order_items' | 'refunds', where?: [string, string]): Promise<number> {
  let q = t.db.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) q = q.where(where[0] as never, '=', where[1] as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
