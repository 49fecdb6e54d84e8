/**
 * One racer of test/proof-races.test.ts: its own process and its own database connection(s),
 * moving one wallet through the real ledger (`applyMovement`) from the moment `RACE_START_AT`.
 * Prints `{ok: [amounts], refused, errors: [messages]}` as one JSON line.
 */
import type { Ctx } from '../../src/context.ts';
import { openDatabase } from '../../src/db/kysely.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { AppError } from '../../src/lib/errors.ts';
import { applyMovement } from '../../src/modules/wallet/ledger.ts';

const url = process.env.DATABASE_URL!;
const userId = process.env.RACE_USER_ID!;
const amounts = JSON.parse(process.env.RACE_AMOUNTS!) as number[];
const concurrency = Number(process.env.RACE_CONCURRENCY ?? 4);
const startAt = Number(process.env.RACE_START_AT ?? 0);

const database = openDatabase(url, { poolSize: concurrency, onPoolError: () => {} });
const ctx = { db: database.db, dialect: database.dialect, clock: systemClock } as unknown as Ctx;
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
      await database.db.transaction().execute((trx) => applyMovement(ctx, trx, { userId, type: 'adjustment', amount, reference: 'race' }));
      ok.push(amount);
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_credits') refused += 1;
      else errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
await database.close();
process.stdout.write(`${JSON.stringify({ ok, refused, errors })}\n`);
