import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type InputHTMLAttributes } from 'react';
import { Link, navigate } from '@storefront/web';
import { describeError, errorAction } from './errors.ts';

/** A screen: a top bar (with a back button when `back` is given) and its content. */
export function Screen({ title, back, children, wide }: { title: string; back?: string; children: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = `${title} · Storefront`;
  }, [title]);
  return (
    <>
      <header className="topbar">
        {back ? (
          <button type="button" className="icon-btn" aria-label="Back" onClick={() => (history.length > 1 ? history.back() : navigate(back))}>
            <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
          </button>
        ) : (
          <span className="brand" aria-hidden="true">◆</span>
        )}
        <h1>{title}</h1>
      </header>
      <main className={wide ? 'content wide' : 'content'}>{children}</main>
    </>
  );
}

const NAV = [
  { to: '/', label: 'Shop', icon: 'M3 10l9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  { to: '/cart', label: 'Cart', icon: 'M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01' },
  { to: '/orders', label: 'Orders', icon: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6' },
  { to: '/wallet', label: 'Wallet', icon: 'M3 7h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 7l12-4 1 4M17 13h.01' },
  { to: '/account', label: 'Account', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
];

export function BottomNav({ path, cartCount }: { path: string; cartCount: number }) {
  const active = (to: string) => (to === '/' ? path === '/' || path.startsWith('/products') : path.startsWith(to));
  return (
    <nav className="bottomnav" aria-label="Main">
      {NAV.map((n) => (
        <Link key={n.to} to={n.to} aria-current={active(n.to) ? 'page' : undefined}>
          <span className="nav-icon">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d={n.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" /></svg>
            {n.to === '/cart' && cartCount > 0 ? <span className="badge" aria-hidden="true">{cartCount}</span> : null}
          </span>
          <span>
            {n.label}
            {n.to === '/cart' && cartCount > 0 ? <span className="sr-only">, {cartCount === 1 ? '1 item' : `${cartCount} items`}</span> : null}
          </span>
        </Link>
      ))}
    </nav>
  );
}

export function Field({ label, hint, ...input }: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
    </div>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** An error in plain words, with the next step that fits it. */
export function ErrorNote({ error, onRetry, productName }: { error: unknown; onRetry?: () => void; productName?: (id: string) => string | undefined }) {
  const action = errorAction(error);
  return (
    <Notice kind="error">
      <p>{describeError(error, productName)}</p>
      {action === 'top_up' ? (
        <button type="button" className="btn small" onClick={() => navigate('/wallet/top-up')}>
          Top up wallet
        </button>
      ) : null}
      {action === 'sign_in' ? (
        <button type="button" className="btn small" onClick={() => navigate('/sign-in')}>
          Sign in
        </button>
      ) : null}
      {action === 'retry' && onRetry ? (
        <button type="button" className="btn small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </Notice>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A cursor list that loads its next page when its end scrolls into view (infinite scroll),
 * with a "Load more" button as well for keyboards and screen readers.
 */
export function useInfinite<T>(loadPage: (cursor: string | null) => Promise<{ items: T[]; next_cursor: string | null }>, deps: unknown[]) {
  const [items, setItems] = useState<T[]>([]);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The cursor and the flags live in refs: an observer callback from an older render must see
  // the list as it is now, or it would fetch a page twice.
  const state = useRef({ generation: 0, busy: false, cursor: null as string | null, done: false });
  const load = useRef(loadPage);
  load.current = loadPage;

  const more = useCallback(async (reset = false) => {
    const st = state.current;
    if (!reset && (st.busy || st.done)) return;
    const gen = reset ? ++st.generation : st.generation;
    if (reset) {
      st.cursor = null;
      st.done = false;
    }
    st.busy = true;
    setLoading(true);
    setError(null);
    try {
      const page = await load.current(st.cursor);
      if (gen !== st.generation) return;
      st.cursor = page.next_cursor;
      st.done = page.next_cursor === null;
      setItems((old) => (reset ? page.items : [...old, ...page.items]));
      setDone(st.done);
    } catch (err) {
      if (gen === st.generation) setError(err);
    } finally {
      if (gen === st.generation) {
        st.busy = false;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    setItems([]);
    setDone(false);
    void more(true);
  }, deps);

  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || done || error) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void more();
    }, { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, done, error, items.length]);

  return { items, loading, done, error, more: () => void more(), reload: () => void more(true), sentinel };
}

export function ListEnd({ list, empty }: { list: ReturnType<typeof useInfinite<any>>; empty: ReactNode }) {
  return (
    <>
      {list.error ? <ErrorNote error={list.error} onRetry={list.more} /> : null}
      {list.loading ? <Spinner /> : null}
      {!list.loading && !list.error && list.done && list.items.length === 0 ? <div className="empty">{empty}</div> : null}
      {!list.done && !list.loading && !list.error ? (
        <button type="button" className="btn ghost block" onClick={list.more}>
          Load more
        </button>
      ) : null}
      <div ref={list.sentinel} aria-hidden="true" />
    </>
  );
}

export function OfflineBanner({ apiDown = false }: { apiDown?: boolean }) {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(navigator.onLine);
    window.addEventListener('online', on);
    window.addEventListener('offline', on);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', on);
    };
  }, []);
  if (online && !apiDown) return null;
  return (
    <div className="offline" role="status">
      {online
        ? 'The shop cannot reach its server right now. You can browse what you have seen; paying and your wallet need it back.'
        : 'You are offline. You can browse what you have seen; paying and your wallet need a connection.'}
    </div>
  );
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
