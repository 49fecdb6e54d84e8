/**
 * End to end in real headless Chromium (Debian's `chromium`, driven by playwright-core): a user
 * gets a token from the API, opens the hosted page, pays through each simulator, and the wallet
 * shows the credit exactly once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { balanceOf, startStack, topupStatus, topupTransactions, userWithTopup, type Stack } from './helpers.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// On a developer machine without chromium the suite is skipped with a reason; in CI it must run.
const skip = existsSync(CHROMIUM) || process.env.CI ? false : `no ${CHROMIUM}: run .ci/setup-extra`;

describe('paying in a real browser', { skip }, () => {
  let s: Stack;
  let browser: Browser;
  before(async () => {
    s = await startStack();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, timeout: 30_000 });
  });
  after(async () => {
    await browser?.close();
    await s?.close();
  });

  /** A phone-sized page that records CSP violations and every host it talks to. */
  async function phonePage(): Promise<{ page: Page; violations: string[]; hosts: Set<string> }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const violations: string[] = [];
    const hosts = new Set<string>();
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    page.on('request', (r) => hosts.add(new URL(r.url()).host));
    return { page, violations, hosts };
  }

  test('gateway A: open the hosted page on a phone, pay, and the wallet is credited once', async () => {
    const { user, token, url } = await userWithTopup(s, 149900);
    const { page, violations, hosts } = await phonePage();
    await page.goto(url);
    assert.equal(await page.textContent('#amount'), '₹1,499.00');
    assert.ok(await page.isVisible('#pay-gateway-a'));
    assert.ok(await page.isVisible('#pay-gateway-b'));
    // Fits a phone: nothing scrolls sideways.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

    await page.click('#pay-gateway-a');
    await page.waitForSelector('#sim-pay');
    assert.equal(await page.textContent('#sim-amount'), 'INR 1499.00');
    await page.click('#sim-pay');
    await page.waitForSelector('#result');
    assert.equal(await page.getAttribute('#result', 'data-result'), 'success');
    assert.match((await page.textContent('body'))!, /₹1,499\.00 has been added/);

    assert.equal(await balanceOf(s, user), 149900);
    assert.equal((await topupStatus(s, user, token)).status, 'completed');
    // Going back and posting the gateway's answer again changes nothing.
    await page.goBack().catch(() => undefined);
    assert.equal(await balanceOf(s, user), 149900);
    assert.equal((await topupTransactions(s, user)).length, 1);
    assert.deepEqual(violations, []);
    const payHost = new URL(s.payUrl).host;
    const simHost = new URL(s.simA.origin).host;
    assert.deepEqual([...hosts].filter((h) => h !== payHost && h !== simHost), [], 'no third-party requests');
    await page.context().close();
  });

  test('gateway B: pay in the browser while the webhook races the return; credited exactly once', async () => {
    const { user, token, url } = await userWithTopup(s, 99900);
    const { page, violations } = await phonePage();
    s.simB.autoWebhook = true;
    try {
      await page.goto(url);
      await page.click('#pay-gateway-b');
      await page.waitForSelector('#sim-approve');
      assert.equal(await page.textContent('#sim-amount'), 'INR 999.00');
      await page.click('#sim-approve');
      await page.waitForSelector('#result');
      assert.equal(await page.getAttribute('#result', 'data-result'), 'success');
      await s.simB.settled();
    } finally {
      s.simB.autoWebhook = false;
    }
    assert.ok(s.simB.deliveries.length >= 1);
    assert.equal(s.simB.deliveries.at(-1)!.status, 200);
    // The app's own poll after both callbacks: still one credit.
    assert.equal((await topupStatus(s, user, token)).status, 'completed');
    assert.equal(await balanceOf(s, user), 99900);
    assert.equal((await topupTransactions(s, user)).length, 1);
    assert.deepEqual(violations, []);
    await page.context().close();
  });

  test('gateway B: cancelling at the gateway returns to the hosted page to choose again', async () => {
    const { user, url } = await userWithTopup(s, 10000);
    const { page } = await phonePage();
    await page.goto(url);
    await page.click('#pay-gateway-b');
    await page.waitForSelector('#sim-cancel');
    await page.click('#sim-cancel');
    await page.waitForSelector('#notice');
    assert.match((await page.textContent('#notice'))!, /cancelled/);
    assert.ok(await page.isVisible('#pay-gateway-a'));
    assert.equal(await balanceOf(s, user), 0);
    await page.context().close();
  });

  test('gateway A: a declined payment shows a clear result and credits nothing', async () => {
    const { user, url } = await userWithTopup(s, 10000);
    const { page } = await phonePage();
    await page.goto(url);
    await page.click('#pay-gateway-a');
    await page.click('#sim-decline');
    await page.waitForSelector('#result');
    assert.equal(await page.getAttribute('#result', 'data-result'), 'failed');
    assert.equal(await balanceOf(s, user), 0);
    // "Try again" leads back to the hosted page for the same top-up.
    await page.click('#again');
    await page.waitForSelector('#pay-gateway-a');
    assert.equal(await page.textContent('#amount'), '₹100.00');
    await page.context().close();
  });
});
