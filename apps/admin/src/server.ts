import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { loadPortalConfig, type PortalConfig } from './config.ts';
import { buildPortal } from './portal.ts';

const config: Readonly<PortalConfig> = loadOrExit(() => loadPortalConfig());

const app = await buildPortal(config);
closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
app.log.info({ api: config.apiUrl }, 'admin portal ready');
