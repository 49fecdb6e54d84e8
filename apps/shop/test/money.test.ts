import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney, parseAmount } from '../web/src/money.ts';

test('minor units are shown in the currency with its own decimals, exactly', () => {
  assert.equal(formatMoney(123456, 'INR', 'en-IN'), '₹1,234.56');
  assert.equal(formatMoney(12345678, 'INR', 'en-IN'), '₹1,23,456.78');
  assert.equal(formatMoney(5, 'USD', 'en-US'), '$0.05');
  assert.equal(formatMoney(1500, 'JPY', 'en-US'), '¥1,500');
  assert.equal(formatMoney(1234, 'KWD', 'en-US'), 'KWD\u00a01.234');
  assert.equal(formatMoney(-25000, 'INR', 'en-IN'), '−₹250.00');
  assert.equal(formatMoney(0, 'inr', 'en-IN'), '₹0.00');
});

test('amounts beyond what a double holds exactly are still formatted digit for digit', () => {
  // Divided as a float (9007199254740991 / 100) this would show .90.
  assert.equal(formatMoney(Number.MAX_SAFE_INTEGER, 'INR', 'en-US'), '₹90,071,992,547,409.91');
});

test('what a person types becomes minor units, or null', () => {
  assert.equal(parseAmount('500', 'INR'), 50000);
  assert.equal(parseAmount('499.5', 'INR'), 49950);
  assert.equal(parseAmount('1,234.56', 'INR'), 123456);
  assert.equal(parseAmount(' 12. ', 'INR'), 1200);
  assert.equal(parseAmount('0.1', 'INR'), 10);
  for (const bad of ['', 'abc', '-5', '1e3', '1.234', '12,34', '0x10']) assert.equal(parseAmount(bad, 'INR'), null, bad);
  assert.equal(parseAmount('1500', 'JPY'), 1500);
  assert.equal(parseAmount('1.5', 'JPY'), null);
});
