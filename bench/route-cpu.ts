/**
 * `node bench/route-cpu.ts --url <database kept by bench/scale.ts --keep> [--calls 100]`: the API's
 * CPU per call (user + system, /proc) and wall time per call of the heavy admin reports at scale,
 * each after 5 warm calls, one caller (docs/performance.md, "The API's memory": what SQLite's page
 * cache size costs them). CPU is what to compare on a shared machine. Figures are printed, never asserted.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { http } from '../apps/api/test/support/spawn-api.ts';
import { ADMIN, memory, startApi } from './api.ts';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, calls: { type: 'string', default: '100' } } });
if (args.url === undefined) throw new Error('--url is required (a database kept by bench/scale.ts --keep)');
const calls = Number(args.calls);
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const paths = ['/admin/users?q=vikram%20patel', `/admin/users?joined_from=${ago(30)}`, `/admin/orders?placed_from=${ago(30)}&total_min=50000`, '/admin/dashboard', '/admin/reconciliation', '/admin/users?q=priy', '/admin/orders?q=ravi'];

const api = await startApi(args.url);
try {
  const r = await http(api.base, 'POST', '/api/v1/auth/admin/login', { body: { phone: ADMIN.phone, password: ADMIN.password } });
  if (r.status !== 200) throw new Error(`admin login: ${r.status} ${r.text}`);
  const token = (r.body.access_token ?? r.body.custom_token) as string;
  const pid = api.child.pid!;
  for (const path of paths) {
    const get = async () => {
      const res = await http(api.base, 'GET', `/api/v1${path}`, { token });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    };
    for (let i = 0; i < 5; i++) await get();
    const cpu = cpuSeconds(pid);
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await get();
    console.log(`${path.padEnd(60)} API CPU ${(((cpuSeconds(pid) - cpu) * 1000) / calls).toFixed(1)} ms a call, wall ${((performance.now() - t0) / calls).toFixed(1)} ms`);
  }
  console.log(`API RSS ${memory(pid).rss.toFixed(0)} MB; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await api.stop();
}
