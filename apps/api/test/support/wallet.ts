/** Shared steps for the wallet tests: signed payment-server calls, top-ups, and the ledger invariant. */
import assert from 'node:assert/strict';
import { sign } from '@storefront/signing';
import { call, type Res, type TestApp } from '../helpers.ts';

export const SECRET = 'store-webhook-secret-0123456789';
export const NEXT_SECRET = 'store-webhook-secret-next-abcdef';
export const PAGE_BASE = 'https://pay.example.test/topup';

export const nowSeconds = (t: TestApp): number => Math.floor(t.clock.now().getTime() / 1000);

/** A call from the payment server: the JSON text is signed exactly as it is sent. */
export function signedCall(
  t: TestApp,
  path: string,
  body: unknown,
  options: { secret?: string; at?: number; header?: string | null; raw?: string } = {},
): Promise<Res> {
  const raw = options.raw ?? JSON.stringify(body);
  const header = options.header === undefined ? sign(options.secret ?? SECRET, raw, options.at ?? nowSeconds(t)) : options.header;
  const headers: Record<string, string> = {};
  if (header !== null) headers['x-store-signature'] = header;
  return call(t.app, 'POST', `/api/v1/wallet/${path}`, { raw, headers });
}

export async function initiate(t: TestApp, token: string, amount: number): Promise<{ token: string; url: string; expires_at: string }> {
  const res = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token, body: { amount } });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

export const creditBody = (token: string, amount: number, txn: string, gateway = 'gateway_a') => ({
  token,
  amount,
  currency: 'INR',
  gateway,
  gateway_txn_id: txn,
});

export async function balanceOf(t: TestApp, userId: string): Promise<number> {
  const w = await t.db.database.db.selectFrom('wallets').select('shopping_credits').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(w.shopping_credits);
}

/** The invariant every scenario ends with: balance = sum of the ledger, never negative. */
export async function assertLedgerMatches(t: TestApp, userId: string): Promise<number> {
  const db = t.db.database.db;
  const rows = await db.selectFrom('wallet_transactions').select(['amount', 'balance_after', 'id']).where('user_id', '=', userId).orderBy('id').execute();
  const sum = rows.reduce((s, r) => s + Number(r.amount), 0);
  const balance = await balanceOf(t, userId);
  assert.equal(balance, sum, 'balance equals the sum of the ledger');
  assert.ok(balance >= 0, 'balance is never negative');
  let running = 0;
  for (const r of rows) {
    running += Number(r.amount);
    assert.equal(Number(r.balance_after), running, 'each balance_after is the running sum');
  }
  return balance;
}

export async function webhookLogs(t: TestApp) {
  return t.db.database.db.selectFrom('webhook_logs').selectAll().orderBy('id').execute();
}
