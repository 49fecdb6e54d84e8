/**
 * `GET /admin/reconciliation`: checks, for a date range, that every money record has its twin —
 * top-ups vs ledger vs webhook log, order payments and refunds vs ledger — and that the wallets
 * agree with their ledgers. Read-only. Every check is one SQL statement (joins, anti-joins,
 * aggregates over index range scans): nothing is loaded into the API but the figures and the
 * mismatches (at most MISMATCH_LIMIT per check), so any range answers (docs/orders.md).
 *
 * What a job already did is not redone (docs/orders.md, "Reconciliation"): each closed UTC day's
 * range checks run once (`verifyDays`, stored in `reconciled_days`), so a report checks live only
 * the partial days at its ends and the refunds that came after a day was checked; the all-time
 * per-wallet "balance = ledger" check is the ledger's (`ledger/checkpoints.ts`): its
 * `verify-ledger-checkpoints` job records the wallets that fail and the whole shop's totals, which
 * the report reads as of that run (live only before its first run). `recheck` checks everything
 * live instead.
 *
 * The report reads every module's tables through their views (`read()`): the figures are Kysely;
 * the twin checks (anti-joins and scalar subqueries behind a MATERIALIZED fence, which hold their
 * plans) are raw SQL typed with the row they answer.
 */
import type { Handle } from '../../lib/db-types.ts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Ctx } from '../../context.ts';
import { failureDetail, lastRun, walletsLive as ledgerLive, type TransactionRow, type TransactionType, type WalletFailure } from '../ledger/index.ts';

/** The ledger columns a finding names. */
type LedgerLine = Pick<TransactionRow, 'id' | 'amount' | 'reference'>;
import { own, read } from './tables.ts';
import { DAY } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { firstUserAt } from './admin-users.repository.ts';
import { CLOSE_AFTER, dayOf, midnightOf, nextDay } from './admin-users.service.ts';
import type { MismatchT, Reconciliation } from './reconciliation.schemas.ts';

function parseBound(v: string | undefined, field: string, fallback: Date): Date {
  if (v === undefined) return fallback;
  // A date (YYYY-MM-DD) or a full ISO-8601 date-time with a zone.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v)) {
    throw badRequest(`${field} must be an ISO-8601 date or date-time`, [{ field: `querystring/${field}`, message: 'expected ISO-8601' }]);
  }
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badRequest(`${field} is not a valid date`, [{ field: `querystring/${field}`, message: 'invalid date' }]);
  return d;
}

const n = (v: unknown): number => Number(v ?? 0);

/** Each check lists at most this many mismatches (its figures still count every row). */
export const MISMATCH_LIMIT = 1000;

const str = (v: unknown): string => String(v ?? 'null');

/** The range figures a report sums, and what its checks found. */
type Figures = Pick<Reconciliation, 'topups' | 'orders'>;
interface Found {
  figures: Figures;
  mismatches: MismatchT[];
  truncated: boolean;
}

const limit = sql.lit(MISMATCH_LIMIT + 1); // one more than listed tells whether the list is cut
// A check's rows are computed whole (MATERIALIZED), then the first MISMATCH_LIMIT by their
// first column are listed. Without the fence the planner would see "order by … limit" and pick
// plans that walk whole indexes in order hoping to stop early — which a clean range never does.
// Lookups of a row's twin are scalar subqueries, i.e. one index probe per row of the range:
// joined instead, PostgreSQL hashed or merged whole tables (all top-ups, all wallets) even for
// a week (docs/performance.md).
const rows = async <T>(db: Handle, check: RawBuilder<T>): Promise<T[]> =>
  (await sql<T>`with m as materialized (${check}) select * from m order by 1 limit ${limit}`.execute(read(db))).rows;

/** Lists one check's mismatches, at most MISMATCH_LIMIT. */
function collect<T>(out: Found, found: T[], make: (r: T) => MismatchT): void {
  if (found.length > MISMATCH_LIMIT) out.truncated = true;
  for (const r of found.slice(0, MISMATCH_LIMIT)) out.mismatches.push(make(r));
}

const noFigures = (): Figures => ({
  topups: { completed: { count: 0, amount: 0 }, ledger: { count: 0, amount: 0 }, webhook_credited: { count: 0 } },
  orders: { placed: { count: 0, amount: 0 }, ledger_payments: { count: 0, amount: 0 }, refunds: { count: 0, amount: 0 }, ledger_refunds: { count: 0, amount: 0 } },
});

/** `a` + `b`, figure by figure. */
function addFigures<T>(a: T, b: T): T {
  if (typeof a === 'number') return (a + (b as number)) as T;
  return Object.fromEntries(Object.entries(a as object).map(([k, v]) => [k, addFigures(v, (b as Record<string, unknown>)[k])])) as T;
}

/** Runs `work` on one snapshot (PostgreSQL: repeatable read, with room to sort and hash a long range: docs/operations.md). */
function inSnapshot<T>(ctx: Ctx, work: (db: Handle) => Promise<T>): Promise<T> {
  const snapshot = ctx.dialect === 'postgres' ? own(ctx.db).transaction().setIsolationLevel('repeatable read') : own(ctx.db).transaction();
  return snapshot.execute(async (db) => {
    if (ctx.dialect === 'postgres') await sql`set local work_mem = '64MB'`.execute(own(db));
    return work(db);
  });
}

export async function reconcile(ctx: Ctx, q: { from?: string; to?: string; recheck?: boolean }): Promise<Reconciliation> {
  const nowD = ctx.clock.now();
  const toD = parseBound(q.to, 'to', nowD);
  const fromD = parseBound(q.from, 'from', new Date(toD.getTime() - 30 * DAY));
  if (toD.getTime() <= fromD.getTime()) throw badRequest('to must be after from', [{ field: 'querystring/to', message: 'must be after from' }]);
  const from = fromD.toISOString();
  const to = toD.toISOString();
  // One snapshot for every check, so that writes landing between two statements never show up as
  // a mismatch (e.g. wallets summed before an order, the ledger after it).
  return inSnapshot(ctx, async (db) => {
    const found = q.recheck ? await rangeChecks(db, { from, to, toIncluded: true }) : await fromVerifiedDays(db, from, to);
    const { balances, asOf } = q.recheck ? { balances: await walletsLive(db, found), asOf: null } : await walletsAsOfJob(db, found);
    if (balances.sum_of_balances !== balances.sum_of_ledger) {
      found.mismatches.push({
        kind: 'balance_total_mismatch',
        id: 'wallets',
        detail: `wallets hold ${balances.sum_of_balances} but the ledger sums to ${balances.sum_of_ledger}${asOf === null ? '' : asOfRun(asOf)}`,
      });
    }
    return {
      from,
      to,
      currency: ctx.config.currency,
      ...found.figures,
      balances,
      balances_as_of: asOf,
      ok: found.mismatches.length === 0,
      mismatches: found.mismatches,
      mismatches_truncated: found.truncated,
    };
  });
}

/** A sub-range of a report: `from` included, `to` included only at the report's own end. */
interface Range {
  from: string;
  to: string;
  toIncluded: boolean;
}

/**
 * The range checks over one range, all live: the one code path for a report's partial days, the
 * `recheck` report and the day job (`verifyDays`).
 */
async function rangeChecks(db: Handle, range: Range): Promise<Found> {
  const { from } = range;
  const inRange = within(range);
  const out: Found = { figures: noFigures(), mismatches: [], truncated: false };
  const r = read(db);

  // -- top-ups: completed top-ups (by credit time) vs `topup` ledger rows vs `credited` webhook rows
  const completed = await r
    .selectFrom('topups')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('amount'), sql.lit(0)).as('amount')])
    .where('status', '=', 'completed')
    .where(inRange(sql.ref('credited_at')))
    .executeTakeFirstOrThrow();
  collect(out,
    await rows(db, sql<{ id: string; amount: number; ledger: number | null }>`select id, amount, ledger from (
        select t.id, t.amount, (select l.amount from wallet_transactions l where l.type = 'topup' and l.reference = t.id) as ledger
        from topups t where t.status = 'completed' and ${inRange(sql.ref('t.credited_at'))}
      ) x where ledger is null or ledger <> amount`),
    (m) =>
      m.ledger === null
        ? { kind: 'topup_without_ledger', id: str(m.id), detail: `completed top-up of ${n(m.amount)} has no topup ledger row` }
        : { kind: 'topup_amount_mismatch', id: str(m.id), detail: `top-up ${n(m.amount)} but ledger credited ${n(m.ledger)}` },
  );
  // The range's ledger figures, every type in one pass over the range (wallet_transactions_created_idx).
  const ledger = await r
    .selectFrom('wallet_transactions')
    .select((eb) => ['type', eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('amount'), sql.lit(0)).as('amount')])
    .where(inRange(sql.ref('created_at')))
    .groupBy('type')
    .execute();
  const ledgerOf = (type: TransactionType): { count: number; amount: number } => {
    const row = ledger.find((l) => l.type === type);
    return { count: n(row?.count), amount: n(row?.amount) };
  };
  collect(out,
    await rows(db, sql<LedgerLine>`select l.id, l.amount, l.reference from wallet_transactions l
      where l.type = 'topup' and ${inRange(sql.ref('l.created_at'))}
      and coalesce((select t.status from topups t where t.id = l.reference), '') <> 'completed'`),
    (m) => ({ kind: 'ledger_topup_without_topup', id: str(m.id), detail: `ledger topup of ${n(m.amount)} (reference ${str(m.reference)}) has no completed top-up` }),
  );
  const credited = await r
    .selectFrom('webhook_logs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('outcome', '=', 'credited')
    .where(inRange(sql.ref('created_at')))
    .executeTakeFirstOrThrow();
  collect(out,
    await rows(db, sql<{ id: string; topup_id: string | null }>`select w.id, w.topup_id from webhook_logs w
      where w.outcome = 'credited' and ${inRange(sql.ref('w.created_at'))}
      and not exists (select 1 from topups t where t.id = w.topup_id and t.status = 'completed')`),
    (m) => ({ kind: 'webhook_credited_without_topup', id: str(m.id), detail: `credited webhook log for top-up ${str(m.topup_id)} has no completed top-up` }),
  );

  // -- orders placed in range vs their payment ledger rows in range (reference = order id, amount = -total)
  const placed = await r
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('total'), sql.lit(0)).as('amount')])
    .where(inRange(sql.ref('created_at')))
    .executeTakeFirstOrThrow();
  collect(out,
    await rows(db, sql<{ id: string; total: number; paid: number | null }>`select o.id, o.total, p.paid from orders o
      left join (select reference, -sum(amount) as paid from wallet_transactions
        where type = 'order_payment' and ${inRange(sql.ref('created_at'))} group by reference) p on p.reference = o.id
      where ${inRange(sql.ref('o.created_at'))} and (p.paid is null or p.paid <> o.total)`),
    (m) =>
      m.paid === null
        ? { kind: 'order_without_payment', id: str(m.id), detail: `order total ${n(m.total)} has no order_payment ledger row` }
        : { kind: 'order_payment_mismatch', id: str(m.id), detail: `order total ${n(m.total)} but ledger debited ${n(m.paid)}` },
  );
  // A payment in range for an order outside it (clock edge) is checked against the order itself.
  collect(out,
    await rows(db, sql<{ id: string; amount: number }>`select l.id, l.amount from wallet_transactions l
      where l.type = 'order_payment' and ${inRange(sql.ref('l.created_at'))} and not exists (select 1 from orders o where o.id = l.reference)`),
    (m) => ({ kind: 'payment_without_order', id: str(m.id), detail: `order_payment of ${-n(m.amount)} references no order` }),
  );

  // -- refunds: for orders in range, refund rows and their ledger rows (reference = refund id) sum
  // to refunded_amount. An order's refunds come after it, so only refunds since `from` can belong
  // to an order in range whose refunded_amount says 0.
  await refundChecks(db, out, sql`${inRange(sql.ref('o.created_at'))} and (o.refunded_amount <> 0 or o.id in (select order_id from refunds where created_at >= ${from}))`);
  const refundRows = await r
    .selectFrom('refunds')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('amount'), sql.lit(0)).as('amount')])
    .where(inRange(sql.ref('created_at')))
    .executeTakeFirstOrThrow();
  if (refundsDisagree({ count: n(refundRows.count), amount: n(refundRows.amount) }, ledgerOf('order_refund'))) await refundCreditsWithoutRefund(db, out, range);

  // -- balances, bounded by the range: every ledger row in range continues its wallet's running
  // balance (balance_after = the previous row's + amount), and every wallet that moved in range
  // holds its newest row's balance_after. Reconciling consecutive ranges covers all history.
  collect(out,
    await rows(db, sql<Pick<TransactionRow, 'id' | 'user_id' | 'amount' | 'balance_after'> & { before: number }>`select id, user_id, amount, balance_after, before from (
        select r.user_id, r.id, r.amount, r.balance_after,
          coalesce(r.prev, (select p.balance_after from wallet_transactions p where p.user_id = r.user_id and p.id < r.id order by p.id desc limit 1), 0) as before
        from (select l.user_id, l.id, l.amount, l.balance_after, lag(l.balance_after) over (partition by l.user_id order by l.id) as prev
          from wallet_transactions l where ${inRange(sql.ref('l.created_at'))}) r
      ) x where balance_after <> before + amount`),
    (m) => ({
      kind: 'balance_mismatch',
      id: str(m.user_id),
      detail: `ledger row ${str(m.id)}: balance_after ${n(m.balance_after)} but previous balance ${n(m.before)} + amount ${n(m.amount)}`,
    }),
  );
  const payments = ledgerOf('order_payment');
  out.figures = {
    topups: {
      completed: { count: n(completed.count), amount: n(completed.amount) },
      ledger: ledgerOf('topup'),
      webhook_credited: { count: n(credited.count) },
    },
    orders: {
      placed: { count: n(placed.count), amount: n(placed.amount) },
      ledger_payments: { count: payments.count, amount: -payments.amount },
      refunds: { count: n(refundRows.count), amount: n(refundRows.amount) },
      ledger_refunds: ledgerOf('order_refund'),
    },
  };
  return out;
}

/** `range` as a condition on a time column. */
const within = (range: Range) => (col: RawBuilder<unknown>) => sql<SqlBool>`${col} >= ${range.from} and ${col} ${sql.raw(range.toIncluded ? '<=' : '<')} ${range.to}`;

const ORPHAN_REFUND_CREDIT = 'ledger_refund_without_refund';

/**
 * Whether a range's refund rows and its `order_refund` ledger rows differ in count or sum. A refund
 * and its ledger credit are written together, so in a clean range they agree, and only a range
 * where they do not is searched row by row for credits that no refund explains (at 1 M customers
 * that search reads every refund credit of the range: seconds for a year from a cold cache).
 */
const refundsDisagree = (refunds: { count: number; amount: number }, ledger: { count: number; amount: number }) =>
  refunds.count !== ledger.count || refunds.amount !== ledger.amount;

/**
 * Refund credits in `range` whose reference is no refund: money into a wallet that no refund
 * explains (`refundChecks` starts from the orders, so it cannot see them). Checked live over a
 * report's stored days too (`fromVerifiedDays`), for the days whose stored figures disagree: days
 * stored before this check existed lack it.
 */
async function refundCreditsWithoutRefund(db: Handle, out: Found, range: Range): Promise<void> {
  collect(out,
    await rows(db, sql<LedgerLine>`select l.id, l.amount, l.reference from wallet_transactions l
      where l.type = 'order_refund' and ${within(range)(sql.ref('l.created_at'))} and not exists (select 1 from refunds r where r.id = l.reference)`),
    (m) => ({ kind: ORPHAN_REFUND_CREDIT, id: str(m.id), detail: `ledger order_refund of ${n(m.amount)} (reference ${str(m.reference)}) has no refund` }),
  );
}

/** The refund check for the orders `orders` selects (a condition on `o`): refund rows and their ledger rows sum to refunded_amount. */
async function refundChecks(db: Handle, out: Found, orders: RawBuilder<unknown>): Promise<void> {
  collect(
    out,
    await rows(db, sql<{ id: string; want: number; refund_rows: number; ledger: number }>`select id, want, refund_rows, ledger from (
        select o.id, o.refunded_amount as want,
          (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = o.id) as refund_rows,
          (select coalesce(sum(l.amount), 0) from refunds r join wallet_transactions l on l.type = 'order_refund' and l.reference = r.id
            where r.order_id = o.id) as ledger
        from orders o
        where ${orders}
      ) x where refund_rows <> want or ledger <> want`),
    (m) => ({ kind: 'refund_mismatch', id: str(m.id), detail: `refunded_amount ${n(m.want)}, refund rows ${n(m.refund_rows)}, ledger refunds ${n(m.ledger)}` }),
  );
}

type DayRow = { day: string; figures: string; mismatches: string; mismatches_truncated: number; seen_before: string };

/**
 * The range checks of [from, to] from what the day job stored: live checks over the parts no
 * stored day covers (the partial days at both ends, any day not verified yet), the stored whole
 * days, and the refund check again, live, for orders of stored days that got a refund the day's
 * check may not have seen (created at or after its `seen_before`: refunds come after their order).
 */
async function fromVerifiedDays(db: Handle, from: string, to: string): Promise<Found> {
  const firstDay = from === midnightOf(dayOf(from)) ? dayOf(from) : nextDay(dayOf(from));
  const endDay = dayOf(to); // days that end at or before `to`
  const stored: DayRow[] =
    firstDay < endDay
      ? await own(db).selectFrom('reconciled_days').select(['day', 'figures', 'mismatches', 'mismatches_truncated', 'seen_before'])
          .where('day', '>=', firstDay).where('day', '<', endDay).orderBy('day').execute()
      : [];
  const parts: Found[] = [];
  let cursor = from;
  for (const d of stored) {
    if (cursor < midnightOf(d.day)) parts.push(await rangeChecks(db, { from: cursor, to: midnightOf(d.day), toIncluded: false }));
    const mismatches = (JSON.parse(d.mismatches) as MismatchT[]).filter((m) => m.kind !== ORPHAN_REFUND_CREDIT);
    parts.push({ figures: JSON.parse(d.figures) as Figures, mismatches, truncated: d.mismatches_truncated === 1 });
    cursor = midnightOf(nextDay(d.day));
  }
  parts.push(await rangeChecks(db, { from: cursor, to, toIncluded: true }));
  if (stored.length > 0) {
    const seen = stored.reduce((min, d) => (d.seen_before < min ? d.seen_before : min), stored[0]!.seen_before);
    const late = sql<{ order_id: string }>`select distinct r.order_id from refunds r join orders lo on lo.id = r.order_id
      join reconciled_days d on d.day = substr(lo.created_at, 1, 10)
      where r.created_at >= ${seen} and d.day >= ${stored[0]!.day} and d.day <= ${stored.at(-1)!.day} and r.created_at >= d.seen_before`;
    const again: Found = { figures: noFigures(), mismatches: [], truncated: false };
    await refundChecks(db, again, sql`o.id in (${late})`);
    // A stored refund mismatch of an order checked again here is replaced by what it finds now.
    if (parts.some((p) => p.mismatches.some((m) => m.kind === 'refund_mismatch'))) {
      const ids = new Set((await late.execute(read(db))).rows.map((r) => r.order_id));
      for (const p of parts) p.mismatches = p.mismatches.filter((m) => m.kind !== 'refund_mismatch' || !ids.has(m.id));
    }
    for (const d of stored) {
      const { refunds, ledger_refunds } = (JSON.parse(d.figures) as Figures).orders;
      if (refundsDisagree(refunds, ledger_refunds)) await refundCreditsWithoutRefund(db, again, { from: midnightOf(d.day), to: midnightOf(nextDay(d.day)), toIncluded: false });
    }
    parts.push(again);
  }
  return merge(parts);
}

/**
 * Parts of one range added up; each kind of mismatch lists at most MISMATCH_LIMIT. The parts do
 * not overlap (live ranges, stored days, and the live recheck whose kinds `fromVerifiedDays`
 * removes from the stored days first), so no finding is listed twice.
 */
function merge(parts: Found[]): Found {
  const out: Found = { figures: noFigures(), mismatches: [], truncated: false };
  const listed = new Map<string, number>();
  for (const p of parts) {
    out.figures = addFigures(out.figures, p.figures);
    out.truncated ||= p.truncated;
    for (const m of p.mismatches) {
      const k = listed.get(m.kind) ?? 0;
      if (k >= MISMATCH_LIMIT) out.truncated = true;
      else {
        listed.set(m.kind, k + 1);
        out.mismatches.push(m);
      }
    }
  }
  return out;
}

/**
 * Each closed UTC day's range checks, once, oldest first (the days stored are one unbroken run
 * from the first account on, as `rollUpDays` stores the dashboard's). A day is checked 10 minutes
 * after it ends (CLOSE_AFTER), on one snapshot, and stored with `seen_before` = then − CLOSE_AFTER:
 * rows created before that had committed. Two instances may run it at once: the second insert of a
 * day does nothing. Returns the days stored.
 */
export async function verifyDays(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const last = (await own(ctx.db).selectFrom('reconciled_days').select((eb) => eb.fn.max('day').as('day')).executeTakeFirst())?.day as string | null | undefined;
  let day = last ? nextDay(last) : await firstUserAt(ctx.db).then((at) => (at === null ? null : dayOf(at)));
  let stored = 0;
  while (day !== null && Date.parse(midnightOf(nextDay(day))) + CLOSE_AFTER <= now.getTime()) {
    const range = { from: midnightOf(day), to: midnightOf(nextDay(day)), toIncluded: false };
    // On SQLite without a transaction (one would take the write lock, BEGIN IMMEDIATE, and hold it
    // across the statements): the day is closed, so its rows no longer change.
    const found = ctx.dialect === 'postgres' ? await inSnapshot(ctx, (db) => rangeChecks(db, range)) : await rangeChecks(ctx.db, range);
    // Outside the snapshot: in PostgreSQL's repeatable read, a day another instance stored meanwhile would be a serialization failure, not a conflict.
    await own(ctx.db)
      .insertInto('reconciled_days')
      .values({
        day,
        figures: JSON.stringify(found.figures),
        mismatches: JSON.stringify(found.mismatches),
        mismatches_truncated: found.truncated ? 1 : 0,
        seen_before: new Date(now.getTime() - CLOSE_AFTER).toISOString(),
        verified_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    stored++;
    day = nextDay(day);
  }
  return stored;
}

/** A wallet failing "balance = ledger", as the ledger's job or live check found it. */
const walletMismatch = (f: WalletFailure, asOf: string): MismatchT => ({ kind: 'balance_mismatch', id: f.user_id, detail: failureDetail(f) + asOf });

type Balances = Reconciliation['balances'];

const asOfRun = (at: string): string => ` (as of the verify-ledger-checkpoints run at ${at})`;

/**
 * The all-time balances, from the `verify-ledger-checkpoints` job's last run, read whatever the
 * number of wallets (a primary-key read and an index read): the wallets it found failing
 * (`ledger_failures`), and the totals it took in its pass over every wallet, exact as of
 * `asOf` (when it read them). Before the job's first run (a new shop) there is nothing to read:
 * the wallets are checked live, as `recheck` does, and `asOf` is null.
 */
async function walletsAsOfJob(db: Handle, out: Found): Promise<{ balances: Balances; asOf: string | null }> {
  const run = await lastRun(db, MISMATCH_LIMIT);
  if (!run?.totals) return { balances: await walletsLive(db, out), asOf: null };
  collect(out, run.failures, (f) => walletMismatch(f, asOfRun(run.ranAt)));
  const t = run.totals;
  return { balances: { wallets: t.wallets, sum_of_balances: t.sumOfBalances, sum_of_ledger: t.sumOfLedger }, asOf: t.at };
}

/**
 * `recheck`: the all-time balances live (the ledger's `walletsLive`: every wallet against its
 * checkpoint, and the rows since it), sum_of_ledger = checkpoints + rows since.
 */
async function walletsLive(db: Handle, out: Found): Promise<Balances> {
  const live = await ledgerLive(db, MISMATCH_LIMIT);
  collect(out, live.stale, (f) => walletMismatch(f, ''));
  collect(out, live.broken, (f) => walletMismatch(f, ''));
  return { wallets: live.wallets, sum_of_balances: live.sumOfBalances, sum_of_ledger: live.sumOfLedger };
}
