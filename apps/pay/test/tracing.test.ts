/**
 * OpenTelemetry across processes (docs/operations.md, "Traces"): the real API, payment server and
 * admin portal run as child processes with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP
 * receiver in this test. One top-up through the payment server is one trace: the payment server's
 * request, its signed call to the API, the API's request and its SQL on PostgreSQL. A portal request
 * continues into the API the same way. Always PostgreSQL (the scale-out database), in both CI passes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPgDatabase, TEST_JWT_SECRET } from '../../api/test/helpers.ts';
import { http } from '../../api/test/support/spawn-api.ts';
import { freePort, GW_A, hiddenFields, postForm, resultOf, SECRET } from './helpers.ts';
import { startGatewayASim, type GatewayASim } from './sim/gateway-a-sim.ts';

const PG = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { phone: '+919000000079', password: 'tracing-admin-password' };

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}
const SERVER = 2;
const CLIENT = 3;

/** An OTLP/HTTP receiver (JSON encoding, what the JS exporter sends): keeps every span. */
async function startReceiver(): Promise<{ url: string; spans: Span[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      for (const rs of JSON.parse(body).resourceSpans ?? []) {
        const service = rs.resource.attributes.find((a: any) => a.key === 'service.name')?.value.stringValue;
        for (const ss of rs.scopeSpans) {
          for (const s of ss.spans) {
            const attributes = Object.fromEntries(s.attributes.map((a: any) => [a.key, Object.values(a.value)[0]]));
            spans.push({ service, traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || undefined, name: s.name, kind: s.kind, attributes });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise((r) => server.close(() => r())) };
}

/** `node src/server.ts` of one workspace, as `npm start` runs it, ready once /health answers. */
async function startServer(workspace: string, port: number, env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const cwd = fileURLToPath(new URL(`../../${workspace}/`, import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['src/server.ts'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${workspace} exited: ${out}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${workspace} did not start: ${out}`);
    }
    await sleep(100);
  }
  return { url, stop: async () => void (child.kill('SIGTERM'), await exited) };
}

describe('one trace across the payment server, the API and PostgreSQL (and the portal)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let simA: GatewayASim;
  let api: { url: string; stop(): Promise<void> };
  let pay: { url: string; stop(): Promise<void> };
  let portal: { url: string; stop(): Promise<void> };

  before(async () => {
    receiver = await startReceiver();
    db = await createPgDatabase(PG, 'sf_trace');
    simA = await startGatewayASim(GW_A);
    const [apiPort, payPort, portalPort] = [await freePort(), await freePort(), await freePort()];
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const payUrl = `http://127.0.0.1:${payPort}`;
    api = await startServer('api', apiPort, {
      ...otel,
      PORT: String(apiPort),
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_SCRYPT_N: '1024',
      JOBS_INTERVAL_SECONDS: '0',
      STORE_WEBHOOK_SECRET: SECRET,
      TOPUP_PAGE_BASE_URL: `${payUrl}/topup`,
      SEED_ADMIN_PHONE: ADMIN.phone,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    });
    [pay, portal] = await Promise.all([
      startServer('pay', payPort, {
        ...otel,
        PAY_PORT: String(payPort),
        PAY_PUBLIC_URL: payUrl,
        STOREFRONT_API_URL: apiUrl,
        STORE_WEBHOOK_SECRET: SECRET,
        GATEWAY_A_MERCHANT_ID: GW_A.merchantId,
        GATEWAY_A_ACCESS_CODE: GW_A.accessCode,
        GATEWAY_A_WORKING_KEY: GW_A.workingKey,
        GATEWAY_A_TRANSACTION_URL: simA.transactionUrl,
        GATEWAY_A_STATUS_URL: simA.statusUrl,
      }),
      startServer('admin', portalPort, { ...otel, ADMIN_PORT: String(portalPort), STOREFRONT_API_URL: apiUrl }),
    ]);
  });

  after(async () => {
    await Promise.all([pay?.stop(), portal?.stop(), api?.stop()]);
    await simA?.close();
    await db?.drop();
    await receiver?.close();
  });

  /** Waits until the receiver holds a span matching `find`, then answers every span of its trace. */
  async function traceOf(find: (s: Span) => boolean): Promise<Span[]> {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
      const hit = receiver.spans.find(find);
      if (hit) {
        await sleep(500); // the other processes' batches of the same trace
        return receiver.spans.filter((s) => s.traceId === hit.traceId);
      }
    }
    assert.fail('the span never arrived at the receiver');
  }

  const parentOf = (trace: Span[], s: Span) => trace.find((p) => p.spanId === s.parentSpanId);

  test('a gateway A top-up: pay → API → PostgreSQL in one trace, parent to child', async () => {
    const reg = await http(api.url, 'POST', '/api/v1/auth/register', { body: { phone: '+919811100001', password: 'correct horse battery', full_name: 'Tracy' } });
    assert.equal(reg.status, 201, reg.text);
    const init = await http(api.url, 'POST', '/api/v1/wallet/topup-initiate', { token: reg.body.custom_token, body: { amount: 50000 } });
    assert.equal(init.status, 201, init.text);
    const handoff = await postForm(`${pay.url}/api/gateway-a/initiate`, { token: init.body.token });
    const action = /<form id="handoff" method="post" action="([^"]+)"/.exec(handoff.text)![1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    const checkout = await postForm(action, hiddenFields(handoff.text));
    const session = /name="session" value="([0-9a-f]+)"/.exec(checkout.text)![1]!;
    const back = await postForm(`${simA.origin}/sim/complete`, { session, outcome: 'Success' });
    const done = await postForm(`${pay.url}/api/gateway-a/response`, hiddenFields(back.text));
    assert.equal(resultOf(done.text), 'success', done.text);

    const trace = await traceOf((s) => s.service === 'storefront-api' && s.name === 'POST /api/v1/wallet/topup-credit');
    const apiSpan = trace.find((s) => s.service === 'storefront-api' && s.name === 'POST /api/v1/wallet/topup-credit')!;
    assert.equal(apiSpan.kind, SERVER);
    // The API's request is the child of the payment server's outgoing call …
    const call = parentOf(trace, apiSpan)!;
    assert.ok(call, 'the API span has no parent in the trace: the context was not passed');
    assert.equal(call.service, 'storefront-pay');
    assert.equal(call.kind, CLIENT);
    // … made while serving the gateway's response, the root of the trace.
    const payRoot = parentOf(trace, call)!;
    assert.equal(payRoot.service, 'storefront-pay');
    assert.equal(payRoot.name, 'POST /api/gateway-a/response');
    assert.equal(payRoot.parentSpanId, undefined);
    // The API's SQL on PostgreSQL hangs under its request: the credit's UPDATE among them.
    const sqlSpans = trace.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    assert.ok(sqlSpans.length > 0, 'no SQL spans');
    for (const s of sqlSpans) assert.equal(s.service, 'storefront-api');
    assert.ok(sqlSpans.some((s) => parentOf(trace, s) === apiSpan && /update "topups"/i.test(String(s.attributes['db.query.text']))));
    assert.ok(!JSON.stringify(trace).includes(init.body.token), 'the top-up token reached a span');
  });

  test('a portal request: portal → API → PostgreSQL in one trace', async () => {
    const headers = { origin: portal.url, 'content-type': 'application/json' };
    const login = await fetch(`${portal.url}/session/login`, { method: 'POST', headers, body: JSON.stringify(ADMIN) });
    assert.equal(login.status, 200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const users = await fetch(`${portal.url}/api/v1/admin/users?limit=5`, { headers: { cookie } });
    assert.equal(users.status, 200);
    const trace = await traceOf((s) => s.service === 'storefront-api' && s.name === 'GET /api/v1/admin/users');
    const apiSpan = trace.find((s) => s.service === 'storefront-api' && s.name === 'GET /api/v1/admin/users')!;
    const call = parentOf(trace, apiSpan)!;
    assert.equal(call.service, 'storefront-admin');
    assert.equal(parentOf(trace, call)?.service, 'storefront-admin');
    assert.ok(trace.some((s) => s.attributes['db.system.name'] === 'postgresql' && parentOf(trace, s) === apiSpan));
  });
});
