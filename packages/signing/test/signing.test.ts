import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { check, HEADER_NAME, parseHeader, sign, signAll, verify } from '../src/index.ts';

const SECRET = 'whsec-test-0123456789abcdef';
const OTHER = 'whsec-next-fedcba9876543210';
const BODY = '{"token":"abc","amount":500}';
const NOW = 1_800_000_000;

describe('X-Store-Signature', () => {
  it('signs HMAC-SHA256 over "<t>.<body>" as t=<unix>,v1=<hex>', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    assert.equal(sign(SECRET, BODY, NOW), `t=${NOW},v1=${expected}`);
    assert.equal(sign(SECRET, Buffer.from(BODY), NOW + 0.9), `t=${NOW},v1=${expected}`);
  });

  it('a fresh signature over the exact bytes verifies', () => {
    assert.equal(verify([SECRET], sign(SECRET, BODY, NOW), BODY, NOW), true);
    assert.equal(verify([SECRET], sign(SECRET, BODY, NOW), Buffer.from(BODY), NOW + 300), true);
  });

  it('one changed byte, another secret, or a missing header fails', () => {
    assert.deepEqual(check([SECRET], sign(SECRET, BODY, NOW), BODY.replace('500', '501'), NOW), { ok: false, reason: 'mismatch' });
    assert.deepEqual(check([SECRET], sign(OTHER, BODY, NOW), BODY, NOW), { ok: false, reason: 'mismatch' });
    assert.deepEqual(check([SECRET], undefined, BODY, NOW), { ok: false, reason: 'missing' });
    assert.deepEqual(check([], sign(SECRET, BODY, NOW), BODY, NOW), { ok: false, reason: 'mismatch' });
  });

  it('a timestamp more than 300 s away either way is stale', () => {
    assert.deepEqual(check([SECRET], sign(SECRET, BODY, NOW - 301), BODY, NOW), { ok: false, reason: 'stale' });
    assert.deepEqual(check([SECRET], sign(SECRET, BODY, NOW + 301), BODY, NOW), { ok: false, reason: 'stale' });
    assert.equal(verify([SECRET], sign(SECRET, BODY, NOW - 60), BODY, NOW, 30), false);
  });

  it('rotation: either configured secret, and any of several v1 entries, passes', () => {
    assert.equal(verify([OTHER, SECRET], sign(SECRET, BODY, NOW), BODY, NOW), true);
    assert.equal(verify([SECRET], signAll([OTHER, SECRET], BODY, NOW), BODY, NOW), true);
    assert.equal(verify([OTHER], signAll([SECRET], BODY, NOW), BODY, NOW), false);
  });

  it('malformed headers are refused, not thrown', () => {
    for (const h of ['garbage', 't=1', 'v1=' + 'a'.repeat(64), `t=${NOW},v1=xyz`, `t=abc,v1=${'a'.repeat(64)}`, `t=${NOW},t=${NOW},v1=${'a'.repeat(64)}`]) {
      assert.equal(parseHeader(h), null, h);
      assert.equal(check([SECRET], h, BODY, NOW).ok, false);
    }
    const many = [`t=${NOW}`, ...Array.from({ length: 9 }, () => 'v1=' + 'a'.repeat(64))].join(',');
    assert.equal(parseHeader(many), null);
  });

  it('names its header, and signs the UTF-8 bytes of a string exactly like the same bytes given raw', () => {
    assert.equal(HEADER_NAME, 'x-store-signature');
    const text = '{"name":"Café ₹"}';
    const expected = createHmac('sha256', SECRET).update(`${NOW}.`).update(Buffer.from(text, 'utf8')).digest('hex');
    assert.equal(sign(SECRET, text, NOW), `t=${NOW},v1=${expected}`);
    assert.equal(sign(SECRET, new TextEncoder().encode(text), NOW), `t=${NOW},v1=${expected}`);
  });

  it('says why a header is refused: missing, malformed, stale or mismatch', () => {
    for (const h of [undefined, null, '']) assert.deepEqual(check([SECRET], h, BODY, NOW), { ok: false, reason: 'missing' });
    assert.deepEqual(check([SECRET], 'garbage', BODY, NOW), { ok: false, reason: 'malformed' });
    assert.equal(parseHeader(undefined), null);
    assert.equal(parseHeader(''), null);
  });

  it('an empty configured secret never verifies anything, even a header signed with it', () => {
    assert.deepEqual(check(['', SECRET], sign('', BODY, NOW), BODY, NOW), { ok: false, reason: 'mismatch' });
    assert.equal(verify(['', SECRET], sign(SECRET, BODY, NOW), BODY, NOW), true);
  });

  it('parses leniently where it is safe: spaces after commas, unknown keys, up to 8 signatures, 1024 characters', () => {
    const sig = sign(SECRET, BODY, NOW).split(',')[1]!;
    assert.equal(verify([SECRET], `t=${NOW}, ${sig}`, BODY, NOW), true);
    assert.equal(verify([SECRET], `t=${NOW},v2=whatever,=x,${sig}`, BODY, NOW), true);
    const eight = [`t=${NOW}`, ...Array.from({ length: 7 }, () => 'v1=' + 'b'.repeat(64)), sig].join(',');
    assert.equal(verify([SECRET], eight, BODY, NOW), true);
    const base = `t=${NOW},${sig},x=`;
    const at1024 = base + 'y'.repeat(1024 - base.length);
    assert.equal(at1024.length, 1024);
    assert.equal(verify([SECRET], at1024, BODY, NOW), true);
    assert.equal(parseHeader(at1024 + 'y'), null, 'over 1024 characters');
  });

  it('anchors every value: no digits or hex hidden inside other text', () => {
    const hex = 'a'.repeat(64);
    for (const h of [`t=12x,v1=${hex}`, `t=x12,v1=${hex}`, `t=${NOW},v1=${hex}0`, `t=${NOW},v1=0${hex}`, `t=${NOW},v1=${hex}x`, `t=${NOW},v1=x${hex}`, `t=${NOW},garbage,v1=${hex}`]) {
      assert.equal(parseHeader(h), null, h);
    }
  });
});

