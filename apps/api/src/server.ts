import { flushCompileCache } from 'node:module';
import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { startTracing } from '@storefront/runtime/tracing';
import { loadConfig, type Config } from './config.ts';
import { keepHeadroom } from './lib/heap-headroom.ts';
import { compactWhenQuiet } from './lib/quiet-memory.ts';
import { holdTickShape } from './lib/tick-shape.ts';

const config: Readonly<Config> = loadOrExit(() => loadConfig());

// Tracing starts before Fastify and pg are imported (below): its HTTP hooks attach as they load.
const tracing = await startTracing('storefront-api');
const { buildApp } = await import('./app.ts');
const { openDatabase } = await import('./db/kysely.ts');
const { migrateToLatest } = await import('./migrations.ts');
const { ensureSeedAdmin } = await import('./modules/auth/auth.service.ts');
const { scheduleJobs } = await import('./jobs.ts');

const system = config.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgresql';
const database = openDatabase(config.databaseUrl, {
  poolSize: config.databasePoolSize,
  synchronous: config.sqliteSynchronous,
  cacheKib: config.sqliteCacheKib,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
  ...(tracing ? { onQuery: (e) => tracing.onQuery(e, system) } : {}),
});
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
app.addHook('onClose', () => database.close());
if (tracing) {
  tracing.nameRoutes(app);
  app.addHook('onClose', () => tracing.shutdown());
}
for (const warning of config.warnings) app.log.warn(warning);
await ensureSeedAdmin(app.ctx);
const stopJobs = scheduleJobs(app.ctx, config.jobsIntervalSeconds);
app.addHook('onClose', async () => stopJobs());
holdTickShape();
const stopHeadroom = keepHeadroom(config.heapHeadroomMb);
app.addHook('onClose', async () => stopHeadroom());
const stopCompacting = compactWhenQuiet(app.server);
app.addHook('onClose', async () => stopCompacting());

closeOnSignals(app);

await app.listen({ port: config.port, host: config.host });
// Started through src/main.js: write what was compiled now, so the next start is warm even if this
// process is killed rather than stopped.
flushCompileCache();
