import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { databaseParts, type Ctx } from './context.ts';
import { openDatabase } from './db/kysely.ts';
import { migrateToLatest } from './migrations.ts';
import { systemClock } from './lib/clock.ts';
import { TokenSigner } from './lib/tokens.ts';
import { createMetrics } from './lib/metrics.ts';
import { runJobs } from './jobs.ts';

/** `npm run jobs`: one pass of every background job, e.g. from cron. */
try {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize, synchronous: config.sqliteSynchronous, cacheKib: config.sqliteCacheKib, statementTimeoutMs: config.databaseStatementTimeoutMs });
  await migrateToLatest(database.db);
  const log = pino({ level: config.logLevel });
  const ctx: Ctx = { ...databaseParts(database), config, clock: systemClock, log, tokens: new TokenSigner(config.jwtSecret, systemClock), idp: null, metrics: createMetrics() };
  const results = await runJobs(ctx);
  console.log(JSON.stringify(results));
  await database.close();
  process.exit(Object.values(results).some((n) => n < 0) ? 1 : 0);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
