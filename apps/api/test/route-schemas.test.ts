/**
 * Route validators and response serialisers are compiled on a route's first call
 * (src/lib/validation.ts), so routes nobody calls cost no memory; the answers stay those of
 * schemas compiled up front.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { compileAllSchemas, pendingSchemas } from '../src/lib/validation.ts';

describe('route schemas compiled on first use', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('a ready server has compiled no route schema; a call compiles its own route only, once; bad input keeps its answer', async () => {
    const atStart = pendingSchemas();
    assert.ok(atStart > 300, `every route's validators and serialisers wait (${atStart})`);
    const bad = { phone: 12345, password: 'long enough password', full_name: 'A' };
    const first = await call(t.app, 'POST', '/api/v1/auth/register', { body: bad });
    assert.equal(first.status, 400);
    assert.equal(first.body.error, 'validation_failed');
    const afterFirst = pendingSchemas();
    assert.equal(afterFirst, atStart - 2, 'its body validator and its 4xx serialiser');
    const again = await call(t.app, 'POST', '/api/v1/auth/register', { body: bad });
    assert.deepEqual([again.status, again.body], [first.status, first.body]);
    assert.equal(pendingSchemas(), afterFirst);
  });

  it('every route schema compiles', () => {
    compileAllSchemas();
    assert.equal(pendingSchemas(), 0);
  });
});
