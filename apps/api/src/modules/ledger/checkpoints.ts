/**
 * "Balance = ledger" for every wallet, all time, without rereading all history: per-wallet
 * checkpoints (`ledger_checkpoints`: the ledger verified through `entry_id`, leaving `balance`)
 * moved forward by the `verify-ledger-checkpoints` job (`advanceCheckpoints`), which records the
 * wallets that fail (`ledger_failures`), when it ran and the whole shop's wallet totals
 * (`reconciliation_runs`). The back office's reconciliation report lists the job's findings and
 * totals (`lastRun`) or, on `recheck`, checks live (`walletsLive`) (docs/orders.md, "Reconciliation").
 *
 * Queries the builder can say are Kysely; the checks over running balances (window functions,
 * correlated scalar subqueries, MATERIALIZED fences that hold their plans) are raw SQL typed with
 * the row they answer.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../context.ts';
import type { Handle } from '../../lib/db-types.ts';
import { own } from './tables.ts';

/** A wallet failing "balance = ledger", as the job stored it or the live check found it. */
export interface WalletFailure {
  user_id: string;
  /** 1: at (or behind) its checkpoint yet disagreeing with it; 0: its rows since the checkpoint fail. */
  stale: number;
  credits: number;
  last_entry_id: string | null;
  /** The checkpoint's ledger row (null: none yet). */
  since: string | null;
  /** The checkpoint's balance (0 without one). */
  base: number;
  /** The sum of the rows since the checkpoint (stale wallets: null). */
  added: number | null;
  /** The first row since the checkpoint that does not continue the running balance. */
  broken: string | null;
}

const n = (v: unknown): number => Number(v ?? 0);

/** What is wrong with a failing wallet, in words (the report's `balance_mismatch` detail). */
export function failureDetail(r: WalletFailure): string {
  if (n(r.stale) === 1) {
    if (r.last_entry_id === null) return `balance ${n(r.credits)} but no ledger row`;
    if (r.last_entry_id === r.since) return `balance ${n(r.credits)} but its ledger was verified through row ${r.since} at ${n(r.base)} and has no newer row`;
    return `newest ledger row ${r.last_entry_id} is older than the verified row ${String(r.since)}`;
  }
  if (r.broken !== null) return `ledger row ${r.broken} does not continue the running balance`;
  return `balance ${n(r.credits)} but the ledger ${r.since === null ? 'sums' : `verified through row ${r.since} plus the rows since sums`} to ${n(r.base) + n(r.added)}`;
}

/**
 * A check's rows computed whole (MATERIALIZED), then the first `limit` + 1 by their first column
 * (one more than listed tells whether the list is cut). Without the fence the planner would see
 * "order by … limit" and walk whole indexes in order hoping to stop early.
 */
async function firstRows<T>(db: Handle, check: RawBuilder<T>, limit: number): Promise<T[]> {
  return (await sql<T>`with m as materialized (${check}) select * from m order by 1 limit ${sql.lit(limit + 1)}`.execute(own(db))).rows;
}

const failureColumns = sql`user_id, stale, credits, last_entry_id, since, base, added, broken`;

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

const staleWallets = sql<WalletFailure>`select user_id, 1 as stale, credits, last_entry_id, since, base, null as added, null as broken from (${withCheckpoint}) y where ${stale}`;
const brokenWallets = sql<WalletFailure>`select user_id, 0 as stale, credits, last_entry_id, since, base, added, broken from (${movedWallets}) v where ${brokenWallet}`;

/** The whole shop's wallets, summed: `LiveBalances`' totals, or a run's as of `at`. */
export interface WalletTotals {
  wallets: number;
  sumOfBalances: number;
  /** Every wallet's checkpoint balance plus the rows since. */
  sumOfLedger: number;
}

/**
 * The last `verify-ledger-checkpoints` run: the wallets it found failing (at most `limit` + 1, by
 * user), when it ran, and the totals it took (null for a run before migration 29); null before
 * its first run. Two primary-key and index reads, whatever the number of wallets.
 */
export async function lastRun(db: Handle, limit: number): Promise<{ ranAt: string; failures: WalletFailure[]; totals: (WalletTotals & { at: string }) | null } | null> {
  const ran = await own(db)
    .selectFrom('reconciliation_runs')
    .select(['ran_at', 'wallets', 'sum_of_balances', 'sum_of_ledger', 'balances_at'])
    .where('job', '=', 'verify-ledger-checkpoints')
    .executeTakeFirst();
  if (!ran) return null;
  const failures = await own(db)
    .selectFrom('ledger_failures')
    .select(['user_id', 'stale', 'credits', 'last_entry_id', 'since', 'base', 'added', 'broken'])
    .orderBy('user_id')
    .limit(limit + 1)
    .execute();
  const totals =
    ran.balances_at === null
      ? null
      : { wallets: n(ran.wallets), sumOfBalances: n(ran.sum_of_balances), sumOfLedger: n(ran.sum_of_ledger), at: ran.balances_at };
  return { ranAt: ran.ran_at, failures, totals };
}

export interface LiveBalances extends WalletTotals {
  /** Wallets at their checkpoint that disagree with it, and wallets whose rows since fail: each at most `limit` + 1. */
  stale: WalletFailure[];
  broken: WalletFailure[];
}

/**
 * The all-time balances in one pass over the wallets, one statement (so one snapshot on both
 * databases: the wallets and the rows since their checkpoints as of the same moment): every
 * wallet at its checkpoint must still hold the checkpoint's balance (a balance changed without a
 * ledger row is found even if the wallet never moves again); every wallet past it (it moved since
 * the last job, or failed there) has its rows since the checkpoint checked by index probes: each
 * continues the running balance, and they end at the wallet's balance. Returns the totals and how
 * many wallets fail each way.
 */
async function allWallets(db: Handle): Promise<WalletTotals & { stale: number; broken: number }> {
  const r = await sql<{ count: number; amount: number; ledger: number; stale: number; broken: number }>`select count(*) as count, coalesce(sum(credits), 0) as amount,
      coalesce(sum(case when past = 1 then base + added when last_entry_id = since then base else 0 end), 0) as ledger,
      coalesce(sum(case when ${stale} then 1 else 0 end), 0) as stale,
      coalesce(sum(case when past = 1 and (broken > 0 or base + added <> credits) then 1 else 0 end), 0) as broken
    from (${pastChecked}) x`.execute(own(db));
  const t = r.rows[0]!;
  return { wallets: n(t.count), sumOfBalances: n(t.amount), sumOfLedger: n(t.ledger), stale: n(t.stale), broken: n(t.broken) };
}

/** The all-time balances live (`allWallets`), with the failing wallets listed. Read through `db` (the caller's snapshot). */
export async function walletsLive(db: Handle, limit: number): Promise<LiveBalances> {
  const { stale: staleCount, broken: brokenCount, ...totals } = await allWallets(db);
  return {
    ...totals,
    stale: staleCount > 0 ? await firstRows(db, staleWallets, limit) : [],
    broken: brokenCount > 0 ? await firstRows(db, brokenWallets, limit) : [],
  };
}

/**
 * The `verify-ledger-checkpoints` job. Moves every wallet's checkpoint to its newest ledger row
 * when the rows since the checkpoint continue its running balance and end at the wallet's balance;
 * a wallet that fails keeps its checkpoint. Then, in one pass over every wallet (`allWallets`),
 * takes the whole shop's totals — wallets, their balances, their ledger (checkpoints + rows since)
 * — and counts the wallets that fail (those, and those at their checkpoint whose balance no longer
 * agrees with it); records them, if any, in `ledger_failures`, dropping the wallets that pass
 * again; and writes when it ran and the totals, with when it read them, to `reconciliation_runs`:
 * the report reads both from there. Every run reads every wallet, so each run's totals are whole,
 * not carried over from the last. Returns the checkpoints moved.
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
    // The clock before the statement: every movement committed by then is in the totals.
    const balancesAt = ctx.clock.now().toISOString();
    const totals = await allWallets(db);
    // The failing wallets listed only when that pass counted any (a clean shop's run reads the
    // wallets once, not twice). `where true`: SQLite's upsert after a SELECT needs a WHERE to parse.
    if (totals.stale + totals.broken > 0) await sql`insert into ledger_failures (${failureColumns}, found_at, run_id)
      select ${failureColumns}, ${now}, ${runId} from (${staleWallets} union all ${brokenWallets}) f where true order by user_id
      on conflict (user_id) do update set stale = excluded.stale, credits = excluded.credits, last_entry_id = excluded.last_entry_id,
        since = excluded.since, base = excluded.base, added = excluded.added, broken = excluded.broken, found_at = excluded.found_at, run_id = excluded.run_id`.execute(own(db));
    await own(db).deleteFrom('ledger_failures').where('run_id', '<>', runId).execute();
    const ran = { ran_at: now, wallets: totals.wallets, sum_of_balances: totals.sumOfBalances, sum_of_ledger: totals.sumOfLedger, balances_at: balancesAt };
    await own(db)
      .insertInto('reconciliation_runs')
      .values({ job: 'verify-ledger-checkpoints', ...ran })
      .onConflict((oc) => oc.column('job').doUpdateSet(ran))
      .execute();
    return advanced;
  };
  // On SQLite each statement alone (each takes the write lock, waiting out another instance's;
  // a transaction would hold it across all of them); PostgreSQL gets room to sort.
  if (ctx.dialect !== 'postgres') return run(ctx.db);
  return own(ctx.db).transaction().execute(async (db) => {
    await sql`set local work_mem = '64MB'`.execute(own(db));
    return run(db);
  });
}
