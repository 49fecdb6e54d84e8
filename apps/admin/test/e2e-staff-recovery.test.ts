/**
 * Staff sign-in recovery in Chromium, with ADMIN_REQUIRE_MFA on: the first screen a staff member
 * sees (Security, before enrolling) shows no error, only when the list of sign-ins appears;
 * enrolling asks for the password again (a wrong one is refused in words and the session stays);
 * an owner resets another staff member's sign-in from the Staff page after a confirmation, which
 * ends their session and sends them a fresh invite code. axe and screenshots at 1440×900 and 390×844.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { registerUser } from '../../api/test/helpers.ts';
import { SmsSimulator } from '../../api/test/otp-fixtures.ts';
import { launch, shot } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, startStack, type Stack } from './stack.ts';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const NAME = 'Rita Reset';

let sms: SmsSimulator;
let s: Stack;
let browser: Browser;
let owner: Page;

before(async () => {
  sms = await new SmsSimulator().start();
  s = await startStack({ listenPortal: true, env: { ADMIN_REQUIRE_MFA: 'true', SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms` } });
  browser = await launch();
  owner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
after(async () => {
  await browser?.close();
  await s?.close();
  await sms?.stop();
});

/** At each size: axe finds nothing serious, and a full-page screenshot is kept for review. */
async function checkSizes(p: Page, name: string): Promise<void> {
  try {
    for (const size of SIZES) {
      await p.setViewportSize({ width: size.width, height: size.height });
      await p.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page: p as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
      assert.deepEqual(serious, [], `${name} at ${size.width}×${size.height}`);
      await shot(p, `${name}-${size.name}`);
    }
  } finally {
    await p.setViewportSize({ width: 1440, height: 900 });
  }
}

const messagesTo = (phone: string): string[] => sms.requests.map((r) => JSON.parse(r.raw) as { to: string; body: string }).filter((m) => m.to === phone).map((m) => m.body);

test('before enrolling, the Security screen shows no error: it says when the sign-ins will be listed', async () => {
  await owner.goto(`${s.portalUrl}/login`);
  await owner.getByLabel('Phone number').fill(SEED_ADMIN_PHONE);
  await owner.getByLabel('Password').fill(SEED_ADMIN_PASSWORD);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await owner.getByRole('heading', { name: 'Security' }).waitFor();
  await owner.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
  await owner.waitForLoadState('networkidle');
  assert.equal(await owner.getByRole('alert').count(), 0, `no error on the page: ${await owner.getByRole('alert').allTextContents()}`);
  assert.equal(await owner.getByText('You are not allowed to do that').count(), 0);
  await owner.getByTestId('sessions-later').waitFor();
  await checkSizes(owner, 'security-before-enrolment');
});

test('enrolling asks for the password; a wrong one is refused in words and the session stays', async () => {
  await owner.getByLabel('Your password').fill('not the password');
  await owner.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await owner.getByText('That password is not right.').waitFor();
  assert.equal(new URL(owner.url()).pathname, '/security', 'still signed in, on the Security page');
  assert.equal(await owner.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).count(), 0);

  await owner.getByLabel('Your password').fill(SEED_ADMIN_PASSWORD);
  await owner.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await owner.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
  const secret = (await owner.getByTestId('totp-secret').textContent())!.trim();
  await owner.getByLabel('First code').fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() }));
  await owner.getByRole('button', { name: 'Turn on' }).click();
  await owner.getByTestId('recovery-codes').locator('li').first().waitFor();
  await owner.getByRole('button', { name: 'I have saved them' }).click();
  // Verified now: the list of sign-ins is there, this one marked.
  await owner.getByTestId('sessions').locator('tbody tr', { hasText: 'this session' }).waitFor();
  await owner.getByLabel('Your password').waitFor(); // turning it off asks for it too
  await checkSizes(owner, 'security-enrolled');
});

test('an owner resets a staff member’s sign-in from the Staff page after a confirmation', async () => {
  const member = await registerUser(s.api, { full_name: NAME });
  await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'support' }).where('id', '=', member.id).execute();
  const signedIn = await apiCall(s, 'POST', '/api/v1/auth/admin/login', { body: { phone: member.phone, password: member.password } });
  const token = signedIn.body.access_token as string;
  assert.equal((await apiCall(s, 'GET', '/api/v1/admin/me', { token })).status, 200);

  await owner.getByRole('link', { name: 'Staff' }).click();
  const row = owner.getByTestId('staff').locator('tr', { hasText: NAME });
  await row.getByText('active', { exact: true }).waitFor();
  assert.equal(await owner.getByTestId('staff').locator('tr', { hasText: SEED_ADMIN_PHONE }).getByRole('button', { name: /Reset sign-in/ }).count(), 0, 'not for oneself');
  await checkSizes(owner, 'staff-reset');

  // Cancelled: nothing happens.
  let question = '';
  owner.once('dialog', (d) => {
    question = d.message();
    void d.dismiss();
  });
  await row.getByRole('button', { name: `Reset sign-in of ${NAME}` }).click();
  await owner.waitForLoadState('networkidle');
  assert.match(question, new RegExp(`Reset the sign-in of ${NAME}\\?`));
  assert.equal((await apiCall(s, 'GET', '/api/v1/admin/me', { token })).status, 200, 'still signed in');
  assert.deepEqual(messagesTo(member.phone), []);

  owner.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: `Reset sign-in of ${NAME}` }).click();
  await owner.getByText(`${NAME}: sign-in reset; a new invite code was sent to ${member.phone}.`).waitFor();
  await row.getByText('invited', { exact: true }).waitFor();
  assert.equal((await apiCall(s, 'GET', '/api/v1/admin/me', { token })).status, 401, 'their session ended');
  assert.match(messagesTo(member.phone).at(-1) ?? '', /sign-in reset code is \d{6}/);
});
