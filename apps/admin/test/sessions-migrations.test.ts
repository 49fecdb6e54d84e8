/**
 * The session store's table comes from dated migrations (src/migrations/), run at start and by
 * `npm run migrate`. A store whose table the portal created at start before migrations existed is
 * adopted as it is, signed-in sessions included; two `migrate` runs at once do not race. On
 * PostgreSQL (TEST_PG_URL, else 127.0.0.1:5432) and on a SQLite file.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openStore } from '@storefront/store';
import { createPgDatabase } from '../../api/test/helpers.ts';
import { SessionStore } from '../src/sessions.ts';

const PG = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'sessions-migrations-secret-0123456789abcdef';
const run = promisify(execFile);
const migrate = (url: string) =>
  run(process.execPath, ['src/migrate-cli.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, NODE_ENV: 'test', ADMIN_SESSION_STORE_URL: url, ADMIN_SESSION_SECRET: SECRET },
  });
const store = (url: string) => new SessionStore({ url, secrets: [SECRET], idleMs: 3_600_000, maxMs: 86_400_000 });

/** The statement the portal ran at every start before the store had migrations. */
const START_UP_DDL = sql`create table if not exists admin_portal_sessions (id_hash text primary key, user_json text not null, tokens text not null,
  access_expires_at bigint not null, created_at bigint not null, last_seen_at bigint not null, version integer not null, refresh_claimed_until bigint)`;

async function place(kind: 'postgres' | 'sqlite') {
  if (kind === 'postgres') return createPgDatabase(PG, 'sf_portal_migrate');
  const dir = mkdtempSync(join(tmpdir(), 'portal-migrate-'));
  return { url: `sqlite:${join(dir, 'sessions.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

for (const kind of ['postgres', 'sqlite'] as const) {
  describe(`session store migrations on ${kind}`, () => {
    test('a store the portal created at start before migrations is adopted with its sessions; two `npm run migrate` at once do not race', async () => {
      const p = await place(kind);
      try {
        const old = openStore(p.url, { name: 'old store' });
        await START_UP_DDL.execute(old.db);
        await old.db.destroy();
        // A session signed in before the upgrade, written by the store itself into the old table.
        const before = store(p.url);
        const user = { id: 'u1', phone: null, full_name: 'Ada Admin', is_admin: true };
        const session = await before.create(user, { accessToken: 'access-1', refreshToken: 'refresh-1', accessExpiresAt: Date.now() + 60_000 });
        await before.close();

        const outs = await Promise.all([migrate(p.url), migrate(p.url)]);
        assert.deepEqual(outs.map((o) => o.stdout.trim()).sort(), ['Success: 2026-11-26-01-sessions', 'database is up to date']);

        const after = store(p.url);
        try {
          assert.deepEqual((await after.migrate()).results, [], 'nothing left for the next start');
          const kept = await after.get(session.id);
          assert.deepEqual([kept?.user, kept?.accessToken], [user, 'access-1'], 'still signed in');
        } finally {
          await after.close();
        }
      } finally {
        await p.drop();
      }
    });
  });
}
