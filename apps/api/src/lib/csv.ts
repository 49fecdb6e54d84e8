/**
 * CSV exports for the accountant (docs/admin-exports.md): rows are read in keyset batches and
 * written as they come (RFC 4180, `csvText`), never collected in memory. Money is decimal major
 * units beside a currency column; times are the stored ISO-8601 UTC strings.
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { minorToDecimal } from '@storefront/money';

/** Rows fetched per query while an export streams. */
export const EXPORT_BATCH = 500;

/**
 * Where an export's keyset stands: the last row written. The next batch is the rows before it in
 * (created_at, id) order, newest first, which is the order of the time indexes every export walks
 * (`…_created_idx` and the `(filter, created_at, id)` ones, docs/admin-exports.md): one index
 * range, read once from the newest row to the oldest, whatever the planner knows of the values.
 */
export interface TimeKey {
  created_at: string;
  id: string;
}

/**
 * Every row of a newest-first export, one batch (`EXPORT_BATCH`) per query: `fetch(older, limit)`
 * answers the rows before `older` in (created_at, id) order (all rows when null), newest first.
 */
export async function* allRows<T extends TimeKey>(fetch: (older: TimeKey | null, limit: number) => Promise<T[]>): AsyncGenerator<T> {
  for await (const rows of allBatches(fetch)) yield* rows;
}

/** The same rows a batch at a time, for exports that read something more per batch (the customers' names, an order's lines) in one query rather than one per row. */
export async function* allBatches<T extends TimeKey>(fetch: (older: TimeKey | null, limit: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let next = fetch(null, EXPORT_BATCH);
  for (;;) {
    const rows = await next;
    if (rows.length === EXPORT_BATCH) {
      // The next batch is asked for before this one is written: the database reads while the rows
      // are formatted. Caught here so that a download ended early leaves no unhandled rejection.
      const last = rows.at(-1)!;
      next = fetch({ created_at: last.created_at, id: last.id }, EXPORT_BATCH);
      next.catch(() => {});
    }
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The last minute formatted per zone: export rows come in time order, several to a minute. */
const lastMinute = new Map<string, { minute: string; date: string }>();

/**
 * The calendar date (`YYYY-MM-DD`) of an ISO-8601 instant in `timeZone` (SHOP_TIME_ZONE). Since 1972
 * every zone's offset and its changes fall on whole minutes, so all of a UTC minute has one local date.
 */
export function localDate(iso: string, timeZone: string): string {
  const minute = CANONICAL.test(iso) ? iso.slice(0, 16) : null;
  const last = lastMinute.get(timeZone);
  if (minute !== null && last?.minute === minute) return last.date;
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const date = f.format(new Date(iso));
  if (minute !== null) lastMinute.set(timeZone, { minute, date });
  return date;
}

/** The stored form of an instant (`Date.prototype.toISOString`), read by position. */
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** An ISO-8601 instant as `YYYY-MM-DD HH:MM:SS` in UTC: the form spreadsheets read as a date and time. */
export const utcTime = (iso: string): string =>
  CANONICAL.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Free text for a CSV cell. A spreadsheet runs text whose first non-space character is = + - @ (or
 * a tab or CR) as a formula; a leading ' keeps it text. Number columns never pass through here.
 */
export const text = (v: string | null | undefined): string => (v == null ? '' : /^ *[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/**
 * A field is quoted when it holds the delimiter (a comma), a quote (doubled inside) or a line
 * break, as RFC 4180 asks, and also when it holds a bare CR or LF, which a spreadsheet reads as a
 * new row; a semicolon, the delimiter of spreadsheets in many locales; a leading or trailing
 * space, which some readers trim.
 */
const QUOTED = /[",\r\n;]|^ | $/;

const cell = (v: string | number | null | undefined): string => {
  const s = v == null ? '' : String(v);
  return QUOTED.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** Records end in CRLF; the file is written in chunks of about this many characters. */
const CHUNK = 64 * 1024;

/** The CSV text of `rows`: the byte-order mark, the header, then one CRLF-ended record per row. */
async function* csvText(columns: readonly string[], rows: AsyncIterable<Record<string, string | number>>): AsyncGenerator<string> {
  // The byte-order mark tells a spreadsheet the file is UTF-8 (names and reasons keep their letters).
  let out = `\ufeff${columns.map(cell).join(',')}\r\n`;
  for await (const row of rows) {
    for (let i = 0; i < columns.length; i++) out += (i === 0 ? '' : ',') + cell(row[columns[i]!]);
    out += '\r\n';
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield out;
}

/** Integer minor units as decimal major units ("-12.50"), exact (no floating point). */
export function money(minor: number | string | null | undefined, currency: string): string {
  if (minor == null) return '';
  const n = Number(minor);
  return n < 0 ? `-${minorToDecimal(-n, currency)}` : minorToDecimal(n, currency);
}

/**
 * Streams `rows` (objects keyed by `columns`) as a CSV attachment named `filename`. Check the
 * request before calling this: once it runs the answer is 200, and a failure while rows are read
 * (the database going away) can only cut the download short (logged, the connection closed).
 */
export function sendCsv(reply: FastifyReply, filename: string, columns: readonly string[], rows: AsyncIterable<Record<string, string | number>>) {
  const out = new PassThrough();
  // pipeline, not pipe: an error while reading destroys the answer's stream too, so the answer ends.
  pipeline(Readable.from(csvText(columns, rows)), out, (err) => {
    if (err) reply.log.error({ err }, 'CSV export failed while streaming');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** The columns an export has for a row's time: the shop's calendar date and the UTC time. */
export const timeCells = (iso: string, timeZone: string) => ({ local_date: localDate(iso, timeZone), utc_time: utcTime(iso) });

/** The columns an export has for a row's customer; empty for a deleted (anonymised) or unknown user. */
export const customerCells = (p: { full_name: string | null; phone: string | null } | undefined) => ({
  customer_name: text(p?.full_name),
  customer_phone: text(p?.phone),
});
