import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import net, { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { clientRefusal, errorBody, frameworkRefusals, installErrorHandling, routerRefusal } from '../src/index.ts';

class Teapot extends Error {}

async function build(options: Parameters<typeof installErrorHandling>[1] = {}) {
  const logs: Array<{ level: number; msg: string }> = [];
  const stream = { write: (line: string) => void logs.push(JSON.parse(line)) };
  const app = Fastify({ logger: { level: 'info', stream }, bodyLimit: 32 });
  installErrorHandling(app, options);
  app.post('/echo', { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } }, async (req) => req.body);
  app.get('/boom', async () => {
    throw new Error('SELECT secret FROM users');
  });
  app.get('/teapot', async () => {
    throw new Teapot('short and stout');
  });
  await app.ready();
  return { app, logs };
}

const post = (body: string, type = 'application/json') => ({ method: 'POST' as const, url: '/echo', headers: { 'content-type': type }, payload: body });

describe('errors on the wire (docs/contracts.md §2)', () => {
  it('a schema refusal is 400 validation_failed naming the field', async () => {
    const { app } = await build();
    const res = await app.inject(post('{"n":"x"}'));
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { error: 'validation_failed', message: 'Request is invalid', details: [{ field: 'body/n', message: 'must be integer' }] });
    const missing = await app.inject(post('{}'));
    assert.deepEqual(missing.json().details, [{ field: 'body/n', message: "must have required property 'n'" }]);
  });

  it('malformed JSON is 400, a wrong content type 415, a large body 413, an unmatched route 404', async () => {
    const { app } = await build();
    const bad = await app.inject(post('{"n":'));
    assert.deepEqual([bad.statusCode, bad.json()], [400, { error: 'validation_failed', message: 'Malformed JSON body' }]);
    const csv = await app.inject(post('n=1', 'text/csv'));
    assert.deepEqual([csv.statusCode, csv.json().error], [415, 'unsupported_media_type']);
    const big = await app.inject(post(JSON.stringify({ n: 1, pad: 'x'.repeat(64) })));
    assert.deepEqual([big.statusCode, big.json().error], [413, 'payload_too_large']);
    const none = await app.inject({ method: 'DELETE', url: '/nowhere?token=abc' });
    assert.deepEqual([none.statusCode, none.json()], [404, { error: 'not_found', message: 'No route for DELETE /nowhere' }]);
  });

  it('an unexpected error is 500 internal with nothing of it in the body, and logged', async () => {
    const { app, logs } = await build();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    assert.deepEqual([res.statusCode, res.json()], [500, { error: 'internal', message: 'Internal server error' }]);
    assert.doesNotMatch(res.body, /SELECT|secret|stack/);
    assert.ok(logs.some((l) => l.level === 50 && l.msg === 'unhandled error'));
  });

  it("an app's own errors answer as it decides, with their headers", async () => {
    const { app } = await build({
      known: (err) => (err instanceof Teapot ? { status: 418, body: errorBody('teapot', err.message), headers: { 'retry-after': '7' } } : undefined),
    });
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    assert.deepEqual([res.statusCode, res.headers['retry-after'], res.json()], [418, '7', { error: 'teapot', message: 'short and stout' }]);
  });

  it('render replaces the JSON (pages for browsers); unmatched answers before the 404; refusals logged when asked', async () => {
    const { app, logs } = await build({
      logRefusals: true,
      render: (req, reply, status, body) => (req.headers.accept === 'text/html' ? reply.status(status).type('text/html').send(`<h1>${body.error}</h1>`) : undefined),
      unmatched: (req, reply) => (req.url === '/spa' ? reply.type('text/html').send('<app>') : undefined),
    });
    const page = await app.inject({ method: 'GET', url: '/boom', headers: { accept: 'text/html' } });
    assert.deepEqual([page.statusCode, page.body], [500, '<h1>internal</h1>']);
    assert.equal((await app.inject({ method: 'GET', url: '/spa' })).body, '<app>');
    assert.equal((await app.inject({ method: 'GET', url: '/other' })).statusCode, 404);
    await app.inject(post('{}'));
    assert.ok(logs.some((l) => l.level === 30 && l.msg === 'request refused'));
  });

  it('a path segment the router cannot keep or decode is an id that matches nothing: 404', async () => {
    const app = Fastify({ frameworkErrors: routerRefusal });
    installErrorHandling(app);
    app.get('/orders/:id', async () => ({ ok: true }));
    for (const url of [`/orders/${'x'.repeat(101)}`, '/orders/%E0%A4']) {
      const res = await app.inject({ method: 'GET', url });
      assert.deepEqual([res.statusCode, res.json()], [404, { error: 'not_found', message: 'resource not found' }]);
    }
  });

  it("the parser's refusals answer the §2 shape and close the connection; nothing is written to a reset socket", () => {
    const answer = (code: string | undefined) => {
      const socket = new PassThrough();
      let written = '';
      socket.on('data', (d: Buffer) => (written += d.toString()));
      clientRefusal(Object.assign(new Error('x'), code ? { code } : {}), socket);
      socket.read();
      return { written, destroyed: socket.destroyed };
    };
    const cases: [string | undefined, string, string][] = [
      ['HPE_HEADER_OVERFLOW', '431 Request Header Fields Too Large', '{"error":"headers_too_large","message":"The request line and headers are over 16 KB"}'],
      ['ERR_HTTP_REQUEST_TIMEOUT', '408 Request Timeout', '{"error":"request_timeout","message":"The request took too long"}'],
      ['HPE_INVALID_METHOD', '400 Bad Request', '{"error":"validation_failed","message":"Malformed HTTP request"}'],
      [undefined, '400 Bad Request', '{"error":"validation_failed","message":"Malformed HTTP request"}'],
    ];
    for (const [code, status, body] of cases) {
      const { written, destroyed } = answer(code);
      assert.equal(
        written,
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      assert.ok(destroyed, String(code));
    }
    assert.deepEqual(answer('ECONNRESET'), { written: '', destroyed: false });
  });

  it('while closing, a request on a connection still open answers 503 service_unavailable, not the framework’s body', async () => {
    const app = Fastify({ ...frameworkRefusals });
    installErrorHandling(app);
    let release = () => {};
    const started = new Promise<void>((began) => {
      app.get('/slow', () => new Promise((done) => ((release = () => done({ slow: true })), began())));
    });
    app.get('/fast', async () => ({ fast: true }));
    // Hooks run in order: once closing has begun, a second request comes on the open connection,
    // and the first ends when the server has read it.
    app.addHook('preClose', async () => void socket.write('GET /fast HTTP/1.1\r\nHost: t\r\n\r\n'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.server.on('request', (req) => req.url === '/fast' && release());
    const socket: net.Socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    const ended = new Promise((r) => socket.on('close', r));
    socket.write('GET /slow HTTP/1.1\r\nHost: t\r\n\r\n');
    await started;
    await app.close();
    await ended;
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    assert.match(answers[0]!, /^HTTP\/1\.1 200 [\s\S]*\{"slow":true\}$/, 'the request in flight finishes');
    assert.match(answers[1]!, /^HTTP\/1\.1 503 [\s\S]*\r\n\r\n\{"error":"service_unavailable","message":"The server is shutting down"\}$/);
  });
});
