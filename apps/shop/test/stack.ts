/**
 * The whole shop on loopback for the end-to-end tests: the payment server's stack (the real API,
 * payment server and gateway B simulator, apps/pay/test/helpers.ts) with the SMS webhook sink and
 * the SMTP sink of the API's tests, a catalogue made through the admin API, and the shop server
 * in front of the API; share links (WEBSITE_URL) point at the shop.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { call, createAdmin, type TestApp, type TestUser } from '../../api/test/helpers.ts';
import { MailSink, SmsSimulator } from '../../api/test/otp-fixtures.ts';
import { pngOf } from '../../admin/test/images.ts';
import { freePort, startStack, type Stack } from '../../pay/test/helpers.ts';
import { loadShopConfig } from '../src/config.ts';
import { buildShopServer } from '../src/shop-server.ts';

export interface ShopStack {
  s: Stack;
  sms: SmsSimulator;
  mail: MailSink;
  shop: FastifyInstance;
  shopUrl: string;
  admin: TestUser;
  /** The catalogue by name: product ids. */
  products: Record<string, string>;
  /** The API as the test harness sees it (for `call`). */
  t: TestApp;
  close(): Promise<void>;
}

const CATALOGUE: { name: string; price: number; stock: number; category: string; colours: [number, number, number][]; description: string }[] = [
  { name: 'Copper Kettle', price: 149_900, stock: 12, category: 'Kitchen', colours: [[184, 115, 51], [150, 90, 40], [205, 140, 80]], description: '1.7 litre kettle with a hammered copper finish.\nBoils in three minutes.' },
  { name: 'Stoneware Mug', price: 49_900, stock: 40, category: 'Kitchen', colours: [[70, 110, 140]], description: 'A 350 ml mug, glazed by hand.' },
  { name: 'Linen Apron', price: 89_900, stock: 3, category: 'Kitchen', colours: [[200, 190, 160]], description: 'Washed linen, adjustable strap.' },
  { name: 'Reading Lamp', price: 259_900, stock: 0, category: 'Home', colours: [[230, 200, 60]], description: 'Brass desk lamp with a warm LED.' },
  { name: 'Wool Throw', price: 199_900, stock: 8, category: 'Home', colours: [[120, 60, 70], [90, 40, 50]], description: 'Soft merino throw, 130 × 170 cm.' },
  { name: 'Cotton Cushion', price: 69_900, stock: 25, category: 'Home', colours: [[90, 140, 110]], description: 'A 45 cm cushion with a feather inner.' },
];

/**
 * A product shot for the screenshots: a soft studio background, the product as a shaded disc of
 * its colour with a highlight, and a shadow under it.
 */
export function productPicture(size: number, [r, g, b]: [number, number, number], variant: number): Buffer {
  const c = size / 2;
  const radius = size * (0.3 - variant * 0.03);
  const cy = c - size * 0.04;
  const mix = (a: number, z: number, t: number) => Math.round(a + (z - a) * Math.max(0, Math.min(1, t)));
  return pngOf(size, size, (x, y) => {
    const bg = 246 - Math.round((y / size) * 22);
    const tint: [number, number, number] = [mix(bg, r, 0.08), mix(bg, g, 0.08), mix(bg, b, 0.08)];
    const shadow = Math.hypot((x - c) / (radius * 1.05), (y - (cy + radius * 1.02)) / (radius * 0.22));
    let px: [number, number, number] = shadow < 1 ? tint.map((v) => mix(v, 60, 0.35 * (1 - shadow))) as [number, number, number] : tint;
    const d = Math.hypot(x - c, y - cy) / radius;
    if (d < 1) {
      const light = Math.hypot(x - (c - radius * 0.35), y - (cy - radius * 0.4)) / (radius * 1.6);
      const shade = 1.25 - light * 0.75;
      px = [r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v * shade)))) as [number, number, number];
      if (d > 0.96) px = px.map((v) => Math.round(v * 0.85)) as [number, number, number];
    }
    return px;
  });
}

/** `apiEnv`: settings of the API on top of the stack's (a test's own TOPUP_MIN, say). */
export async function startShop(apiEnv: Record<string, string> = {}): Promise<ShopStack> {
  const sms = await new SmsSimulator().start();
  const mail = await new MailSink().start();
  const mediaDir = mkdtempSync(join(tmpdir(), 'sf-shop-media-'));
  const shopPort = await freePort();
  const shopUrl = `http://127.0.0.1:${shopPort}`;
  const s = await startStack({
    apiEnv: {
      // The checkout's top-up comes back to the shop (return_url).
      TOPUP_RETURN_ORIGINS: shopUrl,
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: sms.url,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      MEDIA_DIR: mediaDir,
      // Not the shop's origin: the app must still load /media/<key> through the shop.
      PUBLIC_BASE_URL: 'https://api.storefront.example',
      WEBSITE_URL: shopUrl,
      ...apiEnv,
    },
  });
  const t = { app: s.api, db: s.db } as TestApp;
  const admin = await createAdmin(t);

  const categories: Record<string, string> = {};
  for (const [i, name] of ['Kitchen', 'Home'].entries()) {
    const r = await call(s.api, 'POST', '/api/v1/admin/categories', { token: admin.token, body: { name, slug: name.toLowerCase(), sort_order: i, is_active: true } });
    assert.equal(r.status, 201, r.text);
    categories[name] = r.body.id;
  }
  const products: Record<string, string> = {};
  for (const p of CATALOGUE) {
    const images = [];
    for (const [i, colour] of p.colours.entries()) {
      const up = await call(s.api, 'POST', '/api/v1/admin/uploads/image', {
        token: admin.token,
        body: { filename: `${p.name}-${i}.png`, data: productPicture(480, colour, i).toString('base64') },
      });
      assert.equal(up.status, 201, up.text);
      images.push({ image_url: up.body.data.url, alt_text: `${p.name}, picture ${i + 1}` });
    }
    const r = await call(s.api, 'POST', '/api/v1/admin/products', {
      token: admin.token,
      body: { name: p.name, price: p.price, stock: p.stock, description: p.description, category_id: categories[p.category], is_active: true, images },
    });
    assert.equal(r.status, 201, r.text);
    products[p.name] = r.body.id;
  }

  const shop = await buildShopServer(loadShopConfig({ STOREFRONT_API_URL: s.apiUrl, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  await shop.listen({ port: shopPort, host: '127.0.0.1' });
  return {
    s,
    sms,
    mail,
    shop,
    shopUrl,
    admin,
    products,
    t,
    async close() {
      await shop.close();
      await s.close();
      await sms.stop();
      await mail.stop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
