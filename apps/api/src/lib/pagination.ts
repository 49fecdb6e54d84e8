import type { Static } from 'typebox';
import { Type } from './typebox.ts';
import { badRequest } from './errors.ts';
import type { TimeKey } from './csv.ts';

/** `limit` (1–100, default 20) and an opaque `cursor`, as docs/contracts.md §2 fixes for every list. */
export const PageQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageQuery = Static<typeof PageQuerySchema>;

export const pageOf = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ items: Type.Array(item), next_cursor: Type.Union([Type.String(), Type.Null()]) });

export function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

const invalidCursor = () => badRequest('Invalid cursor', [{ field: 'querystring/cursor', message: 'invalid cursor' }]);

/** A key with a control character is none this API made; PostgreSQL refuses a NUL in text outright (a 500). */
export function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!key || encodeCursor(key) !== cursor || /[\u0000-\u001f]/.test(key)) throw invalidCursor();
  return key;
}

/** Given up to limit+1 rows, returns the page and the cursor of its last row when more exist. */
export function toPage<R, I>(rows: R[], limit: number, key: (row: R) => string, map: (row: R) => I) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { items: page.map(map), next_cursor: more ? encodeCursor(key(page[page.length - 1]!)) : null };
}

/** Keyset position in lists ordered by (sort_order, id): categories, payment gateways. */
export interface SortKey {
  sort_order: number;
  id: string;
}

export const sortCursor = (row: SortKey): string => `${row.sort_order}:${row.id}`;

export function decodeSortCursor(cursor: string | undefined): SortKey | null {
  const key = decodeCursor(cursor);
  if (key === null) return null;
  const m = /^(-?\d{1,8}):(.{1,64})$/.exec(key);
  if (!m) throw invalidCursor();
  return { sort_order: Number(m[1]), id: m[2]! };
}

/**
 * Keyset position in lists ordered newest first by (created_at, id), the order of the time
 * indexes: orders, the admin ledger. Only the characters of stored times and ids pass, so no value
 * a database would refuse reaches it; any other cursor is a 400.
 */
export const timeCursor = (row: TimeKey): string => `${row.created_at}|${row.id}`;

export function decodeTimeCursor(cursor: string | undefined): TimeKey | null {
  const key = decodeCursor(cursor);
  if (key === null) return null;
  const m = /^([0-9T:.+Z-]{10,35})\|([0-9A-Za-z_-]{1,64})$/.exec(key);
  if (!m) throw invalidCursor();
  return { created_at: m[1]!, id: m[2]! };
}
