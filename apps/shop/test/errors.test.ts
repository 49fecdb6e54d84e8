import { after, before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { rawRequest } from '../../../packages/runtime/test/raw-http.ts';
import { rawRequest as httpRequest } from '../../api/test/support/raw-http.ts';
import { loadShopConfig } from '../src/config.ts';
import { buildShopServer } from '../src/shop-server.ts';
import { describeError, errorAction, networkError, outcomeUnknown, ShopError } from '../web/src/errors.ts';

const names = (id: string) => ({ p1: 'Kettle' })[id];

test('order errors are plain words naming the product, with the step that fixes them', () => {
  const short = new ShopError(402, { error: 'insufficient_credits', message: 'Not enough shopping credits' });
  assert.match(describeError(short), /not have enough credits/);
  assert.equal(errorAction(short), 'top_up');
  const stock = new ShopError(409, { error: 'out_of_stock', product_id: 'p1' });
  assert.equal(describeError(stock, names), 'Sorry, there is not enough stock of “Kettle”. Lower the quantity or remove it.');
  assert.equal(errorAction(stock), 'edit_cart');
  assert.match(describeError(new ShopError(400, { error: 'invalid_product', product_id: 'p1' }), names), /“Kettle” is no longer sold/);
  assert.match(describeError(new ShopError(400, { error: 'invalid_product', product_id: 'gone' }), names), /no longer sold/);
});

test('OTP errors: a wrong code, and a rate limit that says when to try again', () => {
  assert.match(describeError(new ShopError(401, { error: 'invalid_otp' })), /code is not right/);
  assert.equal(errorAction(new ShopError(401, { error: 'invalid_otp' })), null);
  assert.equal(errorAction(new ShopError(401, { error: 'invalid_credentials' })), null);
  assert.equal(errorAction(new ShopError(401, { error: 'unauthorized' })), 'sign_in');
  const limited = new ShopError(429, { error: 'rate_limited', code: 'OTP_RATE_LIMITED', retry_after: 27 });
  assert.equal(describeError(limited), 'Too many codes asked for. Try again in 27 s.');
  assert.equal(describeError(new ShopError(429, { error: 'rate_limited', code: 'OTP_RATE_LIMITED', retry_after: 1800 })), 'Too many codes asked for. Try again in 30 min.');
});

test('deletion blockers, the daily spin and the mailer are explained', () => {
  assert.equal(
    describeError(new ShopError(409, { error: 'deletion_blocked', blockers: ['open_orders', 'wallet_balance'] })),
    'Your account cannot be deleted yet: you have orders that are not finished yet and your wallet still has a balance.',
  );
  assert.match(describeError(new ShopError(409, { error: 'already_spun' })), /already spun today/);
  assert.match(describeError(new ShopError(503, { error: 'email_disabled' })), /not available/);
});

test('a refused form names the fields to fix, in words', () => {
  const body = { error: 'validation_failed', message: 'Request is invalid', details: [{ field: 'body/phone', message: 'x' }, { field: 'body/password', message: 'y' }, { field: 'body/phone', message: 'z' }] };
  assert.equal(describeError(new ShopError(400, body)), 'Please check the phone number and the password.');
  assert.equal(describeError(new ShopError(400, { error: 'validation_failed', details: [{ field: 'body/unknown' }] })), 'Please check what you entered.');
});

test('no answer, or a server error, leaves the outcome unknown: retry with the same key', () => {
  assert.equal(outcomeUnknown(networkError()), true);
  assert.equal(outcomeUnknown(new ShopError(502, { error: 'api_unavailable' })), true);
  assert.equal(outcomeUnknown(new ShopError(402, { error: 'insufficient_credits' })), false);
  assert.equal(outcomeUnknown(new ShopError(409, { error: 'out_of_stock' })), false);
  assert.equal(errorAction(networkError()), 'retry');
  assert.match(describeError(networkError()), /No connection/);
  // Never the server's internals, never a bare code.
  assert.equal(describeError(new ShopError(500, { error: 'internal', message: 'SQLITE_BUSY at ...' })), 'Something went wrong on our side. Please try again.');
  assert.equal(describeError(new Error('boom')), 'Something went wrong on our side. Please try again.');
});

/**
 * What the shop server, Node's HTTP parser and Fastify's router answer by themselves, over a real
 * socket (`inject` skips the parser), on the paths the shop forwards: every answer in the
 * docs/contracts.md §2 shape with a stable `error` code, as the API and the portal give them.
 */
describe('the shop server’s own refusals over a real socket', () => {
  let shop: FastifyInstance;
  let upstream: Server;
  let port = 0;
  before(async () => {
    // The API stand-in answers everything that reaches it with the body it received: an answer from it is not a refusal.
    upstream = createServer(async (req, res) => {
      let received = '';
      for await (const chunk of req) received += chunk;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    shop = await buildShopServer(loadShopConfig({ STOREFRONT_API_URL: apiUrl, SHOP_STATIC_DIR: tmpdir(), LOG_LEVEL: 'silent' }));
    await shop.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.server.address() as AddressInfo).port;
  });
  after(async () => {
    await shop?.close();
    upstream?.close();
  });

  const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: shop.test\r\n${headers}Connection: close\r\n\r\n`;
  const post = (path: string, type: string, body: string, length = Buffer.byteLength(body)) =>
    `POST ${path} HTTP/1.1\r\nHost: shop.test\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;

  const cases: [string, string, number, string][] = [
    ['a URL over 16 KB', get(`/api/v1/products/${'a'.repeat(17_000)}`), 431, 'headers_too_large'],
    ['headers over 16 KB on a forwarded path', get('/api/v1/products', `X-Pad: ${'a'.repeat(17_000)}\r\n`), 431, 'headers_too_large'],
    ['an unknown method', 'FROB /api/v1/products HTTP/1.1\r\nHost: shop.test\r\n\r\n', 400, 'validation_failed'],
    ['a request line that is not HTTP', 'hello there\r\n\r\n', 400, 'validation_failed'],
    ['a header name with a space', get('/api/v1/products', 'Bad Header: x\r\n'), 400, 'validation_failed'],
    ['two Content-Lengths', 'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 400, 'validation_failed'],
    ['an HTTP/1.1 request without Host', 'GET /api/v1/products HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'validation_failed'],
    ['an Expect other than 100-continue on a forwarded POST', post('/api/v1/auth/login', 'application/json', '{}').replace('Connection', 'Expect: teapot\r\nConnection'), 417, 'expectation_failed'],
    ['a forwarded POST over the body limit', post('/api/v1/auth/login', 'application/json', '', 2 * 1024 * 1024), 413, 'payload_too_large'],
    ['a method no route has', get('/api/v1/products').replace('GET', 'PROPFIND'), 404, 'not_found'],
    ['a picture key over 100 characters', get(`/media/${'a'.repeat(16_000)}`), 404, 'not_found'],
    ['a picture key that does not decode', get('/media/%E0%A4%A'), 404, 'not_found'],
    ['a referral code over 100 characters', get(`/r/${'a'.repeat(500)}`), 404, 'not_found'],
  ];
  for (const [name, request, status, error] of cases) {
    it(`${name}: ${status} ${error}`, async () => {
      const res = await rawRequest(port, request);
      const text = res.body.slice(0, 300);
      assert.equal(res.status, status, text);
      assert.match(res.headers['content-type'] ?? '', /^application\/json/);
      const body = JSON.parse(res.body);
      assert.equal(body.error, error, text);
      assert.deepEqual(Object.keys(body).filter((k) => !['error', 'message', 'details'].includes(k)), [], 'nothing but the §2 fields');
      assert.equal(typeof body.message, 'string');
    });
  }

  it('the shop parses no body: malformed JSON reaches the API as sent, which answers it', async () => {
    const res = await httpRequest({ port, method: 'POST', path: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, body: '{"phone":' });
    assert.deepEqual([res.status, JSON.parse(res.text)], [200, { received: '{"phone":' }]);
  });

  it('the server still answers after every refusal', async () => {
    const res = await rawRequest(port, get('/health'));
    assert.deepEqual([res.status, JSON.parse(res.body).status], [200, 'ok']);
  });
});
