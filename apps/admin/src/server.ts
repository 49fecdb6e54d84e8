import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { startTracing } from '@storefront/runtime/tracing';
import { loadPortalConfig, type PortalConfig } from './config.ts';

const config: Readonly<PortalConfig> = loadOrExit(() => loadPortalConfig());

// Before Fastify is imported (below): the HTTP hooks attach as it loads.
const tracing = await startTracing('storefront-admin');
const { buildPortal } = await import('./portal.ts');

const app = await buildPortal(config);
if (tracing) {
  tracing.nameRoutes(app);
  app.addHook('onClose', () => tracing.shutdown());
}
closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
app.log.info({ api: config.apiUrl }, 'admin portal ready');
