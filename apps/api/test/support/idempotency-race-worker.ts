/**
 * One racer of test/proof-races.test.ts ("one Idempotency-Key from several processes"): its own
 * process and database connection(s), sending the same Idempotency-Key RACE_CONCURRENCY times
 * from the moment RACE_START_AT through the real service of RACE_OPERATION (`order`, `refund`,
 * `adjust` or `bulk`), with RACE_BODY as the request.
 * Prints `{answers: [{value, replayed}], errors: [messages]}` as one JSON line.
 */
import type { Ctx } from '../../src/context.ts';
import { openDatabase } from '../../src/db/kysely.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createMetrics } from '../../src/lib/metrics.ts';
import { adminBulkStatus, adminRefund, placeOrder } from '../../src/modules/orders/orders.service.ts';
import { adminAdjust } from '../../src/modules/wallet/wallet.service.ts';

const url = process.env.DATABASE_URL!;
const operation = process.env.RACE_OPERATION!;
const principal = process.env.RACE_PRINCIPAL!;
const target = process.env.RACE_TARGET ?? '';
const key = process.env.RACE_KEY!;
const body = JSON.parse(process.env.RACE_BODY!);
const concurrency = Number(process.env.RACE_CONCURRENCY ?? 1);
const startAt = Number(process.env.RACE_START_AT ?? 0);

const database = openDatabase(url, { poolSize: concurrency, onPoolError: () => {} });
const ctx = { db: database.db, dialect: database.dialect, clock: systemClock, config: { currency: 'INR' }, metrics: createMetrics() } as unknown as Ctx;

async function send(): Promise<{ value: unknown; replayed: boolean }> {
  switch (operation) {
    case 'order': {
      const { order, replayed } = await placeOrder(ctx, principal, body, key);
      return { value: order, replayed };
    }
    case 'refund':
      return { value: await adminRefund(ctx, principal, target, body, key), replayed: false };
    case 'adjust': {
      const { adjustment, replayed } = await adminAdjust(ctx, principal, target, body, key);
      return { value: adjustment, replayed };
    }
    case 'bulk': {
      const { result, replayed } = await adminBulkStatus(ctx, principal, body, key);
      return { value: result, replayed };
    }
  }
  throw new Error(`unknown operation ${operation}`);
}

// Warm the connection(s) before the start line, so every racer starts at once.
await Promise.all(Array.from({ length: concurrency }, () => database.db.selectFrom('idempotency_keys' as never).select('key' as never).limit(1).execute()));
await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));

const answers: { value: unknown; replayed: boolean }[] = [];
const errors: string[] = [];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    try {
      answers.push(await send());
    } catch (err) {
      errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
    }
  }),
);
await database.close();
process.stdout.write(`${JSON.stringify({ answers, errors })}\n`);
