/**
 * An operator's day in Chromium, each step checked against the API: support finds an order by the
 * customer's phone typed with spaces and reads its timeline; fulfilment ships 21 selected orders in
 * one bulk action (one is cancelled and refused, by name and reason) and leaves a note on an order;
 * the dashboard's low-stock alert leads to the marked products; finance downloads the line items.
 * axe finds nothing serious or critical on any screen at 1440×900 and 390×844.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { minorToDecimal } from '@storefront/money';
import type { Locator, Page } from 'playwright-core';
import type { TestUser } from '../../api/test/helpers.ts';
import { answerTo, rowsOf, shot } from './browser.ts';
import { apiCall, portalToken, type Stack } from './stack.ts';
import { openShopWithOrder, shopperWithCredits, type Shop } from './shop.ts';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let shop: Shop;
let s: Stack;
let page: Page;
let asha: TestUser;
let admin = '';
/** Asha's order, moved to processing by staff: the one found by her phone. */
let ashaOrder = '';
/** 20 orders in processing, ready to ship, and one the customer cancelled. */
const ready: string[] = [];
let cancelled = '';

before(async () => {
  shop = await openShopWithOrder();
  ({ s, page, shopper: asha, orderId: ashaOrder } = shop);
  admin = await portalToken(s);
  const product = async (name: string, price: number, stock: number) => {
    const r = await apiCall(s, 'POST', '/api/v1/admin/products', { token: admin, body: { name, price, stock, is_active: true } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.id as string;
  };
  const tea = await product('E2E Assam Tea', 1_000, 200);
  const cups = await product('E2E Glass Cups', 2_500, 200);
  await product('E2E Teabags', 5_000, 2);
  await product('E2E Strainer', 5_000, 0);

  // 21 orders from two other customers, one or two lines each, placed through the shop's API.
  const customers = [await shopperWithCredits(s, 'Ravi Kumar'), await shopperWithCredits(s, 'Meena Iyer')];
  const placed: { id: string; token: string }[] = [];
  for (let i = 0; i < 21; i++) {
    const who = customers[i % 2]!;
    const items = [{ product_id: tea, quantity: 1 + (i % 3) }, ...(i % 2 === 0 ? [{ product_id: cups, quantity: 1 }] : [])];
    const o = await apiCall(s, 'POST', '/api/v1/orders', { token: who.token, headers: { 'idempotency-key': `day-${i}` }, body: { items } });
    assert.equal(o.status, 201, JSON.stringify(o.body));
    placed.push({ id: o.body.id, token: who.token });
  }
  ready.push(...placed.slice(0, 20).map((o) => o.id));
  const last = placed[20]!;
  cancelled = last.id;
  // The morning's state, in one bulk call: 20 orders and Asha's in processing; the last order cancelled by its customer.
  const moved = await apiCall(s, 'POST', '/api/v1/admin/orders/bulk-status', {
    token: admin,
    headers: { 'idempotency-key': 'day-processing' },
    body: { order_ids: [...ready, ashaOrder], status: 'processing' },
  });
  assert.equal(moved.body.moved, 21, JSON.stringify(moved.body));
  const cancel = await apiCall(s, 'POST', `/api/v1/orders/${cancelled}/cancel`, { token: last.token });
  assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
});
after(async () => {
  await shop?.close();
});

async function seriousViolations(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/**
 * The screen as it stands, at both sizes: no serious axe violation, and what the window shows as a
 * PNG (test-artifacts/admin/<name>.png and <name>-phone.png; docs/admin/ keeps some of them), with
 * `subject` scrolled into view and the pointer off the links.
 */
async function checkSizes(name: string, subject?: Locator): Promise<void> {
  try {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      assert.deepEqual(await seriousViolations(page), [], `${name} at ${size.width}×${size.height}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await subject?.scrollIntoViewIfNeeded();
      await page.mouse.move(size.width - 1, size.height - 1);
      await shot(page, `${name}${size.name === 'phone' ? '-phone' : ''}`, { fullPage: false });
    }
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}

const timelineItems = () => page.getByTestId('timeline').locator('li');

test("support finds an order by the customer's phone typed with spaces, and reads who did what when", async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${s.portalUrl}/`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  const typed = `+91 ${asha.phone.slice(3, 8)} ${asha.phone.slice(8)}`;
  await page.keyboard.press('/');
  await page.keyboard.type(typed);
  // The results for exactly this text: no earlier list can match it.
  const results = page.locator(`[data-testid="global-results"][data-query="${typed}"]`);
  await results.waitFor();
  const orderHits = results.getByRole('link', { name: /^Order / });
  assert.equal(await orderHits.count(), 1, "Asha's one order, by her phone");
  assert.equal(await orderHits.getAttribute('href'), `/orders/${ashaOrder}`);
  await results.getByRole('link', { name: 'Asha Shopper' }).waitFor();
  await checkSizes('global-search');

  await orderHits.click();
  await page.getByRole('heading', { name: `Order ${ashaOrder}` }).waitFor();
  await timelineItems().nth(1).waitFor();
  assert.equal(await timelineItems().count(), 2);
  const [placedText, movedText] = await timelineItems().allInnerTexts();
  assert.match(placedText!, /Placed[\s\S]*customer Asha Shopper/);
  assert.match(movedText!, /Status changed[\s\S]*placed\s*→\s*processing[\s\S]*staff Administrator/);
  const times = await page.getByTestId('timeline').locator('time').all();
  assert.equal(times.length, 2);
  for (const when of times) {
    assert.ok(!Number.isNaN(Date.parse((await when.getAttribute('datetime')) ?? '')), 'each event says when');
  }
  await checkSizes('order-found', page.getByTestId('timeline'));
});

test('fulfilment selects 21 orders and marks them shipped at once: 20 move, the cancelled one is refused by name and reason', async () => {
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByLabel(`Select order ${cancelled}`).waitFor();
  const rows = page.locator('main table tbody tr');
  assert.equal(await rows.count(), 22);
  await page.getByLabel('Select all orders on this page').check();
  await page.getByLabel(`Select order ${ashaOrder}`).uncheck();
  await page.getByTestId('selected-count').filter({ hasText: '21 selected' }).waitFor();
  await page.getByLabel('New status for the selected orders').selectOption('shipped');
  await page.getByLabel('Note for the selected orders (optional)').fill('Afternoon courier pickup');
  await page.getByRole('button', { name: 'Apply to selected' }).click();

  const summary = page.getByTestId('bulk-result');
  await summary.waitFor();
  assert.match(await summary.innerText(), /^Moved 20, refused 1\./);
  assert.deepEqual(await summary.getByRole('listitem').allInnerTexts(), [`${cancelled}: An order that is cancelled cannot become shipped`]);
  await page.getByTestId('selected-count').filter({ hasText: '0 selected' }).waitFor();
  // The list reloads with the new statuses.
  await rows.filter({ hasText: 'shipped' }).nth(19).waitFor();
  await checkSizes('orders-bulk', summary);

  // The API agrees: each ready order shipped with one event for the move, by staff; the others as they were.
  for (const id of ready) {
    const o = (await apiCall(s, 'GET', `/api/v1/admin/orders/${id}`, { token: admin })).body;
    assert.equal(o.status, 'shipped', id);
    const toShipped = o.events.filter((e: { to_status: string | null }) => e.to_status === 'shipped');
    assert.equal(toShipped.length, 1, `one event for ${id}'s move`);
    const e = toShipped[0];
    assert.deepEqual([e.type, e.from_status, e.actor.kind, e.actor.name, e.note], ['status_changed', 'processing', 'admin', 'Administrator', 'Afternoon courier pickup']);
  }
  const refused = (await apiCall(s, 'GET', `/api/v1/admin/orders/${cancelled}`, { token: admin })).body;
  assert.equal(refused.status, 'cancelled');
  assert.deepEqual(refused.events.map((e: { type: string }) => e.type), ['placed', 'cancelled']);
  assert.equal((await apiCall(s, 'GET', `/api/v1/admin/orders/${ashaOrder}`, { token: admin })).body.status, 'processing', 'the unticked order stays');
});

test('a note on the refused order shows in its timeline', async () => {
  await page.getByTestId('bulk-result').getByRole('link', { name: cancelled }).click();
  await page.getByRole('heading', { name: `Order ${cancelled}` }).waitFor();
  await timelineItems().nth(1).waitFor();
  assert.equal(await timelineItems().count(), 2, 'placed and cancelled');
  assert.match(await timelineItems().nth(1).innerText(), /Cancelled[\s\S]*placed\s*→\s*cancelled[\s\S]*customer Ravi Kumar/);
  await page.getByLabel('Add an internal note (never shown to the customer)').fill('Left out of the pickup: the customer cancelled it.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await timelineItems().nth(2).waitFor();
  assert.match(await timelineItems().nth(2).innerText(), /Note[\s\S]*staff Administrator[\s\S]*Left out of the pickup: the customer cancelled it\./);
  const events = (await apiCall(s, 'GET', `/api/v1/admin/orders/${cancelled}`, { token: admin })).body.events;
  assert.deepEqual(
    events.map((e: { type: string; note: string | null }) => [e.type, e.note]),
    [['placed', null], ['cancelled', null], ['note', 'Left out of the pickup: the customer cancelled it.']],
  );
  await checkSizes('order-timeline', page.getByTestId('timeline'));
});

test("the dashboard's low-stock alert leads to the low products, the empty one marked out of stock", async () => {
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const alert = page.getByTestId('low-stock');
  await alert.waitFor();
  assert.equal(await alert.innerText(), 'Low stock: 2');
  await checkSizes('dashboard-day');
  const listed = answerTo(page, '/api/v1/admin/products', { stock_level: 'low', sort: 'stock' });
  await alert.click();
  const rows = page.getByTestId('products').locator('tbody tr');
  assert.equal((await rowsOf(page, listed, rows)).length, 2);
  assert.deepEqual(await rows.locator('td:nth-child(2)').allInnerTexts(), ['E2E Strainer', 'E2E Teabags'], 'fewest in stock first');
  assert.equal(await rows.first().getByText('Out of stock').count(), 1);
  assert.equal(await rows.nth(1).getByText('Low stock').count(), 1);
  await checkSizes('products-low-stock', rows.first());
});

test("finance downloads the shipped orders' line items: a byte-order mark, the customers' names, a row per order line", async () => {
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByLabel(`Select order ${cancelled}`).waitFor();
  const rows = page.locator('main table tbody tr');
  const shipped = answerTo(page, '/api/v1/admin/orders', { status: 'shipped' });
  await page.getByLabel('Filter by status').selectOption('shipped');
  assert.equal((await rowsOf(page, shipped, rows)).length, 20);
  await checkSizes('orders-shipped');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export line items CSV' }).click()]);
  assert.equal(download.suggestedFilename(), 'order-lines.csv');
  const file = await readFile((await download.path())!, 'utf8');
  assert.ok(file.startsWith('\uFEFForder_id,'), 'a UTF-8 byte-order mark, then the header');
  const csv = (parse(file, { bom: true, columns: true }) as Record<string, string>[]).map((r) => [r.order_id, r.customer_name, r.product, r.quantity, r.unit_price, r.line_total]);

  const orders = (await apiCall(s, 'GET', '/api/v1/admin/orders?status=shipped&limit=100', { token: admin })).body.items;
  assert.equal(orders.length, 20);
  const lines = orders.flatMap((o: { id: string; user: { full_name: string }; items: { name: string; quantity: number; unit_price: number; line_total: number }[] }) =>
    o.items.map((l) => [o.id, o.user.full_name, l.name, String(l.quantity), minorToDecimal(l.unit_price, 'INR'), minorToDecimal(l.line_total, 'INR')]),
  );
  assert.equal(lines.length, 30, '20 orders, 10 of them with two lines');
  const sorted = (x: unknown[][]) => x.map((r) => r.join('|')).sort();
  assert.deepEqual(sorted(csv), sorted(lines));
  assert.deepEqual(new Set(csv.map((r) => r[1])), new Set(['Ravi Kumar', 'Meena Iyer']));
});
