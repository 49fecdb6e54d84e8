import { Type } from 'typebox';
import { badRequest } from './errors.ts';

/** A date (`2026-11-01`, a whole UTC day) or an ISO-8601 date-time with a zone. */
const BoundSchema = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
  description: 'a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone',
});

/** `from` (inclusive) and `to` (a date includes that whole day; a date-time is exclusive). */
export const DateRangeQueryProperties = { from: Type.Optional(BoundSchema), to: Type.Optional(BoundSchema) };

const DAY_MS = 24 * 60 * 60 * 1000;

function bound(v: string, field: string): Date {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badRequest(`${field} is not a valid date`, [{ field: `querystring/${field}`, message: 'invalid date' }]);
  return d;
}

/** The range as ISO strings to compare `created_at` with: `from <= created_at < to`. */
export function rangeOf(q: { from?: string; to?: string }): { from?: string; to?: string } {
  const from = q.from === undefined ? undefined : bound(q.from, 'from');
  let to = q.to === undefined ? undefined : bound(q.to, 'to');
  if (to && q.to!.length === 10) to = new Date(to.getTime() + DAY_MS);
  if (from && to && to.getTime() <= from.getTime()) throw badRequest('to must be after from', [{ field: 'querystring/to', message: 'must be after from' }]);
  return { ...(from ? { from: from.toISOString() } : {}), ...(to ? { to: to.toISOString() } : {}) };
}
