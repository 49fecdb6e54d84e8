import { loadOrExit } from '@storefront/runtime';
import { migrationReport } from '@storefront/store/migrate';
import { loadPortalConfig } from './config.ts';
import { SessionStore } from './sessions.ts';

/** `npm run migrate`: brings the session store (ADMIN_SESSION_STORE_URL) up to date; the portal also does at start. */
const config = loadOrExit(() => loadPortalConfig());
const sessions = new SessionStore({ url: config.sessionStoreUrl, secrets: config.sessionSecrets, idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs });
try {
  for (const line of migrationReport(await sessions.migrate())) console.log(line);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await sessions.close();
}
