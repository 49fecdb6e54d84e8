import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { openStore, type StoreDialect } from '@storefront/store';
import { migrateToLatest, type MigrationResultSet } from '@storefront/store/migrate';
import type { CreditInput } from './api-client.ts';
import { MIGRATION_TABLE, migrations } from './migrations/index.ts';

/**
 * The credits the API has not taken yet, in a table every payment server instance shares
 * (`PAY_DATABASE_URL`: PostgreSQL for several instances, an embedded SQLite file for one host).
 *
 * A row is written before the API hears of the credit and deleted once the API has taken it, so a
 * crash or a replaced container never loses one. Whoever calls the API for a row first *leases*
 * it (a random lease token and a `lease_until` time, renewed while the call lasts): two instances
 * never call for the same credit at once, and a lease left by a dead process runs out by itself.
 */

export interface Lease {
  key: string;
  token: string;
  credit: CreditInput;
  /** Background attempts made so far. */
  attempts: number;
}

interface OutboxTable {
  key: string;
  /** The CreditInput as JSON (it carries the top-up token: treat the table as a secret). */
  credit: string;
  attempts: number;
  next_at: number;
  lease_until: number;
  lease_token: string | null;
  /** Set when it ended without a credit (final refusal, or given up): kept for a person, never retried. */
  failed: string | null;
  created_at: number;
}
interface OutboxDb {
  pay_outbox: OutboxTable;
}

const TABLE = 'pay_outbox';
export const outboxKey = (c: CreditInput): string => `${c.gateway}:${c.gateway_txn_id}`;

export class Outbox {
  readonly dialect: StoreDialect;
  private readonly db: Kysely<OutboxDb>;

  constructor(url: string | null) {
    const store = openStore<OutboxDb>(url, { name: 'pay outbox' });
    this.db = store.db;
    this.dialect = store.dialect;
  }

  /** Brings the table up to date (src/migrations/); safe for several instances starting at once. */
  migrate(): Promise<MigrationResultSet> {
    return migrateToLatest(this.db, migrations, { table: MIGRATION_TABLE });
  }

  /**
   * The credits of a `PAY_OUTBOX_FILE` from before the table, added once (due now), then the file
   * is renamed so it is never read again. Returns how many were owed. An unreadable file stops the
   * start: silently dropping owed credits is worse.
   */
  async importFile(file: string, now: number): Promise<number> {
    if (!existsSync(file)) return 0;
    let entries: Array<{ credit: CreditInput; attempts?: number }>;
    try {
      entries = JSON.parse(readFileSync(file, 'utf8')) as typeof entries;
      if (!Array.isArray(entries)) throw new Error('not a list');
    } catch (err) {
      throw new Error(`cannot read the credit outbox ${file}: ${(err as Error).message}`);
    }
    for (const e of entries) {
      await this.db
        .insertInto(TABLE)
        .values({ key: outboxKey(e.credit), credit: JSON.stringify(e.credit), attempts: e.attempts ?? 0, next_at: now, lease_until: 0, lease_token: null, failed: null, created_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    renameSync(file, `${file}.imported`);
    return entries.length;
  }

  /**
   * The write-ahead record: the credit is owed from here on. Leased to the caller for its own
   * attempt, unless another holder's lease is running (then null: that holder is calling the API).
   */
  async add(credit: CreditInput, now: number, leaseMs: number, nextAt: number): Promise<Lease | null> {
    const key = outboxKey(credit);
    const token = randomUUID();
    const inserted = await this.db
      .insertInto(TABLE)
      .values({ key, credit: JSON.stringify(credit), attempts: 0, next_at: nextAt, lease_until: now + leaseMs, lease_token: token, failed: null, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { key, token, credit, attempts: 0 };
    // Already owed (the payer posted the proof again, or a webhook and a return crossed).
    return this.take(key, now, leaseMs);
  }

  /** Leases this owed credit unless another holder's lease is running. */
  async take(key: string, now: number, leaseMs: number): Promise<Lease | null> {
    const token = randomUUID();
    const row = await this.db
      .updateTable(TABLE)
      .set({ lease_until: now + leaseMs, lease_token: token })
      .where('key', '=', key)
      .where('lease_until', '<=', now)
      .returning(['credit', 'attempts'])
      .executeTakeFirst();
    return row ? { key, token, credit: JSON.parse(row.credit) as CreditInput, attempts: row.attempts } : null;
  }

  /** The keys of every owed credit (not failed), due or not. */
  async owedKeys(): Promise<string[]> {
    return (await this.db.selectFrom(TABLE).select('key').where('failed', 'is', null).orderBy('next_at').execute()).map((r) => r.key);
  }

  /** Leases the next due credit nobody holds; null when there is none. */
  async takeDue(now: number, leaseMs: number): Promise<Lease | null> {
    const token = randomUUID();
    const set = { lease_until: now + leaseMs, lease_token: token };
    let row: { key: string; credit: string; attempts: number } | undefined;
    if (this.dialect === 'postgres') {
      // Rows another instance is leasing right now are skipped, not waited for.
      row = await this.db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom(TABLE)
          .select(['key', 'credit', 'attempts'])
          .where('failed', 'is', null)
          .where('next_at', '<=', now)
          .where('lease_until', '<=', now)
          .orderBy('next_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (due) await trx.updateTable(TABLE).set(set).where('key', '=', due.key).execute();
        return due;
      });
    } else {
      // SQLite has one writer at a time: the conditional UPDATE picks and leases in one step.
      const pick = this.db
        .selectFrom(TABLE)
        .select('key')
        .where('failed', 'is', null)
        .where('next_at', '<=', now)
        .where('lease_until', '<=', now)
        .orderBy('next_at')
        .limit(1);
      row = await this.db
        .updateTable(TABLE)
        .set(set)
        .where('key', '=', pick)
        .where('lease_until', '<=', now)
        .returning(['key', 'credit', 'attempts'])
        .executeTakeFirst();
    }
    return row ? { key: row.key, token, credit: JSON.parse(row.credit) as CreditInput, attempts: row.attempts } : null;
  }

  /** Keeps the lease while the API call lasts; false when it was lost (it ran out and another took it). */
  async renew(lease: Lease, until: number): Promise<boolean> {
    const r = await this.db.updateTable(TABLE).set({ lease_until: until }).where('key', '=', lease.key).where('lease_token', '=', lease.token).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The API took the credit (now or before): no longer owed, whoever holds the row. */
  async remove(key: string): Promise<void> {
    await this.db.deleteFrom(TABLE).where('key', '=', key).execute();
  }

  /** Still owed: free for anyone at `nextAt`. */
  async release(lease: Lease, attempts: number, nextAt: number): Promise<void> {
    await this.db
      .updateTable(TABLE)
      .set({ attempts, next_at: nextAt, lease_until: 0, lease_token: null, failed: null })
      .where('key', '=', lease.key)
      .where('lease_token', '=', lease.token)
      .execute();
  }

  /** Ended without a credit: kept with the reason for a person, and never tried again by itself. */
  async fail(lease: Lease, reason: string): Promise<void> {
    await this.db
      .updateTable(TABLE)
      .set({ failed: reason, lease_until: 0, lease_token: null })
      .where('key', '=', lease.key)
      .where('lease_token', '=', lease.token)
      .execute();
  }

  /** Credits still owed (the `pay_outbox_depth` gauge). */
  async depth(): Promise<number> {
    const r = await this.db.selectFrom(TABLE).select((eb) => eb.fn.countAll<number>().as('n')).where('failed', 'is', null).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** When the next owed credit may be taken (epoch ms), or null when none is owed. */
  async nextDue(): Promise<number | null> {
    const rows = await this.db.selectFrom(TABLE).select(['next_at', 'lease_until']).where('failed', 'is', null).orderBy('next_at').limit(50).execute();
    return rows.length === 0 ? null : Math.min(...rows.map((r) => Math.max(Number(r.next_at), Number(r.lease_until))));
  }

  /** Every row, oldest first (tests and a person looking). */
  async rows(): Promise<Array<{ credit: CreditInput; attempts: number; failed: string | null }>> {
    const rows = await this.db.selectFrom(TABLE).select(['credit', 'attempts', 'failed']).orderBy('created_at').orderBy('key').execute();
    return rows.map((r) => ({ credit: JSON.parse(r.credit) as CreditInput, attempts: Number(r.attempts), failed: r.failed }));
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
