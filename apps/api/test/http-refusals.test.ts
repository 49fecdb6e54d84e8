/**
 * What the HTTP framework and Node's parser answer by themselves, over a real socket (`inject`
 * skips the parser): every answer in the docs/contracts.md §2 shape with a stable `error` code.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { rawRequest } from '../../../packages/runtime/test/raw-http.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('the framework’s own refusals over a real socket', () => {
  let t: TestApp;
  let port = 0;
  before(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: api.test\r\n${headers}Connection: close\r\n\r\n`;
  const post = (path: string, type: string, body: string, length = Buffer.byteLength(body)) =>
    `POST ${path} HTTP/1.1\r\nHost: api.test\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;

  const cases: [string, string, number, string][] = [
    ['a URL over 16 KB', get(`/api/v1/products/${'a'.repeat(17_000)}`), 431, 'headers_too_large'],
    ['headers over 16 KB', get('/health', `X-Pad: ${'a'.repeat(17_000)}\r\n`), 431, 'headers_too_large'],
    ['an unknown method', 'FROB /health HTTP/1.1\r\nHost: api.test\r\n\r\n', 400, 'validation_failed'],
    ['a request line that is not HTTP', 'hello there\r\n\r\n', 400, 'validation_failed'],
    ['a header name with a space', get('/health', 'Bad Header: x\r\n'), 400, 'validation_failed'],
    ['two Content-Lengths', 'POST /api/v1/auth/login HTTP/1.1\r\nHost: api.test\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 400, 'validation_failed'],
    ['a broken chunk', 'POST /api/v1/auth/login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400, 'validation_failed'],
    ['an HTTP/1.1 request without Host', 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'validation_failed'],
    ['an Expect other than 100-continue', get('/health', 'Expect: teapot\r\n'), 417, 'expectation_failed'],
    ['a body over the limit', post('/api/v1/auth/login', 'application/json', '', 2 * 1024 * 1024), 413, 'payload_too_large'],
    ['a body of the wrong type', post('/api/v1/auth/login', 'application/xml', '<phone/>'), 415, 'unsupported_media_type'],
    ['malformed JSON', post('/api/v1/auth/login', 'application/json', '{"phone":'), 400, 'validation_failed'],
    ['an empty JSON body', post('/api/v1/auth/login', 'application/json', ''), 400, 'validation_failed'],
    ['a method no route has', get('/health').replace('GET', 'PROPFIND'), 404, 'not_found'],
    ['an id of 16,000 characters (within the URL limit)', get(`/api/v1/products/${'a'.repeat(16_000)}`), 404, 'not_found'],
    ['an id that does not decode', get('/api/v1/products/%E0%A4%A'), 404, 'not_found'],
  ];
  for (const [name, request, status, error] of cases) {
    it(`${name}: ${status} ${error}`, async () => {
      const res = await rawRequest(port, request);
      assert.equal(res.status, status, res.body);
      assert.match(res.headers['content-type'] ?? '', /^application\/json/);
      const body = JSON.parse(res.body);
      assert.equal(body.error, error, res.body);
      assert.deepEqual(Object.keys(body).filter((k) => !['error', 'message', 'details'].includes(k)), [], 'nothing but the §2 fields');
      assert.equal(typeof body.message, 'string');
    });
  }

  it('the server still answers after every refusal', async () => {
    const res = await rawRequest(port, get('/health'));
    assert.deepEqual([res.status, JSON.parse(res.body).status], [200, 'ok']);
  });
});
