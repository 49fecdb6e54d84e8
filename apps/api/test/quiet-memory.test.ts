import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { compactWhenQuiet } from '../src/lib/quiet-memory.ts';

const heapMb = () => getHeapStatistics().total_physical_size / 1048576;

/** About 40 MB of objects that live long enough to reach the old generation, then let go. */
function garbage(): void {
  const kept: number[][] = [];
  for (let i = 0; i < 4000; i++) kept.push(Array.from({ length: 1000 }, (_, k) => k + i * 0.5));
  assert.equal(kept.length, 4000);
}

describe('memory given back when the server is quiet', () => {
  it('collects the heap after the quiet checks, never while requests keep arriving, and once per growth', async () => {
    const server = new EventEmitter();
    const stop = compactWhenQuiet(server, 40, 2);
    try {
      assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'the process gets no global gc');
      garbage();
      const grown = heapMb();
      // A request every 20 ms: never two quiet checks in a row.
      for (let i = 0; i < 15; i++) {
        server.emit('request');
        await sleep(20);
      }
      assert.ok(heapMb() > grown - 5, `busy: nothing collected (${heapMb().toFixed(1)} MB of ${grown.toFixed(1)})`);
      await sleep(300);
      const quiet = heapMb();
      assert.ok(quiet < grown - 20, `quiet: the heap went from ${grown.toFixed(1)} to ${quiet.toFixed(1)} MB`);
      // Still quiet, nothing grown: no further collection.
      const majors: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(e.startTime);
      });
      observer.observe({ entryTypes: ['gc'] });
      await sleep(300);
      observer.disconnect();
      assert.deepEqual(majors, [], 'one collection per growth');
    } finally {
      stop();
    }
    assert.equal(server.listenerCount('request'), 0, 'stopped: no listener left');
  });
});
