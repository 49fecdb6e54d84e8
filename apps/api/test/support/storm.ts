/**
 * Cross-process storms: several API processes on the test's database (storm-worker.ts), started
 * once per test file, each sent its share of a batch of requests at the same moment.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { onPostgres, type TestApp } from '../helpers.ts';

const worker = join(dirname(fileURLToPath(import.meta.url)), 'storm-worker.ts');

export interface StormRequest {
  method: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export interface StormAnswer {
  status: number;
  body: any;
}

export interface Storms {
  /** Request i goes to process i % n; answers come back in request order. */
  run(requests: StormRequest[]): Promise<StormAnswer[]>;
  close(): Promise<void>;
}

/**
 * Starts `processes` API processes on `t`'s database. SQLite: one connection per process;
 * PostgreSQL: `lanes` pool clients per process (default 4), each sending one request at a time.
 */
export async function startStorms(t: TestApp, options: { processes?: number; lanes?: number; env?: Record<string, string> } = {}): Promise<Storms> {
  const lanes = options.lanes ?? (onPostgres ? 4 : 1);
  const workers = Array.from({ length: options.processes ?? 4 }, () => {
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [worker], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.db.url, STORM_ENV: JSON.stringify(options.env ?? {}), STORM_LANES: String(lanes) },
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const waiting: Array<{ resolve: (line: string) => void; reject: (e: Error) => void }> = [];
    createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
    child.on('exit', (code) => {
      for (const w of waiting.splice(0)) w.reject(new Error(`storm process exited ${code}: ${err}`));
    });
    const nextLine = () => new Promise<string>((resolve, reject) => waiting.push({ resolve, reject }));
    return { child, nextLine, ready: nextLine() };
  });
  try {
    await Promise.all(workers.map((w) => w.ready));
  } catch (err) {
    for (const w of workers) w.child.kill('SIGKILL');
    throw err;
  }
  return {
    async run(requests) {
      const n = workers.length;
      const outputs = await Promise.all(
        workers.map((w, p) => {
          const line = w.nextLine();
          const share = requests.map((r, i) => ({ ...r, i })).filter((r) => r.i % n === p);
          w.child.stdin.write(`${JSON.stringify({ clock: t.clock.now().toISOString(), requests: share })}\n`);
          return line;
        }),
      );
      const answers: StormAnswer[] = [];
      for (const a of outputs.flatMap((o) => JSON.parse(o) as Array<{ i: number } & StormAnswer>)) answers[a.i] = { status: a.status, body: a.body };
      return answers;
    },
    async close() {
      await Promise.all(workers.map((w) => new Promise((r) => (w.child.exitCode !== null ? r(null) : (w.child.once('exit', r), w.child.stdin.end())))));
    },
  };
}

export const tally = (answers: StormAnswer[]): Record<string, number> =>
  answers.reduce<Record<string, number>>((m, a) => {
    const k = `${a.status}${a.body?.error ? ` ${a.body.error}` : ''}`;
    return { ...m, [k]: (m[k] ?? 0) + 1 };
  }, {});
