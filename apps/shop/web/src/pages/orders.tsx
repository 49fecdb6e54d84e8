import { useState } from 'react';
import { Link, Money, useLoad } from '@storefront/web';
import { call, client, type Order } from '../api.ts';
import { ErrorNote, formatDate, ListEnd, Notice, Screen, Spinner, useInfinite } from '../ui.tsx';

const STATUS: Record<Order['status'], string> = {
  placed: 'Placed',
  processing: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
const STEPS: Order['status'][] = ['placed', 'processing', 'shipped', 'delivered'];
/**
 * One entry of the order's timeline as `GET /orders/:id` gives it to the shopper (docs/contracts.md
 * §11 "Order events": no notes, no admin identities). Read when present; an API without events
 * leaves the status steps.
 */
interface OrderEvent {
  id: string;
  type: 'placed' | 'status_changed' | 'cancelled' | 'refund' | 'note';
  to_status: Order['status'] | null;
  data: { carrier?: string; tracking_number?: string; tracking_url?: string; amount?: number } | null;
  created_at: string;
}
/** An order as the detail shows it: the events come with `GET /orders/:id`, not with a cancel's answer. */
type OrderView = Omit<Order, 'events'> & { events?: unknown };
const eventsOf = (o: OrderView): OrderEvent[] => {
  const e = o.events;
  return Array.isArray(e) ? (e as OrderEvent[]).filter((x) => x.type !== 'note') : [];
};
/** A tracking link only to a web page (it comes from the back office). */
const webUrl = (u: string | undefined): string | null => (u && /^https?:\/\//i.test(u) ? u : null);

function EventLine({ e, currency }: { e: OrderEvent; currency: string }) {
  const when = formatDate(e.created_at);
  if (e.type === 'refund') {
    return (
      <>
        {e.data?.amount !== undefined ? <>Refund of <Money minor={e.data.amount} currency={currency} /> to your wallet</> : 'Refund to your wallet'} · {when}
      </>
    );
  }
  const title = e.type === 'placed' ? 'Placed' : e.type === 'cancelled' ? 'Cancelled' : e.to_status ? STATUS[e.to_status] : 'Updated';
  const d = e.data;
  const link = webUrl(d?.tracking_url);
  return (
    <>
      {title} · {when}
      {d?.carrier || d?.tracking_number ? (
        <span className="muted tracking">
          {' '}
          {[d.carrier, d.tracking_number ? `tracking ${d.tracking_number}` : null].filter(Boolean).join(', ')}
        </span>
      ) : null}
      {link ? (
        <>
          {' '}
          <a href={link} target="_blank" rel="noopener noreferrer" className="target">
            Track the parcel
          </a>
        </>
      ) : null}
    </>
  );
}

/** docs/contracts.md §5: a shopper may cancel while the order is placed or processing. */
const cancellable = (o: OrderView) => o.status === 'placed' || o.status === 'processing';

export function Orders() {
  const list = useInfinite((cursor) => call(client.GET('/api/v1/orders', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  return (
    <Screen title="Your orders">
      <ul className="list" aria-label="Orders">
        {list.items.map((o) => (
          <li key={o.id} className="card">
            <Link to={`/orders/${encodeURIComponent(o.id)}`} className="row-link">
              <span>
                <strong>{o.items.map((i) => i.name).join(', ')}</strong>
                <small className="muted">{formatDate(o.created_at)}</small>
              </span>
              <span className="right">
                <Money minor={o.total} currency={o.currency} />
                <span className={`status s-${o.status}`}>{STATUS[o.status]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <ListEnd list={list} empty="No orders yet." />
    </Screen>
  );
}

export function OrderDetail({ id }: { id: string }) {
  const { data, error, loading, reload } = useLoad(() => call(client.GET('/api/v1/orders/{id}', { params: { path: { id } } })), [id]);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cancelError, setCancelError] = useState<unknown>(null);
  // A cancel's answer shows at once; the reload after it brings the timeline with its new event.
  const o = order && (!data || data.status !== order.status) ? order : data;
  if (loading && !o) return <Screen title="Order" back="/orders"><Spinner /></Screen>;
  if (error || !o) return <Screen title="Order" back="/orders"><ErrorNote error={error} onRetry={reload} /></Screen>;

  async function cancel() {
    setBusy(true);
    setCancelError(null);
    try {
      setOrder(await call(client.POST('/api/v1/orders/{id}/cancel', { params: { path: { id } } })));
      setConfirming(false);
      reload();
    } catch (err) {
      setCancelError(err);
    } finally {
      setBusy(false);
    }
  }

  const stepIndex = STEPS.indexOf(o.status);
  const events = eventsOf(o);
  return (
    <Screen title="Order" back="/orders">
      <section className="card">
        <div className="row">
          <h2>Order {o.id.slice(-8).toUpperCase()}</h2>
          <span className={`status s-${o.status}`}>{STATUS[o.status]}</span>
        </div>
        <p className="muted">Placed {formatDate(o.created_at)}</p>
        <ol className="timeline" aria-label="Order progress">
          {events.length > 0 ? (
            events.map((e, i) => (
              <li key={e.id} className={i === events.length - 1 ? 'done current' : 'done'}>
                <EventLine e={e} currency={o.currency} />
              </li>
            ))
          ) : o.status === 'cancelled' || o.status === 'refunded' ? (
            <>
              <li className="done">Placed · {formatDate(o.created_at)}</li>
              <li className="done current">
                {STATUS[o.status]} · {formatDate(o.updated_at)}
              </li>
            </>
          ) : (
            STEPS.map((s, i) => (
              <li key={s} className={i < stepIndex ? 'done' : i === stepIndex ? 'done current' : ''}>
                {STATUS[s]}
                {i === 0 ? ` · ${formatDate(o.created_at)}` : i === stepIndex ? ` · ${formatDate(o.updated_at)}` : ''}
              </li>
            ))
          )}
        </ol>
      </section>
      <section className="card" aria-label="Items">
        <dl>
          {o.items.map((i) => (
            <div key={i.product_id} className="row">
              <dt>
                {i.name} × {i.quantity}
              </dt>
              <dd>
                <Money minor={i.line_total} currency={o.currency} />
              </dd>
            </div>
          ))}
          <div className="row total">
            <dt>Total paid</dt>
            <dd>
              <Money minor={o.total} currency={o.currency} />
            </dd>
          </div>
          {o.refunded_amount > 0 ? (
            <div className="row">
              <dt>Returned to your wallet</dt>
              <dd>
                <Money minor={o.refunded_amount} currency={o.currency} />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      {o.status === 'cancelled' ? <Notice kind="success">This order is cancelled and its amount is back in your wallet.</Notice> : null}
      {cancelError ? <ErrorNote error={cancelError} /> : null}
      {cancellable(o) ? (
        confirming ? (
          <div className="card confirm">
            <p>
              Cancel this order? <Money minor={o.total} currency={o.currency} /> goes back to your wallet.
            </p>
            <button type="button" className="btn danger block" disabled={busy} onClick={() => void cancel()}>
              {busy ? 'Cancelling…' : 'Yes, cancel the order'}
            </button>
            <button type="button" className="btn ghost block" onClick={() => setConfirming(false)}>
              Keep the order
            </button>
          </div>
        ) : (
          <button type="button" className="btn ghost danger-text block" onClick={() => setConfirming(true)}>
            Cancel order
          </button>
        )
      ) : null}
    </Screen>
  );
}
