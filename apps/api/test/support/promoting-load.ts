/**
 * A heap that promotes what dies soon after, as a loaded server's does (test/heap-headroom.test.ts):
 * 44 MB kept alive, then for 3,000 turns of the event loop each turn makes 200 small objects (about
 * 20 KB) that live for 500 turns, long enough to outlive two young collections and die in the old
 * generation.
 * Run with `--max-semi-space-size=8 --expose-gc`; `HEADROOM_MB` set: `keepHeadroom` runs; `STREAMING`
 * set: the load runs as a long read (`whileStreaming`). Writes one
 * line of JSON: the live old generation before the load, its largest rise during it, the full collections.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { isFullCollection, keepHeadroom, oldGeneration, whileStreaming } from '../../src/lib/heap-headroom.ts';

const kept: object[] = [];
for (let i = 0; i < 200_000; i++) kept.push({ i, name: `customer ${i}`, tags: [i, i + 1] });
(globalThis as { gc?: () => void }).gc!();
const live = oldGeneration();
if (process.env.HEADROOM_MB) keepHeadroom(Number(process.env.HEADROOM_MB));
if (process.env.STREAMING) whileStreaming();

let majors = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (isFullCollection(e)) majors++;
}).observe({ entryTypes: ['gc'] });

const waiting: object[][] = [];
let rise = 0;
for (let turn = 0; turn < 3000; turn++) {
  const batch: object[] = [];
  for (let i = 0; i < 200; i++) batch.push({ id: `row ${i}`, amount: i, at: [i] });
  waiting.push(batch);
  if (waiting.length > 500) waiting.shift();
  rise = Math.max(rise, oldGeneration() - live);
  await new Promise((resolve) => setImmediate(resolve));
}
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(`${JSON.stringify({ live, rise, majors, kept: kept.length })}\n`);
