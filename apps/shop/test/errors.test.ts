import { test } from 'node:test';
import assert from 'node:assert/strict';
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
