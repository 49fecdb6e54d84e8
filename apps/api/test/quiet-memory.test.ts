import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { collectAll, compactWhenQuiet } from '../src/lib/quiet-memory.ts';

/** About 40 MB of objects, kept by the caller. */
const garbage = (): number[][] => Array.from({ length: 4000 }, (_, i) => Array.from({ length: 1000 }, (_, k) => k + i * 0.5));

describe('memory given back when the server is quiet', () => {
  it('collectAll() gives back what was just let go, and the process gets no global gc', async () => {
    // Whether the objects were collected, not how many megabytes that gave back: a figure of the
    // heap depends on what else the machine and V8 are doing (bench/idle-memory.ts measures it).
    let kept: number[][] | undefined = garbage();
    const probe = new WeakRef(kept[0]!);
    assert.equal(kept.length, 4000);
    kept = undefined;
    // A WeakRef keeps its target alive to the end of the turn that made or read it.
    await sleep(0);
    collectAll()();
    assert.equal(probe.deref(), undefined, 'the objects let go were collected');
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  });

  it('collects after the quiet checks, never while requests keep arriving, and once per growth of the heap', async () => {
    const server = new EventEmitter();
    let collections = 0;
    const stop = compactWhenQuiet(server, { tickMs: 100, ticks: 2, collect: () => collections++ });
    try {
      // A request every 5 ms: never two quiet checks in a row.
      for (let i = 0; i < 60; i++) {
        server.emit('request');
        await sleep(5);
      }
      assert.equal(collections, 0, 'busy');
      await sleep(500);
      assert.equal(collections, 1, 'quiet');
      await sleep(500);
      assert.equal(collections, 1, 'still quiet, the heap as it was: once');
      const grown = garbage();
      await sleep(500);
      assert.equal(collections, 2, `quiet again after the heap grew (${grown.length} arrays kept)`);
    } finally {
      stop();
    }
    assert.equal(server.listenerCount('request'), 0, 'stopped: no listener left');
  });
});
