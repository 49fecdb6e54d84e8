import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { call, createTestApp, newPhone, registerUser, type TestApp } from './helpers.ts';

const PROJECT = 'storefront-test';

describe('identity-provider bearer tokens', () => {
  let jwks: Server;
  let jwksUrl: string;
  let privateKey: CryptoKey;
  let t: TestApp;
  let off: TestApp;
  let accountPath: string;

  before(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
    accountPath = join(mkdtempSync(join(tmpdir(), 'sf-idp-')), 'service-account.json');
    writeFileSync(accountPath, JSON.stringify({ project_id: PROJECT, client_email: 'x@y' }));
    t = await createTestApp({ IDP_SERVICE_ACCOUNT_PATH: accountPath, IDP_JWKS_URL: jwksUrl });
    off = await createTestApp();
  });
  after(async () => {
    await t.close();
    await off.close();
    jwks.close();
  });

  const idToken = (claims: Record<string, unknown>, opts: { aud?: string; iss?: string; exp?: number } = {}) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(opts.iss ?? `https://securetoken.google.com/${PROJECT}`)
      .setAudience(opts.aud ?? PROJECT)
      .setIssuedAt(now)
      .setExpirationTime(opts.exp ?? now + 3600)
      .sign(privateKey);
  };

  it('a valid ID token for a new uid creates a user and wallet', async () => {
    const token = await idToken({ sub: 'uid-new-1', phone_number: newPhone() });
    const res = await call(t.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    const again = await call(t.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(again.body.id, res.body.id, 'the uid maps to one user');
    const wallet = await t.db.database.db.selectFrom('wallets').select('user_id').where('user_id', '=', res.body.id).executeTakeFirst();
    assert.ok(wallet);
  });

  it('a first-time uid whose phone is registered links to that user', async () => {
    const u = await registerUser(t.app);
    const token = await idToken({ sub: 'uid-link-1', phone_number: u.phone });
    const res = await call(t.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    assert.equal(res.body.id, u.id);
  });

  it('wrong audience, wrong issuer, expired and unsigned tokens are 401', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    for (const token of [
      await idToken({ sub: 'u2' }, { aud: 'other-project' }),
      await idToken({ sub: 'u2' }, { iss: 'https://evil.example.com' }),
      await idToken({ sub: 'u2' }, { exp: now - 10 }),
      'not.a.token',
    ]) {
      assert.equal((await call(t.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${token}` } })).status, 401);
    }
  });

  // Last in the file: the click below comes from the address every injected request uses.
  it('a first sign-in that creates the user is attributed by IP match, like the other sign-ups; a linked one is not', async () => {
    const referrer = await registerUser(t.app);
    const already = await registerUser(t.app);
    const code = (await call(t.app, 'GET', '/api/v1/referrals/my-code', { token: referrer.token })).body.referral_code;
    assert.equal((await call(t.app, 'GET', `/r/${code}`)).status, 302);

    const created = await call(t.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${await idToken({ sub: 'uid-ref-1', phone_number: newPhone() })}` } });
    assert.equal(created.status, 200);
    assert.equal(created.body.referred_by, referrer.id);
    const rows = await t.db.database.db.selectFrom('referral_attributions').select(['method', 'code', 'referrer_id']).where('user_id', '=', created.body.id).execute();
    assert.deepEqual(rows, [{ method: 'ip', code, referrer_id: referrer.id }]);

    const linked = await call(t.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${await idToken({ sub: 'uid-ref-2', phone_number: already.phone })}` } });
    assert.equal(linked.body.id, already.id);
    assert.equal(linked.body.referred_by, null, 'linking an existing account is not a sign-up');
  });

  it('without IDP_SERVICE_ACCOUNT_PATH the bearer form is refused', async () => {
    const token = await idToken({ sub: 'uid-off' });
    const res = await call(off.app, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 401);
  });
});
