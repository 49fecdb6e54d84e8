/**
 * Test harness: every test file gets its own freshly migrated database — a temporary SQLite file,
 * or, when DATABASE_URL points at PostgreSQL, a new database on that server — and the app built on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/kysely.ts';
import { migrateToLatest } from '../src/migrations.ts';
import type { DB } from '../src/schema.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { errorsOf } from '../src/openapi.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const onPostgres = (process.env.DATABASE_URL ?? '').startsWith('postgres');

export interface TestDb {
  url: string;
  database: Database<DB>;
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database on the server of `adminUrl`; `drop` removes it once its
 * connections have closed (the caller closes its own first).
 */
export async function createPgDatabase(adminUrl: string, prefix = 'sf_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets finish closing; a forced drop would kill
      // those backends and surface as an uncaught "terminating connection" error, so wait first.
      for (let i = 0; i < 50; i++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006') throw err;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestDb(): Promise<TestDb> {
  if (onPostgres) {
    const created = await createPgDatabase(process.env.DATABASE_URL!);
    // Dropping the database ends its connections; that is expected here, not an error.
    const database = openDatabase<DB>(created.url, { onPoolError: () => {} });
    await migrateToLatest(database.db);
    return {
      url: created.url,
      database,
      async drop() {
        await database.close();
        await created.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sf-test-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  // A test database need not survive power loss: NORMAL spares an fsync per commit, which on a
  // shared disk blocks the event loop long enough to upset tests with short network timeouts.
  // The servers that tests spawn run with the real default, FULL (test/config.test.ts checks it).
  const database = openDatabase<DB>(url, { synchronous: 'NORMAL' });
  await migrateToLatest(database.db);
  return {
    url,
    database,
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(url: string, env: Record<string, string | undefined> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: url,
    DATA_DIR: join(tmpdir(), 'sf-test-data'),
    PASSWORD_SCRYPT_N: '1024',
    // Tests read what they just wrote; test/catalogue-cache.test.ts turns the cache on.
    CATALOGUE_CACHE_MS: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  db: TestDb;
  config: Readonly<Config>;
  close(): Promise<void>;
}

/** A fresh database and the app on it, with a manual clock. */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const db = await createTestDb();
  const clock = new ManualClock();
  const config = testConfig(db.url, env);
  const app = await buildApp({ config, database: db.database, clock, ...(options.logStream ? { logStream: options.logStream } : {}) });
  const undocumented = watchErrorAnswers(app);
  await app.ready();
  return {
    app,
    clock,
    db,
    config,
    async close() {
      await app.close();
      await db.drop();
      if (undocumented.size) {
        throw new Error(`error answers missing from the API description (add them to OPERATIONS in apps/api/src/openapi.ts): ${[...undocumented].join('; ')}`);
      }
    },
  };
}

/**
 * Every error answer any test provokes must be one the API description lists for its route
 * (status and `error` code), so the description cannot fall behind the code unnoticed.
 */
function watchErrorAnswers(app: FastifyInstance): Set<string> {
  const seen = new Set<string>();
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions;
    if (reply.statusCode < 400 || !route.url || route.schema?.hide || typeof payload !== 'string') return payload;
    // A status the route's own schema describes (e.g. /health's 503) is documented with that body.
    const own = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (own[reply.statusCode] !== undefined) return payload;
    let code: unknown;
    try {
      code = JSON.parse(payload).error;
    } catch {
      code = undefined;
    }
    const documented = errorsOf({ method: req.method, url: route.url, auth: route.config?.auth, hasParams: Boolean(route.schema?.params) });
    if (!documented.get(reply.statusCode)?.has(String(code))) seen.add(`${req.method} ${route.url} → ${reply.statusCode} ${String(code)}`);
    return payload;
  });
  return seen;
}

/**
 * A second app on the test's database (same clock) that records every SQL statement it sends:
 * for statement budgets. `statements` can be emptied before the request being counted.
 */
export async function countingApp(t: TestApp): Promise<{ app: FastifyInstance; statements: string[]; close(): Promise<void> }> {
  const statements: string[] = [];
  const database = openDatabase(t.db.url, { onQuery: (e) => statements.push(e.query.sql) });
  const app = await buildApp({ config: testConfig(t.db.url), database, clock: t.clock });
  await app.ready();
  return { app, statements, close: () => app.close() };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

/** `app.inject` with JSON in and out, and the custom-token header when `token` is given. */
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string; ip?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-sdk-access-token'] = options.token;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}), ...(options.ip ? { remoteAddress: options.ip } : {}) });
  let body: any = undefined;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, headers: res.headers, text: res.body };
}

let phoneSeq = 0;
/** A fresh, valid, unique E.164 phone number. */
export function newPhone(): string {
  phoneSeq += 1;
  return `+9198${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(5, '0')}`;
}

export interface TestUser {
  id: string;
  phone: string;
  password: string;
  token: string;
  refresh: string;
}

let ipSeq = 0;
/** A fresh client address (TEST-NET-2 range), so per-IP limits never link unrelated test users. */
export function newIp(): string {
  ipSeq += 1;
  return `198.18.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export async function registerUser(app: FastifyInstance, fields: Partial<{ phone: string; password: string; full_name: string }> = {}): Promise<TestUser> {
  const phone = fields.phone ?? newPhone();
  const password = fields.password ?? 'correct horse battery';
  // Each factory user signs up from its own address: registration is capped per IP (20 an hour).
  const res = await call(app, 'POST', '/api/v1/auth/register', { body: { phone, password, full_name: fields.full_name ?? 'Test User' }, ip: newIp() });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  const me = await call(app, 'GET', '/api/v1/me', { token: res.body.custom_token });
  return { id: me.body.id, phone, password, token: res.body.custom_token, refresh: res.body.refresh_token };
}

/** A registered user promoted in the database, then signed in through the admin login. */
/** A registered user made active staff with `role` (an owner unless told), signed in at the admin login. */
export async function createAdmin(t: TestApp, role = 'owner'): Promise<TestUser> {
  const u = await registerUser(t.app);
  await t.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: role }).where('id', '=', u.id).execute();
  const res = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: u.phone, password: u.password }, ip: newIp() });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return { ...u, token: res.body.access_token, refresh: res.body.refresh_token };
}
