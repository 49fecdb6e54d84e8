import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { startTracing } from '@storefront/runtime/tracing';
import { loadPayConfig, type PayConfig } from './config.ts';

const config: Readonly<PayConfig> = loadOrExit(() => loadPayConfig());

// Before Fastify is imported (below): the HTTP hooks attach as it loads.
const tracing = await startTracing('storefront-pay');
const { buildPayApp } = await import('./app.ts');

const app = await buildPayApp({ config });
if (tracing) {
  tracing.nameRoutes(app);
  app.addHook('onClose', () => tracing.shutdown());
}
if (config.storeWebhookSecrets === null) app.log.warn('STORE_WEBHOOK_SECRET is not set: every payment endpoint answers 503');
if (!config.gatewayA) app.log.warn('gateway A is not configured (GATEWAY_A_* settings): it is not offered');
if (!config.gatewayB) app.log.warn('gateway B is not configured (GATEWAY_B_* settings): it is not offered');

closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
