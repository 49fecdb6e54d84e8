/**
 * Keeps the shape of Node's next-tick records alive (docs/performance.md, "The shapes V8 forgets").
 *
 * Every `process.nextTick` (and node:http calls it for every answer) builds a record
 * `{ [async_id]: …, [trigger_id]: …, [context]: …, callback, args }`. Its computed keys are
 * added one by one, and V8 caches each step's shape (map) in the call site's inline cache, weakly.
 * Records live for microseconds, so a full collection usually finds no record alive and frees
 * the shapes; the next record makes new ones, and the cache counts them as different. After a
 * handful of full collections the sites give up (megamorphic) and every record is built through
 * V8's runtime for the rest of the process: about 7 % of the CPU of a cached catalogue read.
 * Holding one record keeps its shape, and through the shape's back pointers every step's, so the
 * same shapes are found again after each collection and the caches stay monomorphic.
 */
import { createHook } from 'node:async_hooks';

let held: object | undefined;

/** Holds one next-tick record for the life of the process (idempotent). */
export function holdTickShape(): void {
  if (held !== undefined) return;
  // The only public way to a record: the async hook that sees it made, on for one call.
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') held ??= resource as object;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
}
