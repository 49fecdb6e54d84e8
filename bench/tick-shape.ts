/**
 * What losing the next-tick record's shape costs (docs/performance.md, "The shapes V8 forgets"):
 * a bare node:http server answering 6,000 bytes from memory, started twice per round, once as
 * it is and once holding one next-tick record (`holdTickShape`, as the API does). Each start takes
 * `GCS` full collections (default 20, 100 ms apart) under `wrk -t1 -c50`, then the rate and the
 * server's CPU per answer are measured for `BENCH_SECONDS` (default 3). Rounds alternate which
 * server goes first (BENCH_ROUNDS, default 3).
 *
 *   node bench/tick-shape.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { freePort } from '../apps/api/test/support/spawn-api.ts';
import { holdTickShape } from '../apps/api/src/lib/tick-shape.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GCS = Number(process.env.GCS ?? 20);

if (process.argv[2] === 'serve') {
  // The server: collects GCS times on SIGUSR2 (node --expose-gc), then says so on stdout.
  if (process.argv[3] === 'hold') holdTickShape();
  const body = Buffer.alloc(6000, 'a');
  const server = createServer((_req, res) => {
    res.writeHead(200, ['content-type', 'application/json', 'content-length', String(body.length)]);
    res.end(body);
  });
  process.on('SIGUSR2', () => {
    let n = 0;
    const timer = setInterval(() => {
      (globalThis as unknown as { gc(): void }).gc();
      if (++n === GCS) {
        clearInterval(timer);
        process.stdout.write('collected\n');
      }
    }, 100);
  });
  server.listen(Number(process.argv[4]), '127.0.0.1', () => process.stdout.write('listening\n'));
} else {
  const cpuSeconds = (pid: number) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  };
  const wrk = (url: string, seconds: number) => execFileSync('wrk', ['-t1', '-c50', `-d${seconds}s`, url], { encoding: 'utf8' });

  async function measure(kind: 'plain' | 'hold'): Promise<{ rps: number; us: number }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--expose-gc', import.meta.filename, 'serve', kind, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    const until = async (word: string) => {
      while (!out.includes(word)) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      await until('listening');
      const url = `http://127.0.0.1:${port}/`;
      // The collections happen under load, as in a server at work.
      child.kill('SIGUSR2');
      const load = spawn('wrk', ['-t1', '-c50', `-d${Math.ceil(GCS / 10) + 1}s`, url], { stdio: 'ignore' });
      await until('collected');
      await new Promise((r) => load.once('exit', r));
      const before = cpuSeconds(child.pid!);
      const text = wrk(url, SECONDS);
      const requests = Number(/(\d+) requests in/.exec(text)![1]);
      return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)![1]), us: ((cpuSeconds(child.pid!) - before) * 1e6) / requests };
    } finally {
      child.kill('SIGKILL');
    }
  }

  for (let i = 0; i < ROUNDS; i++) {
    const order: ('plain' | 'hold')[] = i % 2 === 0 ? ['plain', 'hold'] : ['hold', 'plain'];
    const r: Record<string, { rps: number; us: number }> = {};
    for (const kind of order) r[kind] = await measure(kind);
    const f = (x: { rps: number; us: number }) => `${x.rps.toFixed(0)}/s, ${x.us.toFixed(1)} µs an answer`;
    console.log(`round ${i + 1}, after ${GCS} full collections under load: as it is ${f(r.plain!)}; holding a record ${f(r.hold!)}`);
  }
}
