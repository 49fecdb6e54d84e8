import { useState } from 'react';
import { formatMoney, Link, Money, parseMoney, useLoad } from '@storefront/web';
import { api, client } from '../api.ts';
import { ORDER_STATUSES, type Order } from '../types.ts';
import { can } from '../access.ts';
import { ErrorBox, ExportLink, Notice, PagedTable, Pending, Person, Status, When, useAction, useCurrency, usePaged, NoteForm } from '../ui.tsx';
import { DateFilter, FilterBar, LiveSearch, present, useUrlFilters } from '../filters.tsx';

/** Where an admin may move an order from each status (docs/contracts.md §5); refunds have their own button. */
const NEXT: Record<Order['status'], Order['status'][]> = {
  placed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

/** The most orders one bulk move takes (the API's limit). */
const BULK_MAX = 100;
/** What a bulk move may set; refunds go through each order's refund form. */
const BULK_TARGETS: Order['status'][] = ['processing', 'shipped', 'delivered', 'cancelled'];

type BulkResult = NonNullable<Awaited<ReturnType<typeof bulkMove>>>;
const bulkMove = (key: string, body: { order_ids: string[]; status: Order['status']; note?: string }) =>
  api(client.POST('/api/v1/admin/orders/bulk-status', { params: { header: { 'idempotency-key': key } }, body }));

const ORDER_FILTERS = ['q', 'status', 'placed_from', 'placed_to', 'total_min', 'total_max', 'user_id'] as const;

export function OrdersPage() {
  const { values: f, set } = useUrlFilters(ORDER_FILTERS);
  const currency = useCurrency();
  const status = ORDER_STATUSES.find((s) => s === f.status);
  // The API searches orders from 3 characters on; shorter text waits for more.
  const q = f.q.length >= 3 ? f.q : undefined;
  const totals = { total_min: parseMoney(f.total_min, currency) ?? undefined, total_max: parseMoney(f.total_max, currency) ?? undefined };
  const query = { ...present(f), q, status, ...totals };
  const list = usePaged((page) => api(client.GET('/api/v1/admin/orders', { params: { query: { ...page, ...query } } })), [JSON.stringify(query)]);
  const badTotal = (f.total_min && totals.total_min === undefined) || (f.total_max && totals.total_max === undefined);
  const bulk = can('orders.fulfil');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<Order['status']>('shipped');
  const [note, setNote] = useState('');
  const [result, setResult] = useState<BulkResult | null>(null);
  // One key per bulk move as it stands: a resend after a lost answer replays it, any change makes a new one.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const action = useAction();
  const select = (next: ReadonlySet<string>) => {
    setSelected(next);
    setKey(crypto.randomUUID());
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    select(next);
  };
  const onPage = list.items.map((o) => o.id);
  const allOnPage = onPage.length > 0 && onPage.every((id) => selected.has(id));
  const apply = () =>
    action.run(async () => {
      const answer = await bulkMove(key, { order_ids: [...selected], status: target, ...(note.trim() ? { note: note.trim() } : {}) });
      setResult(answer);
      select(new Set());
      setNote('');
      list.reload();
    });
  return (
    <section>
      <h1>Orders</h1>
      <FilterBar active={ORDER_FILTERS.some((k) => f[k])} clear={() => set(Object.fromEntries(ORDER_FILTERS.map((k) => [k, ''])))}>
        <LiveSearch
          label="Search orders"
          placeholder="Order number, phone or customer name"
          value={f.q}
          onSearch={(text) => set({ q: text })}
          {...(f.q && f.q.length < 3 ? { hint: 'Type at least 3 characters.' } : {})}
        />
        <label>
          Status{' '}
          <select aria-label="Filter by status" value={status ?? ''} onChange={(e) => set({ status: e.target.value })}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <DateFilter label="Placed from" value={f.placed_from} onChange={(v) => set({ placed_from: v })} />
        <DateFilter label="to" value={f.placed_to} onChange={(v) => set({ placed_to: v })} />
        <label>
          Total from <input className="amount" inputMode="decimal" defaultValue={f.total_min} key={`min${f.total_min}`} onBlur={(e) => set({ total_min: e.target.value.trim() })} />
        </label>
        <label>
          to <input className="amount" inputMode="decimal" defaultValue={f.total_max} key={`max${f.total_max}`} onBlur={(e) => set({ total_max: e.target.value.trim() })} />
        </label>
        {f.user_id && (
          <span className="chip">
            Customer <Link to={`/users/${f.user_id}`}>{f.user_id.slice(0, 8)}…</Link>{' '}
            <button type="button" className="secondary" aria-label="Any customer" onClick={() => set({ user_id: '' })}>
              ×
            </button>
          </span>
        )}
        {can('finance.read') && (
          <>
            <ExportLink path="/api/v1/admin/orders/export.csv" query={{ ...query, total_min: totals.total_min?.toString(), total_max: totals.total_max?.toString() }} filename="orders.csv" />
            <ExportLink path="/api/v1/admin/orders/lines/export.csv" query={{ ...query, total_min: totals.total_min?.toString(), total_max: totals.total_max?.toString() }} filename="order-lines.csv" label="Export line items CSV" />
          </>
        )}
      </FilterBar>
      {badTotal && <ErrorBox error={`Enter totals in ${currency}, like 100.00.`} />}
      {bulk && (
        <form
          className="panel bulk"
          aria-label="Change the status of the selected orders"
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <div className="buttons">
            <span data-testid="selected-count">{selected.size} selected</span>
            <label>
              Move to{' '}
              <select aria-label="New status for the selected orders" value={target} onChange={(e) => (setTarget(BULK_TARGETS.find((s) => s === e.target.value) ?? 'shipped'), setKey(crypto.randomUUID()))}>
                {BULK_TARGETS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <input aria-label="Note for the selected orders (optional)" placeholder="note (optional)" maxLength={500} value={note} onChange={(e) => (setNote(e.target.value), setKey(crypto.randomUUID()))} />
            <button type="submit" disabled={action.busy || selected.size === 0 || selected.size > BULK_MAX}>
              Apply to selected
            </button>
            {selected.size > BULK_MAX && <span className="muted">At most {BULK_MAX} orders at once.</span>}
          </div>
          <ErrorBox error={action.error} />
          {result && <BulkSummary result={result} />}
        </form>
      )}
      <PagedTable
        list={list}
        {...(bulk ? { lead: <input type="checkbox" aria-label="Select all orders on this page" checked={allOnPage} onChange={(e) => select(e.target.checked ? new Set([...selected, ...onPage]) : new Set([...selected].filter((id) => !onPage.includes(id))))} /> } : {})}
        // Status and total before the customer: at phone width they stay in view, the rest scrolls.
        columns={['Order', 'Status', 'Total', 'User', 'Placed']}
        empty="No orders."
        row={(o) => (
          <tr key={o.id}>
            {bulk && (
              <td>
                <input type="checkbox" aria-label={`Select order ${o.id}`} checked={selected.has(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
              </td>
            )}
            <td>
              {/* The whole id is the link's name; on screen it is cut to one line. */}
              <Link to={`/orders/${o.id}`} className="id-cut">
                {o.id}
              </Link>
            </td>
            <td>
              <Status value={o.status} />
            </td>
            <td>
              <Money minor={o.total} currency={o.currency} />
            </td>
            <td>
              <Person person={o.user} />
            </td>
            <td>
              <When iso={o.created_at} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

function BulkSummary({ result }: { result: BulkResult }) {
  const refused = result.results.filter((r) => r.outcome === 'refused');
  return (
    <div className="notice" role="status" data-testid="bulk-result">
      <p>
        Moved {result.moved}, refused {result.refused}.
      </p>
      {refused.length > 0 && (
        <ul>
          {refused.map((r) => (
            <li key={r.order_id}>
              <Link to={`/orders/${r.order_id}`}>{r.order_id}</Link>: {r.refusal?.message ?? r.refusal?.error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function OrderDetailPage({ id }: { id: string }) {
  const path = { id };
  const { data: order, error, reload } = useLoad(() => api(client.GET('/api/v1/admin/orders/{id}', { params: { path } })), [id]);
  const [amount, setAmount] = useState('');
  const [ship, setShip] = useState({ carrier: '', tracking_number: '', tracking_url: '' });
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  if (error || !order) return <Pending title="Order" error={error} />;
  const refunded = typeof order.refunded_amount === 'number' ? order.refunded_amount : 0;
  const refundable = Math.max(0, order.total - refunded);

  const changeStatus = (status: Order['status']) =>
    action.run(async () => {
      // Tracking goes only with the move to shipped; empty fields are left out.
      const tracking = status === 'shipped' ? Object.fromEntries(Object.entries(ship).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== '')) : {};
      await api(client.POST('/api/v1/admin/orders/{id}/status', { params: { path }, body: { status, ...tracking } }));
      if (status === 'shipped') setShip({ carrier: '', tracking_number: '', tracking_url: '' });
      setNotice(`Status changed to ${status}.`);
      reload();
    });
  const addNote = () =>
    action.run(async () => {
      await api(client.POST('/api/v1/admin/orders/{id}/notes', { params: { path }, body: { note: note.trim() } }));
      setNote('');
      setNotice('Note added.');
      reload();
    });
  const refund = () =>
    action.run(async () => {
      const body: { amount?: number; reason?: string } = {};
      if (amount.trim() !== '') {
        const minor = parseMoney(amount, order.currency);
        if (minor === null || minor <= 0) throw new Error(`Enter the refund in ${order.currency}, like 10.00, or leave it empty to refund everything still refundable.`);
        body.amount = minor;
      }
      if (reason.trim()) body.reason = reason.trim();
      if (!confirm(`Refund ${formatMoney(body.amount ?? refundable, order.currency)} to the user's wallet?`)) return;
      // The key is the refund as it stands: a double click or a resent request pays once, while
      // the next refund (after refunded_amount has moved) gets a new key.
      const key = `refund:${id}:${refunded}:${body.amount ?? 'rest'}`;
      await api(client.POST('/api/v1/admin/orders/{id}/refund', { params: { path, header: { 'idempotency-key': key } }, body }));
      setAmount('');
      setReason('');
      setNotice('Refund issued to the wallet.');
      reload();
    });

  return (
    <section>
      <h1>Order {order.id}</h1>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <Status value={order.status} />
        </dd>
        <dt>Customer</dt>
        <dd data-testid="customer">
          <Person person={order.user} />
        </dd>
        <dt>Placed</dt>
        <dd>
          <When iso={order.created_at} />
        </dd>
        <dt>Total</dt>
        <dd>
          <Money minor={order.total} currency={order.currency} />
        </dd>
        <dt>Refunded</dt>
        <dd>
          <Money minor={refunded} currency={order.currency} />
        </dd>
      </dl>
      {order.items && (
        <table>
          <thead>
            <tr>
              <th>Product</th>
              <th>Unit price</th>
              <th>Quantity</th>
              <th>Line total</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((it) => (
              <tr key={it.product_id}>
                <td>{it.name ?? it.product_id}</td>
                <td>
                  <Money minor={it.unit_price} currency={order.currency} />
                </td>
                <td>{it.quantity}</td>
                <td>
                  <Money minor={it.line_total} currency={order.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Notice text={notice} />
      <ErrorBox error={action.error} />
      {can('orders.fulfil') && (
        <div className="panel">
          <h2>Change status</h2>
          {(NEXT[order.status] ?? []).length === 0 && <p className="muted">No further status changes from {order.status}.</p>}
          {NEXT[order.status]?.includes('shipped') && (
            <div className="ship-fields">
              <input aria-label="Carrier" placeholder="carrier (optional)" maxLength={100} value={ship.carrier} onChange={(e) => setShip({ ...ship, carrier: e.target.value })} />
              <input aria-label="Tracking number" placeholder="tracking number (optional)" maxLength={100} value={ship.tracking_number} onChange={(e) => setShip({ ...ship, tracking_number: e.target.value })} />
              <input aria-label="Tracking URL" type="url" placeholder="https://… tracking link (optional)" maxLength={500} value={ship.tracking_url} onChange={(e) => setShip({ ...ship, tracking_url: e.target.value })} />
            </div>
          )}
          <div className="buttons">
            {(NEXT[order.status] ?? []).map((s) => (
              <button type="button" key={s} disabled={action.busy} onClick={() => changeStatus(s)}>
                Mark {s}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="panel">
        <h2>Timeline</h2>
        <Timeline events={order.events} currency={order.currency} />
        {can('orders.fulfil') && <NoteForm id="order-note" label="Add an internal note (never shown to the customer)" note={note} setNote={setNote} busy={action.busy} onAdd={addNote} />}
      </div>
      {can('orders.refund') && (
        <div className="panel">
          <h2>Refund to wallet</h2>
          <p className="muted">Still refundable: {formatMoney(refundable, order.currency)}</p>
          <form
            className="filters"
            onSubmit={(e) => {
              e.preventDefault();
              void refund();
            }}
          >
            <input aria-label="Refund amount" inputMode="decimal" placeholder={`amount in ${order.currency} (empty: all)`} value={amount} onChange={(e) => setAmount(e.target.value)} />
            <input aria-label="Refund reason" placeholder="reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} />
            <button type="submit" disabled={action.busy || refundable === 0}>
              Refund
            </button>
          </form>
        </div>
      )}
    </section>
  );
}

type OrderEvent = Order['events'][number];

const WHAT: Record<OrderEvent['type'], string> = {
  placed: 'Placed',
  status_changed: 'Status changed',
  cancelled: 'Cancelled',
  refund: 'Refund',
  note: 'Note',
};

/** Who did it: the customer or staff member by name (linking to them), or the system. */
function Actor({ actor }: { actor: OrderEvent['actor'] }) {
  if (actor.kind === 'system' || actor.id === null) return <span>system</span>;
  return (
    <span>
      {actor.kind === 'admin' ? 'staff ' : 'customer '}
      <Link to={`/users/${actor.id}`}>{actor.name ?? 'Deleted user'}</Link>
    </span>
  );
}

/** The order's history, oldest first: what happened, who, when, from → to, tracking, refunds and notes. */
export function Timeline({ events, currency }: { events: OrderEvent[]; currency: string }) {
  if (events.length === 0) return <p className="muted">No events yet.</p>;
  return (
    <ol className="timeline" data-testid="timeline">
      {events.map((e) => (
        <li key={e.id} data-type={e.type}>
          <div className="event-head">
            <span className="event-what">{WHAT[e.type]}</span>
            {e.from_status && e.to_status && e.from_status !== e.to_status && (
              <span>
                <Status value={e.from_status} /> → <Status value={e.to_status} />
              </span>
            )}
            <Actor actor={e.actor} />
            <When iso={e.created_at} />
          </div>
          {e.data && (e.data.carrier || e.data.tracking_number || e.data.tracking_url) && (
            <p className="event-data">
              Tracking: {[e.data.carrier, e.data.tracking_number].filter(Boolean).join(' ')}{' '}
              {e.data.tracking_url && (
                <a href={e.data.tracking_url} target="_blank" rel="noreferrer noopener">
                  track the parcel
                </a>
              )}
            </p>
          )}
          {e.data && typeof e.data.amount === 'number' && (
            <p className="event-data">
              Refunded <Money minor={e.data.amount} currency={currency} />
              {e.data.reason ? ` · ${e.data.reason}` : ''}
            </p>
          )}
          {e.note && <p className="event-note">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}
