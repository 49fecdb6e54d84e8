import { ConfigError, loadPortalConfig, type PortalConfig } from './config.ts';
import { buildPortal } from './portal.ts';

let config: Readonly<PortalConfig>;
try {
  config = loadPortalConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

const app = await buildPortal(config);
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
app.log.info({ api: config.apiUrl }, 'admin portal ready');
