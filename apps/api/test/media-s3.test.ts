/**
 * Images in S3-compatible object storage (MEDIA_S3_BUCKET), against a local fake S3 server
 * (s3rver) started here on 127.0.0.1. Two real API processes on one PostgreSQL database — the
 * scale-out setting (docs/operations.md), so this file uses PostgreSQL in both CI passes — each
 * serve what the other stored. docs/catalogue.md describes the store.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { http, spawnApi, type ApiProcess } from './support/spawn-api.ts';
import { call, createAdmin, createPgDatabase, createTestApp, TEST_JWT_SECRET, testConfig } from './helpers.ts';

const PG = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEED = { phone: '+919000000078', password: 'media-s3-admin-pass' };
const BUCKET = 'storefront-media';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('media in S3-compatible storage, two API instances', () => {
  let dir: string;
  let s3rver: S3rver;
  let endpoint: string;
  let s3: S3Client;
  let created: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: ApiProcess;
  let b: ApiProcess;
  let adminToken: string;
  let s3env: Record<string, string>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sf-s3-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    // s3rver accepts this one key pair.
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    s3env = {
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    };
    created = await createPgDatabase(PG, 'sf_media');
    const env = {
      ...s3env,
      DATABASE_URL: created.url,
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_SCRYPT_N: '1024',
      SEED_ADMIN_PHONE: SEED.phone,
      SEED_ADMIN_PASSWORD: SEED.password,
      PUBLIC_BASE_URL: 'https://shop.example.com',
    };
    [a, b] = await Promise.all([spawnApi(env), spawnApi(env)]);
    const login = await http(a.url, 'POST', '/api/v1/auth/admin/login', { body: SEED });
    assert.equal(login.status, 200, login.text);
    adminToken = login.body.access_token;
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await created?.drop();
    s3?.destroy();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (base: string, bytes: Buffer) =>
    http(base, 'POST', '/api/v1/admin/uploads/image', { token: adminToken, body: { filename: 'x.png', data: bytes.toString('base64') } });
  const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();

  it('an image uploaded through A is one object in the bucket, with its type and cache headers', async () => {
    const res = await upload(a.url, PNG);
    assert.equal(res.status, 201, res.text);
    const key = `${sha(PNG)}.png`;
    assert.deepEqual(res.body, { data: { url: `https://shop.example.com/media/${key}`, content_type: 'image/png', bytes: PNG.length } });
    assert.deepEqual(await keys(), [key]);
    const obj = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    assert.equal(obj.ContentType, 'image/png');
    assert.equal(obj.CacheControl, 'public, max-age=31536000, immutable');
    assert.deepEqual(Buffer.from(await obj.Body!.transformToByteArray()), PNG);
  });

  it('B serves what A uploaded (bytes streamed with ETag and cache headers, 304 on a match), and A what B uploaded', async () => {
    const up = await upload(b.url, GIF);
    assert.equal(up.status, 201, up.text);
    for (const [server, bytes, ext, type] of [
      [b, PNG, 'png', 'image/png'],
      [a, GIF, 'gif', 'image/gif'],
    ] as const) {
      const res = await fetch(`${server.url}/media/${sha(bytes)}.${ext}`);
      assert.equal(res.status, 200);
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), bytes);
      assert.equal(res.headers.get('content-type'), type);
      assert.equal(res.headers.get('content-length'), String(bytes.length));
      assert.equal(res.headers.get('etag'), `"${sha(bytes)}"`);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const again = await fetch(`${server.url}/media/${sha(bytes)}.${ext}`, { headers: { 'if-none-match': `"${sha(bytes)}"` } });
      assert.equal(again.status, 304);
    }
  });

  it('the same bytes through the other instance land on the same key (no second object)', async () => {
    const res = await upload(b.url, PNG);
    assert.equal(res.status, 201);
    assert.deepEqual(await keys(), [`${sha(GIF)}.gif`, `${sha(PNG)}.png`].sort());
  });

  it('unknown and malformed keys are 404 on both; refused uploads store nothing', async () => {
    for (const server of [a, b]) {
      for (const key of [`${'0'.repeat(64)}.png`, `${sha(PNG)}.svg`, '..%2Fx', `${sha(PNG).toUpperCase()}.png`]) {
        const res = await http(server.url, 'GET', `/media/${key}`);
        assert.equal(res.status, 404, key);
        assert.equal(res.body.error, 'not_found');
      }
    }
    const svg = await upload(a.url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    assert.equal(svg.status, 400);
    assert.equal(svg.body.error, 'UNSUPPORTED_IMAGE_TYPE');
    const big = await upload(b.url, Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 - 7, 7)]));
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'IMAGE_TOO_LARGE');
    assert.equal((await keys()).length, 2);
  });

  it('with MEDIA_PUBLIC_BASE_URL (a CDN) upload URLs point there, and /media/:key still answers', async () => {
    const t = await createTestApp({ ...s3env, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.net/img/' });
    try {
      const admin = await createAdmin(t);
      const res = await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: admin.token, body: { filename: 'x', data: PNG.toString('base64') } });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.data.url, `https://cdn.example.net/img/${sha(PNG)}.png`);
      const media = await t.app.inject({ method: 'GET', url: `/media/${sha(PNG)}.png` });
      assert.equal(media.statusCode, 200);
      assert.deepEqual(media.rawPayload, PNG);
    } finally {
      await t.close();
    }
  });

  it('MEDIA_DIR with MEDIA_S3_BUCKET, half a key pair or a bad endpoint stop the start naming the setting; AWS defaults otherwise', () => {
    assert.throws(() => testConfig('sqlite::memory:', { ...s3env, MEDIA_DIR: dir }), /MEDIA_S3_BUCKET/);
    assert.throws(() => testConfig('sqlite::memory:', { ...s3env, MEDIA_S3_SECRET_ACCESS_KEY: undefined }), /MEDIA_S3_SECRET_ACCESS_KEY/);
    assert.throws(() => testConfig('sqlite::memory:', { ...s3env, MEDIA_S3_ENDPOINT: 'not a url' }), /MEDIA_S3_ENDPOINT/);
    const c = testConfig('sqlite::memory:', { MEDIA_S3_BUCKET: 'b' });
    assert.deepEqual(c.mediaS3, { bucket: 'b', endpoint: null, region: 'us-east-1', credentials: null, forcePathStyle: false });
  });
});
