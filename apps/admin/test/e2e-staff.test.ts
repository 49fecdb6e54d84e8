/**
 * Staff accounts in the portal, walked in Chromium: an owner invites a support person from the
 * Staff page (the code comes from the SMS the API sent), who accepts the invite, signs in, sets up
 * two-factor sign-in from the Security page (with the password again; codes computed from the key the page shows), signs in
 * again with a code, replies to a ticket, and sees neither the dashboard nor refunds (the API
 * refuses their token there too). Disabled by the owner, their open session ends at once. axe on
 * the new pages, screenshots of Staff and Security at 1440×900 and 390×844.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhone, registerUser } from '../../api/test/helpers.ts';
import { SmsSimulator } from '../../api/test/otp-fixtures.ts';
import { launch, shot, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, portalToken, startStack, type Stack } from './stack.ts';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const PHONE = newPhone();
const PASSWORD = 'support-password-1';
const NAME = 'Sam Support';

let sms: SmsSimulator;
let s: Stack;
let browser: Browser;
let owner: Page;
let staffContext: BrowserContext;
let staff: Page;
let secret = '';

before(async () => {
  sms = await new SmsSimulator().start();
  s = await startStack({ listenPortal: true, env: { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms` } });
  browser = await launch();
  owner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  staff = await staffContext.newPage();
  await signIn(owner, s.portalUrl, SEED_ADMIN_PHONE, SEED_ADMIN_PASSWORD);
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
    await p.setViewportSize({ width: 1440, height: 900 });
  }
}

/** The invite code: the only 6-digit run of the last SMS to `phone`. */
function inviteCode(phone: string): string {
  const body = sms.requests.map((r) => JSON.parse(r.raw) as { to: string; body: string }).filter((m) => m.to === phone).at(-1)?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  assert.ok(code, `an invite SMS went to ${phone}: ${body}`);
  return code;
}

/** A TOTP code for the key the page showed, `stepsAhead` 30-second steps from now (the API allows one step of drift). */
const totp = (stepsAhead = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

const navLinks = async (p: Page) => (await p.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents()).map((t) => t.trim());

/** The staff member's own access token, as the portal holds it for their newest session. */
async function staffToken(): Promise<string> {
  const token = await portalToken(s);
  const me = await apiCall(s, 'GET', '/api/v1/admin/me', { token });
  assert.equal(me.body.phone, PHONE, "the newest portal session is the staff member's");
  return token;
}

test('the owner invites a support person from the Staff page; the API sends the code by SMS', async () => {
  await owner.getByRole('link', { name: 'Staff' }).click();
  await owner.getByRole('heading', { name: 'Staff' }).waitFor();
  await owner.getByLabel('Phone number to invite').fill(PHONE);
  await owner.getByLabel('Name (optional)').fill(NAME);
  await owner.getByLabel('Role for the invite').selectOption('support');
  await owner.getByRole('button', { name: 'Send invite' }).click();
  await owner.getByText(`Invite sent to ${PHONE} as Support.`).waitFor();
  const row = owner.getByTestId('staff').locator('tr', { hasText: NAME });
  await row.getByText('invited', { exact: true }).waitFor();
  assert.match(inviteCode(PHONE), /^\d{6}$/);

  // The API's refusal in words: the only owner cannot step down.
  await owner.getByTestId('staff').locator('tr', { hasText: SEED_ADMIN_PHONE }).getByRole('combobox').selectOption('finance');
  await owner.getByText('The last active owner cannot be demoted, disabled or deleted.').waitFor();
  const seed = await apiCall(s, 'GET', '/api/v1/admin/me', { token: await portalToken(s) });
  assert.equal(seed.body.role, 'owner');
});

test('the invitee accepts the invite with the SMS code and a password, and is signed in as support', async () => {
  await staff.goto(`${s.portalUrl}/login`);
  await staff.getByRole('link', { name: 'Accept your invite' }).click();
  await staff.getByRole('heading', { name: 'Accept your invite' }).waitFor();
  assert.deepEqual(await seriousViolations(staff), [], 'the accept-invite page');
  await staff.getByLabel('Phone number').fill(PHONE);
  await staff.getByLabel('Invite code').fill('000000');
  await staff.getByLabel('New password (8 characters or more)').fill(PASSWORD);
  await staff.getByLabel('Repeat the password').fill(PASSWORD);
  if (inviteCode(PHONE) === '000000') throw new Error('unlucky code');
  await staff.getByRole('button', { name: 'Accept and sign in' }).click();
  await staff.getByText('That invite code is not right, has expired or was already used.').waitFor();

  await staff.getByLabel('Invite code').fill(inviteCode(PHONE));
  await staff.getByRole('button', { name: 'Accept and sign in' }).click();
  // Support's first section is Products: no dashboard for this role.
  await staff.getByRole('heading', { name: 'Products' }).waitFor();
  const links = await navLinks(staff);
  for (const hidden of ['Dashboard', 'Refunds', 'Transactions', 'Staff', 'Audit log']) assert.ok(!links.includes(hidden), `${hidden} is not in ${links.join(', ')}`);
  for (const shown of ['Orders', 'Users', 'Tickets', 'Security']) assert.ok(links.includes(shown), `${shown} is in ${links.join(', ')}`);
  assert.equal((await apiCall(s, 'GET', '/api/v1/admin/me', { token: await staffToken() })).body.role, 'support');
});

test('the invitee sets up two-factor sign-in from the Security page and keeps the ten recovery codes', async () => {
  await staff.getByRole('link', { name: 'Security' }).click();
  await staff.getByRole('heading', { name: 'Security' }).waitFor();
  await staff.getByTestId('sessions').locator('tbody tr', { hasText: 'this session' }).waitFor();
  await staff.getByLabel('Your password').fill(PASSWORD);
  await staff.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await staff.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
  secret = (await staff.getByTestId('totp-secret').textContent())!.trim();
  assert.match(secret, /^[A-Z2-7]{16,}$/);
  await checkSizes(staff, 'security');

  await staff.getByLabel('First code').fill(totp());
  await staff.getByRole('button', { name: 'Turn on' }).click();
  const codes = staff.getByTestId('recovery-codes').locator('li');
  await codes.first().waitFor();
  assert.equal(await codes.count(), 10);
  await staff.getByRole('link', { name: 'Download codes' }).waitFor();
  await staff.getByRole('button', { name: 'I have saved them' }).click();
  await staff.getByText('Recovery codes left: 10.').waitFor();
  const me = await apiCall(s, 'GET', '/api/v1/admin/me', { token: await staffToken() });
  assert.equal(me.body.mfa.enabled, true);
});

test('signed out, the staff member signs in again with the password and a code', async () => {
  await staff.getByRole('button', { name: 'Sign out', exact: true }).click();
  await staff.getByText('You have signed out.').waitFor();
  await staff.getByLabel('Phone number').fill(PHONE);
  await staff.getByLabel('Password').fill(PASSWORD);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await staff.getByLabel('Code').waitFor();
  // The code of set-up was accepted once: the next time step's code signs in.
  await staff.getByLabel('Code').fill(totp(1));
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await staff.getByRole('heading', { name: 'Products' }).waitFor();
  const me = await apiCall(s, 'GET', '/api/v1/admin/me', { token: await staffToken() });
  assert.equal(me.body.mfa.session_verified, true);
});

test('support replies to a ticket, and sees neither the dashboard nor refunds; the API refuses their token there', async () => {
  const shopper = await registerUser(s.api, { full_name: 'Asha Shopper' });
  const ticket = await apiCall(s, 'POST', '/api/v1/tickets', { token: shopper.token, body: { subject: 'Lost parcel', message: 'My parcel never came.' } });
  assert.equal(ticket.status, 201);
  await staff.getByRole('link', { name: 'Tickets' }).click();
  await staff.getByRole('link', { name: 'Lost parcel' }).click();
  await staff.getByLabel('Reply', { exact: true }).fill('We are sending a new one today.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await staff.getByText('Reply sent.').waitFor();
  const seen = await apiCall(s, 'GET', `/api/v1/tickets/${ticket.body.id}`, { token: shopper.token });
  assert.deepEqual([seen.body.replies.at(-1).author, seen.body.replies.at(-1).message], ['support', 'We are sending a new one today.']);

  const links = await navLinks(staff);
  assert.ok(!links.includes('Dashboard') && !links.includes('Refunds'), links.join(', '));
  await staff.goto(`${s.portalUrl}/refunds`);
  await staff.getByRole('heading', { name: 'Not available' }).waitFor();
  await staff.getByText('This page is not available to your role (Support).').waitFor();

  const token = await staffToken();
  for (const [path, permission] of [
    ['/api/v1/admin/refunds', 'finance.read'],
    ['/api/v1/admin/dashboard', 'finance.read'],
    ['/api/v1/admin/staff', 'staff.manage'],
  ] as const) {
    const res = await apiCall(s, 'GET', path, { token });
    assert.deepEqual([res.status, res.body.error, res.body.permission], [403, 'forbidden', permission], path);
  }
  // Through the portal the refusal is an answer, not the end of the session.
  const viaPortal = await staff.evaluate(async () => (await fetch('/api/v1/admin/refunds')).status);
  assert.equal(viaPortal, 403);
  await staff.goto(`${s.portalUrl}/tickets`);
  await staff.getByRole('heading', { name: 'Tickets' }).waitFor();
});

test('the owner disables the support person; their open session ends at once', async () => {
  await owner.reload();
  await owner.getByRole('heading', { name: 'Staff' }).waitFor();
  const row = owner.getByTestId('staff').locator('tr', { hasText: NAME });
  await row.getByText('active', { exact: true }).waitFor();
  await row.getByRole('button', { name: `Reset two-factor sign-in of ${NAME}` }).waitFor();
  await checkSizes(owner, 'staff');
  await owner.getByRole('button', { name: `Disable ${NAME}` }).click();
  await owner.getByText(`${NAME}: disabled; their sessions ended.`).waitFor();
  await row.getByText('disabled', { exact: true }).waitFor();

  await staff.reload();
  await staff.getByRole('button', { name: 'Sign in' }).waitFor();
  await staff.getByLabel('Password').waitFor();
  assert.equal(new URL(staff.url()).pathname, '/login');
});
