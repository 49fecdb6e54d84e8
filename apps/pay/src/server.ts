import { buildPayApp } from './app.ts';
import { ConfigError, loadPayConfig, type PayConfig } from './config.ts';

let config: Readonly<PayConfig>;
try {
  config = loadPayConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

const app = await buildPayApp({ config });
if (config.storeWebhookSecrets === null) app.log.warn('STORE_WEBHOOK_SECRET is not set: every payment endpoint answers 503');
if (!config.gatewayA) app.log.warn('gateway A is not configured (GATEWAY_A_* settings): it is not offered');
if (!config.gatewayB) app.log.warn('gateway B is not configured (GATEWAY_B_* settings): it is not offered');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
