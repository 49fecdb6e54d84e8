import { sql, type RawBuilder } from 'kysely';
import { PLAN_PER_CALL, type Dialect } from '../../db/kysely.ts';
import type { Handle } from '../../lib/db-types.ts';
import { own, read, type DailyFiguresTable, type UserNotesTable } from './tables.ts';
import type { Selectable } from 'kysely';
import { trigramPhrase } from '../../lib/search.ts';
import { ORDERS_TO_FULFIL } from '../orders/index.ts';

const listColumns = [
  'id', 'phone', 'full_name', 'email', 'email_verified', 'email_verified_at', 'is_admin', 'referral_code', 'referred_by',
  'created_at', 'updated_at', 'deleted_at',
] as const;

/** `%` and `_` in the search text are literal. */
const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Newest first. `q` matches phone (digits and +), name or email, case-insensitively, as a
 * substring, and `phone` (the number `q` names, `searchedPhone` of src/lib/phone.ts) the phone, through the search indexes (src/lib/search.ts): SQLite's FTS5 table, PostgreSQL's
 * trigram indexes on the same expressions as below. A common fragment on SQLite reads only the
 * newest users' part of the index (`newestMatches`); docs/performance.md, "Search".
 */
export async function listUsers(
  db: Handle,
  dialect: Dialect,
  f: { q?: string; phone?: string | null; includeDeleted: boolean; from?: string; to?: string; hasOrders?: boolean; hasBalance?: boolean; before: string | null; limit: number },
) {
  let q = read(db).selectFrom('users').select(listColumns);
  if (!f.includeDeleted) q = q.where('deleted_at', 'is', null);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  // Each probes one index per user walked (orders by customer, the wallet by its key).
  if (f.hasOrders !== undefined) {
    const some = sql<boolean>`exists (select 1 from orders where orders.user_id = users.id)`;
    q = q.where(f.hasOrders ? some : sql<boolean>`not ${some}`);
  }
  if (f.hasBalance !== undefined) {
    const some = sql<boolean>`exists (select 1 from wallets where wallets.user_id = users.id and wallets.shopping_credits > 0)`;
    q = q.where(f.hasBalance ? some : sql<boolean>`not ${some}`);
  }
  if (f.before !== null) q = q.where('id', '<', f.before);
  const text = f.q?.trim();
  if (text) {
    // The typed digits as a fragment, and the whole number as sign-in reads it (a national form
    // with a trunk 0 is no fragment of the stored E.164).
    const phones = [...new Set([text.replace(/[\s\-().]/g, ''), f.phone ?? ''])].filter((p) => p !== '');
    const textPhrase = trigramPhrase(text);
    const phonePhrases = phones.map(trigramPhrase);
    if (dialect === 'sqlite' && textPhrase !== null && phonePhrases.every((p) => p !== null)) {
      const match = [`{full_name email} : ${textPhrase}`, ...phonePhrases.map((p) => `phone : ${p}`)].join(' OR ');
      return newestMatches(db, q, match, f.before, f.limit);
    }
    const pattern = `%${likeEscape(text.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(email, ''))`, 'like', sql`${pattern} escape '\\'`),
        ...phones.map((p) => eb(sql`coalesce(phone, '')`, 'like', sql`${`%${likeEscape(p)}%`} escape '\\'`)),
      ]),
    );
  }
  return q.orderBy('id', 'desc').limit(f.limit).modifyEnd(sql.raw(text ? PLAN_PER_CALL : '')).execute();
}

/** More matches than this and a fragment is common: the SQLite search reads the newest users' part of its index only. */
const FEW_MATCHES = 5000;
/** Windows tried before every match is ranked (each four times the last). */
const WINDOWS = 6;

const usersQuery = (db: Handle) => read(db).selectFrom('users').select(listColumns);

/**
 * SQLite: the newest `limit` users of `q` matching the FTS5 expression `match`. The lookup first
 * lists the newest FEW_MATCHES + 1 matching rowids (the limit inside the lookup). A rare fragment
 * (at most FEW_MATCHES) has them all, ranked by id. A common one would rank every match (50,000
 * for a first name at 1 M users), so it is looked for among the newest `window` users only: their smallest rowid bounds the FTS5 lookup
 * (`rowid >= lo`, which FTS5 serves by seeking each posting list; cast, since a JavaScript number
 * binds as a real, and FTS5 then reads every posting from the start). Any match outside the window
 * has a smaller rowid, so it is older than the window's oldest id: a full page of rows no older
 * than that id is the exact answer. Otherwise the window grows, and past the last one every match
 * is ranked. The first window holds about two pages of matches at the density the first lookup
 * saw among the newest rows: each lookup reads the fragment's posting lists, so one window is
 * cheaper than several small ones.
 */
async function newestMatches(db: Handle, q: ReturnType<typeof usersQuery>, match: string, before: string | null, limit: number) {
  const byId = (lo: number | null) =>
    q
      .where(sql<boolean>`users.rowid in (select rowid from users_search where users_search match ${match}${lo === null ? sql`` : sql` and rowid >= cast(${lo} as integer)`})`)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  const newestRows = await sql<{ rowid: number }>`select rowid from users_search where users_search match ${match} order by rowid desc limit ${FEW_MATCHES + 1}`.execute(read(db));
  const found = newestRows.rows.map((r) => r.rowid);
  if (found.length <= FEW_MATCHES) {
    // Every match is in hand: ranked by id without a second lookup.
    return q.where(sql<boolean>`users.rowid in (select value from json_each(${JSON.stringify(found)}))`).orderBy('id', 'desc').limit(limit).execute();
  }
  const top = (await sql<{ top: number }>`select max(rowid) as top from users`.execute(read(db))).rows[0]!.top;
  const [n, low] = [found.length, found[found.length - 1]!];
  let window = Math.max(4 * limit, Math.ceil((2 * limit * (top - low + 1)) / n));
  for (let i = 0; i < WINDOWS; i++, window *= 4) {
    const newest = read(db).selectFrom('users').select(['id', sql<number>`rowid`.as('rowid')]).orderBy('id', 'desc').limit(window);
    const edge = await read(db)
      .selectFrom((before === null ? newest : newest.where('id', '<', before)).as('w'))
      .select((eb) => [eb.fn.min('w.rowid').as('lo'), eb.fn.min('w.id').as('oldest'), eb.fn.countAll().as('n')])
      .executeTakeFirstOrThrow();
    if (Number(edge.n) === 0) return [];
    const rows = await byId(Number(edge.lo));
    if (Number(edge.n) < window || (rows.length === limit && rows[limit - 1]!.id >= (edge.oldest as string))) return rows;
  }
  return byId(null);
}

export function findUserAnyState(db: Handle, id: string) {
  return read(db).selectFrom('users').select(listColumns).where('id', '=', id).executeTakeFirst();
}

export function findWallet(db: Handle, userId: string) {
  return read(db).selectFrom('wallets').select(['shopping_credits', 'reward_points', 'e_vouchers']).where('user_id', '=', userId).executeTakeFirst();
}

const n = (v: unknown): number => Number(v ?? 0);

/** One day's (or any range's) figures, as stored per day in `daily_figures`. */
export type Figures = Omit<DailyFiguresTable, 'day' | 'created_at'>;
const figureKeys = [
  'new_users', 'deleted_users', 'orders', 'order_payments', 'refunds', 'topups', 'topup_amount', 'ledger_net', 'tickets_opened', 'deletion_requests',
] as const;

const toFigures = (r: Record<string, unknown> | undefined): Figures =>
  Object.fromEntries(figureKeys.map((k) => [k, n(r?.[k])])) as unknown as Figures;

/**
 * Figures of the rows created in [from, to) (`to` null: up to now), in one statement. Each part
 * is a range scan of a `created_at`-like index, so the cost follows the range, not the history.
 */
export async function liveFigures(db: Handle, from: string, to: string | null): Promise<Figures> {
  const range = (col: RawBuilder<unknown>) => (to === null ? sql`${col} >= ${from}` : sql`${col} >= ${from} and ${col} < ${to}`);
  const r = await sql<Record<string, unknown>>`select
    (select count(*) from users where ${range(sql.ref('created_at'))}) as new_users,
    (select count(*) from users where deleted_at is not null and ${range(sql.ref('deleted_at'))}) as deleted_users,
    (select count(*) from orders where ${range(sql.ref('created_at'))}) as orders,
    l.order_payments, l.refunds, l.topups, l.topup_amount, l.ledger_net,
    (select count(*) from tickets where ${range(sql.ref('created_at'))}) as tickets_opened,
    (select count(*) from deletion_requests where ${range(sql.ref('requested_at'))}) as deletion_requests
    from (select
      coalesce(sum(case when type = 'order_payment' then -amount else 0 end), 0) as order_payments,
      coalesce(sum(case when type = 'order_refund' then amount else 0 end), 0) as refunds,
      coalesce(sum(case when type = 'topup' then 1 else 0 end), 0) as topups,
      coalesce(sum(case when type = 'topup' then amount else 0 end), 0) as topup_amount,
      coalesce(sum(amount), 0) as ledger_net
      from wallet_transactions where ${range(sql.ref('created_at'))}) l`.execute(own(db));
  return toFigures(r.rows[0]);
}

/** The stored days in [fromDay, toDay) summed (both `YYYY-MM-DD`; null: unbounded). */
export async function storedFigures(db: Handle, fromDay: string | null, toDay: string | null): Promise<Figures> {
  let q = own(db).selectFrom('daily_figures').select((eb) => figureKeys.map((k) => eb.fn.sum<number>(k).as(k)));
  if (fromDay !== null) q = q.where('day', '>=', fromDay);
  if (toDay !== null) q = q.where('day', '<', toDay);
  return toFigures(await q.executeTakeFirst());
}

/** The stored days from `fromDay` on, oldest first. */
export function storedDays(db: Handle, fromDay: string) {
  return own(db).selectFrom('daily_figures').select(['day', ...figureKeys]).where('day', '>=', fromDay).orderBy('day').execute();
}

/** The newest stored day, or null. */
export async function lastStoredDay(db: Handle): Promise<string | null> {
  const r = await own(db).selectFrom('daily_figures').select((eb) => eb.fn.max('day').as('day')).executeTakeFirst();
  return (r?.day as string | null | undefined) ?? null;
}

/** When the first account was made: history starts there (every other row needs a user). */
export async function firstUserAt(db: Handle): Promise<string | null> {
  const r = await read(db).selectFrom('users').select((eb) => eb.fn.min('created_at').as('at')).executeTakeFirst();
  return (r?.at as string | null | undefined) ?? null;
}

/** Stores one closed day; a day another instance stored first stays as it is. */
export async function storeDay(db: Handle, day: string, f: Figures, now: string): Promise<void> {
  await own(db).insertInto('daily_figures').values({ day, ...f, created_at: now }).onConflict((oc) => oc.column('day').doNothing()).execute();
}

/**
 * Point-in-time figures: outstanding points and vouchers, open tickets, pending deletions (live
 * users and the liability in credits come from the daily figures and the ledger).
 */
export async function currentFigures(db: Handle) {
  // The predicate repeats the partial index's (migration 15): only wallets holding points or vouchers are read.
  const wallets = await read(db)
    .selectFrom('wallets')
    .select((eb) => [eb.fn.sum<number>('reward_points').as('points'), eb.fn.sum<number>('e_vouchers').as('vouchers')])
    .where(sql<boolean>`reward_points <> 0 or e_vouchers <> 0`)
    .executeTakeFirstOrThrow();
  const tickets = await read(db)
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['open', 'awaiting_user'])
    .executeTakeFirstOrThrow();
  // Paid at placement and not shipped yet (docs/orders.md, "State machine"): a range of `orders_status_idx` per status.
  const toFulfil = await read(db).selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('status', 'in', [...ORDERS_TO_FULFIL]).executeTakeFirstOrThrow();
  const pending = await read(db).selectFrom('deletion_requests').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return {
    reward_points_outstanding: n(wallets.points),
    e_vouchers_outstanding: n(wallets.vouchers),
    open_tickets: n(tickets.n),
    orders_to_fulfil: n(toFulfil.n),
    pending_deletion_requests: n(pending.n),
  };
}

export type UserNoteRow = Selectable<UserNotesTable>;

export async function insertUserNote(db: Handle, row: UserNoteRow): Promise<void> {
  await own(db).insertInto('user_notes').values(row).execute();
}

/** A user's notes, newest first, at most `limit`, through `user_notes_user_idx`. */
export function listUserNotes(db: Handle, userId: string, limit: number): Promise<UserNoteRow[]> {
  return own(db).selectFrom('user_notes').select(['id', 'user_id', 'admin_id', 'note', 'created_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}
