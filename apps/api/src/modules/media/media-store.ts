/**
 * Where image bytes live: a directory (`MEDIA_DIR`, one machine) or an S3-compatible bucket
 * (`MEDIA_S3_BUCKET`, shared by every API instance). Both store an object under its
 * content-addressed key (`<sha256>.<ext>`, checked by the caller), so writes are idempotent and
 * concurrent identical uploads are harmless. docs/catalogue.md describes both.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config, MediaS3Config } from '../../config.ts';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredObject {
  size: number;
  /** The bytes, streamed; the caller destroys it when it answers without a body (304). */
  body: Readable;
}

export interface MediaStore {
  /** Stores the bytes under `key` unless an object of that size is already there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
}

/** A temp file in the same directory, then rename: the file appears whole or not at all. */
function dirStore(dir: string): MediaStore {
  return {
    async put(key, bytes) {
      const target = join(dir, key);
      const existing = await stat(target).catch(() => null);
      if (existing?.size === bytes.length) return;
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `.${key}.${randomBytes(8).toString('hex')}.tmp`);
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const path = join(dir, key);
      const st = await stat(path).catch(() => null);
      return st?.isFile() ? { size: st.size, body: createReadStream(path) } : null;
    },
  };
}

/**
 * An S3 PUT is atomic (readers see the old object or the whole new one), so no temp name is
 * needed. The SDK is loaded only when a bucket is configured: it costs nothing otherwise.
 */
async function s3Store(c: MediaS3Config): Promise<MediaStore> {
  const { S3Client, HeadObjectCommand, PutObjectCommand, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    region: c.region,
    forcePathStyle: c.forcePathStyle,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    ...(c.credentials ? { credentials: c.credentials } : {}),
  });
  const missing = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    async put(key, bytes, contentType) {
      const head = await s3.send(new HeadObjectCommand({ Bucket: c.bucket, Key: key })).catch((err: unknown) => {
        if (missing(err)) return null;
        throw err;
      });
      if (head?.ContentLength === bytes.length) return;
      await s3.send(
        new PutObjectCommand({ Bucket: c.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }),
      );
    },
    async get(key) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: c.bucket, Key: key }));
        return { size: res.ContentLength ?? 0, body: res.Body as Readable };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
  };
}

const stores = new WeakMap<Readonly<Config>, Promise<MediaStore | null>>();

/** This configuration's store (made once), or null when uploads are not configured. */
export function mediaStore(config: Readonly<Config>): Promise<MediaStore | null> {
  let store = stores.get(config);
  if (!store) {
    store = config.mediaS3 ? s3Store(config.mediaS3) : Promise.resolve(config.mediaDir ? dirStore(config.mediaDir) : null);
    stores.set(config, store);
  }
  return store;
}
