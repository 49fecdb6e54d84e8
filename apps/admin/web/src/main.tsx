import { StrictMode, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, match, navigate, useLocation } from '@storefront/web';
import { createRoot } from 'react-dom/client';
import { api, ApiError, client, onSessionEnded, portal } from './api.ts';
import { can, ROLE_NAMES, setAccess } from './access.ts';
import { AdminMeContext, useAdminMe } from './admin-me.tsx';
import type { AdminMe, Permission, StaffRole } from './types.ts';
import { AcceptInvitePage, LoginPage } from './pages/login.tsx';
import { StaffPage } from './pages/staff.tsx';
import { SecurityPage } from './pages/security.tsx';
import { DashboardPage } from './pages/dashboard.tsx';
import { ProductEditPage, ProductsPage } from './pages/products.tsx';
import { CategoriesPage, GatewaysPage } from './pages/catalogue.tsx';
import { OrderDetailPage, OrdersPage } from './pages/orders.tsx';
import { UserDetailPage, UsersPage } from './pages/users.tsx';
import { TicketDetailPage, TicketsPage } from './pages/tickets.tsx';
import { PaymentsToReturnPage, ReconciliationPage, RefundsPage, TransactionsPage, WebhookLogsPage } from './pages/finance.tsx';
import { AuditLogPage } from './pages/audit.tsx';
import { GlobalSearch } from './global-search.tsx';
import './styles.css';

interface Me {
  id: string;
  full_name: string;
  phone: string | null;
}

/** The sections in the sidebar, each shown only to a role with its permission. */
const NAV: [string, string, Permission][] = [
  ['/', 'Dashboard', 'finance.read'],
  ['/products', 'Products', 'catalogue.read'],
  ['/categories', 'Categories', 'catalogue.read'],
  ['/gateways', 'Payment gateways', 'finance.read'],
  ['/orders', 'Orders', 'orders.read'],
  ['/users', 'Users', 'users.read'],
  ['/tickets', 'Tickets', 'support.read'],
  ['/refunds', 'Refunds', 'finance.read'],
  ['/transactions', 'Transactions', 'finance.read'],
  ['/reconciliation', 'Reconciliation', 'finance.read'],
  ['/webhooks', 'Webhook logs', 'finance.read'],
  ['/payments-to-return', 'Payments to return', 'finance.read'],
  ['/audit', 'Audit log', 'audit.read'],
  ['/staff', 'Staff', 'staff.manage'],
  ['/security', 'Security', 'staff.self'],
];

/**
 * The few sections each role opens most, in a bar at the bottom of a phone's screen (the menu has
 * them all). Shown only where the role may open them.
 */
const MOST_USED: Record<StaffRole, string[]> = {
  owner: ['/', '/orders', '/users', '/tickets'],
  finance: ['/', '/orders', '/transactions', '/refunds'],
  fulfilment: ['/orders', '/products', '/users', '/tickets'],
  support: ['/users', '/tickets', '/orders', '/products'],
  read_only: ['/', '/orders', '/users', '/transactions'],
};

/** Every page with the permission it needs (the one its first API call needs). */
const PAGES: [string, Permission, (p: Record<string, string>) => ReactNode][] = [
  ['/', 'finance.read', () => <DashboardPage />],
  ['/products', 'catalogue.read', () => <ProductsPage />],
  ['/products/new', 'catalogue.write', () => <ProductEditPage id={null} />],
  ['/products/:id', 'catalogue.read', (p) => <ProductEditPage id={p.id!} />],
  ['/categories', 'catalogue.read', () => <CategoriesPage />],
  ['/gateways', 'finance.read', () => <GatewaysPage />],
  ['/orders', 'orders.read', () => <OrdersPage />],
  ['/orders/:id', 'orders.read', (p) => <OrderDetailPage id={p.id!} />],
  ['/users', 'users.read', () => <UsersPage />],
  ['/users/:id', 'users.read', (p) => <UserDetailPage id={p.id!} />],
  ['/tickets', 'support.read', () => <TicketsPage />],
  ['/tickets/:id', 'support.read', (p) => <TicketDetailPage id={p.id!} />],
  ['/refunds', 'finance.read', () => <RefundsPage />],
  ['/transactions', 'finance.read', () => <TransactionsPage />],
  ['/reconciliation', 'finance.read', () => <ReconciliationPage />],
  ['/webhooks', 'finance.read', () => <WebhookLogsPage />],
  ['/payments-to-return', 'finance.read', () => <PaymentsToReturnPage />],
  ['/audit', 'audit.read', () => <AuditLogPage />],
  ['/staff', 'staff.manage', () => <StaffPage />],
  ['/security', 'staff.self', () => <SecurityPage />],
];

/** The first section the role may open: where sign-in lands. */
const home = (): string => NAV.find(([, , need]) => can(need))?.[0] ?? '/security';

function route(path: string) {
  for (const [pattern, need, page] of PAGES) {
    const p = pattern === path || (pattern === '/' && path === '') ? {} : pattern.includes(':') ? match(pattern, path) : null;
    if (!p) continue;
    if (!can(need)) return <NotAvailable />;
    return page(p);
  }
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no page here. <Link to={home()}>Go to the start page</Link>.
      </p>
    </section>
  );
}

function NotAvailable() {
  const me = useAdminMe();
  const enrol = me?.mfa.required && !me.mfa.session_verified;
  return (
    <section>
      <h1>Not available</h1>
      <p>
        {enrol ? 'Set up two-factor sign-in first: until then only your own account is available.' : `This page is not available to your role${me?.role ? ` (${ROLE_NAMES[me.role]})` : ''}.`}{' '}
        <Link to={home()}>{enrol ? 'Set it up' : 'Go to the start page'}</Link>.
      </p>
    </section>
  );
}

function App() {
  const { path } = useLocation();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [adminMe, setAdminMe] = useState<AdminMe | null>(null);
  const [ended, setEnded] = useState<string | null>(null);

  useEffect(() => {
    portal<{ user: Me }>('GET', '/session').then(
      (r) => setMe(r.user),
      (err) => {
        setMe(null);
        // The browser still held a session the portal has ended (a fresh visit is plainly signed out).
        if (err instanceof ApiError && err.code === 'session_ended') setEnded(err.message);
      },
    );
  }, []);
  useEffect(
    () =>
      onSessionEnded(() => {
        setMe(null);
        setAdminMe(null);
        setEnded('Your session has ended. Please sign in again.');
      }),
    [],
  );
  // The role and permissions come from the API on start and at every sign-in; pages that change
  // them (two-factor set-up) ask again through `reloadAdminMe`.
  const loadAdminMe = useCallback(() => {
    api(client.GET('/api/v1/admin/me')).then(
      (r) => {
        setAccess(r);
        setAdminMe(r);
      },
      // Without its role the portal cannot tell what to show (a 401 has ended the session already).
      (err) => {
        if (err instanceof ApiError && err.status === 401) return;
        setMe(null);
        setEnded('The back office could not load your account. Please sign in again.');
      },
    );
  }, []);
  useEffect(() => {
    if (me) loadAdminMe();
  }, [me?.id, loadAdminMe]);
  useEffect(() => {
    if (me === null && path !== '/login' && path !== '/accept-invite') navigate('/login', true);
    if (me && adminMe && (path === '/login' || path === '/accept-invite' || (path === '/' && !can('finance.read')))) navigate(home(), true);
  }, [me, adminMe, path]);

  const onLogin = (user: Me) => {
    setEnded(null);
    setAdminMe(null);
    setMe(user);
  };
  if (me === undefined || (me && !adminMe)) return <p className="loading">Loading…</p>;
  if (me === null || path === '/login' || path === '/accept-invite') {
    if (path === '/accept-invite') return <AcceptInvitePage onLogin={onLogin} />;
    return <LoginPage notice={ended} onLogin={onLogin} />;
  }

  const logout = async () => {
    try {
      await portal('POST', '/session/logout', {});
    } finally {
      setMe(null);
      setAdminMe(null);
      setEnded('You have signed out.');
    }
  };
  const section = '/' + (path.split('/')[1] ?? '');
  const mostUsed = adminMe?.role ? NAV.filter(([to, , need]) => MOST_USED[adminMe.role!].includes(to) && can(need)) : [];
  return (
    <AdminMeContext.Provider value={{ me: adminMe, reload: loadAdminMe }}>
      <div className="layout">
        <Shell path={path} search={can('orders.read') && <GlobalSearch />}>
          <div className="nav-links">
            {NAV.filter(([, , need]) => can(need)).map(([to, label]) => (
              <Link key={to} to={to} className={section === to ? 'active' : undefined} aria-current={section === to ? 'page' : undefined}>
                {label}
              </Link>
            ))}
          </div>
          <div className="who">
            <div>{me.full_name}</div>
            <div className="muted">{me.phone}</div>
            {adminMe?.role && <div className="muted">{ROLE_NAMES[adminMe.role]}</div>}
            <button type="button" className="secondary" onClick={logout}>
              Sign out
            </button>
          </div>
        </Shell>
        <main>{route(path)}</main>
        {mostUsed.length > 0 && (
          <nav className="most-used" aria-label="Most used">
            {mostUsed.map(([to, label]) => (
              <Link key={to} to={to} className={section === to ? 'active' : undefined} aria-current={section === to ? 'page' : undefined}>
                {label}
              </Link>
            ))}
          </nav>
        )}
      </div>
    </AdminMeContext.Provider>
  );
}

/**
 * The sections. On a desktop a column beside the page; on a phone (styles.css, max-width 700px) a
 * bar above it with a "Menu" button and the global search, the page right under it, and the links
 * and the account in a panel the button opens: focus moves to the first link, Escape closes it and
 * returns focus to the button, and so does leaving it (a link followed, a click or Tab elsewhere).
 */
function Shell({ path, search, children }: { path: string; search: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    nav.current?.querySelector<HTMLElement>('#nav-panel a, #nav-panel button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <nav
      ref={nav}
      className={`sidebar${open ? ' open' : ''}`}
      aria-label="Sections"
      onBlur={(e) => {
        if (open && !nav.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="bar">
        <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls="nav-panel" onClick={() => setOpen(!open)}>
          <span aria-hidden="true">☰</span> Menu
        </button>
        <div className="brand">Storefront admin</div>
      </div>
      {search}
      <div id="nav-panel" className="nav-panel">
        {children}
      </div>
    </nav>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
