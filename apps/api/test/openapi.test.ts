import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OPERATIONS, TAGS } from '../src/openapi.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

describe('the API description', () => {
  let t: TestApp;
  let doc: any;
  before(async () => {
    t = await createTestApp();
    doc = (await call(t.app, 'GET', '/docs/openapi.json')).body;
  });
  after(() => t.close());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );

  test('every route is in the table of operations, and every table row is a route', () => {
    const described = operations().map((o) => o.key).sort();
    assert.deepEqual(described, Object.keys(OPERATIONS).sort());
  });

  test('every operation has a unique camelCase operationId, a summary and a described tag', () => {
    const ids = new Set<string>();
    const tagNames = new Set<string>(TAGS.map((x) => x.name));
    assert.deepEqual(doc.tags.map((x: { name: string }) => x.name), [...tagNames]);
    for (const { key, op } of operations()) {
      assert.match(op.operationId, /^[a-z][a-zA-Z0-9]*$/, key);
      assert.ok(!ids.has(op.operationId), `${key}: operationId ${op.operationId} is used twice`);
      ids.add(op.operationId);
      assert.ok(op.summary?.length > 0, `${key} has no summary`);
      assert.equal(op.tags?.length, 1, key);
      assert.ok(tagNames.has(op.tags[0]), `${key}: tag ${op.tags[0]} has no description`);
    }
  });

  test('public routes declare no security, token routes the two token schemes, signed routes the signature', () => {
    const sec = (key: string) => operations().find((o) => o.key === key)!.op.security;
    assert.deepEqual(sec('GET /api/v1/products'), []);
    assert.deepEqual(sec('POST /api/v1/auth/login'), []);
    assert.deepEqual(sec('GET /api/v1/wallet'), [{ customToken: [] }, { idpBearer: [] }]);
    assert.deepEqual(sec('GET /api/v1/admin/users'), [{ customToken: [] }, { idpBearer: [] }]);
    assert.deepEqual(sec('POST /api/v1/wallet/topup-credit'), [{ storeSignature: [] }]);
    for (const { key, op } of operations()) assert.ok(Array.isArray(op.security), `${key} declares no security`);
  });

  test('error answers carry the shared error body narrowed to the codes of that route', () => {
    const place = operations().find((o) => o.key === 'POST /api/v1/orders')!.op;
    const codes = (status: number) => place.responses[status].content['application/json'].schema.allOf[1].properties.error.enum;
    assert.equal(place.responses[402].content['application/json'].schema.allOf[0].$ref, '#/components/schemas/Error');
    assert.deepEqual(codes(402), ['insufficient_credits']);
    assert.deepEqual(codes(409), ['out_of_stock', 'idempotency_conflict', 'conflict']);
    assert.deepEqual(codes(401), ['unauthorized']);
    assert.equal(place.responses[403], undefined, 'a user route never answers 403');
    const otp = operations().find((o) => o.key === 'POST /api/v1/auth/otp/send')!.op;
    assert.deepEqual(otp.responses[429].content['application/json'].schema.allOf[1].properties.code.enum, ['OTP_RATE_LIMITED']);
    assert.equal(otp.responses[401], undefined, 'a public route without a credential check never answers 401');
  });

  test('the share link documents the code it carries, not a wildcard', () => {
    const op = doc.paths['/r/{code}'].get;
    assert.deepEqual(
      op.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`),
      ['path:code'],
    );
    assert.equal(doc.paths['/r/{*}'], undefined);
  });
});
