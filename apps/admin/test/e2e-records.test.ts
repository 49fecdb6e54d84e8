/**
 * Records as staff read them, walked in Chromium: a phone found by every search box in every form
 * sign-in takes; Transactions and Audit log filters kept over reload and Back; the wallet ledger's
 * references as links with their reasons; a product read-only to roles that cannot edit it; staff
 * changes in the audit log named and filterable; staff invites resent and revoked. axe and
 * screenshots (1280×800 and 390×844) of each changed screen.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { newPhone, registerUser, type TestUser } from '../../api/test/helpers.ts';
import { SmsSimulator } from '../../api/test/otp-fixtures.ts';
import { answerTo, eventually, launch, rowsOf, shot, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, portalToken, startStack, type Stack } from './stack.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const PHONE = '+919876500959';

let sms: SmsSimulator;
let s: Stack;
let browser: Browser;
let page: Page;
let admin = '';
let shopper: TestUser;
let staffer: TestUser;
let productId = '';
let orderId = '';

before(async () => {
  sms = await new SmsSimulator().start();
  s = await startStack({ listenPortal: true, env: { DAILY_SPIN_PRIZE: '500000', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms` } });
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, s.portalUrl, SEED_ADMIN_PHONE, SEED_ADMIN_PASSWORD);
  admin = await portalToken(s);

  // A shopper who spins, orders a kettle, is refunded part of it with a reason and is debited by hand.
  productId = (await apiCall(s, 'POST', '/api/v1/admin/products', { token: admin, body: { name: 'Walk Kettle', description: 'Steel.\nTwo litres.', price: 25_000, stock: 10, is_active: true } })).body.id;
  shopper = await registerUser(s.api, { full_name: 'Nila Phone', phone: PHONE });
  assert.equal((await apiCall(s, 'POST', '/api/v1/wallet/daily-spin', { token: shopper.token })).status, 200);
  const order = await apiCall(s, 'POST', '/api/v1/orders', { token: shopper.token, body: { items: [{ product_id: productId, quantity: 1 }] } });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  orderId = order.body.id;
  assert.equal((await apiCall(s, 'POST', `/api/v1/admin/orders/${orderId}/refund`, { token: admin, body: { amount: 5_000, reason: 'Dented lid' } })).status, 201);
  assert.equal((await apiCall(s, 'POST', `/api/v1/admin/users/${shopper.id}/adjustments`, { token: admin, body: { amount: -1_000, reason: 'Duplicate credit' } })).status, 201);

  staffer = await registerUser(s.api, { full_name: 'Fina Reader' });
  await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'finance' }).where('id', '=', staffer.id).execute();
});
after(async () => {
  await browser?.close();
  await s?.close();
  await sms?.stop();
});

async function seriousViolations(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** At each size: axe finds nothing serious, and a full-page screenshot is kept for review. */
async function checkSizes(p: Page, name: string): Promise<void> {
  try {
    for (const size of SIZES) {
      await p.setViewportSize({ width: size.width, height: size.height });
      await p.waitForLoadState('networkidle');
      assert.deepEqual(await seriousViolations(p), [], `${name} at ${size.width}×${size.height}`);
      await shot(p, `${name}-${size.name}`);
    }
  } finally {
    await p.setViewportSize({ width: 1280, height: 800 });
  }
}

const query = (p: Page) => Object.fromEntries(new URL(p.url()).searchParams);

test('a phone typed in any form sign-in takes finds the user in the Users search and the global search', async () => {
  await page.goto(`${s.portalUrl}/users`);
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  const rows = page.locator('main table tbody tr');
  for (const typed of ['09876500959', '9876500959', '+91 98765-00959', '098765 00959']) {
    const answer = answerTo(page, '/api/v1/admin/users', { q: typed });
    await page.getByLabel('Search users').fill(typed);
    const items = (await rowsOf(page, answer, rows)) as { id: string }[];
    assert.deepEqual(items.map((u) => u.id), [shopper.id], typed);
    await rows.filter({ hasText: 'Nila Phone' }).waitFor();
  }
  const search = page.getByLabel('Search orders, users and products (press /)');
  for (const typed of ['09876500959', '+91 98765 00959']) {
    await search.fill(typed);
    const results = page.locator(`[data-testid="global-results"][data-query="${typed}"]`);
    await results.waitFor();
    await results.getByRole('link', { name: 'Nila Phone' }).waitFor();
    // The orders search found her order too, as it did before.
    assert.equal(await results.getByRole('link', { name: /^Order / }).count(), 1, typed);
  }
  await search.press('Escape');
});

test('Transactions and Audit log filters stay in the URL: a reload keeps them, Back returns to the ones before', async () => {
  await page.goto(`${s.portalUrl}/transactions`);
  await page.getByRole('heading', { name: 'Transactions' }).waitFor();
  const rows = page.getByTestId('transactions').locator('tbody tr');
  let answer = answerTo(page, '/api/v1/admin/transactions', { type: 'adjustment' });
  await page.getByLabel('Filter by type').selectOption('adjustment');
  assert.equal(((await rowsOf(page, answer, rows)) as { type: string }[]).every((t) => t.type === 'adjustment'), true);
  const today = new Date().toISOString().slice(0, 10);
  answer = answerTo(page, '/api/v1/admin/transactions', { type: 'adjustment', from: today });
  await page.getByLabel('From day').fill(today);
  await rowsOf(page, answer, rows);
  assert.deepEqual(query(page), { type: 'adjustment', from: today });

  answer = answerTo(page, '/api/v1/admin/transactions', { type: 'adjustment', from: today });
  await page.reload();
  const kept = (await rowsOf(page, answer, rows)) as { type: string }[];
  assert.deepEqual(kept.map((t) => t.type), ['adjustment']);
  assert.equal(await page.getByLabel('Filter by type').inputValue(), 'adjustment');
  assert.equal(await page.getByLabel('From day').inputValue(), today);
  // The reference is named and linked here too, with the reason.
  await rows.getByRole('link', { name: 'Adjustment' }).waitFor();
  await rows.getByText('Reason: Duplicate credit').waitFor();
  await checkSizes(page, 'transactions-filtered');

  await page.goBack();
  await eventually(async () => (await page.getByLabel('From day').inputValue()) === '');
  assert.equal(await page.getByLabel('Filter by type').inputValue(), 'adjustment');
  assert.deepEqual(query(page), { type: 'adjustment' });

  await page.goto(`${s.portalUrl}/audit`);
  await page.getByRole('heading', { name: 'Audit log' }).waitFor();
  const audit = page.getByTestId('audit-log').locator('tbody tr');
  answer = answerTo(page, '/api/v1/admin/audit-log', { entity: 'wallet' });
  await page.getByLabel('Filter by kind of record').selectOption('wallet');
  await rowsOf(page, answer, audit);
  answer = answerTo(page, '/api/v1/admin/audit-log', { entity: 'wallet', entity_id: shopper.id });
  await page.getByLabel('Filter by record id').fill(shopper.id);
  const mine = (await rowsOf(page, answer, audit)) as { action: string }[];
  assert.deepEqual(mine.map((e) => e.action), ['wallet.adjust']);
  await page.reload();
  await eventually(async () => (await page.getByLabel('Filter by record id').inputValue()) === shopper.id);
  assert.equal(await page.getByLabel('Filter by kind of record').inputValue(), 'wallet');
  await audit.filter({ hasText: 'wallet.adjust' }).waitFor();
  await page.goBack();
  await eventually(async () => (await page.getByLabel('Filter by record id').inputValue()) === '');
  assert.deepEqual(query(page), { entity: 'wallet' });
});

test("the user's wallet ledger names each reference and links to it, with the refund's and the adjustment's reasons", async () => {
  await page.goto(`${s.portalUrl}/users/${shopper.id}`);
  const ledger = page.getByTestId('ledger');
  const number = orderId.slice(-8).toUpperCase();
  const paid = ledger.getByRole('link', { name: `Order ${number}`, exact: true });
  await paid.waitFor();
  assert.equal(await paid.getAttribute('href'), `/orders/${orderId}`);
  const refund = ledger.locator('tr', { hasText: 'order refund' });
  assert.equal(await refund.getByRole('link', { name: `Refund of order ${number}` }).getAttribute('href'), `/orders/${orderId}`);
  await refund.getByText('Reason: Dented lid').waitFor();
  const debit = ledger.locator('tr', { hasText: 'Duplicate credit' });
  assert.equal(await debit.getByRole('link', { name: 'Adjustment' }).getAttribute('href'), `/audit?entity=wallet&entity_id=${shopper.id}`);
  await ledger.getByText(`Daily spin of ${new Date().toISOString().slice(0, 10)}`).waitFor();
  assert.doesNotMatch(await ledger.innerText(), /[0-9a-f]{8}-[0-9a-f]{4}-/, 'no bare id is shown');
  await checkSizes(page, 'user-ledger');

  await refund.getByRole('link', { name: `Refund of order ${number}` }).click();
  await eventually(async () => new URL(page.url()).pathname === `/orders/${orderId}`);
  await page.locator('main h1').waitFor();
});

test('Finance, Support and Read only see a product read-only, with no inputs and no Save button', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const finance = await context.newPage();
    await signIn(finance, s.portalUrl, staffer.phone, staffer.password);
    await finance.goto(`${s.portalUrl}/products/${productId}`);
    await finance.getByRole('heading', { name: 'Walk Kettle' }).waitFor();
    const view = finance.getByTestId('product-view');
    await view.getByText('250.00 INR').waitFor();
    await finance.getByText('Your role may look at products but not change them.').waitFor();
    assert.equal(await finance.locator('main').getByRole('textbox').count(), 0, 'no field to type in');
    assert.equal(await finance.locator('main input, main select, main textarea').count(), 0);
    assert.equal(await finance.getByRole('button', { name: 'Save product' }).count(), 0);
    assert.equal(await finance.getByRole('button', { name: 'Delete product' }).count(), 0);
    await checkSizes(finance, 'product-read-only');
    // Support and Read only see the same (the role is read again on every load).
    for (const role of ['support', 'read_only'] as const) {
      await s.db.database.db.updateTable('users').set({ staff_role: role }).where('id', '=', staffer.id).execute();
      await finance.reload();
      await finance.getByText(role === 'support' ? 'Support' : 'Read only', { exact: true }).waitFor();
      await finance.getByTestId('product-view').getByText('250.00 INR').waitFor();
      assert.equal(await finance.locator('main input, main select, main textarea').count(), 0, role);
      assert.equal(await finance.getByRole('button', { name: 'Save product' }).count(), 0, role);
    }
    await s.db.database.db.updateTable('users').set({ staff_role: 'finance' }).where('id', '=', staffer.id).execute();
  } finally {
    await context.close();
  }
  // The owner still edits it.
  await page.goto(`${s.portalUrl}/products/${productId}`);
  await page.getByRole('button', { name: 'Save product' }).waitFor();
  await eventually(async () => (await page.locator('input[name="name"]').inputValue()) === 'Walk Kettle');
});

test("a staff member's role change shows in the audit log with their name and phone, and the staff kind filters to it", async () => {
  await page.goto(`${s.portalUrl}/staff`);
  const row = page.getByTestId('staff').locator('tr', { hasText: 'Fina Reader' });
  await row.getByRole('combobox').selectOption('read_only');
  await page.getByText('Fina Reader: now Read only.').waitFor();

  await page.goto(`${s.portalUrl}/audit`);
  const audit = page.getByTestId('audit-log').locator('tbody tr');
  const answer = answerTo(page, '/api/v1/admin/audit-log', { entity: 'staff' });
  await page.getByLabel('Filter by kind of record').selectOption('staff');
  const items = (await rowsOf(page, answer, audit)) as { entity: string }[];
  assert.ok(items.length >= 1 && items.every((e) => e.entity === 'staff'));
  const change = audit.filter({ hasText: 'staff.update' });
  await change.getByRole('link', { name: `Fina Reader · ${staffer.phone}` }).waitFor();
  await change.locator('del', { hasText: 'finance' }).waitFor();
  await change.locator('ins', { hasText: 'read_only' }).waitFor();
  assert.doesNotMatch(await change.innerText(), /^staff$/m, 'the record has a name');
  await checkSizes(page, 'audit-staff');
});

/** The invite code: the only 6-digit run of the last SMS to `phone`, and how many went there. */
function lastCode(phone: string): { code: string; sent: number } {
  const sent = sms.requests.map((r) => JSON.parse(r.raw) as { to: string; body: string }).filter((m) => m.to === phone);
  const code = /\b(\d{6})\b/.exec(sent.at(-1)?.body ?? '')?.[1];
  assert.ok(code, `an invite SMS went to ${phone}`);
  return { code, sent: sent.length };
}

const accept = (phone: string, code: string) => apiCall(s, 'POST', '/api/v1/auth/admin/accept-invite', { body: { phone, code, password: 'invitee-password-1' } });

async function inviteFromPage(phone: string, name: string): Promise<void> {
  await page.getByLabel('Phone number to invite').fill(phone);
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Role for the invite').selectOption('support');
  await page.getByRole('button', { name: 'Send invite', exact: true }).click();
  await page.getByText(`Invite sent to ${phone} as Support.`, { exact: false }).waitFor();
}

test('the owner resends an invite (a new code; the old one is dead) and revokes another after confirming', async () => {
  await page.goto(`${s.portalUrl}/staff`);
  await page.getByRole('heading', { name: 'Staff' }).waitFor();
  const [resent, revoked] = [newPhone(), newPhone()];
  await inviteFromPage(resent, 'Ivy Invitee');
  await inviteFromPage(revoked, 'Rex Revoked');
  const staff = page.getByTestId('staff');
  await staff.locator('tr', { hasText: 'Rex Revoked' }).getByText('invited', { exact: true }).waitFor();
  await checkSizes(page, 'staff-invites');

  const first = lastCode(resent);
  await page.getByRole('button', { name: 'Resend the invite of Ivy Invitee' }).click();
  await page.getByText(`Ivy Invitee: a new invite code went to ${resent}; the old code no longer works.`).waitFor();
  const second = lastCode(resent);
  assert.equal(second.sent, first.sent + 1);
  if (first.code !== second.code) assert.equal((await accept(resent, first.code)).status, 400, 'the old code is refused');
  assert.equal((await accept(resent, second.code)).status, 200, 'the new code is accepted');

  // Dismissing the confirmation changes nothing; confirming revokes.
  const rex = staff.locator('tr', { hasText: 'Rex Revoked' });
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await rex.getByRole('button', { name: 'Revoke the invite of Rex Revoked' }).click();
  await eventually(async () => asked !== '');
  assert.match(asked, /Revoke the invite of Rex Revoked\?/);
  assert.equal(await rex.getByText('invited', { exact: true }).count(), 1);
  page.once('dialog', (d) => void d.accept());
  await rex.getByRole('button', { name: 'Revoke the invite of Rex Revoked' }).click();
  await page.getByText('Rex Revoked: invite revoked.').waitFor();
  await rex.getByText('disabled', { exact: true }).waitFor();
  assert.equal((await accept(revoked, lastCode(revoked).code)).status, 400, 'a revoked code is refused');
  const actions = (await apiCall(s, 'GET', '/api/v1/admin/audit-log?entity=staff', { token: await ownerToken() })).body.items.map((e: { action: string }) => e.action);
  assert.ok(actions.includes('staff.invite_resend') && actions.includes('staff.invite_revoke'), actions.join(', '));
});

/** A fresh owner token: the accept calls above made newer portal-less sessions, so the portal's newest is not the one to read. */
async function ownerToken(): Promise<string> {
  const login = await apiCall(s, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.access_token as string;
}
