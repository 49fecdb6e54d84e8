/**
 * Back to the shop: a top-up started with a `return_url` (on the API's TOPUP_RETURN_ORIGINS)
 * ends on a page that takes the payer there with `?topup=<token>`, after success, failure or
 * "still checking"; no page tells anyone to close it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, registerUser } from '../../api/test/helpers.ts';
import { balanceOf, payAtGatewayA, postForm, resultOf, startStack, userWithTopup, type Stack } from './helpers.ts';

const SHOP = 'https://shop.example.com';
const unescape = (v: string) => v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
/** The page's meta refresh target, or null when it does not move on by itself. */
const refreshTo = (html: string): string | null => {
  const m = /<meta http-equiv="refresh" content="\d+;url=([^"]+)">/.exec(html);
  return m ? unescape(m[1]!) : null;
};
const backHref = (html: string): string | null => {
  const m = /id="back" href="([^"]+)"/.exec(html);
  return m ? unescape(m[1]!) : null;
};
const get = async (url: string) => {
  const r = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: r.status, text: await r.text() };
};

describe('the payment server sends the payer back to the shop', () => {
  let s: Stack;
  before(async () => {
    s = await startStack({ apiEnv: { TOPUP_RETURN_ORIGINS: SHOP } });
  });
  after(() => s.close());

  async function topupWithReturn(amount: number, returnUrl = `${SHOP}/checkout?step=pay`) {
    const user = await registerUser(s.api);
    const r = await call(s.api, 'POST', '/api/v1/wallet/topup-initiate', { token: user.token, body: { amount, return_url: returnUrl } });
    assert.equal(r.status, 201, r.text);
    return { user, token: r.body.token as string, url: r.body.url as string };
  }
  const expected = (token: string) => `${SHOP}/checkout?step=pay&topup=${token}`;

  const cancelled = (token: string) => `${expected(token)}&payment=cancelled`;

  test('the hosted page offers the way back without paying, which tells the shop nothing was paid', async () => {
    const { token, url } = await topupWithReturn(150000);
    const page = await get(url);
    assert.equal(page.status, 200);
    assert.equal(backHref(page.text), cancelled(token));
    assert.match(page.text, /id="amount">₹1,500\.00</);
    assert.doesNotMatch(page.text, /close/i);
  });

  test('gateway A success: credited once, and the page moves on to the return_url with the token', async () => {
    const { user, token } = await topupWithReturn(150000);
    const back = await payAtGatewayA(s, token);
    const page = await postForm(back.target, back.fields);
    assert.equal(resultOf(page.text), 'success');
    assert.match(page.text, /₹1,500\.00 has been added/);
    assert.equal(refreshTo(page.text), expected(token));
    assert.equal(backHref(page.text), expected(token));
    assert.doesNotMatch(page.text, /close/i);
    assert.equal(await balanceOf(s, user), 150000);
  });

  test('gateway A declined: nothing credited, back to the shop (the shop offers the retry)', async () => {
    const { user, token } = await topupWithReturn(20000);
    const back = await payAtGatewayA(s, token, 'Failure');
    const page = await postForm(back.target, back.fields);
    assert.equal(resultOf(page.text), 'failed');
    assert.equal(refreshTo(page.text), expected(token));
    assert.doesNotMatch(page.text, /id="again"|close/i);
    assert.equal(await balanceOf(s, user), 0);
    // Told to the API before the page moves on, so the shop reads it on arrival.
    const st = await call(s.api, 'GET', `/api/v1/wallet/topup-status/${token}`, { token: user.token });
    assert.equal(st.body.status, 'pending');
    assert.equal(typeof st.body.declined_at, 'string');
  });

  test('gateway A cancelled: nothing credited, back to the shop saying it was cancelled; the top-up stays payable', async () => {
    const { user, token } = await topupWithReturn(20000);
    const back = await payAtGatewayA(s, token, 'Aborted');
    const page = await postForm(back.target, back.fields);
    assert.equal(resultOf(page.text), 'failed');
    assert.equal(refreshTo(page.text), cancelled(token));
    assert.equal(backHref(page.text), cancelled(token));
    assert.equal(await balanceOf(s, user), 0);
    const st = await call(s.api, 'GET', `/api/v1/wallet/topup-status/${token}`, { token: user.token });
    assert.deepEqual([st.body.status, st.body.declined_at], ['pending', undefined], 'a cancel is not a decline');
  });

  test('gateway A still checking because the payment could not be confirmed here: the page links back but stays, since only it can ask again', async () => {
    const { user, token } = await topupWithReturn(20000);
    const back = await payAtGatewayA(s, token);
    s.simA.statusDown = true;
    let page;
    try {
      page = await postForm(back.target, back.fields);
    } finally {
      s.simA.statusDown = false;
    }
    assert.equal(resultOf(page.text), 'pending');
    assert.equal(backHref(page.text), expected(token));
    assert.equal(refreshTo(page.text), null);
    assert.match(page.text, /id="retry"/);
    assert.doesNotMatch(page.text, /close/i);
    assert.equal(await balanceOf(s, user), 0);
  });

  test('gateway B: a capture that could not be done keeps "Check again" (no order, no token); once captured, back to the shop', async () => {
    const { token } = await topupWithReturn(12300);
    const created = await postForm(`${s.payUrl}/api/gateway-b/create`, { token });
    const approve = unescape(/id="continue" href="([^"]+)"/.exec(created.text)![1]!);
    const orderId = new URL(approve).searchParams.get('token')!;
    const r = await postForm(`${s.simB.apiBase}/sim/approve`, { order: orderId });
    s.simB.failCaptures = 1;
    const page = await get(r.headers.get('location')!);
    assert.equal(resultOf(page.text), 'pending', page.text);
    assert.equal(refreshTo(page.text), null, 'no order read back: the token is unknown here, so the page keeps "Check again"');
    const again = await get(`${s.payUrl}${unescape(/id="check" href="([^"]+)"/.exec(page.text)![1]!)}`);
    assert.equal(resultOf(again.text), 'success');
    assert.equal(refreshTo(again.text), expected(token));
  });

  test('a top-up without return_url ends as before: no way back is invented, and no page says to close it', async () => {
    const { user, token } = await userWithTopup(s, 20000);
    const back = await payAtGatewayA(s, token);
    const page = await postForm(back.target, back.fields);
    assert.equal(resultOf(page.text), 'success');
    assert.equal(refreshTo(page.text), null);
    assert.equal(backHref(page.text), null);
    assert.doesNotMatch(page.text, /close/i);
    assert.equal(await balanceOf(s, user), 20000);
  });
});
