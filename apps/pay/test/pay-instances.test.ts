/**
 * Two payment server processes sharing one outbox (PAY_DATABASE_URL). Gateway successes come in
 * through both while the API is down; when it is back, both instances retry at the same moment,
 * and each credit reaches the API exactly once: one call per credit, not one per instance.
 *
 * On PostgreSQL (several hosts; the lease is taken with SELECT … FOR UPDATE SKIP LOCKED): the
 * outbox database is made on the server of DATABASE_URL when that is PostgreSQL, otherwise on
 * 127.0.0.1:5432 (CI always has it), and dropped afterwards. On one SQLite file too (one host; the
 * lease is a conditional UPDATE).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  balanceOf,
  freePort,
  payAtGatewayA,
  postForm,
  resultOf,
  startPayProcess,
  startStack,
  topupStatus,
  topupTransactions,
  userWithTopup,
  type PayProcess,
  type Stack,
} from './helpers.ts';

const serverUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : 'postgres://postgres@127.0.0.1:5432/postgres';
const PAYMENTS = 8;

const until = async (what: string, check: () => Promise<boolean> | boolean, tries = 600): Promise<void> => {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
};

const depthOf = async (p: PayProcess): Promise<number> => {
  const text = await (await fetch(`${p.url}/metrics`)).text();
  return Number(/^pay_outbox_depth (\d+)$/m.exec(text)?.[1]);
};

interface OutboxPlace {
  url: string;
  drop(): Promise<void>;
}

async function postgresOutbox(): Promise<OutboxPlace> {
  const dbName = `pay_outbox_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return {
    url: u.toString(),
    async drop() {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}

async function sqliteOutbox(): Promise<OutboxPlace> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-outbox-'));
  return { url: `sqlite:${join(dir, 'pay.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

for (const [name, place] of [
  ['PostgreSQL', postgresOutbox],
  ['SQLite file', sqliteOutbox],
] as const) describe(`two payment servers on one ${name} outbox`, () => {
  let s: Stack;
  let outbox: OutboxPlace;
  const pays: PayProcess[] = [];

  before(async () => {
    s = await startStack();
    outbox = await place();
    const outboxUrl = outbox.url;
    for (let i = 0; i < 2; i++) {
      pays.push(await startPayProcess(s, await freePort(), { PAY_DATABASE_URL: outboxUrl, PAY_OUTBOX_LEASE_MS: '3000', LOG_LEVEL: 'info' }));
    }
  });

  after(async () => {
    for (const p of pays) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    await s.close();
    await outbox.drop();
  });

  test('the API down while payments arrive at both, then up: each credit is called for and credited exactly once', async () => {
    const payments: Array<{ user: Awaited<ReturnType<typeof userWithTopup>>['user']; token: string; amount: number; back: Awaited<ReturnType<typeof payAtGatewayA>> }> = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const pay = pays[i % 2]!;
      const { user, token } = await userWithTopup(s, 10000 + i * 100);
      payments.push({ user, token, amount: 10000 + i * 100, back: await payAtGatewayA(s, token, 'Success', pay.url) });
    }

    s.proxy.mode = 'down';
    try {
      const pages = await Promise.all(payments.map((p) => postForm(p.back.target, p.back.fields)));
      assert.deepEqual(pages.map((p) => resultOf(p.text)), payments.map(() => 'pending'));
      // Each instance sees every owed credit, including the ones the other took.
      for (const p of pays) assert.equal(await depthOf(p), PAYMENTS);
    } finally {
      s.proxy.mode = 'up';
    }

    // Both instances wake for the same due rows (5 s after the pages above) and retry together.
    const callsBefore = s.proxy.passed.filter((u) => u.includes('/wallet/topup-credit')).length;
    await until('every wallet to be credited', async () => {
      for (const p of payments) if ((await balanceOf(s, p.user)) !== p.amount) return false;
      return true;
    });
    await until('both outboxes to read empty', async () => (await depthOf(pays[0]!)) === 0 && (await depthOf(pays[1]!)) === 0);
    // A lease held past its end would show up here as a second call: wait one lease more.
    await new Promise((r) => setTimeout(r, 3500));

    const calls = s.proxy.passed.filter((u) => u.includes('/wallet/topup-credit')).length - callsBefore;
    assert.equal(calls, PAYMENTS, 'one credit call per owed credit');
    for (const p of payments) {
      assert.equal(await balanceOf(s, p.user), p.amount);
      assert.equal((await topupTransactions(s, p.user)).length, 1, 'one ledger credit');
      assert.equal((await topupStatus(s, p.user, p.token)).status, 'completed');
    }
    const credited = pays.map((p) => p.logs.filter((l) => l.msg === 'top-up credited').length);
    assert.equal(credited[0]! + credited[1]!, PAYMENTS, `credits per instance: ${credited.join(', ')}`);
    assert.equal(pays.flatMap((p) => p.logs).filter((l) => l.msg === 'top-up was already credited').length, 0, 'no instance repeated another');
  });
});
