import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addToCart, checkoutKey, emptyCart, itemCount, loadCart, markUnsure, MAX_LINES, orderItems, saveCart, setQuantity, type KeyValueStore } from '../web/src/cart.ts';

const kettle = { product_id: 'p1', name: 'Kettle', price: 25_000, currency: 'INR', image_url: null, stock: 3 };
const mug = { product_id: 'p2', name: 'Mug', price: 4_900, currency: 'INR', image_url: '/media/a.png', stock: 200 };

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

test('adding the same product twice merges into one line, never beyond its stock', () => {
  let c = addToCart(emptyCart(), kettle, 2);
  c = addToCart(c, kettle, 2);
  assert.equal(c.lines.length, 1);
  assert.equal(c.lines[0]!.quantity, 3);
  assert.deepEqual(orderItems(c), [{ product_id: 'p1', quantity: 3 }]);
});

test('an out-of-stock product is not added; quantities stop at 99 and at the 50-line limit', () => {
  assert.equal(addToCart(emptyCart(), { ...kettle, stock: 0 }).lines.length, 0);
  assert.equal(addToCart(emptyCart(), mug, 150).lines[0]!.quantity, 99);
  let c = emptyCart();
  for (let i = 0; i < MAX_LINES + 5; i++) c = addToCart(c, { ...mug, product_id: `p${i}` });
  assert.equal(c.lines.length, MAX_LINES);
});

test('setting a quantity to 0 removes the line; the count adds quantities', () => {
  let c = addToCart(addToCart(emptyCart(), kettle, 2), mug, 3);
  assert.equal(itemCount(c), 5);
  c = setQuantity(c, 'p1', 0);
  assert.deepEqual(orderItems(c), [{ product_id: 'p2', quantity: 3 }]);
  c = setQuantity(c, 'p2', 7);
  assert.equal(itemCount(c), 7);
});

test('the cart survives storage, and a damaged or forged entry is dropped rather than trusted', () => {
  const store = memoryStore();
  const c = addToCart(emptyCart(), kettle, 2);
  saveCart(store, c);
  assert.deepEqual(loadCart(store), c);
  store.setItem('sf_shop_cart', '{not json');
  assert.deepEqual(loadCart(store), emptyCart());
  store.setItem('sf_shop_cart', JSON.stringify({ lines: [{ ...kettle, quantity: 1.5 }, { ...mug, price: '1', quantity: 1 }, { ...mug, quantity: 2 }] }));
  assert.deepEqual(orderItems(loadCart(store)), [{ product_id: 'p2', quantity: 2 }]);
});

test('one checkout attempt keeps one Idempotency-Key until the lines change', () => {
  let n = 0;
  const next = () => `key-${++n}`;
  let c = addToCart(addToCart(emptyCart(), kettle, 1), mug, 2);
  c = checkoutKey(c, next);
  const first = c.checkout!.key;
  // A retry of the same cart (after a timeout, or a reload from storage) sends the same key.
  assert.equal(checkoutKey(c, next).checkout!.key, first);
  const store = memoryStore();
  saveCart(store, c);
  assert.equal(checkoutKey(loadCart(store), next).checkout!.key, first);
  // The same lines in another order are the same attempt; a changed quantity is a new one.
  assert.equal(checkoutKey({ ...c, lines: [...c.lines].reverse() }, next).checkout!.key, first);
  assert.notEqual(checkoutKey(setQuantity(c, 'p2', 3), next).checkout!.key, first);
});

test('while an attempt got no answer the lines are frozen, across a reload, until it is settled', () => {
  let c = checkoutKey(addToCart(emptyCart(), kettle, 1), () => 'k1');
  c = markUnsure(c, true);
  assert.deepEqual(setQuantity(c, 'p1', 3), c);
  assert.deepEqual(addToCart(c, mug), c);
  const store = memoryStore();
  saveCart(store, c);
  const reloaded = loadCart(store);
  assert.equal(reloaded.checkout?.unsure, true);
  assert.equal(checkoutKey(reloaded, () => 'k2').checkout!.key, 'k1');
  // A definite answer (say, out of stock) unfreezes them.
  const settled = markUnsure(reloaded, false);
  assert.equal(setQuantity(settled, 'p1', 2).lines[0]!.quantity, 2);
});
