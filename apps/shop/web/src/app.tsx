import { useCallback, useEffect, useMemo, useState } from 'react';
import { match, navigate, useLocation } from '@storefront/web';
import { call, client, onSessionEnded, session, type Me } from './api.ts';
import { itemCount, loadCart, saveCart, type CartState } from './cart.ts';
import { Shop, type ShopState } from './state.tsx';
import { ShopError } from './errors.ts';
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
/** How often the app asks whether an unreachable API is back. */
const API_PROBE_MS = 5_000;
export const APP_VERSION = __APP_VERSION__;

/** Screens that need a signed-in shopper; the rest (browsing, cart) work signed out. */
const PRIVATE = /^\/(orders|wallet|account|checkout)/;

/** Fetches the newest service worker (and with it the new build), then loads the page again. */
async function reloadToUpdate(): Promise<void> {
  try {
    await (await navigator.serviceWorker?.getRegistration())?.update();
  } finally {
    location.reload();
  }
}

export function App() {
  const { path, search } = useLocation();
  const [signedIn, setSignedIn] = useState(session.signedIn());
  const [me, setMe] = useState<Me | null>(null);
  const [cart, setCart] = useState<CartState>(() => loadCart(localStorage));
  const [gate, setGate] = useState<{ apk_url: string; version: string } | null>(null);

  const [apiDown, setApiDown] = useState(false);

  // The version gate: an outdated build is blocked until it is updated (GET /app/version). The
  // same call, never cached, tells whether the API answers: while it does not, a banner says the
  // screens are saved ones, and it is asked again every few seconds.
  useEffect(() => {
    let timer: number | undefined;
    const probe = () =>
      call(client.GET('/api/v1/app/version', { params: { query: { version: APP_VERSION } } })).then(
        (v) => {
          setApiDown(false);
          if (v.force_update) setGate({ apk_url: v.apk_url, version: v.version });
        },
        (err) => {
          const down = err instanceof ShopError && (err.status === 0 || err.status >= 500);
          setApiDown(down);
          if (down) timer = window.setTimeout(probe, API_PROBE_MS);
        },
      );
    void probe();
    return () => window.clearTimeout(timer);
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

  // Never in the middle of a checkout (a key made for the lines, a top-up on its way back): the
  // gate waits until the shopper leaves the cart, or the wallet showing a top-up's outcome.
  const midCheckout = (path === '/cart' && cart.checkout !== null) || ((path === '/cart' || path === '/wallet') && search.has('topup'));
  if (gate && !midCheckout) {
    return (
      <main className="gate" aria-labelledby="gate-title">
        <div className="gate-card">
          <span className="brand big" aria-hidden="true">◆</span>
          <h1 id="gate-title">Update required</h1>
          <p>
            This version of the app ({APP_VERSION}) is no longer supported. Please reload to get the latest version ({gate.version}), or install it, to keep shopping.
          </p>
          <button type="button" className="btn primary block" onClick={() => void reloadToUpdate()}>
            Reload to update
          </button>
          <a className="btn ghost block" href={gate.apk_url}>
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
  else if (path === '/wallet') screen = <WalletPage search={search} />;
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
      <OfflineBanner apiDown={apiDown} />
      <div id="main-content" className="app">
        {screen}
      </div>
      <BottomNav path={path} cartCount={itemCount(cart)} />
    </Shop.Provider>
  );
}
