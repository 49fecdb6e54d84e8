/**
 * Bulk work on the orders list: row checkboxes, "select all on this page", one action bar, and a
 * result summary; checked against the API's state, and with axe at desktop and phone width.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { shot } from './browser.ts';
import { apiCall, portalToken } from './stack.ts';
import { openShopWithOrder, type Shop } from './shop.ts';

let shop: Shop;
let admin = '';
const ids: string[] = [];

before(async () => {
  shop = await openShopWithOrder();
  const { s, shopper, orderId } = shop;
  admin = await portalToken(s);
  const productId = (await apiCall(s, 'GET', '/api/v1/admin/products', { token: admin })).body.items[0].id;
  ids.push(orderId);
  for (let i = 0; i < 4; i++) {
    const o = await apiCall(s, 'POST', '/api/v1/orders', { token: shopper.token, body: { items: [{ product_id: productId, quantity: 1 }] } });
    assert.equal(o.status, 201, JSON.stringify(o.body));
    ids.push(o.body.id);
  }
  // Four orders ready to ship, and the newest one cancelled.
  for (const [i, id] of ids.entries()) {
    const r = await apiCall(s, 'POST', `/api/v1/admin/orders/${id}/status`, { token: admin, body: { status: i === 4 ? 'cancelled' : 'processing' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
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

test('an admin marks the orders on the page shipped in one action; the cancelled one is refused and said so', async () => {
  const { s, page } = shop;
  const cancelled = ids[4]!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${s.portalUrl}/orders`);
  const rows = page.locator('main table tbody tr');
  await page.getByLabel(`Select order ${cancelled}`).waitFor();
  assert.equal(await rows.count(), 5);
  await page.getByLabel('Select all orders on this page').check();
  await page.getByTestId('selected-count').filter({ hasText: '5 selected' }).waitFor();
  // One row unticked and ticked again: the selection follows the boxes.
  await page.getByLabel(`Select order ${ids[0]}`).uncheck();
  await page.getByTestId('selected-count').filter({ hasText: '4 selected' }).waitFor();
  assert.equal(await page.getByLabel('Select all orders on this page').isChecked(), false);
  await page.getByLabel(`Select order ${ids[0]}`).check();
  await page.getByLabel('New status for the selected orders').selectOption('shipped');
  await page.getByLabel('Note for the selected orders (optional)').fill('Courier pickup 14:00');
  await page.getByRole('button', { name: 'Apply to selected' }).click();

  const summary = page.getByTestId('bulk-result');
  await summary.waitFor();
  assert.match(await summary.innerText(), /^Moved 4, refused 1\./);
  const refusal = summary.getByRole('listitem');
  assert.equal(await refusal.count(), 1);
  assert.equal(await refusal.innerText(), `${cancelled}: An order that is cancelled cannot become shipped`);
  assert.equal(await summary.getByRole('link', { name: cancelled }).getAttribute('href'), `/orders/${cancelled}`);
  await page.getByTestId('selected-count').filter({ hasText: '0 selected' }).waitFor();

  // The API agrees: four shipped (with the note in each move's audit row), the cancelled one untouched.
  for (const id of ids) {
    const o = await apiCall(s, 'GET', `/api/v1/admin/orders/${id}`, { token: admin });
    assert.equal(o.body.status, id === cancelled ? 'cancelled' : 'shipped', id);
  }
  const audit = await apiCall(s, 'GET', `/api/v1/admin/audit-log?entity=order&entity_id=${ids[1]}`, { token: admin });
  const shipped = audit.body.items.find((a: { after: { status?: string } | null }) => a.after?.status === 'shipped');
  assert.equal(shipped?.after?.note, 'Courier pickup 14:00');
  // The list shows the new statuses once it reloads.
  await rows.filter({ hasText: 'shipped' }).nth(3).waitFor();

  // Something selected again, so the bar shows a selection and the summary at both sizes.
  await page.getByLabel(`Select order ${ids[0]}`).check();
  assert.deepEqual(await seriousViolations(page), []);
  await shot(page, '23-orders-bulk-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Apply to selected' }).waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await shot(page, '24-orders-bulk-390');
  await page.setViewportSize({ width: 1280, height: 900 });
});
