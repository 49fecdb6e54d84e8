import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney, moneyLocale, parseMoney } from '../src/index.ts';

describe('money on screen', () => {
  it('INR is written the Indian way, in lakhs and crores, whatever the device locale', () => {
    assert.equal(moneyLocale('INR'), 'en-IN');
    assert.equal(formatMoney(16063150, 'INR'), '₹1,60,631.50');
    assert.equal(formatMoney(123456, 'INR'), '₹1,234.56');
    assert.equal(formatMoney(1234567890, 'INR'), '₹1,23,45,678.90');
    assert.equal(formatMoney(5, 'inr'), '₹0.05');
  });

  it('a zero-exponent currency has no decimals and a 3-exponent one has three', () => {
    assert.equal(formatMoney(1500, 'JPY'), '¥1,500');
    assert.equal(formatMoney(1234567, 'KWD'), 'KWD\u00a01,234.567');
    assert.equal(formatMoney(5, 'USD'), '$0.05');
  });

  it('zero is shown with its decimals, and a debit keeps its sign', () => {
    assert.equal(formatMoney(0, 'INR'), '₹0.00');
    assert.equal(formatMoney(0, 'JPY'), '¥0');
    assert.equal(formatMoney(-25000, 'INR'), '−₹250.00');
  });

  it('amounts beyond what a double holds exactly are still formatted digit for digit', () => {
    // Divided as a float (9007199254740991 / 100) this would end in .90.
    assert.equal(formatMoney(Number.MAX_SAFE_INTEGER, 'INR'), '₹9,00,71,99,25,47,409.91');
    assert.equal(formatMoney(Number.MAX_SAFE_INTEGER, 'USD'), '$90,071,992,547,409.91');
    assert.throws(() => formatMoney(1.5, 'INR'), RangeError);
  });
});

describe('money as typed', () => {
  it('major units become exact minor units without float arithmetic', () => {
    assert.equal(parseMoney('12.34', 'INR'), 1234);
    assert.equal(parseMoney('12', 'INR'), 1200);
    assert.equal(parseMoney(' 12. ', 'INR'), 1200);
    assert.equal(parseMoney('0.29', 'USD'), 29); // 0.29 * 100 is 28.999999999999996 in floats
    assert.equal(parseMoney('500', 'JPY'), 500);
    assert.equal(parseMoney('1.234', 'KWD'), 1234);
  });

  it('thousands and lakh grouping are both read; other commas are refused', () => {
    assert.equal(parseMoney('1,60,631.50', 'INR'), 16063150);
    assert.equal(parseMoney('160,631.5', 'INR'), 16063150);
    assert.equal(parseMoney('1,234', 'INR'), 123400);
    for (const bad of ['12,34', '1,2345', ',123', '1,,234', '1,234,56']) assert.equal(parseMoney(bad, 'INR'), null, bad);
  });

  it('anything that is not a plain amount of the currency is null', () => {
    for (const bad of ['', 'abc', '-5', '+5', '1e3', '0x10', '1.005', '12.3.4', '99999999999999999999']) assert.equal(parseMoney(bad, 'INR'), null, bad);
    assert.equal(parseMoney('500.5', 'JPY'), null);
  });

  it('what is shown reads back as the same amount', () => {
    for (const minor of [0, 1, 29, 1234, 99999, 16063150, 123456789]) assert.equal(parseMoney(formatMoney(minor, 'INR').slice(1), 'INR'), minor);
  });
});
