import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { paths } from '@storefront/client';
import { Link, minorToDecimal, Money } from '@storefront/web';
import { ApiError, api, client, withQuery } from './api.ts';
import { can } from './access.ts';
import type { LedgerEntry } from './types.ts';

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof Error ? error.message : String(error);
  return (
    <div className="error" role="alert">
      {text}
    </div>
  );
}

/** A detail page until its record is there: the failed load under the page's title, else "Loading…". */
export function Pending({ title, error }: { title: string; error: unknown }) {
  if (!error) return <p className="loading">Loading…</p>;
  return (
    <section>
      <h1>{title}</h1>
      <ErrorBox error={error} />
    </section>
  );
}

export function Notice({ text }: { text: string | null }) {
  return text ? (
    <div className="notice" role="status">
      {text}
    </div>
  ) : null;
}

/** One page of a cursor-paged list, as every admin list route answers. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * A cursor-paged list: first page on load (and again when `deps` change), "Load more" appends the
 * next. `load` makes the typed call for one page; an answer for older `deps` is dropped.
 */
export function usePaged<T>(load: (page: { limit: number; cursor?: string }) => Promise<Page<T>>, deps: unknown[], limit = 25) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [n, setN] = useState(0);
  const seq = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    latest.current({ limit }).then(
      (page) => {
        if (mine !== seq.current) return;
        setItems(page.items);
        setCursor(page.next_cursor);
        setError(null);
        setLoading(false);
      },
      (err) => {
        if (mine !== seq.current) return;
        setItems([]);
        setCursor(null);
        setError(err);
        setLoading(false);
      },
    );
  }, [...deps, limit, n]);
  const more = async () => {
    if (!cursor) return;
    try {
      const page = await latest.current({ limit, cursor });
      setItems((xs) => [...xs, ...page.items]);
      setCursor(page.next_cursor);
    } catch (err) {
      setError(err);
    }
  };
  return { items, hasMore: cursor !== null, more, error, loading, reload: useCallback(() => setN((x) => x + 1), []) };
}

export type Paged<T> = ReturnType<typeof usePaged<T>>;

/**
 * A table's box. On a narrow screen the table scrolls sideways inside it, and the page with its
 * title and filters stays put. While it scrolls, it is a named, focusable region, so a keyboard can
 * scroll it too.
 */
export function TableScroll(props: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="table-scroll" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': props.label } : {})}>
      {props.children}
    </div>
  );
}

/**
 * A table's column: its header text, or `{ hidden }` for a column whose cells explain themselves on
 * screen (a thumbnail, a row's buttons): the name is there for a screen reader, not shown. Every
 * header cell has a name (axe's `empty-table-header`).
 */
export type Column = string | { hidden: string };

export const columnName = (c: Column): string => (typeof c === 'string' ? c : c.hidden);

/** A header cell for `column`. */
export function HeaderCell({ column }: { column: Column }) {
  return typeof column === 'string' ? <th scope="col">{column}</th> : (
    <th scope="col">
      <span className="visually-hidden">{column.hidden}</span>
    </th>
  );
}

/**
 * A paged list as a table: its error (or `error`, e.g. a failed action's), the header row, one
 * `row` per item, `empty` when nothing came back, and "Load more" while there is more.
 */
export function PagedTable<T>(props: {
  list: Paged<T>;
  columns?: Column[];
  /** A header cell before the named columns (e.g. a select-all checkbox, named by its own label). */
  lead?: ReactNode;
  row: (item: T) => ReactNode;
  empty?: string;
  error?: unknown;
  testId?: string;
}) {
  const { list } = props;
  return (
    <>
      <ErrorBox error={props.error ?? list.error} />
      <TableScroll label={props.columns ? `Table of ${props.columns.filter((c) => typeof c === 'string').join(', ')}` : 'Table'}>
        <table data-testid={props.testId}>
          {props.columns && (
            <thead>
              <tr>
                {props.lead !== undefined && <th scope="col">{props.lead}</th>}
                {props.columns.map((c, i) => (
                  <HeaderCell key={i} column={c} />
                ))}
              </tr>
            </thead>
          )}
          <tbody>{list.items.map(props.row)}</tbody>
        </table>
      </TableScroll>
      {props.empty !== undefined && !list.loading && list.items.length === 0 && !list.error && <p className="empty">{props.empty}</p>}
      <MoreButton hasMore={list.hasMore} more={list.more} />
    </>
  );
}

function MoreButton({ hasMore, more }: { hasMore: boolean; more: () => void }) {
  return hasMore ? (
    <button type="button" className="secondary" onClick={more}>
      Load more
    </button>
  ) : null;
}

/**
 * Wallet movements in the store's currency: one user's ledger, or with `withUser` everyone's
 * (the transactions page), with a column linking each row to its user.
 */
export function LedgerTable(props: {
  list: Paged<Omit<LedgerEntry, 'source'> & { source?: LedgerEntry['source']; user_id?: string; user?: PersonRef }>;
  currency: string;
  withUser?: boolean;
  /** The wallet's owner, when every row is theirs: adjustments link to their audit rows. */
  userId?: string;
  testId: string;
  empty: string;
  /** A last column of what may be done with a row (e.g. give back a debit). */
  action?: (t: LedgerEntry) => ReactNode;
}) {
  const { currency, withUser, action } = props;
  return (
    <PagedTable
      list={props.list}
      testId={props.testId}
      columns={['When', ...(withUser ? ['User'] : []), 'Type', 'Amount', 'Balance after', 'Reference', ...(action ? ['Action'] : [])]}
      empty={props.empty}
      row={(t) => (
        <tr key={t.id}>
          <td>
            <When iso={t.created_at} />
          </td>
          {withUser && <td>{t.user ? <Person person={t.user} /> : '—'}</td>}
          <td>{t.type.replace(/_/g, ' ')}</td>
          <td>
            <Money minor={t.amount} currency={currency} />
          </td>
          <td>
            <Money minor={t.balance_after} currency={currency} />
          </td>
          <td>
            <LedgerReference reference={t.reference} source={t.source} userId={props.userId ?? t.user_id} />
          </td>
          {action && <td>{action(t as LedgerEntry)}</td>}
        </tr>
      )}
    />
  );
}

/** The number an order goes by on screens (the audit log's and the shop's): the last 8 characters of its id, upper case. */
const orderNumber = (id: string): string => id.slice(-8).toUpperCase();

/**
 * What a wallet movement came from, in words, linking to its page: the order paid, the refunded
 * order with the refund's reason, the top-up's gateway and payment id, the adjustment's reason
 * (linking to the wallet's audit rows, which say who made it). The raw reference when the API
 * names no source.
 */
export function LedgerReference({ reference, source, userId }: { reference: string | null; source: LedgerEntry['source'] | undefined; userId?: string | undefined }) {
  if (!source) return reference ? <code className="muted">{reference}</code> : <>—</>;
  const why = source.reason ? <div className="muted hint">Reason: {source.reason}</div> : null;
  switch (source.kind) {
    case 'order':
      return <Link to={`/orders/${source.id}`}>Order {orderNumber(source.id)}</Link>;
    case 'refund':
      return (
        <>
          {source.order_id ? <Link to={`/orders/${source.order_id}`}>Refund of order {orderNumber(source.order_id)}</Link> : 'Refund'}
          {why}
        </>
      );
    case 'topup':
      return (
        <>
          Top-up{source.gateway ? ` via ${source.gateway}` : ''}
          {source.gateway_txn_id && <div className="muted hint">Payment {source.gateway_txn_id}</div>}
        </>
      );
    case 'adjustment': {
      const label = source.reverses ? 'Reversal of an adjustment' : 'Adjustment';
      return (
        <>
          {userId && can('audit.read') ? <Link to={`/audit?entity=wallet&entity_id=${encodeURIComponent(userId)}`}>{label}</Link> : label}
          {why}
        </>
      );
    }
    case 'daily_spin':
      return <>Daily spin of {source.id}</>;
  }
}

/** Downloads everything the page's filters match as CSV (the API streams it; the portal passes it on). */
export function ExportLink(props: { path: Extract<keyof paths, `${string}/export.csv`>; query: Record<string, string | undefined>; filename: string; label?: string }) {
  return (
    <a className="export" href={withQuery(props.path, props.query)} download={props.filename}>
      {props.label ?? 'Export CSV'}
    </a>
  );
}

/** The plain major-unit text an input field starts with: 123456 INR → "1234.56"; nothing for no amount. */
export const minorToInput = (minor: number | null, currency: string): string => (minor === null ? '' : minorToDecimal(minor, currency));

/** A person an item names (`{id, full_name, phone}`, null fields for a deleted user). */
export interface PersonRef {
  id: string;
  full_name: string | null;
  phone: string | null;
}

/**
 * The user an item names, by name and phone instead of the id, linking to the user's page; an
 * anonymised user shows as "Deleted user". One line each, cut with an ellipsis rather than wrapped.
 */
export function Person({ person }: { person: PersonRef | null | undefined }) {
  if (!person) return <>—</>;
  const deleted = person.full_name === null;
  return (
    <Link to={`/users/${person.id}`} className="person" aria-label={deleted ? 'Deleted user' : [person.full_name || '(no name)', person.phone].filter(Boolean).join(' · ')}>
      <span className="person-name">{deleted ? 'Deleted user' : person.full_name || '(no name)'}</span>
      {!deleted && person.phone && <span className="person-phone">{person.phone}</span>}
    </Link>
  );
}

export function Status({ value }: { value: string }) {
  return <span className={`status status-${value}`}>{value.replace(/_/g, ' ')}</span>;
}

export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span>—</span>;
  const d = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(d.getTime()) ? iso : d.toLocaleString()}</time>;
}

/** Runs an action, keeping its error and a busy flag for the button that started it. */
/** The "add an internal note" form of an order's and a user's page; the page keeps the text and sends it. */
export function NoteForm(props: { id: string; label: string; note: string; setNote: (text: string) => void; busy: boolean; onAdd: () => Promise<void> }) {
  return (
    <form
      className="note-form"
      onSubmit={(e) => {
        e.preventDefault();
        void props.onAdd();
      }}
    >
      <label htmlFor={props.id}>{props.label}</label>
      <textarea id={props.id} maxLength={2000} value={props.note} onChange={(e) => props.setNote(e.target.value)} />
      <div className="buttons">
        <button type="submit" disabled={props.busy || props.note.trim() === ''}>
          Add note
        </button>
      </div>
    </form>
  );
}

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

let storeCurrency: Promise<string> | null = null;
/** The store's currency (CURRENCY on the API), read once from the admin's own wallet; INR until known. */
export function useCurrency(): string {
  const [currency, setCurrency] = useState('INR');
  useEffect(() => {
    storeCurrency ??= api(client.GET('/api/v1/wallet')).then(
      (w) => w.currency,
      () => 'INR',
    );
    let live = true;
    void storeCurrency.then((c) => live && setCurrency(c));
    return () => {
      live = false;
    };
  }, []);
  return currency;
}

export const isMissingRoute = (err: unknown) => err instanceof ApiError && err.status === 404;

const MONEY_KEYS = /(^|_)(amount|total|subtotal|price|balance|balance_after|revenue|credits|paid|refunded|cost|sum|gmv|value)($|_)/;

/** A cell for a value of an unknown shape: money keys are formatted with the row's currency. */
export function Cell({ k, v, currency }: { k: string; v: unknown; currency: string }) {
  if (v === null || v === undefined) return <>—</>;
  if (typeof v === 'number' && MONEY_KEYS.test(k) && !/count|orders$|users$/.test(k)) return <Money minor={v} currency={currency} />;
  if (typeof v === 'boolean') return <>{v ? 'yes' : 'no'}</>;
  if (typeof v === 'string' && /_at$/.test(k)) return <When iso={v} />;
  if (typeof v === 'object') return <code>{JSON.stringify(v)}</code>;
  return <>{String(v)}</>;
}
