import pino from 'pino';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { databaseParts, type Ctx } from './context.ts';
import { openDatabase } from './db/kysely.ts';
import { migrateToLatest } from './migrations.ts';
import { systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { TokenSigner } from './lib/tokens.ts';
import { createMetrics } from './lib/metrics.ts';
import { breakGlassResetMfa } from './modules/auth/index.ts';

const USAGE = 'usage: npm run admin -- reset-mfa --phone <phone>';

/**
 * `npm run admin -- reset-mfa --phone +919876543210`: the break-glass path for staff who lost
 * their authenticator and recovery codes (docs/operations.md, "Staff two-factor sign-in"). Run on
 * the server, with the API's settings: it removes the account's 2FA, ends its sessions and writes
 * an audit row; the person signs in with their password and enrols again.
 */
try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { phone: { type: 'string' } } });
  if (positionals[0] !== 'reset-mfa' || !values.phone) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { poolSize: 1, synchronous: config.sqliteSynchronous });
  await migrateToLatest(database.db);
  const log = pino({ level: config.logLevel });
  const ctx: Ctx = { ...databaseParts(database), config, clock: systemClock, log, tokens: new TokenSigner(config.jwtSecret, systemClock), idp: null, metrics: createMetrics() };
  try {
    const done = await breakGlassResetMfa(ctx, values.phone);
    console.log(JSON.stringify({ reset_mfa: true, user_id: done.id, phone: done.phone }));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.status === 404 ? `no staff account with the phone ${values.phone}` : err.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
