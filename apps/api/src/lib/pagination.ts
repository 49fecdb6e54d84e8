import type { Static } from 'typebox';
import { Type } from './typebox.ts';
import { badRequest } from './errors.ts';

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

export function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!key || encodeCursor(key) !== cursor) throw badRequest('Invalid cursor', [{ field: 'querystring/cursor', message: 'invalid cursor' }]);
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
  if (!m) throw badRequest('Invalid cursor', [{ field: 'querystring/cursor', message: 'invalid cursor' }]);
  return { sort_order: Number(m[1]), id: m[2]! };
}
