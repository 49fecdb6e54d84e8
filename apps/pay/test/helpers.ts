/**
 * Test harness: the real Storefront API (in-process, fresh migrated database, listening on
 * 127.0.0.1), the payment server, the two gateway simulators, and a switchable proxy in front of
 * the API so tests can take it "down" without losing its database.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import { ManualClock } from '../../api/src/lib/clock.ts';
import { call, createTestDb, registerUser, testConfig, type TestDb, type TestUser } from '../../api/test/helpers.ts';
import { freePort } from '../../api/test/support/spawn-api.ts';
import { buildPayApp } from '../src/app.ts';
import { loadPayConfig } from '../src/config.ts';
import { startGatewayASim, type GatewayASim } from './sim/gateway-a-sim.ts';
import { startGatewayBSim, type GatewayBSim } from '@storefront/gateway-b/sim';

export const SECRET = 'pay-test-store-webhook-secret-0123456789';
export const GW_A = { merchantId: '2411', accessCode: 'AVTEST00AA11BB22CC', workingKey: 'F2A3B4C5D6E7F8091A2B3C4D5E6F7081' };
export const GW_B = { clientId: 'sim-client-id', clientSecret: 'sim-client-secret', webhookId: 'WH-SIM-0001' };

export { freePort };

/** A pass-through proxy to the API that can be switched to answer 503 (or drop connections). */
export interface ApiProxy {
  url: string;
  mode: 'up' | 'down';
  /** Refuse this many of the next requests whose path contains `faultOn` with a 503. */
  failNext: number;
  /** Pass this many of the next matching requests to the API but lose its answer (caller sees 502). */
  loseNext: number;
  faultOn: string;
  /** Requests seen per path while down. */
  refused: string[];
  /** Requests whose path contains this are held unanswered (and never reach the API) while set. */
  holdOn: string;
  /** How many requests were held. */
  held: number;
  /** Paths of the requests passed to the API, in order. */
  passed: string[];
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<ApiProxy> {
  const t = new URL(target);
  const proxy: Omit<ApiProxy, 'url' | 'close'> = { mode: 'up', failNext: 0, loseNext: 0, faultOn: '', refused: [], holdOn: '', held: 0, passed: [] };
  const server: Server = createServer((req, res) => {
    if (proxy.holdOn && (req.url ?? '').includes(proxy.holdOn)) {
      proxy.held += 1;
      req.resume();
      return;
    }
    const matches = (req.url ?? '').includes(proxy.faultOn);
    const fail = matches && proxy.failNext > 0;
    if (fail) proxy.failNext -= 1;
    const lose = matches && !fail && proxy.loseNext > 0;
    if (lose) proxy.loseNext -= 1;
    if (proxy.mode === 'down' || fail) {
      proxy.refused.push(req.url ?? '');
      req.resume();
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<h1>502 Bad Gateway</h1>');
    }
    proxy.passed.push(req.url ?? '');
    const up = httpRequest({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      if (lose) {
        r.resume();
        r.on('end', () => {
          res.writeHead(502);
          res.end();
        });
        return;
      }
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}

export interface Stack {
  api: FastifyInstance;
  apiUrl: string;
  db: TestDb;
  clock: ManualClock;
  proxy: ApiProxy;
  pay: FastifyInstance;
  payUrl: string;
  simA: GatewayASim;
  simB: GatewayBSim;
  /** Every log line of the payment server, parsed. */
  payLogs: any[];
  /** Every top-up token minted through userWithTopup. */
  tokens: string[];
  close(): Promise<void>;
}

export interface StackOptions {
  gatewayA?: boolean;
  gatewayB?: boolean;
  /** Give the payment server the webhook secret (default true). */
  paySecret?: boolean;
  /** More API settings (the shop's tests add the SMS and SMTP sinks, media, its own URL). */
  apiEnv?: Record<string, string>;
}

/** The whole payment path on loopback: API ← proxy ← payment server → simulators. */
export async function startStack(o: StackOptions = {}): Promise<Stack> {
  const simA = await startGatewayASim(GW_A);
  const simB = await startGatewayBSim(GW_B);
  const payPort = await freePort();
  const payUrl = `http://127.0.0.1:${payPort}`;

  const db = await createTestDb();
  // Real time: the payment server signs with its clock and the API checks against its own.
  const clock = new ManualClock(new Date());
  const config = testConfig(db.url, {
    STORE_WEBHOOK_SECRET: SECRET,
    TOPUP_PAGE_BASE_URL: `${payUrl}/topup`,
    GATEWAY_B_CLIENT_ID: GW_B.clientId,
    GATEWAY_B_CLIENT_SECRET: GW_B.clientSecret,
    GATEWAY_B_API_BASE: simB.apiBase,
    ...o.apiEnv,
  });
  const api = await buildApp({ config, database: db.database, clock });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  const proxy = await startProxy(apiUrl);

  const payLogs: any[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line) payLogs.push(JSON.parse(line));
      cb();
    },
  });
  const env: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'info', PAY_PUBLIC_URL: payUrl, STOREFRONT_API_URL: proxy.url, PAY_HTTP_TIMEOUT_MS: '5000' };
  if (o.paySecret !== false) env.STORE_WEBHOOK_SECRET = SECRET;
  if (o.gatewayA !== false) {
    Object.assign(env, { GATEWAY_A_MERCHANT_ID: GW_A.merchantId, GATEWAY_A_ACCESS_CODE: GW_A.accessCode, GATEWAY_A_WORKING_KEY: GW_A.workingKey, GATEWAY_A_TRANSACTION_URL: simA.transactionUrl, GATEWAY_A_STATUS_URL: simA.statusUrl });
  }
  if (o.gatewayB !== false) {
    Object.assign(env, { GATEWAY_B_CLIENT_ID: GW_B.clientId, GATEWAY_B_CLIENT_SECRET: GW_B.clientSecret, GATEWAY_B_API_BASE: simB.apiBase, GATEWAY_B_WEBHOOK_ID: GW_B.webhookId });
  }
  const pay = await buildPayApp({ config: loadPayConfig(env), clock, apiRetryDelaysMs: [20, 50], logStream });
  await pay.listen({ port: payPort, host: '127.0.0.1' });
  simB.webhookUrl = `${payUrl}/api/gateway-b/webhook`;

  return {
    api,
    apiUrl,
    db,
    clock,
    proxy,
    pay,
    payUrl,
    simA,
    simB,
    payLogs,
    tokens: [],
    async close() {
      await simB.settled();
      await pay.close();
      await proxy.close();
      await api.close();
      await db.drop();
      await simA.close();
      await simB.close();
    },
  };
}

/** A registered user with a fresh top-up token for `amount` minor units. */
export async function userWithTopup(s: Stack, amount: number): Promise<{ user: TestUser; token: string; url: string }> {
  const user = await registerUser(s.api);
  const r = await call(s.api, 'POST', '/api/v1/wallet/topup-initiate', { token: user.token, body: { amount } });
  if (r.status !== 200 && r.status !== 201) throw new Error(`topup-initiate failed: ${r.status} ${r.text}`);
  s.tokens.push(r.body.token);
  return { user, token: r.body.token, url: r.body.url };
}

export async function balanceOf(s: Stack, user: TestUser): Promise<number> {
  const r = await call(s.api, 'GET', '/api/v1/wallet', { token: user.token });
  if (r.status !== 200) throw new Error(`wallet failed: ${r.status} ${r.text}`);
  return r.body.shopping_credits;
}

export async function topupTransactions(s: Stack, user: TestUser): Promise<any[]> {
  const r = await call(s.api, 'GET', '/api/v1/wallet/transactions?limit=100', { token: user.token });
  if (r.status !== 200) throw new Error(`transactions failed: ${r.status} ${r.text}`);
  return r.body.items.filter((t: any) => t.type === 'topup');
}

export async function topupStatus(s: Stack, user: TestUser, token: string): Promise<any> {
  const body = (await call(s.api, 'GET', `/api/v1/wallet/topup-status/${token}`, { token: user.token })).body;
  // A declined payment is `declined_at` beside a pending status (the contract's three states); the
  // tests read it as the app does, as a fourth outcome.
  return body?.declined_at !== undefined ? { ...body, status: body.status === 'pending' ? 'declined' : `${body.status}+declined` } : body;
}

/** The API's own rows for a top-up: the top-up itself and its webhook-log lines, oldest first. */
export async function topupRows(s: Stack, token: string): Promise<{ topup: any; logs: any[] }> {
  const db = s.db.database.db;
  const topup = await db.selectFrom('topups').selectAll().where('token_hash', '=', createHash('sha256').update(token).digest('hex')).executeTakeFirstOrThrow();
  const logs = await db.selectFrom('webhook_logs').selectAll().where('topup_id', '=', topup.id).orderBy('id').execute();
  return { topup, logs };
}

/** POST an HTML form to the payment server (no redirects followed). */
export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** Pulls `name="x" value="y"` hidden fields out of a rendered form. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unescape = (v: string) => v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) out[unescape(m[1]!)] = unescape(m[2]!);
  return out;
}

/** `data-result` of a result page, or null. */
export const resultOf = (html: string): string | null => /data-result="([a-z_]+)"/.exec(html)?.[1] ?? null;

/** hosted page → initiate → gateway A checkout → the sim's answer; returns the encResp and where it goes. */
export async function payAtGatewayA(s: Stack, token: string, outcome: 'Success' | 'Failure' | 'Aborted' = 'Success', payUrl = s.payUrl) {
  const handoff = await postForm(`${payUrl}/api/gateway-a/initiate`, { token });
  assert.equal(handoff.status, 200, handoff.text);
  const action = /<form id="handoff" method="post" action="([^"]+)"/.exec(handoff.text)?.[1]?.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  assert.equal(action, s.simA.transactionUrl);
  const checkout = await postForm(action!, hiddenFields(handoff.text));
  const session = /name="session" value="([0-9a-f]+)"/.exec(checkout.text)?.[1];
  assert.ok(session, checkout.text);
  const back = await postForm(`${s.simA.origin}/sim/complete`, { session: session!, outcome });
  const target = /<form id="back" method="post" action="([^"]+)"/.exec(back.text)?.[1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  return { target: target!, fields: hiddenFields(back.text) };
}

const payRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface PayProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Every JSON log line it wrote on stdout (LOG_LEVEL info in `env` to see credits). */
  logs: Array<Record<string, unknown>>;
}

/** The payment server as its own process (`src/server.ts`) against the stack's proxy and gateway A sim. */
export async function startPayProcess(s: Stack, port: number, env: Record<string, string> = {}): Promise<PayProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: payRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PAY_PORT: String(port),
      PAY_PUBLIC_URL: url,
      STOREFRONT_API_URL: s.proxy.url,
      STORE_WEBHOOK_SECRET: SECRET,
      GATEWAY_A_MERCHANT_ID: GW_A.merchantId,
      GATEWAY_A_ACCESS_CODE: GW_A.accessCode,
      GATEWAY_A_WORKING_KEY: GW_A.workingKey,
      GATEWAY_A_TRANSACTION_URL: s.simA.transactionUrl,
      GATEWAY_A_STATUS_URL: s.simA.statusUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const logs: PayProcess['logs'] = [];
  let partial = '';
  child.stdout!.on('data', (d) => {
    const lines = (partial + String(d)).split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`payment server exited: ${err}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 300) throw new Error(`payment server did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, logs };
}
