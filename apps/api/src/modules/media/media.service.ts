import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Ctx } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { UploadedImage, UploadImage } from './media.schemas.ts';
import { mediaStore, type MediaStore } from './media-store.ts';

/** 5 MB means 5 × 1024 × 1024 decoded bytes (docs/contracts.md §7). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Admits the base64 of MAX_IMAGE_BYTES (about 7 MB) plus the JSON around it. */
export const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';
export const CONTENT_TYPES: Record<ImageExt, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Stored names: the SHA-256 of the bytes in lower-case hex and the sniffed extension. */
export const MEDIA_KEY = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

const startsWith = (b: Buffer, sig: readonly number[], at = 0): boolean => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/**
 * The type comes from the bytes only: the four accepted formats have fixed signatures, so a tiny
 * sniffer suffices (and SVG, being text, never matches one).
 */
export function sniffImage(b: Buffer): ImageExt | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decoded size of base64 text without decoding it. */
const decodedLength = (b64: string): number => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/** Bare base64 or a `data:` URL; any type the URL declares is ignored. */
export function decodeImageData(data: string): Buffer {
  let payload = data.trim();
  let base64 = true;
  const m = /^data:([^,]*),/i.exec(payload.slice(0, 300));
  if (m) {
    base64 = /;base64$/i.test(m[1]!);
    payload = payload.slice(m[0].length);
  }
  if (!base64) {
    // A percent-encoded data URL (how SVG usually travels): %XX are bytes, other characters UTF-8.
    const parts = payload.split(/(%[0-9A-Fa-f]{2})/).map((part) =>
      part.startsWith('%') && part.length === 3 ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8'),
    );
    const bytes = Buffer.concat(parts);
    if (bytes.length === 0) throw badRequest('data is empty', [{ field: 'body/data', message: 'empty' }]);
    if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
    return bytes;
  }
  payload = payload.replace(/\s+/g, '');
  const valid = (BASE64.test(payload) && payload.length % 4 !== 1) || BASE64URL.test(payload);
  if (!valid || payload.length === 0) throw badRequest('data is not valid base64', [{ field: 'body/data', message: 'invalid base64' }]);
  if (decodedLength(payload) > MAX_IMAGE_BYTES) throw imageTooLarge();
  return Buffer.from(payload, 'base64');
}

export const imageTooLarge = (): AppError => new AppError(413, 'IMAGE_TOO_LARGE', 'Images may be at most 5 MB (5242880 bytes)');

async function storeOf(ctx: Ctx): Promise<MediaStore> {
  const store = await mediaStore(ctx.config);
  if (!store) throw new AppError(503, 'uploads_disabled', 'Image uploads are not configured');
  return store;
}

/** The upload gate (MEDIA_DIR or MEDIA_S3_BUCKET); the route checks it before it reads the body. */
export function uploadsGate(ctx: Ctx): void {
  if (!ctx.config.mediaDir && !ctx.config.mediaS3) throw new AppError(503, 'uploads_disabled', 'Image uploads are not configured');
}

/** `MEDIA_PUBLIC_BASE_URL/<key>` (a CDN) when set, else this API's own `/media/<key>`. */
export function mediaUrl(ctx: Ctx, key: string): string {
  const { mediaPublicBaseUrl, publicBaseUrl } = ctx.config;
  return mediaPublicBaseUrl ? `${mediaPublicBaseUrl}/${key}` : `${publicBaseUrl.replace(/\/+$/, '')}/media/${key}`;
}

/** Stores the bytes under their content hash (identical uploads land on the same key). */
export async function uploadImage(ctx: Ctx, input: UploadImage): Promise<UploadedImage> {
  const store = await storeOf(ctx);
  const bytes = decodeImageData(input.data);
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const ext = sniffImage(bytes);
  if (!ext) throw new AppError(400, 'UNSUPPORTED_IMAGE_TYPE', 'Only PNG, JPEG, GIF and WebP images are accepted');
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  await store.put(key, bytes, CONTENT_TYPES[ext]);
  return { data: { url: mediaUrl(ctx, key), content_type: CONTENT_TYPES[ext], bytes: bytes.length } };
}

export interface MediaFile {
  hash: string;
  contentType: string;
  size: number;
  body: Readable;
}

/** A stored image by key, or null for anything that is not a well-formed, stored key. */
export async function findMedia(ctx: Ctx, key: string): Promise<MediaFile | null> {
  const m = MEDIA_KEY.exec(key);
  const store = await mediaStore(ctx.config);
  if (!store || !m) return null;
  const found = await store.get(key);
  return found && { hash: m[1]!, contentType: CONTENT_TYPES[m[2] as ImageExt], size: found.size, body: found.body };
}
