/**
 * One racer of test/proof-races.test.ts: its own process and its own database connection(s),
 * moving one wallet through the real ledger (`applyMovement`) from the moment `RACE_START_AT`,
 * or, with `RACE_REVERSES` (a debit adjustment's id) and `RACE_ADMIN_ID`, giving that debit back
 * through the admin adjustment service (`adminAdjust`).
 * Prints `{ok: [amounts], refused, errors: [messages]}` as one JSON line.
 */
import type { Ctx } from '../../src/context.ts';
import { openDatabase } from '../../src/db/kysely.ts';
import type { DB } from '../../src/schema.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { AppError } from '../../src/lib/errors.ts';
import { applyMovement } from '../../src/modules/ledger/ledger.ts';
import { adminAdjust } from '../../src/modules/wallet/wallet.service.ts';

const url = process.env.DATABASE_URL!;
const userId = process.env.RACE_USER_ID!;
const amounts = JSON.parse(process.env.RACE_AMOUNTS!) as number[];
const concurrency = Number(process.env.RACE_CONCURRENCY ?? 4);
const startAt = Number(process.env.RACE_START_AT ?? 0);
const reverses = process.env.RACE_REVERSES;
const adminId = process.env.RACE_ADMIN_ID!;

const database = openDatabase<DB>(url, { poolSize: concurrency, onPoolError: () => {} });
const ctx = { db: database.db, dialect: database.dialect, clock: systemClock, config: { currency: 'INR' } } as unknown as Ctx;
/** The refusal a racer expects when the money is not there to move. */
const refusal = reverses === undefined ? 'insufficient_credits' : 'reversal_exceeds_debit';
// Warm the connection(s) before the start line, so every racer starts moving at once.
await Promise.all(Array.from({ length: concurrency }, () => database.db.selectFrom('wallets').select('user_id').where('user_id', '=', userId).execute()));
await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));

const ok: number[] = [];
let refused = 0;
const errors: string[] = [];
let next = 0;
async function lane(): Promise<void> {
  while (next < amounts.length) {
    const amount = amounts[next++]!;
    try {
      if (reverses === undefined) await database.db.transaction().execute((trx) => applyMovement(ctx, trx, { userId, type: 'adjustment', amount, reference: 'race' }));
      else await adminAdjust(ctx, adminId, userId, { amount, reason: 'race', reverses });
      ok.push(amount);
    } catch (err) {
      if (err instanceof AppError && err.code === refusal) refused += 1;
      else errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
await database.close();
process.stdout.write(`${JSON.stringify({ ok, refused, errors })}\n`);
