import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createStorefrontClient } from '../src/index.ts';
import { createTestApp, type TestApp } from '../../../apps/api/test/helpers.ts';

let t: TestApp;
let base: string;

before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
after(() => t.close());

test('the typed client registers, then reads the profile with the token it was given', async () => {
  const anon = createStorefrontClient(base);
  const phone = '+919812300001';
  const reg = await anon.POST('/api/v1/auth/register', { body: { phone, password: 'correct horse battery', full_name: 'Client Test' } });
  assert.equal(reg.response.status, 201);
  assert.ok(reg.data?.custom_token);
  const authed = createStorefrontClient(base, { token: reg.data.custom_token });
  const me = await authed.GET('/api/v1/me');
  assert.equal(me.response.status, 200);
  assert.equal(me.data?.phone, phone);
  assert.equal(me.data.is_admin, false);
});

test('API errors come back as the contract error body, not as thrown exceptions', async () => {
  const res = await createStorefrontClient(base).POST('/api/v1/auth/login', { body: { phone: '+919812300099', password: 'wrong password' } });
  assert.equal(res.response.status, 401);
  assert.equal(res.data, undefined);
  assert.equal((res.error as { error: string }).error, 'invalid_credentials');
});

test('the sign option sees the exact body bytes sent and adds its headers', async () => {
  const seen: { body: string; sig: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ body, sig: req.headers['x-store-signature'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"custom_token":"a","refresh_token":"b","expires_in":900}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createStorefrontClient(url, { sign: (raw) => ({ 'X-Store-Signature': `len=${raw.length}` }) });
    await client.POST('/api/v1/auth/refresh', { body: { refresh_token: 'xyz' } });
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.body, '{"refresh_token":"xyz"}');
    assert.equal(seen[0]!.sig, `len=${seen[0]!.body.length}`);
  } finally {
    server.close();
  }
});
