import { useEffect, useState } from 'react';
import { formatMoney, Link, Money, navigate, useLoad } from '@storefront/web';
import { call, client, mediaSrc, type Order, type Quote, type Wallet } from '../api.ts';
import { checkoutKey, emptyCart, frozen, itemCount, markUnsure, orderItems, setQuantity } from '../cart.ts';
import { outcomeUnknown } from '../errors.ts';
import { useShop } from '../state.tsx';
import { startTopup, topupFor, TopupOutcome } from '../topup.tsx';
import { ErrorNote, Notice, Screen, Spinner } from '../ui.tsx';

/** 128 random bits, hex: the Idempotency-Key of one checkout attempt. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The top-up this checkout left for (same tab): its token, amount and the total it was meant to cover. */
const CHECKOUT_TOPUP_KEY = 'sf_shop_checkout_topup';

interface CheckoutTopup {
  token: string;
  amount: number;
  total: number;
}

function savedTopup(): CheckoutTopup | null {
  try {
    const v = JSON.parse(localStorage.getItem(CHECKOUT_TOPUP_KEY) ?? 'null');
    return v && typeof v.token === 'string' && Number.isSafeInteger(v.amount) && Number.isSafeInteger(v.total) ? v : null;
  } catch {
    return null;
  }
}

export function CartPage({ search }: { search: URLSearchParams }) {
  const { cart, updateCart, signedIn } = useShop();
  const returned = search.get('topup');
  const [requote, setRequote] = useState(0);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<unknown>(null);
  const items = orderItems(cart);
  const fingerprint = JSON.stringify(items);
  const nameOf = (id: string) => cart.lines.find((l) => l.product_id === id)?.name;

  // The server's quote is what is paid: asked again whenever the lines change.
  useEffect(() => {
    setQuote(null);
    setQuoteError(null);
    setPayError(null);
    if (!signedIn || items.length === 0) return;
    let live = true;
    Promise.all([call(client.POST('/api/v1/orders/quote', { body: { items } })), call(client.GET('/api/v1/wallet'))]).then(
      ([q, w]) => {
        if (!live) return;
        setQuote(q);
        setWallet(w);
      },
      (err) => live && setQuoteError(err),
    );
    return () => {
      live = false;
    };
  }, [fingerprint, signedIn, requote]);

  /**
   * Adds the shortfall through the hosted page in this same tab. The checkout's key is saved with
   * the cart first, so the order placed on the way back is the one this key names.
   */
  async function addAndPay(total: number, amount: number) {
    const withKey = checkoutKey(cart, newKey);
    updateCart(() => withKey);
    setPaying(true);
    setPayError(null);
    try {
      await startTopup(amount, '/cart', (token) => localStorage.setItem(CHECKOUT_TOPUP_KEY, JSON.stringify({ token, amount, total } satisfies CheckoutTopup)));
    } catch (err) {
      setPayError(err);
      setPaying(false);
    }
  }

  async function pay() {
    // The key is saved with the cart before the request leaves, so any retry reuses it.
    const withKey = checkoutKey(cart, newKey);
    updateCart(() => withKey);
    setPaying(true);
    setPayError(null);
    try {
      const order = await call(
        client.POST('/api/v1/orders', { body: { items: orderItems(withKey) }, params: { header: { 'idempotency-key': withKey.checkout!.key } } }),
      );
      updateCart(() => emptyCart());
      localStorage.removeItem(CHECKOUT_TOPUP_KEY);
      navigate(`/checkout/done/${encodeURIComponent(order.id)}`, true);
    } catch (err) {
      // No answer: the order may exist. Freeze the lines so the only way on is the same key again.
      updateCart((c) => markUnsure(c, outcomeUnknown(err)));
      setPayError(err);
    } finally {
      setPaying(false);
    }
  }

  if (cart.lines.length === 0) {
    return (
      <Screen title="Cart">
        <div className="empty">
          <p>Your cart is empty.</p>
          <Link to="/" className="btn primary">
            Start shopping
          </Link>
        </div>
      </Screen>
    );
  }

  const short = quote && wallet ? quote.total > wallet.shopping_credits : false;
  const unsure = frozen(cart);
  const saved = savedTopup();
  const before = saved && saved.token === returned ? saved : null;
  return (
    <Screen title="Cart">
      <ul className="lines" aria-label="Items in your cart">
        {cart.lines.map((l) => (
          <li key={l.product_id} className="line card">
            <div className="thumb small">{l.image_url ? <img src={mediaSrc(l.image_url)} alt="" /> : <span className="placeholder" aria-hidden="true">{l.name.slice(0, 1)}</span>}</div>
            <div className="line-body">
              <Link to={`/products/${encodeURIComponent(l.product_id)}`} className="name">
                {l.name}
              </Link>
              <Money minor={l.price} currency={l.currency} />
              <div className="stepper small" role="group" aria-label={`Quantity of ${l.name}`}>
                <button type="button" aria-label={`One fewer ${l.name}`} disabled={unsure} onClick={() => updateCart((c) => setQuantity(c, l.product_id, l.quantity - 1))}>−</button>
                <output>{l.quantity}</output>
                <button type="button" aria-label={`One more ${l.name}`} disabled={unsure || l.quantity >= Math.min(l.stock, 99)} onClick={() => updateCart((c) => setQuantity(c, l.product_id, l.quantity + 1))}>+</button>
              </div>
            </div>
            <button type="button" className="icon-btn" aria-label={`Remove ${l.name}`} disabled={unsure} onClick={() => updateCart((c) => setQuantity(c, l.product_id, 0))}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            </button>
          </li>
        ))}
      </ul>

      {returned && signedIn ? (
        <TopupOutcome
          token={returned}
          cancelled={search.get('payment') === 'cancelled'}
          onCredited={() => setRequote((n) => n + 1)}
          credited={(amount) => `${amount} was added to your wallet. Check the total and tap Pay to place your order.`}
        />
      ) : null}
      {!signedIn ? (
        <div className="summary card">
          <p>
            {itemCount(cart) === 1 ? '1 item' : `${itemCount(cart)} items`}. Sign in to see the final price and pay with your wallet.
          </p>
          <button type="button" className="btn primary block" onClick={() => navigate('/sign-in?next=/cart')}>
            Sign in to check out
          </button>
        </div>
      ) : quoteError ? (
        <ErrorNote error={quoteError} productName={nameOf} />
      ) : !quote ? (
        <Spinner label="Checking prices" />
      ) : (
        <section className="summary card" aria-label="Order summary">
          <h2>Order summary</h2>
          <dl>
            {quote.items.map((i) => (
              <div key={i.product_id} className="row">
                <dt>
                  {i.name} × {i.quantity}
                </dt>
                <dd>
                  <Money minor={i.line_total} currency={quote.currency} />
                </dd>
              </div>
            ))}
            <div className="row total">
              <dt>Total</dt>
              <dd>
                <Money minor={quote.total} currency={quote.currency} />
              </dd>
            </div>
            {wallet ? (
              <div className="row muted">
                <dt>Wallet credits</dt>
                <dd>
                  <Money minor={wallet.shopping_credits} currency={wallet.currency} />
                </dd>
              </div>
            ) : null}
            {short && wallet ? (
              <div className="row short" data-testid="shortfall">
                <dt>Still to add</dt>
                <dd>
                  <Money minor={quote.total - wallet.shopping_credits} currency={quote.currency} />
                </dd>
              </div>
            ) : null}
          </dl>
          <p className="muted small-print">Prices are checked by the shop just now; this is what you pay.</p>
          {returned && before && before.total !== quote.total ? (
            <Notice>
              The price changed while you were adding money: it was <Money minor={before.total} currency={quote.currency} />, it is now{' '}
              <Money minor={quote.total} currency={quote.currency} />.
            </Notice>
          ) : null}
          {unsure ? (
            <Notice kind="error">
              <p>We could not confirm your order because the connection dropped. Try again: you will not be charged twice.</p>
            </Notice>
          ) : payError ? (
            <ErrorNote error={payError} productName={nameOf} />
          ) : null}
          {short && !unsure && wallet ? (
            <button type="button" className="btn primary block" disabled={paying} onClick={() => void addAndPay(quote.total, topupFor(quote.total - wallet.shopping_credits, wallet.topup))}>
              {paying ? 'Opening payment…' : <>Add {formatMoney(topupFor(quote.total - wallet.shopping_credits, wallet.topup), quote.currency)} and pay</>}
            </button>
          ) : (
            <button type="button" className="btn primary block" disabled={paying} onClick={() => void pay()}>
              {paying ? 'Placing order…' : unsure ? 'Try again' : <>Pay <Money minor={quote.total} currency={quote.currency} /></>}
            </button>
          )}
        </section>
      )}
    </Screen>
  );
}

export function OrderPlaced({ id }: { id: string }) {
  const { data: order, error } = useLoad(() => call(client.GET('/api/v1/orders/{id}', { params: { path: { id } } })), [id]);
  return (
    <Screen title="Order placed">
      {error ? <ErrorNote error={error} /> : !order ? <Spinner /> : <Placed order={order} />}
    </Screen>
  );
}

function Placed({ order }: { order: Pick<Order, 'id' | 'total' | 'currency'> }) {
  return (
    <div className="placed card">
      <div className="check" aria-hidden="true">✓</div>
      <h2>Thank you!</h2>
      <p>
        Your order of <Money minor={order.total} currency={order.currency} /> is placed and paid from your wallet.
      </p>
      <Link to={`/orders/${encodeURIComponent(order.id)}`} className="btn primary block">
        See your order
      </Link>
      <Link to="/" className="btn ghost block">
        Keep shopping
      </Link>
    </div>
  );
}

