/**
 * The payment server killed with SIGKILL after the gateway's success, while its credit call is on
 * the way to the API: the credit was written to the outbox before that call, so the restarted
 * server pays it, exactly once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../src/outbox.ts';
import { balanceOf, freePort, payAtGatewayA, postForm, startPayProcess, startStack, topupStatus, topupTransactions, userWithTopup, type Stack } from './helpers.ts';

const until = async (what: string, check: () => Promise<boolean> | boolean): Promise<void> => {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
};

describe('a payment server killed between the gateway and the API', () => {
  let s: Stack;
  let dir: string;
  before(async () => {
    s = await startStack();
    dir = mkdtempSync(join(tmpdir(), 'pay-crash-'));
  });
  after(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('SIGKILL while the credit call is in flight: after restart the credit arrives exactly once', async () => {
    const outbox = `sqlite:${join(dir, 'pay.db')}`;
    const owed = async () => {
      const store = new Outbox(outbox);
      try {
        return (await store.rows()).map((r) => [r.credit.token, r.credit.amount]);
      } finally {
        await store.close();
      }
    };
    const port = await freePort();
    let pay = await startPayProcess(s, port, { PAY_DATABASE_URL: outbox, PAY_OUTBOX_LEASE_MS: '2000' });
    const { user, token } = await userWithTopup(s, 30000);
    const back = await payAtGatewayA(s, token, 'Success', pay.url);

    // The API never sees the credit call: it is held at the proxy, and the server dies meanwhile.
    s.proxy.holdOn = '/wallet/topup-credit';
    void postForm(back.target, back.fields).catch(() => undefined);
    await until('the credit call to reach the API', () => s.proxy.held >= 1);
    pay.child.kill('SIGKILL');
    await pay.exited;
    assert.equal(await balanceOf(s, user), 0, 'nothing credited yet');
    assert.deepEqual(await owed(), [[token, 30000]], 'the debt was on disk before the call');

    s.proxy.holdOn = '';
    pay = await startPayProcess(s, port, { PAY_DATABASE_URL: outbox, PAY_OUTBOX_LEASE_MS: '2000' });
    try {
      await until('the restarted server to pay the credit', async () => (await balanceOf(s, user)) === 30000);
      await until('the outbox to empty', async () => (await owed()).length === 0);
      // The customer posting the gateway's answer again, and another restart, change nothing.
      await postForm(back.target, back.fields);
    } finally {
      pay.child.kill('SIGTERM');
      await pay.exited;
    }
    assert.equal(await balanceOf(s, user), 30000);
    assert.equal((await topupTransactions(s, user)).length, 1, 'one ledger credit');
    assert.equal((await topupStatus(s, user, token)).status, 'completed');
  });
});
