import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { registerUser, type TestUser } from '../../api/test/helpers.ts';
import { answerTo, eventually, rowsOf, shot, signIn } from './browser.ts';
import { apiCall, portalToken, type Stack } from './stack.ts';
import { openShopWithOrder, type Shop } from './shop.ts';

let shop: Shop;
let s: Stack;
let browser: Browser;
let page: Page;
let shopper: TestUser;
let orderId = '';
const credits = () => shop.credits();

before(async () => {
  shop = await openShopWithOrder();
  ({ s, browser, page, shopper, orderId } = shop);
});
after(async () => {
  await shop?.close();
});

test('an admin replies to a ticket and the user sees the reply', async () => {
  const created = await apiCall(s, 'POST', '/api/v1/tickets', { token: shopper.token, body: { subject: 'Where is my kettle?', message: 'It has not arrived.' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await page.getByRole('link', { name: 'Tickets' }).click();
  await page.getByRole('link', { name: 'Where is my kettle?' }).waitFor();
  await shot(page, '29-tickets');
  await page.getByRole('link', { name: 'Where is my kettle?' }).click();
  await page.getByText('It has not arrived.').waitFor();
  await page.getByLabel('Reply', { exact: true }).fill('It ships tomorrow. Sorry for the wait!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await page.getByText('Reply sent.').waitFor();
  // A support reply hands the ticket to the user.
  await page.locator('.status', { hasText: 'awaiting user' }).first().waitFor();
  await shot(page, '30-ticket');
  const seen = await apiCall(s, 'GET', `/api/v1/tickets/${created.body.id}`, { token: shopper.token });
  assert.equal(seen.body.status, 'awaiting_user');
  const last = seen.body.replies.at(-1);
  assert.equal(last.author, 'support');
  assert.equal(last.message, 'It ships tomorrow. Sorry for the wait!');

  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await page.getByText('Status changed to resolved.').waitFor();
  assert.equal((await apiCall(s, 'GET', `/api/v1/tickets/${created.body.id}`, { token: shopper.token })).body.status, 'resolved');
});

test('an admin promotes a user, who can then sign in to the portal', async () => {
  const staff = await registerUser(s.api, { full_name: 'Ravi Staff' });
  const other = await browser.newContext();
  const staffPage = await other.newPage();
  try {
    await staffPage.goto(`${s.portalUrl}/login`);
    await staffPage.getByLabel('Phone number').fill(staff.phone);
    await staffPage.getByLabel('Password').fill(staff.password);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await staffPage.getByRole('alert').waitFor(); // not an admin yet

    await page.getByRole('link', { name: 'Users' }).click();
    const found = answerTo(page, '/api/v1/admin/users', { q: staff.phone });
    await page.getByLabel('Search users').fill(staff.phone);
    await page.getByLabel('Search users').press('Enter');
    assert.equal((await rowsOf(page, found, page.locator('main tbody tr'))).length, 1);
    await page.getByRole('link', { name: 'Ravi Staff' }).waitFor();
    await shot(page, '39-users');
    await page.getByRole('link', { name: 'Ravi Staff' }).click();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Promote to admin' }).click();
    await page.getByText('Promoted to admin.').waitFor();
    await shot(page, '40-user-promoted');

    await signIn(staffPage, s.portalUrl, staff.phone, staff.password);
    assert.match(await staffPage.locator('.who').innerText(), /Ravi Staff/);
  } finally {
    await other.close();
  }
});

test('an admin deletes a user: their sessions end and the account is anonymised', async () => {
  const leaving = await registerUser(s.api, { full_name: 'Dina Leaving' });
  assert.equal((await apiCall(s, 'GET', '/api/v1/me', { token: leaving.token })).status, 200);
  await page.goto(`${s.portalUrl}/users/${leaving.id}`);
  await page.getByRole('heading', { name: 'Dina Leaving' }).waitFor();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  assert.equal((await apiCall(s, 'GET', '/api/v1/me', { token: leaving.token })).status, 401);
  const after = await apiCall(s, 'GET', `/api/v1/admin/users/${leaving.id}`, { token: await portalToken(s) });
  assert.ok(after.status === 404 || after.body.deleted_at, `deleted: ${after.status} ${JSON.stringify(after.body)}`);
});

test('the dashboard shows the headline figures and the daily series as a chart with its numbers beside it', async () => {
  // Loaded afresh: the sign-in landed on the dashboard before the shop's order was placed.
  await page.goto(`${s.portalUrl}/`);
  await page.locator('.card').first().waitFor();
  assert.ok((await page.locator('.card').count()) >= 3);
  const table = page.getByTestId('daily-table');
  await table.locator('tbody tr').first().waitFor();
  assert.equal(await table.locator('tbody tr').count(), 30);
  await page.getByLabel('Figure').selectOption('orders');
  // The day the shop's one order was placed (today, or yesterday when the run crossed midnight UTC) has it, drawn as a bar.
  const placed = (await apiCall(s, 'GET', `/api/v1/admin/orders/${orderId}`, { token: await portalToken(s) })).body.created_at.slice(0, 10);
  const row = table.locator('tbody tr', { hasText: placed });
  // The table redraws after the figure changes: wait for the change, then say what it shows.
  await eventually(async () => (await row.innerText()).endsWith('\t1')).catch(() => undefined);
  assert.deepEqual((await row.innerText()).split('\t'), [placed, '1']);
  await page.getByTestId('daily-chart').locator('.recharts-bar-rectangle path').first().waitFor();
  await page.getByRole('button', { name: '90 days' }).click();
  await eventually(async () => (await table.locator('tbody tr').count()) === 90);
  await page.getByLabel('Figure').selectOption('revenue');
  await page.getByTestId('daily-chart').locator('.recharts-line-curve').waitFor();
  await shot(page, '50-dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '51-dashboard-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
});


test('on a phone a wide table scrolls inside its own box, and the page does not scroll sideways', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    // At phone width the sections are behind the menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Transactions' }).click();
    const box = page.getByRole('region', { name: /^Table of When, User, Type/ });
    await box.waitFor();
    const [pageWidth, boxWidth, tableWidth] = await box.evaluate((el) => [document.documentElement.scrollWidth, el.clientWidth, el.scrollWidth]);
    assert.equal(pageWidth, 390);
    assert.ok(tableWidth > boxWidth, `the table (${tableWidth} px) is wider than its box (${boxWidth} px)`);
    // A keyboard reaches the box and scrolls it.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await eventually(async () => (await box.evaluate((el) => el.scrollLeft)) > 0);
    await shot(page, '52-transactions-phone');
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // Wide enough for the table: no region, no extra tab stop.
  await eventually(async () => (await page.getByRole('region', { name: /^Table of When, User, Type/ }).count()) === 0);
});
