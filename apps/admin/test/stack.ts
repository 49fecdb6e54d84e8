/**
 * A real stack for tests: the Storefront API on a fresh, migrated database listening on a
 * loopback port (with the seed admin and a media directory), and the portal pointed at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import type { Clock } from '../../api/src/lib/clock.ts';
import { ensureSeedAdmin } from '../../api/src/modules/auth/auth.service.ts';
import { createTestDb, testConfig, type TestDb } from '../../api/test/helpers.ts';
import { freePort } from '../../api/test/support/spawn-api.ts';
import { loadPortalConfig } from '../src/config.ts';
import { buildPortal } from '../src/portal.ts';

export const SEED_ADMIN_PHONE = '+919000000001';
export const SEED_ADMIN_PASSWORD = 'seed-admin-password';


export interface Stack {
  api: FastifyInstance;
  apiUrl: string;
  db: TestDb;
  portal: FastifyInstance;
  portalUrl: string;
  close(): Promise<void>;
}

export async function startStack(options: { clock?: Clock; listenPortal?: boolean; env?: Record<string, string> } = {}): Promise<Stack> {
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
    // The documented deployment: the API trusts the portal's address (here loopback) for
    // X-Forwarded-For, so each browser's IP counts apart (docs/admin-portal.md).
    TRUST_PROXY: 'loopback',
    ...options.env,
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

export interface CallResult {
  status: number;
  body: any;
}

/** A JSON call straight to the API (as a mobile user would make it), with an optional token. */
export async function apiCall(
  s: Stack,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-sdk-access-token'] = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.apiUrl}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** The access token the portal holds for its newest session (tests only: to check the API directly). */
export async function portalToken(s: Stack): Promise<string> {
  const all = (await s.portal.sessions.tokens());
  return all[all.length - 2]!;
}
