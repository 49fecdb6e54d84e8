import { closeOnSignals, loadOrExit } from '@storefront/runtime';
import { loadShopConfig, type ShopConfig } from './config.ts';
import { buildShopServer } from './shop-server.ts';

const config: Readonly<ShopConfig> = loadOrExit(() => loadShopConfig());

const app = await buildShopServer(config);
closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
app.log.info({ api: config.apiUrl }, 'shop ready');
