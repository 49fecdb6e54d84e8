/**
 * One racer of test/auth-refresh-grace.test.ts: its own process and its own database connection(s),
 * presenting one refresh token from `RACE_LANES` lanes at the moment `RACE_START_AT`, with the clock
 * fixed at `RACE_NOW`. Prints `{tokens: [refresh tokens answered], refused, errors}` as one JSON line.
 */
import type { Ctx } from '../../src/context.ts';
import { openDatabase } from '../../src/db/kysely.ts';
import type { DB } from '../../src/schema.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { AppError } from '../../src/lib/errors.ts';
import { TokenSigner } from '../../src/lib/tokens.ts';
import { refresh } from '../../src/modules/auth/auth.service.ts';

const lanes = Number(process.env.RACE_LANES ?? 1);
const database = openDatabase<DB>(process.env.DATABASE_URL!, { poolSize: lanes, onPoolError: () => {} });
const clock = new ManualClock(process.env.RACE_NOW!);
const secret = process.env.JWT_SECRET!;
const quiet = () => {};
const ctx = {
  db: database.db,
  dialect: database.dialect,
  clock,
  config: { jwtSecret: secret, refreshReuseGraceSeconds: Number(process.env.RACE_GRACE ?? 30) },
  tokens: new TokenSigner(secret, clock),
  log: { warn: quiet, info: quiet, error: quiet },
} as unknown as Ctx;
// Warm the connection(s) before the start line, so every racer presents the token at once.
await Promise.all(Array.from({ length: lanes }, () => database.db.selectFrom('sessions').select('id').limit(1).execute()));
await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.RACE_START_AT ?? 0) - Date.now())));

const tokens: string[] = [];
let refused = 0;
const errors: string[] = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    try {
      tokens.push((await refresh(ctx, process.env.RACE_TOKEN!)).refresh_token);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) refused += 1;
      else errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
    }
  }),
);
await database.close();
process.stdout.write(`${JSON.stringify({ tokens, refused, errors })}\n`);
