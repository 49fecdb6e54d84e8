/**
 * One racer of test/staff-management.test.ts: its own process and its own database connection(s),
 * revoking the open invite of staff member `RACE_STAFF` as admin `RACE_ADMIN` from `RACE_LANES`
 * lanes at the moment `RACE_START_AT`. Prints `{revoked, refused, errors}` as one JSON line.
 */
import type { Ctx } from '../../src/context.ts';
import { openDatabase } from '../../src/db/kysely.ts';
import type { DB } from '../../src/schema.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { AppError } from '../../src/lib/errors.ts';
import { revokeInvite } from '../../src/modules/auth/staff.service.ts';

const lanes = Number(process.env.RACE_LANES ?? 1);
const database = openDatabase<DB>(process.env.DATABASE_URL!, { poolSize: lanes, onPoolError: () => {} });
const quiet = () => {};
const ctx = { db: database.db, dialect: database.dialect, clock: new ManualClock(process.env.RACE_NOW!), log: { warn: quiet, info: quiet, error: quiet } } as unknown as Ctx;
// Warm the connection(s) before the start line, so every racer revokes at once.
await Promise.all(Array.from({ length: lanes }, () => database.db.selectFrom('staff_invites').select('id').limit(1).execute()));
await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.RACE_START_AT ?? 0) - Date.now())));

let revoked = 0;
let refused = 0;
const errors: string[] = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    try {
      await revokeInvite(ctx, process.env.RACE_ADMIN!, process.env.RACE_STAFF!);
      revoked += 1;
    } catch (err) {
      if (err instanceof AppError && err.status === 409) refused += 1;
      else errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
    }
  }),
);
await database.close();
process.stdout.write(`${JSON.stringify({ revoked, refused, errors })}\n`);
