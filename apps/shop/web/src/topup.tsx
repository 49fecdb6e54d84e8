/**
 * Adding money through the payment server's hosted page, in this same tab, for every screen that
 * starts one (the cart's "Add ₹X and pay", the wallet's "Add money"): the bounds the API takes,
 * the trip out with a `return_url`, and the outcome once the shopper is back with `?topup=<token>`.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatMoney } from '@storefront/web';
import { call, client, type Wallet } from './api.ts';
import { ShopError } from './errors.ts';
import { ErrorNote, Notice, Spinner } from './ui.tsx';

const POLL_MS = 3_000;

export type TopupBounds = Wallet['topup'];

/** What to add so the wallet covers a shortfall: at least the smallest top-up, at most the largest (a bigger shortfall takes more than one). */
export const topupFor = (shortfall: number, { min, max }: TopupBounds): number => Math.min(Math.max(shortfall, min), max);

/** Quick amounts within the bounds: each raised to the minimum, none above the maximum, no repeats. */
export function presetsWithin(presets: readonly number[], { min, max }: TopupBounds): number[] {
  return [...new Set(presets.map((p) => Math.max(p, min)))].filter((p) => p <= max);
}

/**
 * Where this tab's history stood when it left for the payment page (`index`, from 0), and, once
 * back, the return it is reopening (`back`). sessionStorage: one tab's trip.
 */
const TRIP_KEY = 'sf_shop_payment_trip';
type Trip = { index: number; back?: string };

function readTrip(): Trip | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(TRIP_KEY) ?? 'null');
    return v && Number.isSafeInteger(v.index) && (v.back === undefined || typeof v.back === 'string') ? v : null;
  } catch {
    return null;
  }
}

/** The Navigation API's view of this tab: the run of the shop's own entries around this one. */
const shopEntries = () => (window as { navigation?: { currentEntry?: { index: number } | null; entries(): unknown[] } }).navigation;

/** This entry's place in the tab's history: the entries after it are the same-origin ones ahead (a screen reached with Back). */
function entryIndex(): number {
  const nav = shopEntries();
  const ahead = nav?.currentEntry ? nav.entries().length - 1 - nav.currentEntry.index : 0;
  return history.length - 1 - ahead;
}

/**
 * Starts a top-up of `amount` that comes back to `returnPath` (with `?topup=<token>`), then
 * leaves for the hosted page in this tab, which takes this screen's place in the history.
 * `beforeLeave` keeps what the screen needs on its return. Resolves only if the request fails
 * (it throws then); on success the page is left.
 */
export async function startTopup(amount: number, returnPath: string, beforeLeave?: (token: string) => void): Promise<void> {
  const returnUrl = new URL(returnPath, location.origin).toString();
  const t = await call(client.POST('/api/v1/wallet/topup-initiate', { body: { amount, return_url: returnUrl } }));
  beforeLeave?.(t.token);
  // Only a screen of the shop's before this one is gone back to on the return, never another site.
  const shopBefore = (shopEntries()?.currentEntry?.index ?? 0) >= 1;
  if (shopBefore) sessionStorage.setItem(TRIP_KEY, JSON.stringify({ index: entryIndex() } satisfies Trip));
  else sessionStorage.removeItem(TRIP_KEY);
  location.replace(t.url);
}

/**
 * Called before the app renders, and when the browser restores a page from its cache. Back from
 * the payment trip (`?topup=` in the URL), the hosted page and the gateway's pages are still
 * entries of the tab's history behind this one, and Back from "Order placed" would land on them
 * and offer to pay again. So the return goes back past them to the screen before the one that
 * left, and opens itself again from there as a new entry, which drops them from the history.
 * True while the page is on its way (nothing to render).
 */
export function leavePaymentPages(): boolean {
  const trip = readTrip();
  if (!trip) return false;
  if (trip.back !== undefined) {
    // Gone back past the trip (the pages ahead are the trip's): the return, as a new entry.
    sessionStorage.removeItem(TRIP_KEY);
    if (location.pathname + location.search === trip.back) return false;
    // After the load event: a navigation during the load replaces the entry instead of adding one.
    const open = () => setTimeout(() => location.assign(trip.back!), 0);
    if (document.readyState === 'complete') open();
    else addEventListener('load', open, { once: true });
    return true;
  }
  const here = entryIndex();
  if (!new URLSearchParams(location.search).has('topup') || here <= trip.index) {
    // Not the return (Back from the hosted page, say): the trip is over.
    sessionStorage.removeItem(TRIP_KEY);
    return false;
  }
  if (trip.index < 1) {
    // Nothing of the shop before the trip (the tab opened on this screen): the return stays as it is.
    sessionStorage.removeItem(TRIP_KEY);
    return false;
  }
  sessionStorage.setItem(TRIP_KEY, JSON.stringify({ index: trip.index, back: location.pathname + location.search } satisfies Trip));
  history.go(trip.index - 1 - here);
  return true;
}

type Status = { status: 'pending' | 'completed' | 'expired'; amount: number; currency: string; declined_at?: string };

/**
 * Nothing more will happen to this top-up unless the shopper pays again: expired, its payment
 * declined, or cancelled (the payment server's return says `payment=cancelled`).
 */
const over = (s: Status, cancelled: boolean) => s.status === 'expired' || (s.status === 'pending' && (s.declined_at !== undefined || cancelled));

/**
 * Back from the hosted page (`?topup=<token>`, and `&payment=cancelled` after a cancel): what
 * became of the top-up, asked of the API (the payment server's page is not trusted for it: a
 * cancel only stops the asking). Pending is asked again every few seconds and when the shopper
 * comes back to the tab; completed calls `onCredited`; declined, cancelled and expired are final
 * and show `retry`, the screen's way to try again.
 */
export function TopupOutcome({ token, cancelled = false, onCredited, credited, retry }: { token: string; cancelled?: boolean; onCredited: () => void; credited: (amount: string) => ReactNode; retry?: ReactNode }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<number | undefined>(undefined);
  const done = useRef(onCredited);
  done.current = onCredited;

  useEffect(() => {
    let live = true;
    const poll = async () => {
      window.clearTimeout(timer.current);
      try {
        const s = await call(client.GET('/api/v1/wallet/topup-status/{token}', { params: { path: { token } } }));
        if (!live) return;
        setError(null);
        setStatus(s);
        if (s.status === 'completed') return done.current();
        if (over(s, cancelled)) return;
      } catch (err) {
        if (!live) return;
        setError(err);
        if (err instanceof ShopError && err.status === 404) return;
      }
      timer.current = window.setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    const onVisible = () => document.visibilityState === 'visible' && void poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, cancelled]);

  if (error && !status) return <ErrorNote error={error} />;
  if (!status) return <Spinner label="Checking your payment" />;
  const amount = formatMoney(status.amount, status.currency);
  if (status.status === 'completed') {
    return (
      <Notice kind="success">
        <p data-testid="topup-outcome">{credited(amount)}</p>
      </Notice>
    );
  }
  if (over(status, cancelled)) {
    return (
      <Notice kind="error">
        <p data-testid="topup-outcome">
          {status.declined_at !== undefined
            ? `Not added to your wallet: the payment of ${amount} was declined, so nothing was charged. You can try again, with another card or way to pay.`
            : status.status === 'pending'
              ? `Not added to your wallet: the payment of ${amount} was cancelled, so nothing was charged. You can try again.`
              : `The payment of ${amount} was not completed, so nothing was added. You can try again.`}
        </p>
        {retry}
      </Notice>
    );
  }
  return (
    <Notice>
      <p data-testid="topup-outcome">
        {amount} is not in your wallet yet. If you paid, it shows here shortly: we check again every few seconds. If you cancelled, nothing was charged and you can try again.
      </p>
    </Notice>
  );
}
