import { migrationReport } from '@storefront/store/migrate';
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/kysely.ts';
import { migrateToLatest } from './migrations.ts';

try {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { synchronous: config.sqliteSynchronous });
  for (const line of migrationReport(await migrateToLatest(database.db))) console.log(line);
  await database.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
