import { useState } from 'react';
import { formatMoney, Link, minorToDecimal, Money, parseMoney, useLoad } from '@storefront/web';
import { call, client, type Transaction } from '../api.ts';
import { ShopError } from '../errors.ts';
import { presetsWithin, startTopup, TopupOutcome } from '../topup.tsx';
import { ErrorNote, Field, formatDate, ListEnd, Notice, Screen, Spinner, useInfinite } from '../ui.tsx';

const TX_WORDS: Record<Transaction['type'], string> = {
  topup: 'Money added',
  order_payment: 'Order payment',
  order_refund: 'Order refund',
  daily_spin: 'Daily spin prize',
  adjustment: 'Adjustment by the shop',
};

export function WalletPage({ search }: { search: URLSearchParams }) {
  const returned = search.get('topup');
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
      {returned ? (
        <TopupOutcome
          token={returned}
          cancelled={search.get('payment') === 'cancelled'}
          onCredited={() => {
            wallet.reload();
            list.reload();
          }}
          credited={(amount) => `${amount} was added to your wallet.`}
          retry={
            <Link to="/wallet/top-up" className="btn small">
              Try again
            </Link>
          }
        />
      ) : null}
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

const PRESETS = [50_000, 100_000, 200_000, 500_000];

/**
 * Top-up: the amount (typed, or a quick amount within the API's bounds), then the payment
 * server's hosted page in this same tab; it sends the shopper back to the wallet with
 * `?topup=<token>`, where the outcome is shown (`TopupOutcome`).
 */
export function TopUp({ search }: { search: URLSearchParams }) {
  const wallet = useLoad(() => call(client.GET('/api/v1/wallet')), []);
  const currency = wallet.data?.currency ?? 'INR';
  const bounds = wallet.data?.topup;
  const [text, setText] = useState(search.get('amount') ?? '');
  const [error, setError] = useState<unknown>(null);
  const [hint, setHint] = useState('');
  const [busy, setBusy] = useState(false);

  async function start(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setHint('');
    const amount = parseMoney(text, currency);
    if (amount === null || amount <= 0) {
      setHint('Enter an amount, like 500 or 499.50.');
      return;
    }
    if (bounds && (amount < bounds.min || amount > bounds.max)) {
      setHint(`Enter an amount between ${formatMoney(bounds.min, currency)} and ${formatMoney(bounds.max, currency)}.`);
      return;
    }
    setBusy(true);
    try {
      await startTopup(amount, '/wallet');
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <Screen title="Add money" back="/wallet">
      {wallet.error ? <ErrorNote error={wallet.error} onRetry={wallet.reload} /> : null}
      <form className="card" onSubmit={(e) => void start(e)} noValidate>
        <Field label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} hint={hint || undefined} />
        {bounds ? (
          <div className="chips amounts" role="group" aria-label="Quick amounts">
            {presetsWithin(PRESETS, bounds).map((m) => (
              <button key={m} type="button" className="chip" onClick={() => setText(minorToDecimal(m, currency))}>
                {formatMoney(m, currency)}
              </button>
            ))}
          </div>
        ) : null}
        {error ? <ErrorNote error={error} /> : null}
        <button type="submit" className="btn primary block" disabled={busy || !bounds}>
          {busy ? 'Opening payment…' : 'Continue to payment'}
        </button>
        <p className="muted small-print">
          You pay on the shop's secure payment page, then come back here. Money is added once the payment is confirmed.
          {bounds ? <> From {formatMoney(bounds.min, currency)} to {formatMoney(bounds.max, currency)}.</> : null}
        </p>
      </form>
    </Screen>
  );
}
