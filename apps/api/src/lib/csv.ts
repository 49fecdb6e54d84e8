/**
 * CSV exports for the accountant (docs/admin-exports.md): rows are read in keyset batches and
 * written as they come (RFC 4180, `cell`, a batch's records as one string), never collected in memory. Money is decimal major
 * units beside a currency column; times are the stored ISO-8601 UTC strings.
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { minorToDecimal } from '@storefront/money';
import { whileStreaming } from './heap-headroom.ts';

/**
 * Rows fetched per query while an export streams, by database (PostgreSQL's read ahead: `allBatches`).
 * On SQLite a batch of 500 lived long enough to be promoted out of V8's young generation: a month's
 * transactions at 1 M customers piled 12 MB of garbage into the old space before a full collection;
 * batches of 300 die young (docs/performance.md, "CSV exports at scale").
 */
export const EXPORT_BATCH = { postgres: 500, sqlite: 300 } as const;

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
 * An export's rows a batch (`EXPORT_BATCH` of its database) at a time, newest first, each with what `more` reads
 * for it in one query (the customers' names, the orders' lines) rather than one per row.
 * Both read through the handle `open` gives (`Ctx.longRead`: on SQLite a connection of the
 * export's own), released when the export ends, is cut off or fails.
 * `fetch(db, older, limit)` answers the rows before `older` in (created_at, id) order (all rows when
 * null); `keyOf` tells a row's place in that order. With `ahead`, a batch and its `more` are read
 * while the one before is written: PostgreSQL works while the API formats. SQLite's driver is
 * synchronous, so there reading ahead only keeps a batch alive longer (its objects outlive young
 * collections and wait for a major one: the API's RSS rose 50–90 MB a month's export against 30).
 * Meanwhile the old generation's headroom is narrowed (`whileStreaming`, lib/heap-headroom.ts).
 */
export async function* allBatches<T, M, H>(
  open: () => { db: H; release(): Promise<void> },
  fetch: (db: H, older: TimeKey | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => TimeKey,
  more: (db: H, rows: T[]) => Promise<M>,
  ahead: boolean,
): AsyncGenerator<[T[], M]> {
  const size = ahead ? EXPORT_BATCH.postgres : EXPORT_BATCH.sqlite;
  // Batches that outlive young collections die in the old generation: keep it short meanwhile.
  const widen = whileStreaming();
  const { db, release } = open();
  const read = (older: TimeKey | null) => {
    const batch = fetch(db, older, size).then((rows) => {
      const extra = rows.length > 0 ? more(db, rows) : undefined;
      extra?.catch(() => {});
      return { rows, extra };
    });
    // Caught here so that a download ended early leaves no unhandled rejection.
    batch.catch(() => {});
    return batch;
  };
  try {
    let next = read(null);
    for (;;) {
      const { rows, extra } = await next;
      const last = rows.length === size ? keyOf(rows.at(-1)!) : null;
      if (ahead && last) next = read(last);
      if (extra !== undefined) yield [rows, await extra];
      if (!last) return;
      if (!ahead) next = read(last);
    }
  } finally {
    widen();
    await release();
  }
}

/** `keyOf` for rows that carry their own `created_at` and `id`. */
export const byTime = (row: TimeKey): TimeKey => row;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const minuteFormats = new Map<string, Intl.DateTimeFormat>();
/** Per zone, the last UTC hour and minute formatted: export rows come in time order, many to an hour. */
const lastSeen = new Map<string, { hour: string; hourDate: string | null; minute: string; minuteDate: string }>();

function formatOf(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, time: boolean) {
  let f = formats.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' };
    formats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', time ? { ...options, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : options)));
  }
  return f;
}

/** The local date of a whole UTC hour (`YYYY-MM-DDTHH`), or null when it changes within the hour. */
function dateOfHour(hour: string, timeZone: string): string | null {
  // `YYYY-MM-DD, HH:MM` at the hour's first and last minute: one date, and 59 minutes apart on the
  // local clock, so the offset did not change in between (tzdb changes a zone's offset at most once an hour).
  const f = formatOf(minuteFormats, timeZone, true);
  const first = f.format(new Date(`${hour}:00:00.000Z`));
  const last = f.format(new Date(`${hour}:59:00.000Z`));
  const sameDate = first.slice(0, 10) === last.slice(0, 10);
  return sameDate && Number(last.slice(15, 17)) - Number(first.slice(15, 17)) + 60 * (Number(last.slice(12, 14)) - Number(first.slice(12, 14))) === 59 ? first.slice(0, 10) : null;
}

/**
 * The calendar date (`YYYY-MM-DD`) of an ISO-8601 instant in `timeZone` (SHOP_TIME_ZONE). Since 1972
 * every zone's offset and its changes fall on whole minutes, so all of a UTC minute has one local
 * date; most UTC hours have one too, found from their first and last minute.
 */
export function localDate(iso: string, timeZone: string): string {
  if (!CANONICAL.test(iso)) return formatOf(dayFormats, timeZone, false).format(new Date(iso));
  let seen = lastSeen.get(timeZone);
  if (!seen) lastSeen.set(timeZone, (seen = { hour: '', hourDate: null, minute: '', minuteDate: '' }));
  const hour = iso.slice(0, 13);
  if (seen.hour !== hour) {
    seen.hour = hour;
    seen.hourDate = dateOfHour(hour, timeZone);
  }
  if (seen.hourDate !== null) return seen.hourDate;
  const minute = iso.slice(0, 16);
  if (seen.minute !== minute) {
    seen.minute = minute;
    seen.minuteDate = formatOf(dayFormats, timeZone, false).format(new Date(iso));
  }
  return seen.minuteDate;
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

/**
 * One CSV field. The exports build each record as one string of fields joined by commas and ended
 * by CRLF; fields that can only hold digits, `-`, `.`, `:` and inner spaces (money, `local_date`,
 * `utc_time`) are written as they are.
 */
export const cell = (v: string | number | null | undefined): string => {
  const s = v == null ? '' : String(v);
  return QUOTED.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The text of `rows`, objects keyed by `columns`: one CRLF-ended record per row (a short export's, the reconciliation's). */
export async function* records(columns: readonly string[], rows: AsyncIterable<Record<string, string | number>> | Iterable<Record<string, string | number>>): AsyncGenerator<string> {
  let out = '';
  for await (const row of rows) {
    for (let i = 0; i < columns.length; i++) out += (i === 0 ? '' : ',') + cell(row[columns[i]!]);
    out += '\r\n';
  }
  yield out;
}

/** Integer minor units as decimal major units ("-12.50"), exact (no floating point). */
export function money(minor: number | string | null | undefined, currency: string): string {
  if (minor == null) return '';
  const n = Number(minor);
  return n < 0 ? `-${minorToDecimal(-n, currency)}` : minorToDecimal(n, currency);
}

/** The byte-order mark, which tells a spreadsheet the file is UTF-8 (names and reasons keep their letters), and the header. */
async function* withHeader(columns: readonly string[], body: AsyncIterable<string>): AsyncGenerator<string> {
  yield `\ufeff${columns.map(cell).join(',')}\r\n`;
  yield* body;
}

/**
 * Streams `body` (CRLF-ended CSV records, a batch of them per string) as a CSV attachment named
 * `filename`, after the byte-order mark and the `columns` header. Check the request before calling
 * this: once it runs the answer is 200, and a failure while rows are read (the database going
 * away) can only cut the download short (logged, the connection closed).
 */
export function sendCsv(reply: FastifyReply, filename: string, columns: readonly string[], body: AsyncIterable<string>) {
  const out = new PassThrough();
  // pipeline, not pipe: an error while reading destroys the answer's stream too, so the answer ends.
  // One batch's text read ahead at most (the next batch's rows are read meanwhile, `allBatches`).
  pipeline(Readable.from(withHeader(columns, body), { highWaterMark: 1 }), out, (err) => {
    if (err) reply.log.error({ err }, 'CSV export failed while streaming');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** The `local_date,utc_time` fields of a row's time: the shop's calendar date and the UTC time. */
export const timeFields = (iso: string, timeZone: string): string => `${localDate(iso, timeZone)},${utcTime(iso)}`;

/** The `customer_name,customer_phone` fields of a row's customer; empty for a deleted (anonymised) or unknown user. */
export const customerFields = (p: { full_name: string | null; phone: string | null } | undefined): string => `${cell(text(p?.full_name))},${cell(text(p?.phone))}`;
