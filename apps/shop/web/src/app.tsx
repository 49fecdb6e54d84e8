import { useCallback, useEffect, useMemo, useState } from 'react';
import { match, navigate, useLocation } from '@storefront/web';
import { call, client, onSessionEnded, session, type Me } from './api.ts';
import { itemCount, loadCart, saveCart, type CartState } from './cart.ts';
import { Shop, type ShopState } from './state.tsx';
import { BottomNav, OfflineBanner, Screen, Spinner } from './ui.tsx';
import { Browse } from './pages/browse.tsx';
import { ProductPage } from './pages/product.tsx';
import { CartPage, OrderPlaced } from './pages/cart.tsx';
import { OrderDetail, Orders } from './pages/orders.tsx';
import { TopUp, WalletPage } from './pages/wallet.tsx';
import { Account, Profile, Referral } from './pages/account.tsx';
import { NewTicket, TicketDetail, Tickets } from './pages/tickets.tsx';
import { Deletion } from './pages/deletion.tsx';
import { Register, ResetPassword, SignIn } from './pages/auth.tsx';

declare const __APP_VERSION__: string;
export const APP_VERSION = __APP_VERSION__;

/** Screens that need a signed-in shopper; the rest (browsing, cart) work signed out. */
const PRIVATE = /^\/(orders|wallet|account|checkout)/;

export function App() {
  const { path, search } = useLocation();
  const [signedIn, setSignedIn] = useState(session.signedIn());
  const [me, setMe] = useState<Me | null>(null);
  const [cart, setCart] = useState<CartState>(() => loadCart(localStorage));
  const [gate, setGate] = useState<{ apk_url: string; version: string } | null>(null);

  // The version gate: an outdated build is blocked until it is updated (GET /app/version).
  useEffect(() => {
    call(client.GET('/api/v1/app/version', { params: { query: { version: APP_VERSION } } })).then(
      (v) => v.force_update && setGate({ apk_url: v.apk_url, version: v.version }),
      () => undefined,
    );
  }, []);

  const refreshMe = useCallback(async () => {
    setMe(await call(client.GET('/api/v1/me')));
  }, []);

  useEffect(() => {
    if (signedIn) refreshMe().catch(() => undefined);
  }, [signedIn, refreshMe]);

  useEffect(
    () =>
      onSessionEnded(() => {
        setSignedIn(false);
        setMe(null);
        navigate(`/sign-in?ended=1&next=${encodeURIComponent(location.pathname)}`, true);
      }),
    [],
  );

  // Other tabs share the cart and the sign-in through storage.
  useEffect(() => {
    const on = (e: StorageEvent) => {
      if (e.key === 'sf_shop_cart') setCart(loadCart(localStorage));
      if (e.key === 'sf_shop_refresh') setSignedIn(session.signedIn());
    };
    window.addEventListener('storage', on);
    return () => window.removeEventListener('storage', on);
  }, []);

  const state: ShopState = useMemo(
    () => ({
      me,
      signedIn,
      async signedInAs(next = '/') {
        setSignedIn(true);
        await refreshMe().catch(() => undefined);
        navigate(next.startsWith('/') && !next.startsWith('//') ? next : '/', true);
      },
      async signOut() {
        await call(client.POST('/api/v1/auth/logout')).catch(() => undefined);
        session.end();
        setSignedIn(false);
        setMe(null);
        navigate('/', true);
      },
      refreshMe,
      cart,
      updateCart(fn) {
        setCart((old) => {
          const next = fn(old);
          saveCart(localStorage, next);
          return next;
        });
      },
      currency: cart.lines[0]?.currency ?? 'INR',
    }),
    [me, signedIn, cart, refreshMe],
  );

  if (gate) {
    return (
      <main className="gate" aria-labelledby="gate-title">
        <div className="gate-card">
          <span className="brand big" aria-hidden="true">◆</span>
          <h1 id="gate-title">Update required</h1>
          <p>
            This version of the app ({APP_VERSION}) is no longer supported. Please install the latest version ({gate.version}) to keep shopping.
          </p>
          <a className="btn primary block" href={gate.apk_url}>
            Update the app
          </a>
        </div>
      </main>
    );
  }

  let screen: React.ReactNode;
  let p: Record<string, string> | null;
  if (PRIVATE.test(path) && !signedIn) {
    screen = <SignIn next={path + location.search} />;
  } else if (path === '/') screen = <Browse search={search} />;
  else if ((p = match('/products/:id', path))) screen = <ProductPage id={p.id!} />;
  else if (path === '/cart') screen = <CartPage search={search} />;
  else if ((p = match('/checkout/done/:id', path))) screen = <OrderPlaced id={p.id!} />;
  else if (path === '/orders') screen = <Orders />;
  else if ((p = match('/orders/:id', path))) screen = <OrderDetail id={p.id!} />;
  else if (path === '/wallet') screen = <WalletPage />;
  else if (path === '/wallet/top-up') screen = <TopUp search={search} />;
  else if (path === '/account') screen = <Account />;
  else if (path === '/account/profile') screen = <Profile />;
  else if (path === '/account/invite') screen = <Referral />;
  else if (path === '/account/tickets') screen = <Tickets />;
  else if (path === '/account/tickets/new') screen = <NewTicket />;
  else if ((p = match('/account/tickets/:id', path))) screen = <TicketDetail id={p.id!} />;
  else if (path === '/account/delete') screen = <Deletion />;
  else if (path === '/sign-in') screen = <SignIn next={search.get('next') ?? '/'} ended={search.has('ended')} />;
  else if (path === '/register') screen = <Register referral={search.get('ref') ?? ''} next={search.get('next') ?? '/'} />;
  else if (path === '/reset-password') screen = <ResetPassword />;
  else if ((p = match('/r/:code', path))) {
    // Opened from the app's own cache: go to sign-up with the code (the server logs the click when online).
    navigate(`/register?ref=${encodeURIComponent(p.code!.toUpperCase())}`, true);
    screen = <Spinner />;
  } else
    screen = (
      <Screen title="Not found" back="/">
        <p className="empty">This page does not exist.</p>
      </Screen>
    );

  return (
    <Shop.Provider value={state}>
      <a className="skip" href="#main-content">
        Skip to content
      </a>
      <OfflineBanner />
      <div id="main-content" className="app">
        {screen}
      </div>
      <BottomNav path={path} cartCount={itemCount(cart)} />
    </Shop.Provider>
  );
}
