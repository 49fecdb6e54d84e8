import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureSeedAdmin } from './modules/auth/auth.service.ts';
import { scheduleJobs } from './jobs.ts';

let config: Readonly<Config>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

const database = openDatabase(config.databaseUrl);
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
app.addHook('onClose', () => database.close());
for (const warning of config.warnings) app.log.warn(warning);
await ensureSeedAdmin(app.ctx);
const stopJobs = scheduleJobs(app.ctx, config.jobsIntervalSeconds);
app.addHook('onClose', async () => stopJobs());

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; new ones get 503 while closing.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
