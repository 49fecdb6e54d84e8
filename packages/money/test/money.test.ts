import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { currencyExponent, decimalToMinor, minorToDecimal } from '../src/index.ts';

describe('money conversions', () => {
  it('knows 0-, 2- and 3-decimal currencies', () => {
    assert.deepEqual(['JPY', 'VND', 'INR', 'USD', 'KWD', 'BHD'].map(currencyExponent), [0, 0, 2, 2, 3, 3]);
  });

  it('formats minor units exactly', () => {
    assert.equal(minorToDecimal(12345, 'INR'), '123.45');
    assert.equal(minorToDecimal(5, 'INR'), '0.05');
    assert.equal(minorToDecimal(0, 'INR'), '0.00');
    assert.equal(minorToDecimal(12345, 'KWD'), '12.345');
    assert.equal(minorToDecimal(12345, 'VND'), '12345');
    assert.throws(() => minorToDecimal(1.5, 'INR'));
    assert.throws(() => minorToDecimal(-1, 'INR'));
  });

  it('parses gateway decimals without floats, refusing what it cannot represent', () => {
    assert.equal(decimalToMinor('123.45', 'INR'), 12345);
    assert.equal(decimalToMinor('123.4', 'INR'), 12340);
    assert.equal(decimalToMinor('123', 'INR'), 12300);
    assert.equal(decimalToMinor('0.10', 'INR'), 10);
    assert.equal(decimalToMinor('100.000', 'INR'), 10000);
    assert.equal(decimalToMinor('12.345', 'KWD'), 12345);
    assert.equal(decimalToMinor('12345', 'VND'), 12345);
    for (const bad of ['123.456', '-1.00', '1e3', ' 1.00', '', '1.', '.5', 'abc', '99999999999999999.99', 12, null]) {
      assert.equal(decimalToMinor(bad, 'INR'), null, String(bad));
    }
    // 0.1 + 0.2 style float errors cannot happen: round trips are exact.
    for (const n of [1, 7, 10, 29, 999, 100_000_01, 9_007_199_254_740_991]) assert.equal(decimalToMinor(minorToDecimal(n, 'INR'), 'INR'), n);
  });
});
