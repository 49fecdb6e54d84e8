import { StrictMode, useEffect, useState } from 'react';
import { Link, match, navigate, useLocation } from '@storefront/web';
import { createRoot } from 'react-dom/client';
import { onSessionEnded, portal } from './api.ts';
import { LoginPage } from './pages/login.tsx';
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

const NAV: [string, string][] = [
  ['/', 'Dashboard'],
  ['/products', 'Products'],
  ['/categories', 'Categories'],
  ['/gateways', 'Payment gateways'],
  ['/orders', 'Orders'],
  ['/users', 'Users'],
  ['/tickets', 'Tickets'],
  ['/refunds', 'Refunds'],
  ['/transactions', 'Transactions'],
  ['/reconciliation', 'Reconciliation'],
  ['/webhooks', 'Webhook logs'],
  ['/payments-to-return', 'Payments to return'],
  ['/audit', 'Audit log'],
];

function route(path: string) {
  let p: Record<string, string> | null;
  if (path === '/' || path === '') return <DashboardPage />;
  if (path === '/products') return <ProductsPage />;
  if (path === '/products/new') return <ProductEditPage id={null} />;
  if ((p = match('/products/:id', path))) return <ProductEditPage id={p.id!} />;
  if (path === '/categories') return <CategoriesPage />;
  if (path === '/gateways') return <GatewaysPage />;
  if (path === '/orders') return <OrdersPage />;
  if ((p = match('/orders/:id', path))) return <OrderDetailPage id={p.id!} />;
  if (path === '/users') return <UsersPage />;
  if ((p = match('/users/:id', path))) return <UserDetailPage id={p.id!} />;
  if (path === '/tickets') return <TicketsPage />;
  if ((p = match('/tickets/:id', path))) return <TicketDetailPage id={p.id!} />;
  if (path === '/refunds') return <RefundsPage />;
  if (path === '/transactions') return <TransactionsPage />;
  if (path === '/reconciliation') return <ReconciliationPage />;
  if (path === '/webhooks') return <WebhookLogsPage />;
  if (path === '/payments-to-return') return <PaymentsToReturnPage />;
  if (path === '/audit') return <AuditLogPage />;
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no page here. <Link to="/">Go to the dashboard</Link>.
      </p>
    </section>
  );
}

function App() {
  const { path } = useLocation();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [ended, setEnded] = useState<string | null>(null);

  useEffect(() => {
    portal<{ user: Me }>('GET', '/session').then(
      (r) => setMe(r.user),
      () => setMe(null),
    );
  }, []);
  useEffect(
    () =>
      onSessionEnded(() => {
        setMe(null);
        setEnded('Your session has ended. Please sign in again.');
      }),
    [],
  );
  useEffect(() => {
    if (me === null && path !== '/login') navigate('/login', true);
    if (me && path === '/login') navigate('/', true);
  }, [me, path]);

  if (me === undefined) return <p className="loading">Loading…</p>;
  if (me === null || path === '/login') {
    return (
      <LoginPage
        notice={ended}
        onLogin={(user) => {
          setEnded(null);
          setMe(user);
          navigate('/', true);
        }}
      />
    );
  }

  const logout = async () => {
    try {
      await portal('POST', '/session/logout', {});
    } finally {
      setMe(null);
      setEnded('You have signed out.');
    }
  };
  const section = '/' + (path.split('/')[1] ?? '');
  return (
    <div className="layout">
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">Storefront admin</div>
        <GlobalSearch />
        {NAV.map(([to, label]) => (
          <Link key={to} to={to} className={section === to ? 'active' : undefined}>
            {label}
          </Link>
        ))}
        <div className="who">
          <div>{me.full_name}</div>
          <div className="muted">{me.phone}</div>
          <button type="button" className="secondary" onClick={logout}>
            Sign out
          </button>
        </div>
      </nav>
      <main>{route(path)}</main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
