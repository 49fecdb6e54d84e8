import { useState } from 'react';
import { formatMoney, Link } from '@storefront/web';
import { api, client } from '../api.ts';
import type { AuditEntry } from '../types.ts';
import { PagedTable, Person, useCurrency, usePaged, When } from '../ui.tsx';

const ENTITIES = ['product', 'category', 'payment_gateway', 'order', 'user', 'wallet', 'ticket'];

/** Where an audited entity is shown in the portal, if it has a page. */
const PAGES: Record<string, (id: string) => string> = {
  product: (id) => `/products/${id}`,
  order: (id) => `/orders/${id}`,
  user: (id) => `/users/${id}`,
  wallet: (id) => `/users/${id}`,
  ticket: (id) => `/tickets/${id}`,
};

/** Fields holding money (integer minor units), shown in major units as everywhere in the portal. */
const MONEY = new Set(['price', 'unit_cost', 'total', 'refunded_amount', 'amount', 'min_amount', 'max_amount', 'shopping_credits']);
/** Bookkeeping that every write changes: not worth a line. */
const SKIP = new Set(['updated_at']);

function show(key: string, v: unknown, currency: string): string {
  if (v === null || v === undefined) return '—';
  if (MONEY.has(key) && typeof v === 'number') return formatMoney(v, currency);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The fields a write changed, as "field: before → after"; a create or delete says so. */
export function changes(e: Pick<AuditEntry, 'before' | 'after'>, storeCurrency: string): string[] {
  if (!e.before) return ['created'];
  if (!e.after) return ['deleted'];
  const currency = String(e.after.currency ?? e.before.currency ?? storeCurrency);
  const keys = [...new Set([...Object.keys(e.before), ...Object.keys(e.after)])].filter((k) => !SKIP.has(k));
  const lines = keys
    .filter((k) => show(k, e.before![k], currency) !== show(k, e.after![k], currency))
    .map((k) => `${k.replace(/_/g, ' ')}: ${show(k, e.before![k], currency)} → ${show(k, e.after![k], currency)}`);
  return lines.length ? lines : ['saved with no change'];
}

export function AuditLogPage() {
  const [entity, setEntity] = useState('');
  const [entityId, setEntityId] = useState('');
  const currency = useCurrency();
  const id = entityId.trim() || undefined;
  const list = usePaged((page) => api(client.GET('/api/v1/admin/audit-log', { params: { query: { ...page, entity: entity || undefined, entity_id: id } } })), [entity, id]);
  return (
    <section>
      <h1>Audit log</h1>
      <p className="muted">Every change made in the back office: who made it, when, and what it changed.</p>
      <div className="filters">
        <select aria-label="Filter by kind of record" value={entity} onChange={(e) => setEntity(e.target.value)}>
          <option value="">Every kind of record</option>
          {ENTITIES.map((e) => (
            <option key={e} value={e}>
              {e.replace('_', ' ')}
            </option>
          ))}
        </select>
        <input aria-label="Filter by record id" placeholder="Record id" value={entityId} onChange={(e) => setEntityId(e.target.value)} />
      </div>
      <PagedTable
        list={list}
        testId="audit-log"
        columns={['When', 'Admin', 'Action', 'Record', 'What changed']}
        empty="No changes recorded yet."
        row={(e) => (
          <tr key={e.id}>
            <td>
              <When iso={e.created_at} />
            </td>
            <td>
              <Person person={e.admin} />
            </td>
            <td>{e.action}</td>
            <td>{PAGES[e.entity] ? <Link to={PAGES[e.entity]!(e.entity_id)}>{e.entity_id.slice(0, 8)}</Link> : e.entity_id.slice(0, 8)}</td>
            <td>
              {changes(e, currency).map((c) => (
                <div key={c}>{c}</div>
              ))}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
