import { sql } from 'kysely';
import type { Executor } from '../../lib/db-types.ts';

const listColumns = [
  'id', 'phone', 'full_name', 'email', 'email_verified', 'email_verified_at', 'is_admin', 'referral_code', 'referred_by',
  'created_at', 'updated_at', 'deleted_at',
] as const;

/** `%` and `_` in the search text are literal. */
const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first. `q` matches phone (digits and +), name or email, case-insensitively, as a substring. */
export function listUsers(db: Executor, f: { q?: string; includeDeleted: boolean; before: string | null; limit: number }) {
  let q = db.selectFrom('users').select(listColumns);
  if (!f.includeDeleted) q = q.where('deleted_at', 'is', null);
  const text = f.q?.trim();
  if (text) {
    const pattern = `%${likeEscape(text.toLowerCase())}%`;
    const phone = text.replace(/[\s\-().]/g, '');
    const phonePattern = `%${likeEscape(phone)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(email, ''))`, 'like', sql`${pattern} escape '\\'`),
        ...(phone ? [eb(sql`coalesce(phone, '')`, 'like', sql`${phonePattern} escape '\\'`)] : []),
      ]),
    );
  }
  if (f.before !== null) q = q.where('id', '<', f.before);
  return q.orderBy('id', 'desc').limit(f.limit + 1).execute();
}

export function findUserAnyState(db: Executor, id: string) {
  return db.selectFrom('users').select(listColumns).where('id', '=', id).executeTakeFirst();
}

export function findWallet(db: Executor, userId: string) {
  return db.selectFrom('wallets').select(['shopping_credits', 'reward_points', 'e_vouchers']).where('user_id', '=', userId).executeTakeFirst();
}

const n = (v: unknown): number => Number(v ?? 0);

/** Headline figures since `since` (ISO). Money in minor units; orders from the orders table. */
export async function windowFigures(db: Executor, since: string) {
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow();
  const orders = await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('wallet_transactions')
    .select((eb) => [
      eb.fn.sum<number>(sql`case when type = 'order_payment' then -amount else 0 end`).as('paid'),
      eb.fn.sum<number>(sql`case when type = 'order_refund' then amount else 0 end`).as('refunded'),
      eb.fn.sum<number>(sql`case when type = 'topup' then 1 else 0 end`).as('topups'),
      eb.fn.sum<number>(sql`case when type = 'topup' then amount else 0 end`).as('topup_amount'),
    ])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const tickets = await db.selectFrom('tickets').select((eb) => eb.fn.countAll().as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow();
  const deletions = await db
    .selectFrom('deletion_requests')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('requested_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    new_users: n(users.n),
    orders: n(orders.n),
    revenue: n(ledger.paid) - n(ledger.refunded),
    refunds: n(ledger.refunded),
    topups: n(ledger.topups),
    topup_amount: n(ledger.topup_amount),
    tickets_opened: n(tickets.n),
    deletion_requests: n(deletions.n),
  };
}

/** Point-in-time figures: live users, what the wallets owe, open tickets, pending deletions. */
export async function currentFigures(db: Executor) {
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  const wallets = await db
    .selectFrom('wallets')
    .select((eb) => [eb.fn.sum<number>('shopping_credits').as('credits'), eb.fn.sum<number>('reward_points').as('points'), eb.fn.sum<number>('e_vouchers').as('vouchers')])
    .executeTakeFirstOrThrow();
  const tickets = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['open', 'awaiting_user'])
    .executeTakeFirstOrThrow();
  const pending = await db.selectFrom('deletion_requests').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return {
    users: n(users.n),
    wallet_liability: n(wallets.credits),
    reward_points_outstanding: n(wallets.points),
    e_vouchers_outstanding: n(wallets.vouchers),
    open_tickets: n(tickets.n),
    pending_deletion_requests: n(pending.n),
  };
}
