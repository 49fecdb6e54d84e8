/**
 * One racer of test/attempt-races.test.ts: its own process and its own database connection(s),
 * sending `RACE_LANES` wrong codes at once, at the moment `RACE_START_AT`, through the real
 * service of `RACE_KIND` (`mfa`: POST /auth/admin/login/mfa on the mfa_token `RACE_TOKEN`;
 * `invite`: POST /auth/admin/accept-invite; `phone_otp`: POST /auth/otp/verify; both for the
 * phone `RACE_PHONE`; `email_otp`: POST /me/email/verify-otp for the user `RACE_USER`), each lane from its own address so that no per-IP limit is met. The clock
 * is fixed at `RACE_NOW`. Prints `{answers: {<error code>: n}, errors}` as one JSON line.
 */
import { tmpdir } from 'node:os';
import type { Ctx } from '../../src/context.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/kysely.ts';
import type { DB } from '../../src/schema.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { AppError } from '../../src/lib/errors.ts';
import { loginWithCode } from '../../src/modules/auth/mfa.service.ts';
import { verifyEmailOtp } from '../../src/modules/auth/email-otp.service.ts';
import { verifyLoginOtp } from '../../src/modules/auth/otp.service.ts';
import { acceptInvite } from '../../src/modules/auth/staff.service.ts';

const lanes = Number(process.env.RACE_LANES ?? 1);
const racer = Number(process.env.RACE_RACER ?? 0);
const database = openDatabase<DB>(process.env.DATABASE_URL!, { poolSize: lanes, onPoolError: () => {} });
const clock = new ManualClock(process.env.RACE_NOW!);
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: process.env.JWT_SECRET, DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: tmpdir(), PASSWORD_SCRYPT_N: '1024' });
const quiet = () => {};
const ctx = {
  db: database.db,
  dialect: database.dialect,
  clock,
  config,
  log: { warn: quiet, info: quiet, error: quiet },
} as unknown as Ctx;

const wrong = process.env.RACE_WRONG_CODE!;
const phone = process.env.RACE_PHONE ?? '';
const attempt: Record<string, (ip: string) => Promise<unknown>> = {
  mfa: (ip) => loginWithCode(ctx, { mfa_token: process.env.RACE_TOKEN!, code: wrong }, ip),
  invite: (ip) => acceptInvite(ctx, { phone, code: wrong, password: 'never-set-password' }, ip),
  phone_otp: (ip) => verifyLoginOtp(ctx, { phone, otp: wrong }, ip),
  email_otp: () => verifyEmailOtp(ctx, process.env.RACE_USER!, { otp: wrong }),
};
const send = attempt[process.env.RACE_KIND!]!;

// Warm the connection(s) before the start line, so every lane sends its code at once.
await Promise.all(Array.from({ length: lanes }, () => database.db.selectFrom('rate_limits').select('key').limit(1).execute()));
await new Promise((r) => setTimeout(r, Math.max(0, Number(process.env.RACE_START_AT ?? 0) - Date.now())));

const answers: Record<string, number> = {};
const errors: string[] = [];
await Promise.all(
  Array.from({ length: lanes }, async (_, lane) => {
    try {
      await send(`198.19.${racer}.${lane + 1}`);
      errors.push('a wrong code was accepted');
    } catch (err) {
      if (err instanceof AppError) {
        const code = String(err.extra.code ?? err.code);
        answers[code] = (answers[code] ?? 0) + 1;
      } else errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
    }
  }),
);
await database.close();
process.stdout.write(`${JSON.stringify({ answers, errors })}\n`);
