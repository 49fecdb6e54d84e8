/** Fail closed: an unconfigured gateway answers 503 and is not offered; with none, no payments. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { balanceOf, postForm, startStack, userWithTopup } from './helpers.ts';

const get = async (url: string) => {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: res.status, text: await res.text() };
};

test('an unconfigured gateway A answers 503 and is hidden on the page; gateway B still works', async () => {
  const s = await startStack({ gatewayA: false });
  try {
    assert.deepEqual(await (await fetch(`${s.payUrl}/health`)).json(), { status: 'ok', payments: { gateway_a: false, gateway_b: true } });
    const { user, token, url } = await userWithTopup(s, 10000);
    const page = await get(url);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /pay-gateway-a/);
    assert.match(page.text, /pay-gateway-b/);
    assert.equal((await postForm(`${s.payUrl}/api/gateway-a/initiate`, { token })).status, 503);
    const resp = await postForm(`${s.payUrl}/api/gateway-a/response`, { encResp: 'ab'.repeat(32) });
    assert.equal(resp.status, 503);
    assert.equal((await postForm(`${s.payUrl}/api/gateway-b/create`, { token })).status, 200);
    assert.equal(await balanceOf(s, user), 0);
  } finally {
    await s.close();
  }
});

test('an unconfigured gateway B answers 503 on every endpoint and is hidden on the page', async () => {
  const s = await startStack({ gatewayB: false });
  try {
    assert.deepEqual(await (await fetch(`${s.payUrl}/health`)).json(), { status: 'ok', payments: { gateway_a: true, gateway_b: false } });
    const { token, url } = await userWithTopup(s, 10000);
    const page = await get(url);
    assert.match(page.text, /pay-gateway-a/);
    assert.doesNotMatch(page.text, /pay-gateway-b/);
    assert.equal((await postForm(`${s.payUrl}/api/gateway-b/create`, { token })).status, 503);
    assert.equal((await get(`${s.payUrl}/api/gateway-b/return?token=ABC&PayerID=X`)).status, 503);
    const hook = await fetch(`${s.payUrl}/api/gateway-b/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(hook.status, 503);
    assert.equal(s.simB.calls.create ?? 0, 0);
  } finally {
    await s.close();
  }
});

test('with no gateway configured the page says payments are unavailable', async () => {
  const s = await startStack({ gatewayA: false, gatewayB: false });
  try {
    assert.deepEqual(await (await fetch(`${s.payUrl}/health`)).json(), { status: 'ok', payments: { gateway_a: false, gateway_b: false } });
    const { url } = await userWithTopup(s, 10000);
    const page = await get(url);
    assert.equal(page.status, 503);
    assert.match(page.text, /Payments are unavailable/);
    assert.doesNotMatch(page.text, /<form/);
  } finally {
    await s.close();
  }
});

test('without the API secret nothing can be verified, so no gateway takes payments', async () => {
  const s = await startStack({ paySecret: false });
  try {
    const { token, url } = await userWithTopup(s, 10000);
    assert.equal((await get(url)).status, 503);
    assert.equal((await postForm(`${s.payUrl}/api/gateway-a/initiate`, { token })).status, 503);
    assert.equal((await postForm(`${s.payUrl}/api/gateway-b/create`, { token })).status, 503);
  } finally {
    await s.close();
  }
});
