import { buildApp } from './app.ts';
import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureSeedAdmin } from './modules/auth/auth.service.ts';
import { scheduleJobs } from './jobs.ts';

const config: Readonly<Config> = loadOrExit(() => loadConfig());

const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize, synchronous: config.sqliteSynchronous });
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
app.addHook('onClose', () => database.close());
for (const warning of config.warnings) app.log.warn(warning);
await ensureSeedAdmin(app.ctx);
const stopJobs = scheduleJobs(app.ctx, config.jobsIntervalSeconds);
app.addHook('onClose', async () => stopJobs());

closeOnSignals(app);

await app.listen({ port: config.port, host: config.host });
