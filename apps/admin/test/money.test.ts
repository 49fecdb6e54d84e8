import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMinor, formatMoney, minorToInput, parseMajor } from '../web/src/money.ts';
import { describeError } from '../web/src/api.ts';

test('typed major units become exact minor units without float arithmetic', () => {
  assert.equal(parseMajor('12.34', 'INR'), 1234);
  assert.equal(parseMajor('12', 'INR'), 1200);
  assert.equal(parseMajor('12.3', 'INR'), 1230);
  assert.equal(parseMajor(' 1,234.50 ', 'INR'), 123450);
  assert.equal(parseMajor('0.07', 'INR'), 7);
  assert.equal(parseMajor('0.29', 'USD'), 29); // 0.29 * 100 is 28.999999999999996 in floats
  assert.equal(parseMajor('1.005', 'INR'), null);
  assert.equal(parseMajor('-1', 'INR'), null);
  assert.equal(parseMajor('1e3', 'INR'), null);
  assert.equal(parseMajor('', 'INR'), null);
  assert.equal(parseMajor('abc', 'INR'), null);
  assert.equal(parseMajor('500', 'JPY'), 500);
  assert.equal(parseMajor('500.5', 'JPY'), null);
  assert.equal(parseMajor('1.234', 'KWD'), 1234);
  assert.equal(parseMajor('99999999999999999999', 'INR'), null);
});

test('minor units are shown in major units with the currency', () => {
  assert.equal(formatMoney(123456, 'INR'), 'INR 1,234.56');
  assert.equal(formatMoney(5, 'INR'), 'INR 0.05');
  assert.equal(formatMoney(-250, 'INR'), 'INR -2.50');
  assert.equal(formatMoney(0, 'USD'), 'USD 0.00');
  assert.equal(formatMoney(1500, 'JPY'), 'JPY 1,500');
  assert.equal(formatMoney(null, 'INR'), '—');
  assert.equal(formatMinor(100000000, 'INR'), '1,000,000.00');
  assert.equal(minorToInput(123456, 'INR'), '1234.56');
  for (const minor of [0, 1, 29, 1234, 99999, 123456789]) assert.equal(parseMajor(minorToInput(minor, 'INR'), 'INR'), minor);
});

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
