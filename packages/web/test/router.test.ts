import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanPath, match } from '../src/router.ts';

describe('matching a path against a route', () => {
  it('names the parameters, decoded', () => {
    assert.deepEqual(match('/orders/:id', '/orders/a%20b'), { id: 'a b' });
    assert.deepEqual(match('/r/:code/x/:n', '/r/ABC/x/2'), { code: 'ABC', n: '2' });
    assert.deepEqual(match('/users', '/users'), {});
  });
  it('a trailing slash is the same screen', () => {
    assert.deepEqual(match('/users/:id', '/users/u1/'), { id: 'u1' });
    assert.equal(cleanPath('/'), '/');
    assert.equal(cleanPath('/login//'), '/login');
  });
  it('another shape, another literal or a broken escape is no match, never a throw', () => {
    assert.equal(match('/orders/:id', '/orders'), null);
    assert.equal(match('/orders/:id', '/tickets/1'), null);
    assert.equal(match('/orders/:id', '/orders/1/2'), null);
    assert.equal(match('/orders/:id', '/orders/%E0%A4'), null);
  });
});
