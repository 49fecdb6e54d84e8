/** HTTP requests whose path is sent exactly as written, for the edge servers' path tests. */
import { request } from 'node:http';

export interface RawRequest {
  port: number;
  method: string;
  /** Sent as written: fetch and inject would resolve dots and backslashes first. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address to connect from (any of 127.0.0.0/8 on loopback): who the server sees. */
  from?: string;
}

/** The status and body text of one request to 127.0.0.1. */
export function rawRequest(o: RawRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...o.headers, ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}) };
    const req = request({ host: '127.0.0.1', port: o.port, method: o.method, path: o.path, headers, ...(o.from ? { localAddress: o.from } : {}) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/**
 * The requests of `table` that the server at `port` did not refuse itself (a 404 whose body says
 * `refusal`), each with the answer it got instead. Writes carry an empty JSON object.
 */
export async function notRefused(port: number, table: [method: string, path: string][], headers: Record<string, string>, refusal: string): Promise<string[]> {
  const passed: string[] = [];
  for (const [method, path] of table) {
    const res = await rawRequest({ port, method, path, headers, ...(method === 'GET' ? {} : { body: '{}' }) });
    if (res.status !== 404 || !res.text.includes(refusal)) passed.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 80)}`);
  }
  return passed;
}
