/**
 * The benches' load client (bench/run.ts, bench/scale.ts): prepared request bytes on raw keep-alive
 * sockets. A general client (fetch, node:http) spends CPU and makes garbage per request on the
 * same two cores as the server it measures; fetch's own major GCs once put 8–12 ms pauses into
 * the latencies bench/scale.ts printed as the API's (docs/performance.md).
 */
import net from 'node:net';
import { once } from 'node:events';

export interface Answer {
  status: number;
  body: Buffer;
}

/** A GET with these headers, as bytes to send again and again. */
export function getRequest(url: URL, headers: Record<string, string> = {}): Buffer {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n${lines}\r\n`);
}

/**
 * One keep-alive HTTP/1.1 connection that writes a prepared request and resolves with the status
 * and body once the whole answer (Content-Length) is in. The load generator shares the two cores with the
 * API and PostgreSQL, so it should spend as little CPU per request as it can: node:http's client
 * costs about 4× this per request, and that CPU is taken from the server being measured.
 */
export async function connection(base: URL): Promise<{ send(request: Buffer): Promise<Answer>; close(): void }> {
  const socket = net.connect({ host: base.hostname, port: Number(base.port) });
  socket.setNoDelay(true);
  await once(socket, 'connect');
  let buffered: Buffer = Buffer.alloc(0);
  let waiting: { resolve(answer: Answer): void; reject(err: Error): void } | null = null;
  const fail = (err: Error) => {
    waiting?.reject(err);
    waiting = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = buffered.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return fail(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
    const total = end + 4 + Number(length[1]);
    if (buffered.length < total) return;
    const body = buffered.subarray(end + 4, total);
    buffered = buffered.subarray(total);
    const w = waiting;
    waiting = null;
    w?.resolve({ status: Number(head.slice(9, 12)), body });
  });
  return {
    send: (request) =>
      new Promise<Answer>((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(request);
      }),
    close: () => socket.destroy(),
  };
}
