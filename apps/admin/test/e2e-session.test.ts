import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerUser } from '../../api/test/helpers.ts';
import { launch, shot, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, startStack, type Stack } from './stack.ts';

let s: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  s = await startStack({ listenPortal: true });
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
after(async () => {
  await browser?.close();
  await s?.close();
});

/** Everything the page's JavaScript or the cookie jar can see. */
async function browserState(ctx: BrowserContext, p: Page): Promise<string> {
  const cookies = await ctx.cookies();
  const storage = await p.evaluate(() => ({
    cookie: document.cookie,
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
  }));
  return JSON.stringify({ cookies, storage });
}

test('a fresh visit to the sign-in page is a plain sign-in form in a main landmark, not "your session has ended"', async () => {
  const fresh = await browser.newContext();
  const p = await fresh.newPage();
  // The first "am I signed in?" answer is the 401 to wait for: after it nothing more is on its way.
  const asked = p.waitForResponse((r) => new URL(r.url()).pathname === '/session' && r.status() === 401);
  await p.goto(`${s.portalUrl}/`);
  await asked;
  await p.getByLabel('Phone number').waitFor();
  assert.equal(await p.getByRole('main').count(), 1);
  assert.equal(await p.getByRole('status').count(), 0, await p.locator('body').innerText());
  assert.doesNotMatch(await p.locator('body').innerText(), /session has ended/);
  await fresh.close();
});

test('a wrong password says so once', async () => {
  const fresh = await browser.newContext();
  const p = await fresh.newPage();
  await p.goto(`${s.portalUrl}/login`);
  await p.getByLabel('Phone number').fill(SEED_ADMIN_PHONE);
  await p.getByLabel('Password').fill('not-the-password');
  const answered = p.waitForResponse((r) => new URL(r.url()).pathname === '/session/login');
  await p.getByRole('button', { name: 'Sign in' }).click();
  assert.equal((await answered).status(), 401);
  await p.getByRole('alert').waitFor();
  const body = await p.locator('body').innerText();
  assert.equal(body.split('Wrong phone number or password').length - 1, 1, body);
  assert.equal(await p.getByRole('alert').count(), 1);
  await fresh.close();
});

test('a non-admin cannot sign in to the portal and is told why in plain words', async () => {
  const user = await registerUser(s.api, { full_name: 'Plain User' });
  await page.goto(`${s.portalUrl}/`);
  await page.getByLabel('Phone number').waitFor();
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').innerText(), /not an admin/);
  assert.equal((await context.cookies()).length, 0);
  await shot(page, '01-login-refused');
});

test('the seed admin signs in; the browser holds only the opaque httpOnly session cookie, never an API token', async () => {
  await signIn(page, s.portalUrl, SEED_ADMIN_PHONE, SEED_ADMIN_PASSWORD);
  const cookies = await context.cookies();
  assert.equal(cookies.length, 1);
  assert.equal(cookies[0]!.name, 'sf_admin');
  assert.equal(cookies[0]!.httpOnly, true);
  assert.equal(cookies[0]!.sameSite, 'Strict');
  const tokens = await s.portal.sessions.tokens();
  assert.ok(tokens.length >= 2, 'the portal holds the tokens');
  const state = await browserState(context, page);
  for (const token of tokens) {
    assert.ok(!state.includes(token), 'an API token is visible in the browser');
    // Nor any recognisable part of one (a JWT's signature segment).
    assert.ok(!state.includes(token.split('.').at(-1)!), 'part of an API token is visible in the browser');
  }
  assert.equal(await page.evaluate(() => document.cookie), '', 'the session cookie is invisible to scripts');
  await shot(page, '02-dashboard');
});

test('a plain click on a section link stays in the app; a ctrl-click opens it in a new tab and leaves this one', async () => {
  await page.goto(`${s.portalUrl}/`);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const [opened] = await Promise.all([context.waitForEvent('page'), nav.getByRole('link', { name: 'Orders' }).click({ modifiers: ['Control'] })]);
  await opened.waitForLoadState();
  assert.equal(new URL(opened.url()).pathname, '/orders');
  assert.equal(new URL(page.url()).pathname, '/', 'the first tab stayed where it was');
  await opened.close();
  // A plain click is history navigation: the page is not loaded again, so a mark set on it stays.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/users');
  assert.equal(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), true);
});

test('a cross-site form POST is refused and the session survives', async () => {
  // An attacker's page on another origin posting to the portal with the victim's browser.
  const evil: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    if (req.url !== '/form') return res.end('<p>an unrelated site</p>');
    res.end(`<form id="f" method="POST" action="${s.portalUrl}/session/logout"></form><script>document.getElementById('f').submit()</script>`);
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.2', r));
  try {
    const sessionsBefore = await s.portal.sessions.count();
    const attackPage = await context.newPage();
    const response = attackPage.waitForResponse((r) => r.url() === `${s.portalUrl}/session/logout`);
    const evilUrl = `http://127.0.0.2:${(evil.address() as AddressInfo).port}`;
    await attackPage.goto(`${evilUrl}/form`);
    assert.equal((await response).status(), 403);
    await attackPage.goto(`${evilUrl}/`);
    // A cross-site fetch() write as well (the browser adds Origin; the answer is opaque to the attacker).
    const fetched = attackPage.waitForResponse((r) => r.url() === `${s.portalUrl}/api/v1/admin/categories`);
    await attackPage.evaluate((url) => {
      void fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{"name":"Evil"}' }).catch(() => undefined);
    }, `${s.portalUrl}/api/v1/admin/categories`);
    assert.equal((await fetched).status(), 403);
    await attackPage.close();
    assert.equal((await s.portal.sessions.count()), sessionsBefore);
    const still = await page.evaluate(async () => (await fetch('/session')).status);
    assert.equal(still, 200, 'the session survived the attack');
  } finally {
    evil.close();
  }
});

/** A new owner, signed in to the portal in a browser context of their own. */
async function ownerSignedIn(fullName: string) {
  const user = await registerUser(s.api, { full_name: fullName });
  await s.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'owner' }).where('id', '=', user.id).execute();
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await signIn(p, s.portalUrl, user.phone, user.password);
  // The dashboard's own calls answered: the next action, not one of them, is what meets a change.
  // Its day-by-day series asks only once the headline figures are in, and on a busy machine that
  // second call can start more than the 500 ms of quiet that 'networkidle' waits for; a call that
  // met the ended session would clear the cookie before the visit under test. The chart is drawn
  // from the last answer.
  await p.getByTestId('daily-chart').waitFor();
  return { user, ctx, p };
}

test('an admin demoted while signed in is sent back to the login page on their next action', async () => {
  const { user: other, ctx, p } = await ownerSignedIn('Soon Demoted');
  try {
    await s.db.database.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', other.id).execute();
    await p.goto(`${s.portalUrl}/users/${other.id}`);
    await p.getByLabel('Phone number').waitFor();
    assert.match(await p.getByRole('status').innerText(), /session has ended/);
    assert.equal((await ctx.cookies()).length, 0, 'the session cookie is cleared');
  } finally {
    await ctx.close();
  }
});

test('a session that ended while the browser was not looking (its answer lost) is named on the next visit', async () => {
  const { ctx, p } = await ownerSignedIn('Away Admin');
  try {
    // The portal ends the session and the answer saying so never reaches this browser.
    const cookie = (await ctx.cookies()).find((c) => c.name === 'sf_admin')!;
    // Every call the page makes from here on, named if the notice is missing: a call of the old
    // page that met the ended session would have cleared the cookie before the visit.
    const calls: string[] = [];
    p.on('request', (r) => calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await s.portal.sessions.delete(decodeURIComponent(cookie.value).split('.')[0]!);
    await p.goto(`${s.portalUrl}/orders`);
    await p.getByLabel('Phone number').waitFor();
    assert.match(await p.getByRole('status').innerText({ timeout: 5_000 }).catch(() => ''), /session has ended/, `calls after the session ended: ${calls.join(', ')}`);
    assert.equal((await ctx.cookies()).length, 0, 'the session cookie is cleared');
  } finally {
    await ctx.close();
  }
});

test('signing out ends the API session too and returns to the login page', async () => {
  const tokens = await s.portal.sessions.tokens();
  const access = tokens[0]!;
  assert.equal((await fetch(`${s.apiUrl}/api/v1/me`, { headers: { 'x-sdk-access-token': access } })).status, 200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Phone number').waitFor();
  assert.match(await page.getByRole('status').innerText(), /signed out/);
  assert.equal((await s.portal.sessions.count()), 0);
  assert.equal((await context.cookies()).length, 0);
  assert.equal((await fetch(`${s.apiUrl}/api/v1/me`, { headers: { 'x-sdk-access-token': access } })).status, 401);
  // Back in the app, a protected page sends the user to the login page.
  await page.goto(`${s.portalUrl}/users`);
  await page.getByLabel('Phone number').waitFor();
  assert.ok(page.url().endsWith('/login'));
  await shot(page, '03-signed-out');
});
