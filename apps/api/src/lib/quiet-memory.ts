/**
 * Memory given back when the server is quiet (docs/operations.md, "Memory at rest"). V8 keeps
 * the pages its heap grew to: the young generation's (up to the start command's 8 MB semi-spaces,
 * reached during start-up), pages freed by collections and kept in a pool for reuse, compiled code
 * no longer run. Its own memory reducer only starts after a full collection, which an idle
 * server may never have. So once no request has arrived for `ticks` checks in a row, and the heap
 * has grown since the last time, the whole heap is collected the way V8 does under memory pressure
 * (every available garbage, pooled pages released, new space shrunk): about 20 MB of RSS on an
 * idle API, in a pause of tens of milliseconds that only a quiet server takes. The next requests
 * grow the young generation again as they need it.
 */
import type { EventEmitter } from 'node:events';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Heap growth since the last collection here below which a quiet server is left alone. */
const GROWTH = 2 * 1024 * 1024;

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' | 'regular' }) => void;

/**
 * Collects the whole heap: as V8 does under memory pressure (`last-resort`, the default: pooled
 * pages released, the young generation shrunk), or as its own full collections do (`regular`).
 */
export function collectAll(flavor: 'last-resort' | 'regular' = 'last-resort'): () => void {
  // V8's gc extension, from a context of its own: the process's global object gets no `gc`.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc;
  setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'major', execution: 'sync', flavor });
}

/**
 * Watches `server`'s 'request' events; checks every `tickMs` (default 5 s) and runs `collect`
 * (default `collectAll()`) after `ticks` checks without a request (10–15 s). Answers the function
 * that stops it.
 */
export function compactWhenQuiet(server: EventEmitter, options: { tickMs?: number; ticks?: number; collect?: () => void } = {}): () => void {
  const { tickMs = 5000, ticks = 2, collect = collectAll() } = options;
  let requests = 0;
  let seen = 0;
  let quiet = 0;
  let after = 0;
  const count = () => void requests++;
  server.on('request', count);
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      quiet = 0;
      return;
    }
    if (++quiet < ticks || getHeapStatistics().total_physical_size < after + GROWTH) return;
    collect();
    after = getHeapStatistics().total_physical_size;
  }, tickMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', count);
  };
}
