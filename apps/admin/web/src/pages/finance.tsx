import { useState } from 'react';
import { withQuery } from '../api.ts';
import type { Refund, WebhookLog } from '../types.ts';
import { AutoTable, ErrorBox, Link, Money, MoreButton, Status, When, useLoad, usePaged } from '../ui.tsx';

export function RefundsPage() {
  const list = usePaged<Refund>('/api/v1/admin/refunds', {});
  return (
    <section>
      <h1>Refunds</h1>
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>Order</th>
            <th>User</th>
            <th>Amount</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((r) => (
            <tr key={r.id}>
              <td>
                <When iso={r.created_at} />
              </td>
              <td>
                <Link to={`/orders/${r.order_id}`}>{r.order_id}</Link>
              </td>
              <td>{r.user_id ? <Link to={`/users/${r.user_id}`}>{r.user_id}</Link> : '—'}</td>
              <td>
                <Money minor={r.amount} currency={r.currency} />
              </td>
              <td>{r.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!list.loading && list.items.length === 0 && !list.error && <p className="empty">No refunds.</p>}
      <MoreButton hasMore={list.hasMore} more={list.more} />
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A row is a mismatch when the API flags it, or its two sides disagree. */
function isMismatch(row: Record<string, unknown>): boolean {
  if (row.mismatch === true || row.matched === false || row.ok === false) return true;
  if (typeof row.status === 'string' && /mismatch|missing|unmatched|error/i.test(row.status)) return true;
  if (typeof row.difference === 'number' && row.difference !== 0) return true;
  if (typeof row.diff === 'number' && row.diff !== 0) return true;
  return false;
}

export function ReconciliationPage() {
  const [from, setFrom] = useState(daysAgo(7));
  const [to, setTo] = useState(today());
  const [range, setRange] = useState({ from, to });
  const { data, error } = useLoad<Record<string, unknown>>(withQuery('/api/v1/admin/reconciliation', range));
  const sections = data ? Object.entries(data).filter(([, v]) => Array.isArray(v)) : [];
  const summary = data ? Object.entries(data).filter(([, v]) => !Array.isArray(v) && (typeof v !== 'object' || v === null)) : [];
  const nested = data ? Object.entries(data).filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v)) : [];
  return (
    <section>
      <h1>Reconciliation</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setRange({ from, to });
        }}
      >
        <label>
          From <input type="date" aria-label="From" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" aria-label="To" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit">Show</button>
      </form>
      <ErrorBox error={error} />
      {summary.length > 0 && <AutoTable rows={[Object.fromEntries(summary)]} />}
      {nested.map(([k, v]) => (
        <div key={k}>
          <h2>{k.replace(/_/g, ' ')}</h2>
          <AutoTable rows={[v as Record<string, unknown>]} highlight={isMismatch} />
        </div>
      ))}
      {sections.map(([k, v]) => (
        <div key={k}>
          <h2>{k.replace(/_/g, ' ')}</h2>
          <AutoTable rows={v as Record<string, unknown>[]} highlight={isMismatch} />
        </div>
      ))}
      <p className="muted">Rows highlighted in red do not match between payments and the ledger.</p>
    </section>
  );
}

export function WebhookLogsPage() {
  const [outcome, setOutcome] = useState('');
  const list = usePaged<WebhookLog>('/api/v1/admin/webhook/logs', { outcome });
  return (
    <section>
      <h1>Webhook logs</h1>
      <div className="filters">
        <select aria-label="Filter by outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)}>
          <option value="">All outcomes</option>
          {['credited', 'duplicate', 'rejected', 'error'].map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
      <ErrorBox error={list.error} />
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>Endpoint</th>
            <th>Gateway</th>
            <th>Gateway txn</th>
            <th>Outcome</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((w) => (
            <tr key={w.id} className={w.outcome === 'rejected' || w.outcome === 'error' ? 'mismatch' : undefined}>
              <td>
                <When iso={w.created_at} />
              </td>
              <td>{w.endpoint}</td>
              <td>{w.gateway ?? '—'}</td>
              <td>{w.gateway_txn_id ?? '—'}</td>
              <td>
                <Status value={w.outcome} />
              </td>
              <td>{w.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!list.loading && list.items.length === 0 && !list.error && <p className="empty">No webhook calls logged.</p>}
      <MoreButton hasMore={list.hasMore} more={list.more} />
    </section>
  );
}
