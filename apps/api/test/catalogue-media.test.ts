import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';

// Real, minimal 1×1 images.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB5 = 5 * 1024 * 1024;
/** A PNG signature followed by filler: `total` bytes that sniff as PNG. */
const pngOfSize = (total: number) => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(total - 8, 7)]);

describe('image upload and /media/:key', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sf-media-'));
    t = await createTestApp({ MEDIA_DIR: join(dir, 'store'), PUBLIC_BASE_URL: 'https://shop.example.com' });
    admin = await createAdmin(t);
    user = await registerUser(t.app);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (data: string, filename = 'x.png') =>
    call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: admin.token, body: { filename, data } });
  const stored = () => readdirSync(join(dir, 'store')).sort();

  it('real PNG, JPEG, GIF and WebP bytes are stored under <sha256>.<ext> and answer {data: {url, content_type, bytes}}', async () => {
    for (const [bytes, ext, type] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [GIF, 'gif', 'image/gif'],
      [WEBP, 'webp', 'image/webp'],
    ] as const) {
      const res = await upload(bytes.toString('base64'), 'whatever.txt');
      assert.equal(res.status, 201, res.text);
      const key = `${sha(bytes)}.${ext}`;
      assert.deepEqual(res.body, { data: { url: `https://shop.example.com/media/${key}`, content_type: type, bytes: bytes.length } });
      assert.deepEqual(readFileSync(join(dir, 'store', key)), bytes);
    }
    assert.equal(stored().length, 4);
  });

  it('type comes from the bytes: a data:image/gif URL carrying PNG bytes is stored as PNG', async () => {
    const res = await upload(`data:image/gif;base64,${PNG.toString('base64')}`, 'cat.gif');
    assert.equal(res.status, 201);
    assert.equal(res.body.data.content_type, 'image/png');
    assert.ok(res.body.data.url.endsWith(`/media/${sha(PNG)}.png`));
  });

  it('identical bytes give the same URL, also when uploaded concurrently, and leave one file and no temp files', async () => {
    const bytes = Buffer.concat([GIF, Buffer.from('same')]);
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(bytes.toString('base64'))));
    assert.ok(results.every((r) => r.status === 201));
    assert.equal(new Set(results.map((r) => r.body.data.url)).size, 1);
    const files = stored();
    assert.equal(files.filter((f) => f.startsWith(sha(bytes))).length, 1);
    assert.deepEqual(files.filter((f) => f.endsWith('.tmp')), []);
  });

  it('SVG (base64 or a plain data: URL), random bytes and text are refused with 400 UNSUPPORTED_IMAGE_TYPE and nothing stored', async () => {
    const before = stored();
    for (const data of [
      SVG.toString('base64'),
      `data:image/svg+xml;base64,${SVG.toString('base64')}`,
      `data:image/svg+xml,${encodeURIComponent(SVG.toString())}`,
      Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b]).toString('base64'),
      Buffer.from('GIF8').toString('base64'),
      Buffer.from('RIFF\0\0\0\0WAVE').toString('base64'),
      PNG.subarray(0, 7).toString('base64'),
    ]) {
      const res = await upload(data);
      assert.equal(res.status, 400, data.slice(0, 40));
      assert.equal(res.body.error, 'UNSUPPORTED_IMAGE_TYPE');
    }
    assert.deepEqual(stored(), before);
  });

  it('a percent-encoded data: URL is decoded byte for byte and sniffed like any other', async () => {
    const pct = [...GIF].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    const res = await upload(`data:text/plain,${pct}`);
    assert.equal(res.status, 201);
    assert.equal(res.body.data.content_type, 'image/gif');
    assert.equal(res.body.data.bytes, GIF.length);
    assert.ok(res.body.data.url.endsWith(`/media/${sha(GIF)}.gif`));
  });

  it('malformed base64 and a missing field are 400 validation_failed', async () => {
    assert.equal((await upload('not*base64!')).body.error, 'validation_failed');
    assert.equal((await upload('')).status, 400);
    const missing = await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: admin.token, body: { filename: 'a.png' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'validation_failed');
  });

  it('5 MB boundary: exactly 5×1024×1024 decoded bytes are accepted, one byte more is 413 IMAGE_TOO_LARGE', async () => {
    const ok = await upload(pngOfSize(MB5).toString('base64'));
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.bytes, MB5);
    const before = stored();
    const big = await upload(`data:image/png;base64,${pngOfSize(MB5 + 1).toString('base64')}`);
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'IMAGE_TOO_LARGE');
    assert.deepEqual(stored(), before);
  });

  it('a body above the upload route limit is 413 IMAGE_TOO_LARGE, also from a real socket (no reset)', async () => {
    const huge = JSON.stringify({ filename: 'a.png', data: pngOfSize(7 * 1024 * 1024).toString('base64') });
    const injected = await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: admin.token, raw: huge });
    assert.equal(injected.status, 413);
    assert.equal(injected.body.error, 'IMAGE_TOO_LARGE');

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (withLength: boolean) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-sdk-access-token': admin.token };
        if (withLength) headers['content-length'] = String(Buffer.byteLength(huge));
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/admin/uploads/image', headers }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode!, body }));
        });
        req.on('error', reject);
        // Without content-length the body is chunked, so the limit trips while it is still streaming.
        for (let i = 0; i < huge.length; i += 64 * 1024) req.write(huge.slice(i, i + 64 * 1024));
        req.end();
      });
    for (const withLength of [false, true]) {
      const res = await send(withLength);
      assert.equal(res.status, 413, `content-length sent: ${withLength}`);
      assert.equal(JSON.parse(res.body).error, 'IMAGE_TOO_LARGE');
    }
    // Other routes keep the default limit and its generic code.
    const other = await call(t.app, 'POST', '/api/v1/admin/categories', { token: admin.token, raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    assert.equal(other.status, 413);
    assert.equal(other.body.error, 'payload_too_large');
  });

  it('GET /media/:key streams the bytes with immutable caching, ETag, nosniff and the sniffed Content-Type', async () => {
    const key = `${sha(WEBP)}.webp`;
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.rawPayload, WEBP);
    assert.equal(res.headers['content-type'], 'image/webp');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers.etag, `"${sha(WEBP)}"`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(Number(res.headers['content-length']), WEBP.length);
    const jpg = await t.app.inject({ method: 'GET', url: `/media/${sha(JPEG)}.jpg` });
    assert.equal(jpg.headers['content-type'], 'image/jpeg');
    const head = await t.app.inject({ method: 'HEAD', url: `/media/${key}` });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-type'], 'image/webp');
    assert.equal(head.body, '');
    const again = await t.app.inject({ method: 'GET', url: `/media/${key}`, headers: { 'if-none-match': `"${sha(WEBP)}"` } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('GET /media/:key answers 404 for traversal attempts, malformed keys and well-formed keys not stored', async () => {
    // A file that sits next to the store must never be reachable.
    writeFileSync(join(dir, 'secret.png'), 'secret');
    const k = sha(PNG);
    for (const url of [
      '/media/..%2Fsecret.png',
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/../secret.png',
      '/media/%2e%2e%2fsecret.png',
      '/media/..\\secret.png',
      `/media/${k}.svg`,
      `/media/${k}.PNG`,
      `/media/${k.toUpperCase()}.png`,
      `/media/${k}.png%00.txt`,
      `/media/${k}.png.tmp`,
      `/media/${k.slice(1)}.png`,
      `/media/${k}`,
      `/media/${'0'.repeat(64)}.png`,
      '/media/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.ok(!res.body.includes('secret') || JSON.parse(res.body).error === 'not_found', url);
    }
  });

  it('non-admins get 403 and anonymous callers 401 on upload', async () => {
    const body = { filename: 'a.png', data: PNG.toString('base64') };
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: user.token, body })).status, 403);
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/uploads/image', { body })).status, 401);
  });
});

describe('without MEDIA_DIR', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ MEDIA_DIR: undefined });
  });
  after(() => t.close());

  it('uploads answer 503 uploads_disabled and /media/* is 404', async () => {
    const admin = await createAdmin(t);
    const res = await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: admin.token, body: { filename: 'a.png', data: PNG.toString('base64') } });
    assert.equal(res.status, 503);
    assert.equal(res.body.error, 'uploads_disabled');
    assert.equal((await t.app.inject({ method: 'GET', url: `/media/${sha(PNG)}.png` })).statusCode, 404);
  });

  it('the closed gate comes before the body: an invalid, malformed or oversized body is 503 too, but a user token is still 403', async () => {
    const admin = await createAdmin(t);
    const huge = JSON.stringify({ filename: 'a.png', data: 'A'.repeat(8 * 1024 * 1024) });
    for (const options of [{ body: { filename: 1 } }, { body: {} }, { raw: '{"data":' }, { raw: huge }]) {
      const res = await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: admin.token, ...options });
      assert.deepEqual([res.status, res.body.error], [503, 'uploads_disabled'], JSON.stringify(options).slice(0, 40));
    }
    const user = await registerUser(t.app);
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/uploads/image', { token: user.token, body: {} })).status, 403);
  });
});
