import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeError } from '../web/src/errors.ts';

test('API errors are put in plain words', () => {
  assert.match(describeError(409, { error: 'invalid_transition' }), /not allowed from the current status/);
  assert.match(describeError(400, { error: 'validation_failed', details: [{ field: 'price', message: 'must be an integer' }] }), /price must be an integer/);
  assert.match(describeError(413, { error: 'IMAGE_TOO_LARGE' }), /larger than 5 MB/);
  assert.match(describeError(429, { error: 'rate_limited', retry_after: 30 }), /Try again in 30 s/);
  assert.match(describeError(500, { error: 'internal' }), /server had a problem/);
  assert.match(describeError(418, { error: 'teapot', message: 'I am a teapot' }), /I am a teapot/);
  assert.match(describeError(502, undefined), /server had a problem/);
  assert.match(describeError(404, { error: 'not_found', message: 'No route for GET /api/v1/admin/x' }), /not available on this API version yet/);
  assert.match(describeError(404, { error: 'not_found', message: 'order not found' }), /no longer exists/);
});

test('the portal’s own words come first; the shared table covers the rest; no answer is a network error', () => {
  assert.match(describeError(401, { error: 'invalid_credentials' }), /not an admin/);
  assert.match(describeError(401, { error: 'session_ended' }), /session has ended/);
  assert.match(describeError(409, { error: 'refund_exceeds_paid' }), /more than what is still refundable/);
  assert.match(describeError(0, { error: 'network' }), /portal could not be reached/);
  assert.match(describeError(502, { error: 'api_unavailable' }), /API could not be reached/);
});

test('the API’s message is added as detail only when it says something the words do not', () => {
  assert.equal(describeError(401, { error: 'session_ended', message: 'Your session has ended. Please sign in again.' }), 'Your session has ended. Please sign in again.');
  assert.equal(describeError(409, { error: 'conflict', message: 'slug taken' }), 'That clashes with something that already exists. (slug taken)');
});
