import { loadOrExit } from '@storefront/runtime';
import { migrationReport } from '@storefront/store/migrate';
import { loadPayConfig } from './config.ts';
import { Outbox } from './outbox.ts';

/** `npm run migrate`: brings the outbox's database (PAY_DATABASE_URL) up to date; the server also does at start. */
const config = loadOrExit(() => loadPayConfig());
const outbox = new Outbox(config.databaseUrl);
try {
  for (const line of migrationReport(await outbox.migrate())) console.log(line);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await outbox.close();
}
