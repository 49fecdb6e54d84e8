/**
 * `GET /admin/reconciliation`: checks, for a date range, that every money record has its twin —
 * top-ups vs ledger vs webhook log, order payments and refunds vs ledger — and that the wallets
 * agree with their ledgers. Read-only. Every check is one SQL statement (joins, anti-joins,
 * aggregates over index range scans): nothing is loaded into the API but the figures and the
 * mismatches (at most MISMATCH_LIMIT per check), so any range answers (docs/orders.md).
 * The all-time "balance = ledger" check is incremental: per-wallet checkpoints (`ledger_checkpoints`)
 * move forward over the rows verified, so each run reads only what was written since the last.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../lib/db-types.ts';
import { DAY } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
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
const listRows = async (db: Executor, q: RawBuilder<Row>): Promise<Row[]> => (await q.execute(db)).rows;
const one = async (db: Executor, q: RawBuilder<Row>): Promise<Row> => (await listRows(db, q))[0] ?? {};
const str = (v: unknown): string => String(v ?? 'null');

export async function reconcile(ctx: Ctx, q: { from?: string; to?: string }): Promise<Reconciliation> {
  const nowD = ctx.clock.now();
  const toD = parseBound(q.to, 'to', nowD);
  const fromD = parseBound(q.from, 'from', new Date(toD.getTime() - 30 * DAY));
  if (toD.getTime() <= fromD.getTime()) throw badRequest('to must be after from', [{ field: 'querystring/to', message: 'must be after from' }]);
  const from = fromD.toISOString();
  const to = toD.toISOString();
  // One snapshot for every check, so that writes landing between two statements never show up as
  // a mismatch (e.g. wallets summed before an order, the ledger after it). PostgreSQL gets room to
  // sort and hash a long range in memory (docs/operations.md).
  const snapshot = ctx.dialect === 'postgres' ? ctx.db.transaction().setIsolationLevel('repeatable read') : ctx.db.transaction();
  return snapshot.execute(async (db) => {
    if (ctx.dialect === 'postgres') await sql`set local work_mem = '64MB'`.execute(db);
    return checks(ctx, db, from, to);
  });
}

async function checks(ctx: Ctx, db: Executor, from: string, to: string): Promise<Reconciliation> {
  const inRange = (col: string) => sql`${sql.ref(col)} >= ${from} and ${sql.ref(col)} <= ${to}`;
  const limit = sql.lit(MISMATCH_LIMIT + 1); // one more than listed tells whether the list is cut
  const mismatches: MismatchT[] = [];
  let truncated = false;
  const collect = (found: Row[], make: (r: Row) => MismatchT) => {
    if (found.length > MISMATCH_LIMIT) truncated = true;
    for (const r of found.slice(0, MISMATCH_LIMIT)) mismatches.push(make(r));
  };
  // A check's rows are computed whole (MATERIALIZED), then the first MISMATCH_LIMIT by their
  // first column are listed. Without the fence the planner would see "order by … limit" and pick
  // plans that walk whole indexes in order hoping to stop early — which a clean range never does.
  // Lookups of a row's twin are scalar subqueries, i.e. one index probe per row of the range:
  // joined instead, PostgreSQL hashed or merged whole tables (all top-ups, all wallets) even for
  // a week (docs/performance.md).
  const rows = (db: Executor, check: RawBuilder<Row>) => listRows(db, sql`with m as materialized (${check}) select * from m order by 1 limit ${limit}`);

  // -- top-ups: completed top-ups (by credit time) vs `topup` ledger rows vs `credited` webhook rows
  const completed = await one(db, sql`select count(*) as count, coalesce(sum(amount), 0) as amount from topups
    where status = 'completed' and ${inRange('credited_at')}`);
  collect(
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
  collect(
    await rows(db, sql`select l.id, l.amount, l.reference from wallet_transactions l
      where l.type = 'topup' and ${inRange('l.created_at')}
      and coalesce((select t.status from topups t where t.id = l.reference), '') <> 'completed'`),
    (r) => ({ kind: 'ledger_topup_without_topup', id: str(r.id), detail: `ledger topup of ${n(r.amount)} (reference ${str(r.reference)}) has no completed top-up` }),
  );
  const credited = await one(db, sql`select count(*) as count from webhook_logs where outcome = 'credited' and ${inRange('created_at')}`);
  collect(
    await rows(db, sql`select w.id, w.topup_id from webhook_logs w
      where w.outcome = 'credited' and ${inRange('w.created_at')}
      and not exists (select 1 from topups t where t.id = w.topup_id and t.status = 'completed')`),
    (r) => ({ kind: 'webhook_credited_without_topup', id: str(r.id), detail: `credited webhook log for top-up ${str(r.topup_id)} has no completed top-up` }),
  );

  // -- orders placed in range vs their payment ledger rows in range (reference = order id, amount = -total)
  const placed = await one(db, sql`select count(*) as count, coalesce(sum(total), 0) as amount from orders where ${inRange('created_at')}`);
  collect(
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
  collect(
    await rows(db, sql`select l.id, l.amount from wallet_transactions l
      where l.type = 'order_payment' and ${inRange('l.created_at')} and not exists (select 1 from orders o where o.id = l.reference)`),
    (r) => ({ kind: 'payment_without_order', id: str(r.id), detail: `order_payment of ${-n(r.amount)} references no order` }),
  );

  // -- refunds: for orders in range, refund rows and their ledger rows (reference = refund id) sum
  // to refunded_amount. An order's refunds come after it, so only refunds since `from` can belong
  // to an order in range whose refunded_amount says 0.
  collect(
    await rows(db, sql`select id, want, refund_rows, ledger from (
        select o.id, o.refunded_amount as want,
          (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = o.id) as refund_rows,
          (select coalesce(sum(l.amount), 0) from refunds r join wallet_transactions l on l.type = 'order_refund' and l.reference = r.id
            where r.order_id = o.id) as ledger
        from orders o
        where ${inRange('o.created_at')} and (o.refunded_amount <> 0 or o.id in (select order_id from refunds where created_at >= ${from}))
      ) x where refund_rows <> want or ledger <> want`),
    (r) => ({ kind: 'refund_mismatch', id: str(r.id), detail: `refunded_amount ${n(r.want)}, refund rows ${n(r.refund_rows)}, ledger refunds ${n(r.ledger)}` }),
  );
  const ledgerRefunds = ledgerOf('order_refund');
  const refundRows = await one(db, sql`select count(*) as count, coalesce(sum(amount), 0) as amount from refunds where ${inRange('created_at')}`);

  // -- balances, bounded by the range: every ledger row in range continues its wallet's running
  // balance (balance_after = the previous row's + amount), and every wallet that moved in range
  // holds its newest row's balance_after. Reconciling consecutive ranges covers all history.
  collect(
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
  // All time, incrementally, in one pass over the wallets: every wallet at its checkpoint must
  // still hold the checkpoint's balance (a balance changed without a ledger row is found even if
  // the wallet never moves again); every wallet past it (it moved since the last
  // `verify-ledger-checkpoints` job, or failed there) has its rows since the checkpoint checked by
  // index probes: each continues the running balance, and they end at the wallet's balance.
  // sum_of_ledger = checkpoints + rows since. The report writes nothing; the job moves checkpoints.
  const wallets = await one(db, sql`select count(*) as count, coalesce(sum(credits), 0) as amount,
      coalesce(sum(case when past = 1 then base + added when last_entry_id = since then base else 0 end), 0) as ledger,
      coalesce(sum(case when ${stale} then 1 else 0 end), 0) as stale,
      coalesce(sum(case when past = 1 and (broken > 0 or base + added <> credits) then 1 else 0 end), 0) as broken
    from (${pastChecked}) x`);
  if (n(wallets.stale) > 0) {
    collect(
      await rows(db, sql`select user_id, credits, last_entry_id, since, base from (${withCheckpoint}) y where ${stale}`),
      (r) => ({
        kind: 'balance_mismatch',
        id: str(r.user_id),
        detail:
          r.last_entry_id === null
            ? `balance ${n(r.credits)} but no ledger row`
            : r.last_entry_id === r.since
              ? `balance ${n(r.credits)} but its ledger was verified through row ${str(r.since)} at ${n(r.base)} and has no newer row`
              : `newest ledger row ${str(r.last_entry_id)} is older than the verified row ${str(r.since)}`,
      }),
    );
  }
  if (n(wallets.broken) > 0) {
    collect(
      await rows(db, sql`select user_id, credits, base, added, broken, since from (${movedWallets}) v where ${brokenWallet}`),
      (r) => ({
        kind: 'balance_mismatch',
        id: str(r.user_id),
        detail:
          r.broken !== null
            ? `ledger row ${str(r.broken)} does not continue the running balance`
            : `balance ${n(r.credits)} but the ledger ${r.since === null ? 'sums' : `verified through row ${str(r.since)} plus the rows since sums`} to ${n(r.base) + n(r.added)}`,
      }),
    );
  }
  const sumLedger = n(wallets.ledger);
  if (n(wallets.amount) !== sumLedger) {
    mismatches.push({ kind: 'balance_total_mismatch', id: 'wallets', detail: `wallets hold ${n(wallets.amount)} but the ledger sums to ${sumLedger}` });
  }

  return {
    from,
    to,
    currency: ctx.config.currency,
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
    balances: { wallets: n(wallets.count), sum_of_balances: n(wallets.amount), sum_of_ledger: sumLedger },
    ok: mismatches.length === 0,
    mismatches,
    mismatches_truncated: truncated,
  };
}

/**
 * A wallet whose balance no longer agrees with its checkpoint although its ledger has no newer
 * row (or none at all), or whose newest row is older than its checkpoint.
 */
/** Every wallet with its checkpoint; `past` = 1 when its newest ledger row is after it (or it has none). */
const withCheckpoint = sql`select w.user_id, w.shopping_credits as credits, w.last_entry_id, c.entry_id as since, coalesce(c.balance, 0) as base,
    case when w.last_entry_id > coalesce(c.entry_id, '') then 1 else 0 end as past
  from wallets w left join ledger_checkpoints c on c.user_id = w.user_id`;

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
 * Moves every wallet's checkpoint to its newest ledger row when the rows since the checkpoint
 * continue its running balance and end at the wallet's balance; a wallet that fails keeps its
 * checkpoint, so the report lists it (and every later run again) until it is put right.
 *
 * One statement, so it reads one snapshot. A checkpoint can never claim a row that commits
 * later: a wallet's ledger ids only grow in commit order (every movement's conditional UPDATE
 * requires `last_entry_id < id` under the wallet's row lock, and writes the row in the same
 * transaction), so a row committed after this snapshot sorts after the wallet's `last_entry_id`
 * seen here. Concurrent runs (two instances' jobs, a job and a report) only ever move a
 * checkpoint forward, and write in user_id order so that they queue rather than deadlock.
 */
export async function advanceCheckpoints(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const advance = async (db: Executor) =>
    Number(
      (
        await sql`insert into ledger_checkpoints (user_id, entry_id, balance, verified_at)
      select user_id, last_entry_id, credits, ${now} from (${movedWallets}) v where not (${brokenWallet}) order by user_id
      on conflict (user_id) do update set entry_id = excluded.entry_id, balance = excluded.balance, verified_at = excluded.verified_at
      where ledger_checkpoints.entry_id < excluded.entry_id`.execute(db)
      ).numAffectedRows ?? 0,
    );
  // On SQLite the statement alone (it takes the write lock at once, waiting out another instance's
  // run; a transaction begun as a read could not be upgraded); PostgreSQL gets room to sort.
  if (ctx.dialect !== 'postgres') return advance(ctx.db);
  return ctx.db.transaction().execute(async (db) => {
    await sql`set local work_mem = '64MB'`.execute(db);
    return advance(db);
  });
}
