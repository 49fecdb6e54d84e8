import { useState } from 'react';
import { formatMoney, Link, Money, parseMoney, useLoad } from '@storefront/web';
import { api, client } from '../api.ts';
import { ORDER_STATUSES, type Order } from '../types.ts';
import { ErrorBox, ExportLink, Notice, PagedTable, Pending, Status, When, useAction, usePaged } from '../ui.tsx';

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

export function OrdersPage() {
  const [status, setStatus] = useState<Order['status'] | ''>('');
  const list = usePaged((page) => api(client.GET('/api/v1/admin/orders', { params: { query: { ...page, status: status || undefined } } })), [status]);
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
      <div className="filters">
        <label>
          Status{' '}
          <select aria-label="Filter by status" value={status} onChange={(e) => setStatus(ORDER_STATUSES.find((s) => s === e.target.value) ?? '')}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <ExportLink path="/api/v1/admin/orders/export.csv" query={{ status }} filename="orders.csv" />
      </div>
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
      <PagedTable
        list={list}
        lead={<input type="checkbox" aria-label="Select all orders on this page" checked={allOnPage} onChange={(e) => select(e.target.checked ? new Set([...selected, ...onPage]) : new Set([...selected].filter((id) => !onPage.includes(id))))} />}
        columns={['Order', 'Placed', 'User', 'Status', 'Total']}
        empty="No orders."
        row={(o) => (
          <tr key={o.id}>
            <td>
              <input type="checkbox" aria-label={`Select order ${o.id}`} checked={selected.has(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
            </td>
            <td>
              <Link to={`/orders/${o.id}`}>{o.id}</Link>
            </td>
            <td>
              <When iso={o.created_at} />
            </td>
            <td>{o.user_id ? <Link to={`/users/${o.user_id}`}>{o.user_id}</Link> : '—'}</td>
            <td>
              <Status value={o.status} />
            </td>
            <td>
              <Money minor={o.total} currency={o.currency} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}

/** What a bulk move did: how many moved, how many were refused, and why for each refused order. */
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
  // The customer by name and phone, not by id (an unknown or deleted user falls back to the id).
  const uid = order?.user_id;
  const { data: customer } = useLoad(uid ? () => api(client.GET('/api/v1/admin/users/{uid}', { params: { path: { uid } } })) : null, [uid]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  if (error || !order) return <Pending title="Order" error={error} />;
  const refunded = typeof order.refunded_amount === 'number' ? order.refunded_amount : 0;
  const refundable = Math.max(0, order.total - refunded);

  const changeStatus = (status: Order['status']) =>
    action.run(async () => {
      await api(client.POST('/api/v1/admin/orders/{id}/status', { params: { path }, body: { status } }));
      setNotice(`Status changed to ${status}.`);
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
          {order.user_id ? (
            <Link to={`/users/${order.user_id}`}>{customer ? `${customer.full_name || '(no name)'} · ${customer.phone ?? 'no phone'}` : order.user_id}</Link>
          ) : (
            '—'
          )}
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
      <div className="panel">
        <h2>Change status</h2>
        {(NEXT[order.status] ?? []).length === 0 && <p className="muted">No further status changes from {order.status}.</p>}
        <div className="buttons">
          {(NEXT[order.status] ?? []).map((s) => (
            <button type="button" key={s} disabled={action.busy} onClick={() => changeStatus(s)}>
              Mark {s}
            </button>
          ))}
        </div>
      </div>
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
    </section>
  );
}
