/**
 * The cart lives on the device (localStorage): lines of product id and quantity, with the name,
 * price and picture seen when added — for showing only. Prices that are paid come from the
 * server's quote (docs/shop.md). The checkout's Idempotency-Key is kept with the cart so a retry
 * after a lost answer, even after a reload, sends the same key; any change to the lines makes a new one.
 */
export interface CartLine {
  product_id: string;
  name: string;
  price: number;
  currency: string;
  image_url: string | null;
  quantity: number;
  /** Stock when last seen; the server has the final word. */
  stock: number;
}

export interface CartState {
  lines: CartLine[];
  /**
   * The key of the current checkout attempt and the lines it was made for. `unsure` is set while
   * an attempt got no answer: the order may exist, so the lines are frozen until a retry with the
   * same key settles it (a change would mean a new key, and maybe a second order).
   */
  checkout: { key: string; fingerprint: string; unsure?: boolean } | null;
}

/** The API's limits on an order (docs/contracts.md §5): 1–50 lines, quantity 1–99. */
export const MAX_LINES = 50;
export const MAX_QUANTITY = 99;
const STORAGE_KEY = 'sf_shop_cart';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const emptyCart = (): CartState => ({ lines: [], checkout: null });

function validLine(l: any): l is CartLine {
  return (
    l !== null &&
    typeof l === 'object' &&
    typeof l.product_id === 'string' &&
    typeof l.name === 'string' &&
    Number.isSafeInteger(l.price) &&
    typeof l.currency === 'string' &&
    (l.image_url === null || typeof l.image_url === 'string') &&
    Number.isSafeInteger(l.quantity) &&
    l.quantity >= 1 &&
    l.quantity <= MAX_QUANTITY &&
    Number.isSafeInteger(l.stock)
  );
}

/** Reads the saved cart; anything damaged or foreign is dropped rather than trusted. */
export function loadCart(store: KeyValueStore): CartState {
  try {
    const raw = JSON.parse(store.getItem(STORAGE_KEY) ?? 'null');
    if (!raw || !Array.isArray(raw.lines)) return emptyCart();
    const lines = raw.lines.filter(validLine).slice(0, MAX_LINES);
    const c = raw.checkout;
    const checkout = c && typeof c.key === 'string' && typeof c.fingerprint === 'string' ? { key: c.key, fingerprint: c.fingerprint, ...(c.unsure === true ? { unsure: true } : {}) } : null;
    return { lines, checkout };
  } catch {
    return emptyCart();
  }
}

export function saveCart(store: KeyValueStore, cart: CartState): void {
  store.setItem(STORAGE_KEY, JSON.stringify(cart));
}

const clampQty = (q: number, stock: number) => Math.max(0, Math.min(Math.floor(q), MAX_QUANTITY, Math.max(stock, 0)));

/** True while a checkout attempt's outcome is unknown: the lines may not change. */
export const frozen = (cart: CartState): boolean => cart.checkout?.unsure === true;

/** Adds `quantity` of a product (merging with its line), never beyond stock or 99. */
export function addToCart(cart: CartState, item: Omit<CartLine, 'quantity'>, quantity = 1): CartState {
  if (frozen(cart)) return cart;
  const existing = cart.lines.find((l) => l.product_id === item.product_id);
  if (existing) {
    const q = clampQty(existing.quantity + quantity, item.stock);
    return { ...cart, lines: cart.lines.map((l) => (l === existing ? { ...l, ...item, quantity: Math.max(q, 1) } : l)) };
  }
  const q = clampQty(quantity, item.stock);
  if (q < 1 || cart.lines.length >= MAX_LINES) return cart;
  return { ...cart, lines: [...cart.lines, { ...item, quantity: q }] };
}

/** Sets a line's quantity; 0 removes it. */
export function setQuantity(cart: CartState, productId: string, quantity: number): CartState {
  if (frozen(cart)) return cart;
  if (quantity < 1) return { ...cart, lines: cart.lines.filter((l) => l.product_id !== productId) };
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.product_id === productId ? { ...l, quantity: Math.max(1, clampQty(quantity, Math.max(l.stock, 1))) } : l)),
  };
}

export const itemCount = (cart: CartState): number => cart.lines.reduce((n, l) => n + l.quantity, 0);

/** The body of a quote or an order. */
export const orderItems = (cart: CartState) => cart.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }));

const fingerprintOf = (cart: CartState) =>
  JSON.stringify(
    orderItems(cart)
      .slice()
      .sort((a, b) => (a.product_id < b.product_id ? -1 : 1)),
  );

/**
 * The Idempotency-Key for paying this cart: the same one until the lines change or an order is
 * placed, so every retry of one attempt is answered with the one order it made.
 */
export function checkoutKey(cart: CartState, newKey: () => string): CartState {
  const fingerprint = fingerprintOf(cart);
  if (cart.checkout && cart.checkout.fingerprint === fingerprint) return cart;
  return { ...cart, checkout: { key: newKey(), fingerprint } };
}

/** Records whether the current attempt's outcome is unknown (see `checkout.unsure`). */
export function markUnsure(cart: CartState, unsure: boolean): CartState {
  if (!cart.checkout) return cart;
  const { unsure: _old, ...rest } = cart.checkout;
  return { ...cart, checkout: unsure ? { ...rest, unsure: true } : rest };
}
