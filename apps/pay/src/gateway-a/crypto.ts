import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

/**
 * Gateway A's (CCAvenue) request/response encryption: AES-128-CBC, key = MD5 of the working key
 * (16 raw bytes), IV = bytes 0x00..0x0f, PKCS#7 padding, hex on the wire.
 */
const IV = Buffer.from(Array.from({ length: 16 }, (_, i) => i));
const keyOf = (workingKey: string): Buffer => createHash('md5').update(workingKey, 'utf8').digest();

export function encrypt(plainText: string, workingKey: string): string {
  const cipher = createCipheriv('aes-128-cbc', keyOf(workingKey), IV);
  return Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]).toString('hex');
}

/** Null for anything that is not hex of a whole number of blocks that decrypts with valid padding. */
export function decrypt(hex: string, workingKey: string): string | null {
  if (typeof hex !== 'string' || hex.length === 0 || hex.length % 32 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  try {
    const decipher = createDecipheriv('aes-128-cbc', keyOf(workingKey), IV);
    const out = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]);
    const text = out.toString('utf8');
    // A tampered block decrypts to 16 random bytes: almost surely invalid UTF-8 or control
    // characters, which real responses never hold.
    return /[\u0000-\u001f\u007f\ufffd]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** `a=1&b=2` with every value url-encoded, in the given order. */
export const encodeParams = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');

/** The decrypted response: `order_id=…&tracking_id=…&order_status=…`. Later keys do not override earlier ones. */
export function decodeParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) if (!(k in out)) out[k] = v;
  return out;
}
