/**
 * One process of the migration race (test/migrate.test.ts): opens the store at argv[2], says
 * "ready", waits for "go" on stdin, migrates, and prints what the runner reported as JSON. Its
 * one migration holds the migrator for a while, so the other process arrives while it runs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openStore } from '../../src/index.ts';
import { migrateToLatest, migrationReport } from '../../src/migrate.ts';

const store = openStore(process.argv[2]!, { name: 'race store' });
const migrations = {
  '2026-01-01-01-raced': {
    async up(db: typeof store.db) {
      await db.schema.createTable('raced').addColumn('k', 'text').execute();
      await sleep(400);
    },
  },
};
console.log('ready');
await new Promise((go) => process.stdin.once('data', go));
try {
  console.log(JSON.stringify(migrationReport(await migrateToLatest(store.db, migrations, { table: 'race_migration' }))));
} catch (err) {
  console.log(JSON.stringify([`error: ${(err as Error).message}`]));
} finally {
  await store.db.destroy();
  process.stdin.destroy();
}
