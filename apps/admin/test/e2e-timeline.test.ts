/**
 * People and the order timeline in the portal: lists name the customer (name and phone, one line
 * each, also at phone width), the order page shows who did what and when, ships with tracking and
 * takes a note, the user page takes notes; axe finds nothing serious at 1440×900 and 390×844.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../api/test/helpers.ts';
import { shot } from './browser.ts';
import { apiCall, portalToken, type Stack } from './stack.ts';
import { openShopWithOrder, type Shop } from './shop.ts';

let shop: Shop;
let s: Stack;
let page: Page;
let shopper: TestUser;
let orderId = '';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

before(async () => {
  shop = await openShopWithOrder();
  ({ s, page, shopper, orderId } = shop);
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

/** At each size: axe finds nothing serious, and a full-page screenshot is kept for review. */
async function checkSizes(name: string): Promise<void> {
  try {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await seriousViolations(page), [], `${name} at ${size.width}×${size.height}`);
      await shot(page, `${name}-${size.name}`);
    }
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}

const timelineItems = () => page.getByTestId('timeline').locator('li');

test('the orders list names the customer by name and phone, one line each even at phone width, linking to the user', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('link', { name: 'Orders' }).click();
  const row = page.locator('tbody tr', { has: page.getByRole('link', { name: orderId }) });
  await row.waitFor();
  const customer = row.getByRole('link', { name: `Asha Shopper · ${shopper.phone}` });
  assert.equal(await customer.getAttribute('href'), `/users/${shopper.id}`);
  assert.doesNotMatch(await row.innerText(), new RegExp(shopper.id), 'the row shows no user id');
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // Name and phone each stay on one line: no cell grows to hold a wrapped id.
    const lines = await customer.evaluate((el) =>
      [...el.querySelectorAll('span')].map((span) => span.getBoundingClientRect().height / parseFloat(getComputedStyle(span).lineHeight)),
    );
    assert.equal(lines.length, 2);
    for (const n of lines) assert.ok(n < 1.5, `a line of the customer cell wrapped (${n.toFixed(2)} lines)`);
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await checkSizes('90-orders-people');
});

test('the order page shows the timeline with who and when, ships with tracking and takes a note the shopper never sees', async () => {
  await page.getByRole('link', { name: orderId }).click();
  await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
  await timelineItems().first().waitFor();
  assert.equal(await timelineItems().count(), 1);
  const placed = await timelineItems().first().innerText();
  assert.match(placed, /Placed/);
  assert.match(placed, /customer Asha Shopper/);
  assert.ok((await timelineItems().first().locator('time').getAttribute('datetime'))?.startsWith('20'), 'the event says when');

  await page.getByRole('button', { name: 'Mark processing' }).click();
  await timelineItems().nth(1).waitFor();
  const moved = await timelineItems().nth(1).innerText();
  assert.match(moved, /Status changed/);
  assert.match(moved, /placed\s*→\s*processing/);
  assert.match(moved, /staff Administrator/);

  await page.getByLabel('Carrier').fill('BlueDart');
  await page.getByLabel('Tracking number').fill('BD-778899');
  await page.getByLabel('Tracking URL').fill('https://track.example/BD-778899');
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await timelineItems().nth(2).waitFor();
  const shipped = timelineItems().nth(2);
  assert.match(await shipped.innerText(), /processing\s*→\s*shipped/);
  assert.match(await shipped.innerText(), /Tracking: BlueDart BD-778899/);
  assert.equal(await shipped.getByRole('link', { name: 'track the parcel' }).getAttribute('href'), 'https://track.example/BD-778899');

  await page.getByLabel('Add an internal note (never shown to the customer)').fill('Customer asked to leave it with the guard.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await timelineItems().nth(3).waitFor();
  assert.match(await timelineItems().nth(3).innerText(), /Note[\s\S]*staff Administrator[\s\S]*Customer asked to leave it with the guard\./);

  // The shopper's own view: the tracking, but no note and no staff identity.
  const mine = await apiCall(s, 'GET', `/api/v1/orders/${orderId}`, { token: shopper.token });
  assert.deepEqual(
    mine.body.events.map((e: { type: string }) => e.type),
    ['placed', 'status_changed', 'status_changed'],
  );
  assert.deepEqual(mine.body.events[2].data, { carrier: 'BlueDart', tracking_number: 'BD-778899', tracking_url: 'https://track.example/BD-778899' });
  assert.doesNotMatch(JSON.stringify(mine.body), /guard|Administrator/);
  await checkSizes('91-order-timeline');
});

test('the user page lists notes with who wrote them and takes a new one', async () => {
  await page.goto(`${s.portalUrl}/users/${shopper.id}`);
  await page.getByRole('heading', { name: 'Asha Shopper' }).waitFor();
  await page.getByText('No notes yet.').waitFor();
  await page.getByLabel('Add an internal note (staff only)').fill('Prefers calls after 6 pm.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByTestId('user-notes').locator('li');
  await notes.first().waitFor();
  assert.equal(await notes.count(), 1);
  assert.match(await notes.first().innerText(), /Administrator[\s\S]*Prefers calls after 6 pm\./);
  const stored = await apiCall(s, 'GET', `/api/v1/admin/users/${shopper.id}`, { token: await portalToken(s) });
  assert.deepEqual(stored.body.notes.map((n: { note: string }) => n.note), ['Prefers calls after 6 pm.']);
  await checkSizes('92-user-notes');
});
