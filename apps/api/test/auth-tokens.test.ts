import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ManualClock } from '../src/lib/clock.ts';
import { TokenSigner } from '../src/lib/tokens.ts';

const SECRET = 's'.repeat(40);
const key = new TextEncoder().encode(SECRET);
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** Signs any header and payload text with the real secret, so only the claim rules can refuse it. */
const raw = (header: unknown, payload: unknown, alg = 'sha256') => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac(alg, SECRET).update(input).digest('base64url')}`;
};

/** What jose (the verifier used before) decides, with the options the signer used to pass it. */
async function joseAccepts(token: string, now: Date): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now, requiredClaims: ['sub', 'exp', 'sid', 'role'] });
    return typeof payload.sub === 'string' && typeof payload.sid === 'string' && (payload.role === 'user' || payload.role === 'admin');
  } catch {
    return false;
  }
}

describe('access token verification (node:crypto) decides exactly as jose did', () => {
  it('accepts its own tokens until exp and refuses every malformed, forged, early or expired variant', async () => {
    const clock = new ManualClock(new Date('2026-11-23T00:00:00Z'));
    const signer = new TokenSigner(SECRET, clock);
    const now = Math.floor(clock.now().getTime() / 1000);
    const good = { sub: 'u1', sid: 's1', role: 'user', iat: now, exp: now + 900 };
    const hs = { alg: 'HS256', typ: 'JWT' };
    const own = await signer.sign({ sub: 'u1', sid: 's1', role: 'admin' });
    const [h, p, sig] = own.split('.');
    const cases: Record<string, string> = {
      own,
      good: raw(hs, good),
      'no typ': raw({ alg: 'HS256' }, good),
      'other typ': raw({ alg: 'HS256', typ: 'at+jwt' }, good),
      'exp = now': raw(hs, { ...good, exp: now }),
      'exp = now + 1': raw(hs, { ...good, exp: now + 1 }),
      'exp missing': raw(hs, { ...good, exp: undefined }),
      'exp as string': raw(hs, { ...good, exp: String(now + 900) }),
      'iat as string': raw(hs, { ...good, iat: 'yesterday' }),
      'nbf in the future': raw(hs, { ...good, nbf: now + 1 }),
      'nbf = now': raw(hs, { ...good, nbf: now }),
      'role root': raw(hs, { ...good, role: 'root' }),
      'sub number': raw(hs, { ...good, sub: 7 }),
      'sid missing': raw(hs, { ...good, sid: undefined }),
      'payload array': raw(hs, [good]),
      'payload not json': raw(hs, 'not json'),
      'header not json': raw('nope', good),
      'alg HS512 with the right key': raw({ alg: 'HS512' }, good, 'sha512'),
      'alg none': `${b64({ alg: 'none' })}.${b64(good)}.`,
      'crit header': raw({ ...hs, crit: ['exp'] }, good),
      'b64 false': raw({ ...hs, b64: false, crit: ['b64'] }, good),
      'wrong key': await new SignJWT(good).setProtectedHeader(hs).sign(new TextEncoder().encode('x'.repeat(40))),
      'edited payload': `${h}.${b64({ ...good, role: 'admin' })}.${sig}`,
      'truncated signature': `${h}.${p}.${sig!.slice(0, -2)}`,
      'bad base64 signature': `${h}.${p}.${sig!.slice(0, -1)}*`,
      'four parts': `${own}.x`,
      empty: '',
      garbage: 'garbage',
    };
    for (const [name, token] of Object.entries(cases)) {
      const ours = (await signer.verify(token)) !== null;
      assert.equal(ours, await joseAccepts(token, clock.now()), `${name}: ours=${ours}`);
    }
    assert.deepEqual(await signer.verify(own), { sub: 'u1', sid: 's1', role: 'admin' });
    clock.advance(900 * 1000);
    assert.equal(await signer.verify(own), null, 'expired after 15 minutes');
  });
});

describe('access token signing (node:crypto)', () => {
  it('gives byte for byte the token jose signs for the same claims and time', async () => {
    const clock = new ManualClock(new Date('2026-11-23T00:00:07Z'));
    const iat = Math.floor(clock.now().getTime() / 1000);
    for (const claims of [
      { sub: 'u1', sid: 's1', role: 'user' as const },
      { sub: '0193a4b2-7c1d-7e00-8000-00000000abcd', sid: 'sess-ü-☃', role: 'admin' as const },
    ]) {
      const ours = await new TokenSigner(SECRET, clock).sign(claims);
      const theirs = await new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 900)
        .sign(key);
      assert.equal(ours, theirs);
    }
  });
});
