/**
 * The top frames of a V8 CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=dir npm run bench`):
 * self time (where the CPU was) and inclusive time (what it was doing it for), in % of samples.
 *
 *   node bench/top-frames.ts api-sqlite-orders.cpuprofile [self rows] [inclusive rows]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;

const hits = new Map<number, number>();
for (const s of profile.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, count] of hits) {
  const leaf = name(byId.get(id)!);
  self.set(leaf, (self.get(leaf) ?? 0) + count);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = name(byId.get(cur)!);
    if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + count), seen.add(k);
  }
}
const total = profile.samples.length;
const top = (m: Map<string, number>, rows: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
console.log(`${total} samples\n\nself\n${top(self, Number(process.argv[3] ?? 25))}\n\ninclusive\n${top(inclusive, Number(process.argv[4] ?? 40))}`);
