import { loadConfig, ConfigError } from '../config.ts';
import { openDatabase } from './kysely.ts';
import { migrateToLatest } from './migrate.ts';

try {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { synchronous: config.sqliteSynchronous });
  const { results } = await migrateToLatest(database.db);
  for (const r of results ?? []) console.log(`${r.status}: ${r.migrationName}`);
  if (!results?.length) console.log('database is up to date');
  await database.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
