import { useState } from 'react';
import { Link, Money, useLoad } from '@storefront/web';
import { api, client } from '../api.ts';
import { FilterBar, present, useUrlFilters } from '../filters.tsx';
import type { LedgerEntry, WebhookLog } from '../types.ts';
import { ErrorBox, ExportLink, LedgerTable, PagedTable, Person, Status, TableScroll, When, useCurrency, usePaged } from '../ui.tsx';

export function RefundsPage() {
  const list = usePaged((page) => api(client.GET('/api/v1/admin/refunds', { params: { query: page } })), []);
  return (
    <section>
      <h1>Refunds</h1>
      <div className="filters">
        <ExportLink path="/api/v1/admin/refunds/export.csv" query={{}} filename="refunds.csv" />
      </div>
      <PagedTable
        list={list}
        columns={['When', 'Order', 'User', 'Amount', 'Reason']}
        empty="No refunds."
        row={(r) => (
          <tr key={r.id}>
            <td>
              <When iso={r.created_at} />
            </td>
            <td>
              <Link to={`/orders/${r.order_id}`}>{r.order_id}</Link>
            </td>
            <td>
              <Person person={r.user} />
            </td>
            <td>
              <Money minor={r.amount} currency={r.currency} />
            </td>
            <td>{r.reason ?? ''}</td>
          </tr>
        )}
      />
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** The day after a YYYY-MM-DD date: the API's `to` is exclusive, the page's "to" day is inclusive. */
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One section (top-ups, orders, balances) as rows of metric, count and amount. */
function Section({ name, value, currency }: { name: string; value: Record<string, number | { count: number; amount?: number }>; currency: string }) {
  const rows = Object.entries(value);
  return (
    <div>
      <h2>{name.replace(/_/g, ' ')}</h2>
      <table>
        <thead>
          <tr>
            <th>Measure</th>
            <th>Count</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([k, v]) => {
            const sc = typeof v === 'number' ? { amount: v, count: undefined } : v;
            const isCount = typeof v === 'number' && !/sum|amount|balance/.test(k);
            return (
              <tr key={k}>
                <td>{k.replace(/_/g, ' ')}</td>
                <td>{typeof sc.count === 'number' ? sc.count : isCount ? String(v) : ''}</td>
                <td>{typeof sc.amount === 'number' && !isCount ? <Money minor={sc.amount} currency={currency} /> : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ReconciliationPage() {
  const [from, setFrom] = useState(daysAgo(7));
  const [to, setTo] = useState(today());
  const [recheck, setRecheck] = useState(false);
  // recheck: every day and every wallet checked live (slower), not read from the jobs' last runs.
  const [range, setRange] = useState<{ from: string; to: string; recheck?: boolean }>({ from: daysAgo(7), to: dayAfter(today()) });
  const { data, error } = useLoad(() => api(client.GET('/api/v1/admin/reconciliation', { params: { query: range } })), [range]);
  const currency = data?.currency ?? 'INR';
  const sections = data ? ([['topups', data.topups], ['orders', data.orders], ['balances', data.balances]] as const) : [];
  return (
    <section>
      <h1>Reconciliation</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setRange({ from, to: dayAfter(to), ...(recheck ? { recheck } : {}) });
        }}
      >
        <label>
          From <input type="date" aria-label="From" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To (inclusive) <input type="date" aria-label="To" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={recheck} onChange={(e) => setRecheck(e.target.checked)} /> Check everything live
        </label>
        <button type="submit">Show</button>
        <ExportLink path="/api/v1/admin/reconciliation/export.csv" query={{ from: range.from, to: range.to, recheck: range.recheck ? 'true' : undefined }} filename="reconciliation.csv" />
        <span className="muted">
          Days are UTC. Without a live check, closed days and wallet balances are as the hourly jobs last verified them.
        </span>
      </form>
      <ErrorBox error={error} />
      {data && (
        <>
          {data.ok && (data.mismatches ?? []).length === 0 ? (
            <div className="notice" role="status">
              Everything matches: every payment, order and refund has its ledger entry, and every balance equals its ledger.
            </div>
          ) : (
            <div className="error" role="status">
              {(data.mismatches ?? []).length} mismatch{(data.mismatches ?? []).length === 1 ? '' : 'es'} found — see the highlighted rows below.
            </div>
          )}
          {(data.mismatches ?? []).length > 0 && (
            <>
              <h2>Mismatches</h2>
              <TableScroll label="Mismatches">
                <table data-testid="mismatches">
                  <thead>
                    <tr>
                      <th>Kind</th>
                      <th>Record</th>
                      <th>Detail</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.mismatches.map((m, i) => (
                      <tr key={i} className="mismatch">
                        <td>{m.kind.replace(/_/g, ' ')}</td>
                        <td>{m.id}</td>
                        <td>{m.detail}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </>
          )}
          {sections.map(([k, v]) => (
            <Section key={k} name={k} value={v} currency={currency} />
          ))}
          <p className="muted" data-testid="balances-as-of">
            {data.balances_as_of ? (
              <>
                Balances as the ledger job took them at <When iso={data.balances_as_of} />.
              </>
            ) : (
              'Balances checked live.'
            )}
          </p>
        </>
      )}
    </section>
  );
}

export function WebhookLogsPage() {
  const [outcome, setOutcome] = useState<WebhookLog['outcome'] | ''>('');
  const list = usePaged((page) => api(client.GET('/api/v1/admin/webhook/logs', { params: { query: { ...page, outcome: outcome || undefined } } })), [outcome]);
  return (
    <section>
      <h1>Webhook logs</h1>
      <div className="filters">
        <select aria-label="Filter by outcome" value={outcome} onChange={(e) => setOutcome(OUTCOMES.find((o) => o === e.target.value) ?? '')}>
          <option value="">All outcomes</option>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
      <PagedTable
        list={list}
        columns={['When', 'Endpoint', 'Gateway', 'Gateway txn', 'Outcome', 'Reason']}
        empty="No webhook calls logged."
        row={(w) => (
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
        )}
      />
    </section>
  );
}

/**
 * Second payments for top-ups another payment had already completed: the gateway took the money,
 * no wallet received it (409 topup_already_completed). Each is to be refunded at its gateway,
 * by the gateway transaction id shown.
 */
export function PaymentsToReturnPage() {
  const list = usePaged((page) => api(client.GET('/api/v1/admin/payments-to-return', { params: { query: page } })), []);
  return (
    <section>
      <h1>Payments to return</h1>
      <p>
        A second payment for a top-up that an earlier payment had already completed is not added to the wallet; the payer was told it will be returned. Refund
        each at its gateway by its transaction id.
      </p>
      <PagedTable
        list={list}
        testId="payments-to-return"
        columns={['When', 'Payer', 'Amount', 'Gateway', 'Transaction to refund', 'Top-up paid by']}
        empty="No payments to return."
        row={(p) => (
          <tr key={p.id}>
            <td>
              <When iso={p.created_at} />
            </td>
            <td>
              <Person person={p.user} />
            </td>
            <td>
              <Money minor={p.amount} currency={p.currency} />
            </td>
            <td>{p.gateway}</td>
            <td>{p.gateway_txn_id}</td>
            <td>
              {p.completed_by.gateway} {p.completed_by.gateway_txn_id}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

const OUTCOMES = Object.keys({ credited: 0, duplicate: 0, rejected: 0, error: 0 } satisfies Record<WebhookLog['outcome'], 0>) as WebhookLog['outcome'][];
const TRANSACTION_TYPES = Object.keys({ topup: 0, order_payment: 0, order_refund: 0, daily_spin: 0, adjustment: 0 } satisfies Record<LedgerEntry['type'], 0>) as LedgerEntry['type'][];

/** Every wallet movement, filtered by type and by UTC day (both ends inclusive), with its CSV export. */
const TRANSACTION_FILTERS = ['type', 'from', 'to'] as const;

export function TransactionsPage() {
  const currency = useCurrency();
  const { values: f, set } = useUrlFilters(TRANSACTION_FILTERS);
  const type = TRANSACTION_TYPES.find((t) => t === f.type);
  const filters = { ...present(f), type };
  const list = usePaged((page) => api(client.GET('/api/v1/admin/transactions', { params: { query: { ...page, ...filters } } })), [JSON.stringify(filters)]);
  return (
    <section>
      <h1>Transactions</h1>
      <FilterBar active={TRANSACTION_FILTERS.some((k) => f[k])} clear={() => set({ type: '', from: '', to: '' })}>
        <label>
          Type{' '}
          <select aria-label="Filter by type" value={type ?? ''} onChange={(e) => set({ type: e.target.value })}>
            <option value="">All</option>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {t.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          From <input type="date" aria-label="From day" value={f.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          To (inclusive) <input type="date" aria-label="To day" value={f.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <ExportLink path="/api/v1/admin/transactions/export.csv" query={filters} filename="transactions.csv" />
        <span className="muted">Days are UTC.</span>
      </FilterBar>
      <LedgerTable list={list} currency={currency} withUser testId="transactions" empty="No wallet movements match." />
    </section>
  );
}
