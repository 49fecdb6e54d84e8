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
 * Starts a top-up of `amount` that comes back to `returnPath` (with `?topup=<token>`), then
 * leaves for the hosted page in this tab. `beforeLeave` keeps what the screen needs on its return.
 * Resolves only if the request fails (it throws then); on success the page is left.
 */
export async function startTopup(amount: number, returnPath: string, beforeLeave?: (token: string) => void): Promise<void> {
  const returnUrl = new URL(returnPath, location.origin).toString();
  const t = await call(client.POST('/api/v1/wallet/topup-initiate', { body: { amount, return_url: returnUrl } }));
  beforeLeave?.(t.token);
  location.assign(t.url);
}

type Status = { status: 'pending' | 'completed' | 'expired'; amount: number; currency: string; declined_at?: string };

/** Nothing more will happen to this top-up unless the shopper pays again: expired, or its payment declined. */
const over = (s: Status) => s.status === 'expired' || (s.status === 'pending' && s.declined_at !== undefined);

/**
 * Back from the hosted page (`?topup=<token>`): what became of the top-up, asked of the API (the
 * payment server's page is not trusted for it). Pending is asked again every few seconds and when
 * the shopper comes back to the tab; completed calls `onCredited`; declined and expired are final
 * and show `retry`, the screen's way to try again.
 */
export function TopupOutcome({ token, onCredited, credited, retry }: { token: string; onCredited: () => void; credited: (amount: string) => ReactNode; retry?: ReactNode }) {
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
        if (over(s)) return;
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
  }, [token]);

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
  if (over(status)) {
    return (
      <Notice kind="error">
        <p data-testid="topup-outcome">
          {status.declined_at !== undefined
            ? `Not added to your wallet: the payment of ${amount} was declined, so nothing was charged. You can try again, with another card or way to pay.`
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
