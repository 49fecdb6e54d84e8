import { useEffect, useRef, useState } from 'react';
import { formatMoney, Link, minorToDecimal, Money, navigate, parseMoney, useLoad } from '@storefront/web';
import { call, client, type Transaction } from '../api.ts';
import { ShopError } from '../errors.ts';
import { ErrorNote, Field, formatDate, ListEnd, Notice, Screen, Spinner, useInfinite } from '../ui.tsx';

const TX_WORDS: Record<Transaction['type'], string> = {
  topup: 'Money added',
  order_payment: 'Order payment',
  order_refund: 'Order refund',
  daily_spin: 'Daily spin prize',
  adjustment: 'Adjustment by the shop',
};

export function WalletPage() {
  const wallet = useLoad(() => call(client.GET('/api/v1/wallet')), []);
  const list = useInfinite((cursor) => call(client.GET('/api/v1/wallet/transactions', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  const [spin, setSpin] = useState<{ prize: number } | null>(null);
  const [spinError, setSpinError] = useState<unknown>(null);
  const [spinning, setSpinning] = useState(false);
  const w = wallet.data;

  async function dailySpin() {
    setSpinning(true);
    setSpinError(null);
    try {
      const r = await call(client.POST('/api/v1/wallet/daily-spin'));
      setSpin({ prize: r.prize });
      wallet.reload();
      list.reload();
    } catch (err) {
      setSpinError(err);
    } finally {
      setSpinning(false);
    }
  }

  return (
    <Screen title="Wallet">
      {wallet.error ? <ErrorNote error={wallet.error} onRetry={wallet.reload} /> : null}
      {!w ? (
        wallet.loading ? <Spinner /> : null
      ) : (
        <section className="balance card accent" aria-label="Balances">
          <p className="label">Shopping credits</p>
          <p className="big" data-testid="credits">
            <Money minor={w.shopping_credits} currency={w.currency} />
          </p>
          <div className="minor-balances">
            <span>
              Reward points <Money minor={w.reward_points} currency={w.currency} />
            </span>
            <span>
              E-vouchers <Money minor={w.e_vouchers} currency={w.currency} />
            </span>
          </div>
          <Link to="/wallet/top-up" className="btn light block">
            Add money
          </Link>
        </section>
      )}
      <section className="card spin-card">
        <div>
          <h2>Daily spin</h2>
          <p className="muted">One free spin every day for shopping credits.</p>
        </div>
        <button type="button" className="btn primary" disabled={spinning || spin !== null} onClick={() => void dailySpin()}>
          {spinning ? 'Spinning…' : 'Spin'}
        </button>
      </section>
      {spin && w ? <Notice kind="success">You won {formatMoney(spin.prize, w.currency)}! It is in your wallet.</Notice> : null}
      {spinError ? (
        spinError instanceof ShopError && spinError.code === 'already_spun' ? (
          <Notice>You've already spun today. Come back tomorrow for another go!</Notice>
        ) : (
          <ErrorNote error={spinError} />
        )
      ) : null}
      <h2 className="section-title">Activity</h2>
      <ul className="list" aria-label="Wallet activity">
        {list.items.map((t) => (
          <li key={t.id} className="card tx">
            <span>
              <strong>{TX_WORDS[t.type]}</strong>
              <small className="muted">{formatDate(t.created_at)}</small>
            </span>
            <span className={t.amount < 0 ? 'amount out' : 'amount in'}>
              {t.amount > 0 ? '+' : ''}
              <Money minor={t.amount} currency={w?.currency ?? 'INR'} />
            </span>
          </li>
        ))}
      </ul>
      <ListEnd list={list} empty="No activity yet." />
    </Screen>
  );
}

const PENDING_KEY = 'sf_shop_topup';
const POLL_MS = 3_000;
const PRESETS = [50_000, 100_000, 200_000, 500_000];

/**
 * Top-up: initiate, open the payment server's hosted page, then ask the API for the top-up's
 * state until it is completed — each poll also lets the API verify with gateway B itself
 * (the self-heal path), so a lost callback still credits.
 */
export function TopUp({ search }: { search: URLSearchParams }) {
  const currency = useLoad(() => call(client.GET('/api/v1/wallet')), []).data?.currency ?? 'INR';
  const [text, setText] = useState(search.get('amount') ?? '');
  const [error, setError] = useState<unknown>(null);
  const [hint, setHint] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ token: string; url: string; amount: number } | null>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
    } catch {
      return null;
    }
  });

  async function start(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setHint('');
    const amount = parseMoney(text, currency);
    if (amount === null || amount <= 0) {
      setHint('Enter an amount, like 500 or 499.50.');
      return;
    }
    // Opened now, while the tap still counts, so a popup blocker lets it through.
    const win = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const t = await call(client.POST('/api/v1/wallet/topup-initiate', { body: { amount } }));
      const p = { token: t.token, url: t.url, amount };
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(p));
      setPending(p);
      if (win) {
        win.opener = null;
        win.location.href = t.url;
      }
    } catch (err) {
      win?.close();
      const bounds = err instanceof ShopError && typeof err.body.message === 'string' ? /between (\d+) and (\d+)/.exec(err.body.message) : null;
      if (bounds) setHint(`Enter an amount between ${formatMoney(Number(bounds[1]), currency)} and ${formatMoney(Number(bounds[2]), currency)}.`);
      else setError(err);
    } finally {
      setBusy(false);
    }
  }

  if (pending) return <TopUpWaiting pending={pending} onDone={() => { sessionStorage.removeItem(PENDING_KEY); setPending(null); }} />;

  return (
    <Screen title="Add money" back="/wallet">
      <form className="card" onSubmit={(e) => void start(e)} noValidate>
        <Field label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} hint={hint || undefined} />
        <div className="chips" role="group" aria-label="Quick amounts">
          {PRESETS.map((m) => (
            <button key={m} type="button" className="chip" onClick={() => setText(minorToDecimal(m, currency))}>
              {formatMoney(m, currency)}
            </button>
          ))}
        </div>
        {error ? <ErrorNote error={error} /> : null}
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? 'Opening payment…' : 'Continue to payment'}
        </button>
        <p className="muted small-print">You pay on the shop's secure payment page. Money is added once the payment is confirmed.</p>
      </form>
    </Screen>
  );
}

function TopUpWaiting({ pending, onDone }: { pending: { token: string; url: string; amount: number }; onDone: () => void }) {
  const [status, setStatus] = useState<'pending' | 'completed' | 'expired'>('pending');
  const [currency, setCurrency] = useState('INR');
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const poll = async () => {
      window.clearTimeout(timer.current);
      try {
        const s = await call(client.GET('/api/v1/wallet/topup-status/{token}', { params: { path: { token: pending.token } } }));
        if (!live) return;
        setError(null);
        setCurrency(s.currency);
        setStatus(s.status);
        if (s.status === 'completed') {
          const w = await call(client.GET('/api/v1/wallet'));
          if (live) setBalance(w.shopping_credits);
          return;
        }
        if (s.status === 'expired') return;
      } catch (err) {
        if (live) setError(err);
      }
      if (live) timer.current = window.setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    // Coming back from the payment page: ask at once rather than at the next tick.
    const onVisible = () => document.visibilityState === 'visible' && void poll();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      live = false;
      window.clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [pending.token]);

  return (
    <Screen title="Add money" back="/wallet">
      <section className="card center" aria-live="polite">
        {status === 'completed' ? (
          <>
            <div className="check" aria-hidden="true">✓</div>
            <h2>Money added</h2>
            <p>
              {formatMoney(pending.amount, currency)} is in your wallet.
              {balance !== null ? <> Your balance is now <strong data-testid="new-balance">{formatMoney(balance, currency)}</strong>.</> : null}
            </p>
            <button type="button" className="btn primary block" onClick={() => { onDone(); navigate('/wallet', true); }}>
              Back to wallet
            </button>
          </>
        ) : status === 'expired' ? (
          <>
            <h2>This payment has expired</h2>
            <p>Nothing was added. Start a new top-up to try again.</p>
            <button type="button" className="btn primary block" onClick={onDone}>
              Start again
            </button>
          </>
        ) : (
          <>
            <Spinner label="Waiting for the payment" />
            <h2>Waiting for your payment</h2>
            <p>
              Finish paying {formatMoney(pending.amount, currency)} on the payment page. This screen updates by itself when the payment is confirmed.
            </p>
            {error ? <ErrorNote error={error} /> : null}
            <a className="btn ghost block" href={pending.url} target="_blank" rel="noopener noreferrer">
              Open the payment page again
            </a>
            <button type="button" className="btn ghost block" onClick={onDone}>
              Cancel
            </button>
          </>
        )}
      </section>
    </Screen>
  );
}
