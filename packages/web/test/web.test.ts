import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { API_ERROR_CODES } from '@storefront/client';
import { call, ERROR_WORDS, errorWords, staysInApp, type ErrorWords } from '../src/index.ts';

describe('the error-message table', () => {
  it('has words for exactly the codes the API sends, and the apps’ own few', () => {
    assert.deepEqual(Object.keys(ERROR_WORDS).sort(), [...API_ERROR_CODES, 'api_unavailable', 'network', 'session_ended'].sort());
    for (const words of Object.values(ERROR_WORDS)) assert.ok(words.length > 0);
  });

  it('a code nobody sends has no words and does not compile as a key', () => {
    assert.equal(errorWords('ticket_closed'), undefined);
    assert.equal(errorWords('toString'), undefined);
    assert.equal(errorWords(undefined), undefined);
    // @ts-expect-error an unknown code is not a key of the table
    const unknown: ErrorWords = { ticket_closed: 'This ticket is closed.' };
    // @ts-expect-error a table keyed by every code cannot leave one out
    const missing: typeof ERROR_WORDS = { network: 'No connection.' };
    assert.ok(unknown);
    assert.ok(missing);
  });

  it('a screen’s own words come first, the shared ones otherwise', () => {
    const own: ErrorWords = { conflict: 'This phone number already has an account.' };
    assert.equal(errorWords('conflict', own), 'This phone number already has an account.');
    assert.equal(errorWords('forbidden', own), ERROR_WORDS.forbidden);
  });
});

describe('an in-app link', () => {
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  it('a plain click stays in the app', () => {
    assert.equal(staysInApp(plain), true);
    assert.equal(staysInApp(plain, '_self'), true);
  });
  it('ctrl, cmd, shift, alt, the middle button, another target or a handled click are left to the browser', () => {
    for (const change of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      assert.equal(staysInApp({ ...plain, ...change }), false, JSON.stringify(change));
    }
    assert.equal(staysInApp(plain, '_blank'), false);
  });
});

describe('a typed call', () => {
  const fail = (status: number, body: { error?: string }) => Object.assign(new Error(body.error ?? ''), { status });
  const answer = (status: number, body: unknown) => ({ ...(status < 300 ? { data: body } : { error: body }), response: new Response(null, { status }) });
  it('gives the data of a 2xx answer', async () => {
    assert.deepEqual(await call(Promise.resolve(answer(200, { id: 'a' })), fail), { id: 'a' });
  });
  it('throws the error body of any other answer with its status', async () => {
    await assert.rejects(call(Promise.resolve(answer(409, { error: 'conflict' })), fail), { message: 'conflict', status: 409 });
    await assert.rejects(call(Promise.resolve(answer(502, 'not json')), fail), { message: '', status: 502 });
  });
  it('no answer at all is status 0, network; an app’s own error passes through', async () => {
    await assert.rejects(call(Promise.reject(new TypeError('fetch failed')), fail), { message: 'network', status: 0 });
    await assert.rejects(call(Promise.reject(new DOMException('timed out', 'TimeoutError')), fail), { message: 'network', status: 0 });
    const own = fail(0, { error: 'mine' });
    await assert.rejects(call(Promise.reject(own), fail), (e) => e === own);
  });
});
