/**
 * Every protected route of the OpenAPI document × every bad credential → 401 (403 for a user
 * token on an admin route). Generated from the document, so a new route cannot be forgotten.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { call, createAdmin, createTestApp, registerUser, TEST_JWT_SECRET, type TestApp } from './helpers.ts';

interface Op {
  method: string;
  path: string;
  admin: boolean;
}

export function protectedOperations(doc: any): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op.security?.some((s: object) => 'customToken' in s)) continue;
      ops.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '00000000-0000-7000-8000-000000000000'), admin: path.startsWith('/api/v1/admin/') });
    }
  }
  return ops;
}

describe('auth matrix over the OpenAPI document', () => {
  let t: TestApp;
  let ops: Op[];
  const creds: Record<string, Record<string, string>> = {};
  let userToken = '';

  before(async () => {
    // Every gate open, so past the token check each route answers for its body, not for a setting.
    t = await createTestApp({
      STORE_WEBHOOK_SECRET: 'matrix-secret-0123456789',
      TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup',
      MEDIA_DIR: mkdtempSync(join(tmpdir(), 'sf-matrix-media-')),
    });
    ops = protectedOperations((await call(t.app, 'GET', '/docs/openapi.json')).body);
    const user = await registerUser(t.app);
    userToken = user.token;
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString());
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const revoked = await registerUser(t.app);
    await call(t.app, 'POST', '/api/v1/auth/logout', { token: revoked.token });
    creds.none = {};
    creds.garbage = { 'x-sdk-access-token': 'garbage.garbage.garbage' };
    creds.forged = { 'x-sdk-access-token': await new SignJWT({ ...claims, role: 'admin' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('f'.repeat(48))) };
    creds.expired = {
      'x-sdk-access-token': await new SignJWT({ ...claims, iat: now - 3600, exp: now - 1800 }).setProtectedHeader({ alg: 'HS256' }).sign(key),
    };
    creds.revoked = { 'x-sdk-access-token': revoked.token };
    creds.idpWithoutSetting = { authorization: `Bearer ${user.token}` };
  });
  after(() => t.close());

  it('the document has protected user and admin routes', () => {
    assert.ok(ops.some((o) => o.admin));
    assert.ok(ops.some((o) => !o.admin));
  });

  it('no credential, garbage, forged, expired, revoked and a bearer without IdP are all 401', async () => {
    for (const op of ops) {
      for (const [name, headers] of Object.entries(creds)) {
        const res = await call(t.app, op.method as 'GET', op.path, { headers, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }) });
        assert.equal(res.status, 401, `${op.method} ${op.path} with ${name}: ${res.text}`);
        assert.equal(res.body.error, 'unauthorized');
      }
    }
  });

  it('a user token on any admin route is 403', async () => {
    for (const op of ops.filter((o) => o.admin)) {
      const res = await call(t.app, op.method as 'GET', op.path, { token: userToken, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }) });
      assert.equal(res.status, 403, `${op.method} ${op.path}: ${res.text}`);
    }
  });

  it('an admin token passes the gate on every admin route (never 401/403)', async () => {
    const admin = await createAdmin(t);
    for (const op of ops.filter((o) => o.admin)) {
      const res = await call(t.app, op.method as 'GET', op.path, { token: admin.token, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }) });
      assert.ok(![401, 403].includes(res.status) && res.status < 500, `${op.method} ${op.path}: ${res.status} ${res.text}`);
    }
  });
});
