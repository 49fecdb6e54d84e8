/**
 * A real stack for tests: the Storefront API on a fresh, migrated database listening on a
 * loopback port (with the seed admin and a media directory), and the portal pointed at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import type { Clock } from '../../api/src/lib/clock.ts';
import { ensureSeedAdmin } from '../../api/src/modules/auth/auth.service.ts';
import { createTestDb, testConfig, type TestDb } from '../../api/test/helpers.ts';
import { loadPortalConfig } from '../src/config.ts';
import { buildPortal } from '../src/portal.ts';

export const SEED_ADMIN_PHONE = '+919000000001';
export const SEED_ADMIN_PASSWORD = 'seed-admin-password';

/** A free loopback port, so the API's PUBLIC_BASE_URL (media URLs) can name where it listens. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Stack {
  api: FastifyInstance;
  apiUrl: string;
  db: TestDb;
  portal: FastifyInstance;
  portalUrl: string;
  close(): Promise<void>;
}

export async function startStack(options: { clock?: Clock; listenPortal?: boolean } = {}): Promise<Stack> {
  const db = await createTestDb();
  const mediaDir = mkdtempSync(join(tmpdir(), 'sf-admin-media-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const config = testConfig(db.url, {
    SEED_ADMIN_PHONE,
    SEED_ADMIN_PASSWORD,
    MEDIA_DIR: mediaDir,
    PUBLIC_BASE_URL: apiUrl,
    PORT: String(port),
  });
  const api = await buildApp({ config, database: db.database, ...(options.clock ? { clock: options.clock } : {}) });
  await ensureSeedAdmin(api.ctx);
  await api.listen({ port, host: '127.0.0.1' });

  const portal = await buildPortal(
    loadPortalConfig({ NODE_ENV: 'test', STOREFRONT_API_URL: apiUrl, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  let portalUrl = '';
  if (options.listenPortal) {
    await portal.listen({ port: 0, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${(portal.server.address() as { port: number }).port}`;
  } else {
    await portal.ready();
  }
  return {
    api,
    apiUrl,
    db,
    portal,
    portalUrl,
    async close() {
      await portal.close();
      await api.close();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
