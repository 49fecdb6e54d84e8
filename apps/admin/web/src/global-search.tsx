/**
 * One search box for the whole portal: orders, users and products at once. Key `/` focuses it from
 * anywhere but a text field. It asks the three list routes the pages use (each with its own search
 * index and its own permission), five of each, as one types.
 */
import { useEffect, useRef, useState } from 'react';
import { formatMoney, Link } from '@storefront/web';
import { api, client } from './api.ts';
import { SEARCH_DELAY_MS } from './filters.tsx';

interface Hit {
  to: string;
  label: string;
  detail: string;
}
type Results = { text: string; orders: Hit[] | null; users: Hit[]; products: Hit[]; error: unknown };

const LIMIT = 5;

async function searchAll(text: string): Promise<Results> {
  const q = { q: text, limit: LIMIT };
  const [orders, users, products] = await Promise.allSettled([
    // Orders need 3 characters (an id prefix, a phone, a name fragment).
    text.length >= 3 ? api(client.GET('/api/v1/admin/orders', { params: { query: q } })) : Promise.resolve(null),
    api(client.GET('/api/v1/admin/users', { params: { query: q } })),
    api(client.GET('/api/v1/admin/products', { params: { query: q } })),
  ]);
  const value = <T,>(r: PromiseSettledResult<T>) => (r.status === 'fulfilled' ? r.value : null);
  const failed = [orders, users, products].find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
  const o = value(orders);
  return {
    text,
    orders: o === null ? null : o.items.map((x) => ({ to: `/orders/${x.id}`, label: `Order ${x.id.slice(0, 13)}…`, detail: orderDetail(x) })),
    users: (value(users)?.items ?? []).map((u) => ({ to: `/users/${u.id}`, label: u.full_name || '(no name)', detail: u.phone ?? '' })),
    products: (value(products)?.items ?? []).map((p) => ({ to: `/products/${p.id}`, label: p.name, detail: p.stock_level === 'out_of_stock' ? 'out of stock' : `stock ${p.stock}` })),
    error: failed?.reason ?? null,
  };
}

/** What tells one order from another at a glance: status, customer, total, the day placed. */
function orderDetail(o: { status: string; user: { full_name: string | null }; total: number; currency: string; created_at: string }): string {
  const day = new Date(o.created_at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return [o.status.replace(/_/g, ' '), o.user.full_name === null ? 'Deleted user' : o.user.full_name || '(no name)', formatMoney(o.total, o.currency), day].join(' · ');
}

export function GlobalSearch() {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      e.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const q = text.trim();
    const mine = ++seq.current;
    if (!q) {
      setResults(null);
      return;
    }
    const timer = setTimeout(() => {
      void searchAll(q).then((r) => mine === seq.current && setResults(r));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const close = () => {
    setText('');
    setResults(null);
  };
  const groups: [string, Hit[] | null][] = results ? [['Orders', results.orders], ['Users', results.users], ['Products', results.products]] : [];
  return (
    <div className="global-search" role="search" aria-label="Everything">
      <input
        ref={input}
        type="search"
        aria-label="Search orders, users and products (press /)"
        placeholder="Search everything  /"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && close()}
      />
      {results && (
        <div className="global-results" data-testid="global-results" data-query={results.text}>
          {groups.map(([title, hits]) =>
            hits === null ? null : (
              <div key={title}>
                <h2>{title}</h2>
                {hits.length === 0 ? (
                  <p className="muted">None.</p>
                ) : (
                  <ul>
                    {hits.map((h) => (
                      <li key={h.to}>
                        <Link to={h.to} onClick={close}>
                          {h.label}
                        </Link>{' '}
                        <span className="muted">{h.detail}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ),
          )}
          {Boolean(results.error) && <p className="error">Part of the search failed; try again.</p>}
        </div>
      )}
    </div>
  );
}
