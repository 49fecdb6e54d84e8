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
 * per-wallet "balance = ledger" check runs in the `verify-ledger-checkpoints` job
 * (`advanceCheckpoints`), which moves per-wallet checkpoints forward and records the wallets that
 * fail (`ledger_failures`). The totals are live. `recheck` checks everything live instead.
 */
import { randomUUID } from 'node:crypto';
import type { Handle } from '../../lib/db-types.ts';
import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../context.ts';
import { own } from './tables.ts';
import { DAY } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { walletSums, firstUserAt } from './admin-users.repository.ts';
import { CLOSE_AFTER, dayOf, ledgerTotal, midnightOf, nextDay, rollUpDays } from './admin-users.service.ts';
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

type Row = Record<string, unknown>;
const listRows = async (db: Handle, q: RawBuilder<Row>): Promise<Row[]> => (await q.execute(own(db))).rows;
const one = async (db: Handle, q: RawBuilder<Row>): Promise<Row> => (await listRows(db, q))[0] ?? {};
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
const rows = (db: Handle, check: RawBuilder<Row>) => listRows(db, sql`with m as materialized (${check}) select * from m order by 1 limit ${limit}`);

/** Lists one check's mismatches, at most MISMATCH_LIMIT. */
function collect(out: Found, found: Row[], make: (r: Row) => MismatchT): void {
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
  // The ledger total sums the dashboard's stored days (as the dashboard does, store what is missing first).
  if (!q.recheck) await rollUpDays(ctx);
  // One snapshot for every check, so that writes landing between two statements never show up as
  // a mismatch (e.g. wallets summed before an order, the ledger after it).
  return inSnapshot(ctx, async (db) => {
    const found = q.recheck ? await rangeChecks(db, { from, to, toIncluded: true }) : await fromVerifiedDays(db, from, to);
    const balances = q.recheck ? await walletsLive(db, found) : await walletsAsOfJob(db, found);
    if (balances.sum_of_balances !== balances.sum_of_ledger) {
      found.mismatches.push({
        kind: 'balance_total_mismatch',
        id: 'wallets',
        detail: `wallets hold ${balances.sum_of_balances} but the ledger sums to ${balances.sum_of_ledger}`,
      });
    }
    return {
      from,
      to,
      currency: ctx.config.currency,
      ...found.figures,
      balances,
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
  const { from, to } = range;
  const inRange = (col: string) => sql`${sql.ref(col)} >= ${from} and ${sql.ref(col)} ${sql.raw(range.toIncluded ? '<=' : '<')} ${to}`;
  const out: Found = { figures: noFigures(), mismatches: [], truncated: false };

  // -- top-ups: completed top-ups (by credit time) vs `topup` ledger rows vs `credited` webhook rows
  const completed = await one(db, sql`select count(*) as count, coalesce(sum(amount), 0) as amount from topups
    where status = 'completed' and ${inRange('credited_at')}`);
  collect(out,
    await rows(db, sql`select id, amount, ledger from (
        select t.id, t.amount, (select l.amount from wallet_transactions l where l.type = 'topup' and l.reference = t.id) as ledger
        from topups t where t.status = 'completed' and ${inRange('t.credited_at')}
      ) x where ledger is null or ledger <> amount`),
    (r) =>
      r.ledger === null
        ? { kind: 'topup_without_ledger', id: str(r.id), detail: `completed top-up of ${n(r.amount)} has no topup ledger row` }
        : { kind: 'topup_amount_mismatch', id: str(r.id), detail: `top-up ${n(r.amount)} but ledger credited ${n(r.ledger)}` },
  );
  // The range's ledger figures, every type in one pass over the range (wallet_transactions_created_idx).
  const ledger = await listRows(db, sql`select type, count(*) as count, coalesce(sum(amount), 0) as amount from wallet_transactions
    where ${inRange('created_at')} group by type`);
  const ledgerOf = (type: string): Row => ledger.find((r) => r.type === type) ?? {};
  const topupLedger = ledgerOf('topup');
  collect(out,
    await rows(db, sql`select l.id, l.amount, l.reference from wallet_transactions l
      where l.type = 'topup' and ${inRange('l.created_at')}
      and coalesce((select t.status from topups t where t.id = l.reference), '') <> 'completed'`),
    (r) => ({ kind: 'ledger_topup_without_topup', id: str(r.id), detail: `ledger topup of ${n(r.amount)} (reference ${str(r.reference)}) has no completed top-up` }),
  );
  const credited = await one(db, sql`select count(*) as count from webhook_logs where outcome = 'credited' and ${inRange('created_at')}`);
  collect(out,
    await rows(db, sql`select w.id, w.topup_id from webhook_logs w
      where w.outcome = 'credited' and ${inRange('w.created_at')}
      and not exists (select 1 from topups t where t.id = w.topup_id and t.status = 'completed')`),
    (r) => ({ kind: 'webhook_credited_without_topup', id: str(r.id), detail: `credited webhook log for top-up ${str(r.topup_id)} has no completed top-up` }),
  );

  // -- orders placed in range vs their payment ledger rows in range (reference = order id, amount = -total)
  const placed = await one(db, sql`select count(*) as count, coalesce(sum(total), 0) as amount from orders where ${inRange('created_at')}`);
  collect(out,
    await rows(db, sql`select o.id, o.total, p.paid from orders o
      left join (select reference, -sum(amount) as paid from wallet_transactions
        where type = 'order_payment' and ${inRange('created_at')} group by reference) p on p.reference = o.id
      where ${inRange('o.created_at')} and (p.paid is null or p.paid <> o.total)`),
    (r) =>
      r.paid === null
        ? { kind: 'order_without_payment', id: str(r.id), detail: `order total ${n(r.total)} has no order_payment ledger row` }
        : { kind: 'order_payment_mismatch', id: str(r.id), detail: `order total ${n(r.total)} but ledger debited ${n(r.paid)}` },
  );
  // A payment in range for an order outside it (clock edge) is checked against the order itself.
  collect(out,
    await rows(db, sql`select l.id, l.amount from wallet_transactions l
      where l.type = 'order_payment' and ${inRange('l.created_at')} and not exists (select 1 from orders o where o.id = l.reference)`),
    (r) => ({ kind: 'payment_without_order', id: str(r.id), detail: `order_payment of ${-n(r.amount)} references no order` }),
  );

  // -- refunds: for orders in range, refund rows and their ledger rows (reference = refund id) sum
  // to refunded_amount. An order's refunds come after it, so only refunds since `from` can belong
  // to an order in range whose refunded_amount says 0.
  await refundChecks(db, out, sql`${inRange('o.created_at')} and (o.refunded_amount <> 0 or o.id in (select order_id from refunds where created_at >= ${from}))`);
  const ledgerRefunds = ledgerOf('order_refund');
  const refundRows = await one(db, sql`select count(*) as count, coalesce(sum(amount), 0) as amount from refunds where ${inRange('created_at')}`);

  // -- balances, bounded by the range: every ledger row in range continues its wallet's running
  // balance (balance_after = the previous row's + amount), and every wallet that moved in range
  // holds its newest row's balance_after. Reconciling consecutive ranges covers all history.
  collect(out,
    await rows(db, sql`select id, user_id, amount, balance_after, before from (
        select r.user_id, r.id, r.amount, r.balance_after,
          coalesce(r.prev, (select p.balance_after from wallet_transactions p where p.user_id = r.user_id and p.id < r.id order by p.id desc limit 1), 0) as before
        from (select l.user_id, l.id, l.amount, l.balance_after, lag(l.balance_after) over (partition by l.user_id order by l.id) as prev
          from wallet_transactions l where ${inRange('l.created_at')}) r
      ) x where balance_after <> before + amount`),
    (r) => ({
      kind: 'balance_mismatch',
      id: str(r.user_id),
      detail: `ledger row ${str(r.id)}: balance_after ${n(r.balance_after)} but previous balance ${n(r.before)} + amount ${n(r.amount)}`,
    }),
  );
  out.figures = {
    topups: {
      completed: { count: n(completed.count), amount: n(completed.amount) },
      ledger: { count: n(topupLedger.count), amount: n(topupLedger.amount) },
      webhook_credited: { count: n(credited.count) },
    },
    orders: {
      placed: { count: n(placed.count), amount: n(placed.amount) },
      ledger_payments: { count: n(ledgerOf('order_payment').count), amount: -n(ledgerOf('order_payment').amount) },
      refunds: { count: n(refundRows.count), amount: n(refundRows.amount) },
      ledger_refunds: { count: n(ledgerRefunds.count), amount: n(ledgerRefunds.amount) },
    },
  };
  return out;
}

/** The refund check for the orders `orders` selects (a condition on `o`): refund rows and their ledger rows sum to refunded_amount. */
async function refundChecks(db: Handle, out: Found, orders: RawBuilder<unknown>): Promise<void> {
  collect(
    out,
    await rows(db, sql`select id, want, refund_rows, ledger from (
        select o.id, o.refunded_amount as want,
          (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = o.id) as refund_rows,
          (select coalesce(sum(l.amount), 0) from refunds r join wallet_transactions l on l.type = 'order_refund' and l.reference = r.id
            where r.order_id = o.id) as ledger
        from orders o
        where ${orders}
      ) x where refund_rows <> want or ledger <> want`),
    (r) => ({ kind: 'refund_mismatch', id: str(r.id), detail: `refunded_amount ${n(r.want)}, refund rows ${n(r.refund_rows)}, ledger refunds ${n(r.ledger)}` }),
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
    parts.push({ figures: JSON.parse(d.figures) as Figures, mismatches: JSON.parse(d.mismatches) as MismatchT[], truncated: d.mismatches_truncated === 1 });
    cursor = midnightOf(nextDay(d.day));
  }
  parts.push(await rangeChecks(db, { from: cursor, to, toIncluded: true }));
  if (stored.length > 0) {
    const seen = stored.reduce((min, d) => (d.seen_before < min ? d.seen_before : min), stored[0]!.seen_before);
    const late = sql<Row>`select distinct r.order_id from refunds r join orders lo on lo.id = r.order_id
      join reconciled_days d on d.day = substr(lo.created_at, 1, 10)
      where r.created_at >= ${seen} and d.day >= ${stored[0]!.day} and d.day <= ${stored.at(-1)!.day} and r.created_at >= d.seen_before`;
    const again: Found = { figures: noFigures(), mismatches: [], truncated: false };
    await refundChecks(db, again, sql`o.id in (${late})`);
    // A stored refund mismatch of an order checked again here is replaced by what it finds now.
    if (parts.some((p) => p.mismatches.some((m) => m.kind === 'refund_mismatch'))) {
      const ids = new Set((await listRows(db, late)).map((r) => str(r.order_id)));
      for (const p of parts) p.mismatches = p.mismatches.filter((m) => m.kind !== 'refund_mismatch' || !ids.has(m.id));
    }
    parts.push(again);
  }
  return merge(parts);
}

/** Parts of one range added up; each kind of mismatch lists at most MISMATCH_LIMIT. */
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

/** A wallet failing "balance = ledger", as the live check or the job (`ledger_failures`) found it. */
function walletMismatch(r: Row, asOf: string): MismatchT {
  const detail =
    n(r.stale) === 1
      ? r.last_entry_id === null
        ? `balance ${n(r.credits)} but no ledger row`
        : r.last_entry_id === r.since
          ? `balance ${n(r.credits)} but its ledger was verified through row ${str(r.since)} at ${n(r.base)} and has no newer row`
          : `newest ledger row ${str(r.last_entry_id)} is older than the verified row ${str(r.since)}`
      : r.broken !== null
        ? `ledger row ${str(r.broken)} does not continue the running balance`
        : `balance ${n(r.credits)} but the ledger ${r.since === null ? 'sums' : `verified through row ${str(r.since)} plus the rows since sums`} to ${n(r.base) + n(r.added)}`;
  return { kind: 'balance_mismatch', id: str(r.user_id), detail: detail + asOf };
}

const failureColumns = sql`user_id, stale, credits, last_entry_id, since, base, added, broken`;

type Balances = Reconciliation['balances'];

/**
 * The all-time balances, from the `verify-ledger-checkpoints` job's last run: the wallets it found
 * failing (`ledger_failures`, an index read), with when it ran. The totals are live and exact:
 * the wallets' sum (the dashboard's partial-index read) against the ledger's (the dashboard's
 * stored days + a live scan since the last stored midnight).
 */
async function walletsAsOfJob(db: Handle, out: Found): Promise<Balances> {
  const ran = await own(db).selectFrom('reconciliation_runs').select('ran_at').where('job', '=', 'verify-ledger-checkpoints').executeTakeFirst();
  if (ran) {
    const asOf = ` (as of the verify-ledger-checkpoints run at ${ran.ran_at})`;
    collect(out, await listRows(db, sql`select ${failureColumns} from ledger_failures order by user_id limit ${limit}`), (r) => walletMismatch(r, asOf));
  }
  const sums = await walletSums(db);
  const count = await one(db, sql`select count(*) as count from wallets`);
  return { wallets: n(count.count), sum_of_balances: n(sums.credits), sum_of_ledger: await ledgerTotal(db) };
}

/** Every wallet with its checkpoint; `past` = 1 when its newest ledger row is after it (or it has none). */
const withCheckpoint = sql`select w.user_id, w.shopping_credits as credits, w.last_entry_id, c.entry_id as since, coalesce(c.balance, 0) as base,
    case when w.last_entry_id > coalesce(c.entry_id, '') then 1 else 0 end as past
  from wallets w left join ledger_checkpoints c on c.user_id = w.user_id`;

/**
 * A wallet whose balance no longer agrees with its checkpoint although its ledger has no newer
 * row (or none at all), or whose newest row is older than its checkpoint.
 */
const stale = sql`(last_entry_id is null and (credits <> 0 or since is not null))
  or (last_entry_id = since and credits <> base) or last_entry_id < since`;

/**
 * Every wallet with its checkpoint (`since`, `base`); for a wallet past it, `added` = the sum of
 * its rows since and `broken` = how many of them do not continue the running balance (each
 * compared with its predecessor since the checkpoint, or with the checkpoint's balance): index
 * probes (wallet_transactions_user_idx) for those wallets only.
 */
const pastChecked = sql`select user_id, credits, last_entry_id, since, base, past,
    case when past = 1 then (select coalesce(sum(l.amount), 0) from wallet_transactions l where l.user_id = y.user_id and l.id > coalesce(y.since, '')) end as added,
    case when past = 1 then (select count(*) from wallet_transactions l where l.user_id = y.user_id and l.id > coalesce(y.since, '')
      and l.balance_after <> l.amount + coalesce((select p.balance_after from wallet_transactions p
        where p.user_id = l.user_id and p.id < l.id and p.id > coalesce(y.since, '') order by p.id desc limit 1), y.base)) end as broken
  from (${withCheckpoint}) y`;

/**
 * Every wallet whose newest ledger row is past its checkpoint (or that has none yet), with its
 * rows since: `added` their sum, `broken` the first whose balance_after is not the previous
 * row's (or the checkpoint's balance) plus its amount. One pass over those rows only
 * (wallet_transactions_user_idx), however long the history behind the checkpoint.
 */
const movedWallets = sql`
  with m as materialized (
    select w.user_id, w.shopping_credits as credits, w.last_entry_id, c.entry_id as since, coalesce(c.balance, 0) as base
    from wallets w left join ledger_checkpoints c on c.user_id = w.user_id
    where w.last_entry_id > coalesce(c.entry_id, '')
  ), r as (
    select l.user_id, l.amount,
      case when l.balance_after <> coalesce(lag(l.balance_after) over (partition by l.user_id order by l.id), m.base) + l.amount then l.id end as broken
    from m join wallet_transactions l on l.user_id = m.user_id and l.id > coalesce(m.since, '')
  )
  select m.user_id, m.credits, m.last_entry_id, m.since, m.base, coalesce(sum(r.amount), 0) as added, min(r.broken) as broken
  from m left join r on r.user_id = m.user_id
  group by m.user_id, m.credits, m.last_entry_id, m.since, m.base`;
const brokenWallet = sql`broken is not null or base + added <> credits`;


/**
 * `recheck`: the all-time balances live, in one pass over the wallets: every wallet at its
 * checkpoint must still hold the checkpoint's balance (a balance changed without a ledger row is
 * found even if the wallet never moves again); every wallet past it (it moved since the last
 * `verify-ledger-checkpoints` job, or failed there) has its rows since the checkpoint checked by
 * index probes: each continues the running balance, and they end at the wallet's balance.
 * sum_of_ledger = checkpoints + rows since.
 */
async function walletsLive(db: Handle, out: Found): Promise<Balances> {
  const wallets = await one(db, sql`select count(*) as count, coalesce(sum(credits), 0) as amount,
      coalesce(sum(case when past = 1 then base + added when last_entry_id = since then base else 0 end), 0) as ledger,
      coalesce(sum(case when ${stale} then 1 else 0 end), 0) as stale,
      coalesce(sum(case when past = 1 and (broken > 0 or base + added <> credits) then 1 else 0 end), 0) as broken
    from (${pastChecked}) x`);
  if (n(wallets.stale) > 0) collect(out, await rows(db, staleWallets), (r) => walletMismatch(r, ''));
  if (n(wallets.broken) > 0) collect(out, await rows(db, brokenWallets), (r) => walletMismatch(r, ''));
  return { wallets: n(wallets.count), sum_of_balances: n(wallets.amount), sum_of_ledger: n(wallets.ledger) };
}

const staleWallets = sql<Row>`select user_id, 1 as stale, credits, last_entry_id, since, base, null as added, null as broken from (${withCheckpoint}) y where ${stale}`;
const brokenWallets = sql<Row>`select user_id, 0 as stale, credits, last_entry_id, since, base, added, broken from (${movedWallets}) v where ${brokenWallet}`;

/**
 * The `verify-ledger-checkpoints` job. Moves every wallet's checkpoint to its newest ledger row
 * when the rows since the checkpoint continue its running balance and end at the wallet's balance;
 * a wallet that fails keeps its checkpoint. Then records every wallet that fails (those, and those
 * at their checkpoint whose balance no longer agrees with it: one pass over the wallets) in
 * `ledger_failures`, dropping the wallets that pass again, and when it ran (`reconciliation_runs`):
 * the report lists them from there. Returns the checkpoints moved.
 *
 * A checkpoint can never claim a row that commits later: a wallet's ledger ids only grow in
 * commit order (every movement's conditional UPDATE requires `last_entry_id < id` under the
 * wallet's row lock, and writes the row in the same transaction), so a row committed after the
 * statement's snapshot sorts after the wallet's `last_entry_id` seen there. Concurrent runs (two
 * instances' jobs) only ever move a checkpoint forward, and write in user_id order so that they
 * queue rather than deadlock; the failures left are the last run's.
 */
export async function advanceCheckpoints(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const runId = randomUUID();
  const run = async (db: Handle) => {
    const advanced = Number(
      (
        await sql`insert into ledger_checkpoints (user_id, entry_id, balance, verified_at)
      select user_id, last_entry_id, credits, ${now} from (${movedWallets}) v where not (${brokenWallet}) order by user_id
      on conflict (user_id) do update set entry_id = excluded.entry_id, balance = excluded.balance, verified_at = excluded.verified_at
      where ledger_checkpoints.entry_id < excluded.entry_id`.execute(own(db))
      ).numAffectedRows ?? 0,
    );
    // `where true`: SQLite's upsert after a SELECT needs a WHERE to parse.
    await sql`insert into ledger_failures (${failureColumns}, found_at, run_id)
      select ${failureColumns}, ${now}, ${runId} from (${staleWallets} union all ${brokenWallets}) f where true order by user_id
      on conflict (user_id) do update set stale = excluded.stale, credits = excluded.credits, last_entry_id = excluded.last_entry_id,
        since = excluded.since, base = excluded.base, added = excluded.added, broken = excluded.broken, found_at = excluded.found_at, run_id = excluded.run_id`.execute(own(db));
    await own(db).deleteFrom('ledger_failures').where('run_id', '<>', runId).execute();
    await own(db)
      .insertInto('reconciliation_runs')
      .values({ job: 'verify-ledger-checkpoints', ran_at: now })
      .onConflict((oc) => oc.column('job').doUpdateSet({ ran_at: now }))
      .execute();
    return advanced;
  };
  // On SQLite each statement alone (each takes the write lock, waiting out another instance's;
  // a transaction would hold it across all four); PostgreSQL gets room to sort.
  if (ctx.dialect !== 'postgres') return run(ctx.db);
  return own(ctx.db).transaction().execute(async (db) => {
    await sql`set local work_mem = '64MB'`.execute(own(db));
    return run(db);
  });
}
