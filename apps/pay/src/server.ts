import { buildPayApp } from './app.ts';
import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { loadPayConfig, type PayConfig } from './config.ts';

const config: Readonly<PayConfig> = loadOrExit(() => loadPayConfig());

const app = await buildPayApp({ config });
if (config.storeWebhookSecrets === null) app.log.warn('STORE_WEBHOOK_SECRET is not set: every payment endpoint answers 503');
if (!config.gatewayA) app.log.warn('gateway A is not configured (GATEWAY_A_* settings): it is not offered');
if (!config.gatewayB) app.log.warn('gateway B is not configured (GATEWAY_B_* settings): it is not offered');

closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
