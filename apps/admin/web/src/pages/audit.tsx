import { useState } from 'react';
import { FilterBar, LiveSearch, present, useUrlFilters } from '../filters.tsx';
import { formatMoney, Link } from '@storefront/web';
import { api, client } from '../api.ts';
import type { AuditEntry } from '../types.ts';
import { PagedTable, Person, useCurrency, usePaged, When } from '../ui.tsx';

const ENTITIES = ['product', 'category', 'payment_gateway', 'order', 'user', 'wallet', 'ticket', 'staff'];

/** Where an audited entity is shown in the portal, if it has a page. */
const PAGES: Record<string, (id: string) => string> = {
  product: (id) => `/products/${id}`,
  order: (id) => `/orders/${id}`,
  user: (id) => `/users/${id}`,
  wallet: (id) => `/users/${id}`,
  ticket: (id) => `/tickets/${id}`,
  staff: (id) => `/users/${id}`,
};

/** Fields holding money (integer minor units), shown in major units as everywhere in the portal. */
const MONEY = new Set(['price', 'unit_cost', 'total', 'subtotal', 'refunded_amount', 'amount', 'min_amount', 'max_amount', 'shopping_credits']);
/** Bookkeeping that every write changes: not worth a line. */
const SKIP = new Set(['updated_at']);

/** A snapshot's fields, nested objects flattened to `refund.amount`. */
function flatten(o: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(o)) {
    if (SKIP.has(k)) continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) for (const [kk, vv] of flatten(v as Record<string, unknown>, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, v);
  }
  return out;
}

function show(key: string, v: unknown, currency: string): string {
  if (v === null || v === undefined) return '—';
  if (MONEY.has(key.split('.').at(-1)!) && typeof v === 'number') return formatMoney(v, currency);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

/** The fields a write changed, each before and after in the portal's units; a create or delete says so. */
export function changes(e: Pick<AuditEntry, 'before' | 'after'>, storeCurrency: string): Change[] | 'created' | 'deleted' {
  if (!e.before) return 'created';
  if (!e.after) return 'deleted';
  const currency = String(e.after.currency ?? e.before.currency ?? storeCurrency);
  const before = flatten(e.before);
  const after = flatten(e.after);
  return [...new Set([...before.keys(), ...after.keys()])]
    .map((k) => ({ field: k.replace(/_/g, ' '), before: show(k, before.get(k), currency), after: show(k, after.get(k), currency) }))
    .filter((c) => c.before !== c.after);
}

function Diff({ entry, currency }: { entry: AuditEntry; currency: string }) {
  const c = changes(entry, currency);
  if (typeof c === 'string') return <span>{c}</span>;
  return (
    <ul className="diff">
      {c.map((x) => (
        <li key={x.field}>
          <span className="field">{x.field}</span>: <del>{x.before}</del> → <ins>{x.after}</ins>
        </li>
      ))}
    </ul>
  );
}

/** The whole id in monospace, with a button that copies it (ids are long and alike at their start). */
export function CopyableId({ id, label }: { id: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="record-id">
      <code>{id}</code>
      <button
        type="button"
        className="secondary copy"
        aria-label={`Copy the id of ${label}`}
        onClick={() =>
          void navigator.clipboard.writeText(id).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

function Record({ e }: { e: AuditEntry }) {
  const name = e.entity_name ?? e.entity.replace(/_/g, ' ');
  const page = PAGES[e.entity];
  return (
    <>
      <span className="record-name">{page ? <Link to={page(e.entity_id)}>{name}</Link> : name}</span>
      <CopyableId id={e.entity_id} label={name} />
    </>
  );
}

const AUDIT_FILTERS = ['entity', 'entity_id'] as const;

export function AuditLogPage() {
  const { values: f, set } = useUrlFilters(AUDIT_FILTERS);
  const currency = useCurrency();
  const query = present(f);
  const list = usePaged((page) => api(client.GET('/api/v1/admin/audit-log', { params: { query: { ...page, ...query } } })), [JSON.stringify(query)]);
  return (
    <section>
      <h1>Audit log</h1>
      <p className="muted">Every change made in the back office: who made it, when, and what it changed.</p>
      <FilterBar active={AUDIT_FILTERS.some((k) => f[k])} clear={() => set({ entity: '', entity_id: '' })}>
        <select aria-label="Filter by kind of record" value={f.entity} onChange={(e) => set({ entity: e.target.value })}>
          <option value="">Every kind of record</option>
          {ENTITIES.map((e) => (
            <option key={e} value={e}>
              {e.replace('_', ' ')}
            </option>
          ))}
        </select>
        <LiveSearch value={f.entity_id} onSearch={(v) => set({ entity_id: v })} label="Filter by record id" placeholder="Record id" />
      </FilterBar>
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
            <td>
              <Record e={e} />
            </td>
            <td>
              <Diff entry={e} currency={currency} />
            </td>
          </tr>
        )}
      />
    </section>
  );
}
