import { Type } from './typebox.ts';
import { badRequest } from './errors.ts';

/** A date (`2026-11-01`, a whole UTC day) or an ISO-8601 date-time with a zone. */
export const DateBoundSchema = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
  description: 'a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone',
});

/** `from` (inclusive) and `to` (a date includes that whole day; a date-time is exclusive). */
export const DateRangeQueryProperties = { from: Type.Optional(DateBoundSchema), to: Type.Optional(DateBoundSchema) };

const DAY_MS = 24 * 60 * 60 * 1000;

function bound(v: string, field: string): Date {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badRequest(`${field} is not a valid date`, [{ field: `querystring/${field}`, message: 'invalid date' }]);
  return d;
}

/** The range as ISO strings to compare `created_at` with: `from <= created_at < to`. */
export function rangeOf(q: { from?: string; to?: string }): { from?: string; to?: string } {
  return rangeBetween(q.from, q.to, ['from', 'to']);
}

/** `rangeOf` for a list whose bounds have other names (`placed_from`, `placed_to`…), named in its errors. */
export function rangeBetween(fromText: string | undefined, toText: string | undefined, [fromName, toName]: [string, string]): { from?: string; to?: string } {
  const from = fromText === undefined ? undefined : bound(fromText, fromName);
  let to = toText === undefined ? undefined : bound(toText, toName);
  if (to && toText!.length === 10) to = new Date(to.getTime() + DAY_MS);
  if (from && to && to.getTime() <= from.getTime()) throw badRequest(`${toName} must be after ${fromName}`, [{ field: `querystring/${toName}`, message: `must be after ${fromName}` }]);
  return { ...(from ? { from: from.toISOString() } : {}), ...(to ? { to: to.toISOString() } : {}) };
}

/** 400 when a range's upper bound is below its lower one (`total_min`, `total_max`…). */
export function checkOrder(min: number | undefined, max: number | undefined, [minName, maxName]: [string, string]): void {
  if (min !== undefined && max !== undefined && max < min) {
    throw badRequest(`${maxName} is below ${minName}`, [{ field: `querystring/${maxName}`, message: `must not be below ${minName}` }]);
  }
}
