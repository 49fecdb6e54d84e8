/**
 * How far V8's old generation may grow before its next full collection (docs/performance.md,
 * "Old-generation headroom"). V8 lets it grow by a factor of what the last full collection kept,
 * up to about 4× on a small heap: what a CSV export leaves there raised the RSS by 38 MB for a
 * month of transactions on PostgreSQL at 1 M customers, and by 68 MB for a year. A fixed
 * percentage (`--heap-growing-percent`) bounds it in proportion to the live heap instead: 20 % of
 * a 25 MB heap made a server whose answers were promoted collect the whole heap every 5 MB.
 * So after each full collection the growth is set to a fixed amount over what survived:
 * `headroomMb` (`HEAP_HEADROOM_MB`), and `STREAMING_HEADROOM_MB` while a long read streams
 * (`whileStreaming`, the CSV exports), which starts with a full collection so that its limit holds
 * at once.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { collectAll } from './quiet-memory.ts';

/** The headroom while a long read streams, MB (or `HEAP_HEADROOM_MB` if that is smaller). */
export const STREAMING_HEADROOM_MB = 8;

/** V8's own bounds on the growing factor: 1.1 to 4 (10 % to 300 %). */
const MIN_PERCENT = 10;
const MAX_PERCENT = 300;

/** True for a `gc` performance entry of a full (mark-compact) collection. */
export const isFullCollection = (entry: PerformanceEntry): boolean =>
  (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;

/** The old generation's size: every space but the young generation's. */
export function oldGeneration(): number {
  let bytes = 0;
  for (const s of getHeapSpaceStatistics()) if (!s.space_name.startsWith('new_')) bytes += s.space_used_size;
  return bytes;
}

/** `--heap-growing-percent` for `headroom` bytes over `live`, within V8's bounds. */
export const growingPercent = (headroom: number, live: number): number =>
  Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, Math.round((headroom / Math.max(live, 1)) * 100)));

/** The process's headroom keeper, once `keepHeadroom` runs. */
let keeper: { streams: number; set(): void; collect(): void } | undefined;

/**
 * Keeps V8's old generation within `headroomMb` of what its last full collection kept (0: V8's own
 * growth). A `--heap-growing-percent` given to node wins and is left alone. Starts with a full
 * collection (`collector`, by default `collectAll('regular')`, made only when the headroom is
 * kept): the limit V8 set at the last one is its own, and holds until the next. Answers the
 * function that stops it.
 */
export function keepHeadroom(headroomMb: number, collector?: () => void): () => void {
  if (headroomMb === 0 || process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) return () => {};
  const collect = collector ?? collectAll('regular');
  let current = 0;
  const self = {
    streams: 0,
    collect,
    set() {
      const mb = self.streams > 0 ? Math.min(headroomMb, STREAMING_HEADROOM_MB) : headroomMb;
      const percent = growingPercent(mb * 1024 * 1024, oldGeneration());
      if (percent === current) return;
      setFlagsFromString(`--heap-growing-percent=${percent}`);
      current = percent;
    },
  };
  // V8 reads the flag each time it sets the next limit, at the end of a full collection; the entry
  // comes just after it, so each setting takes effect at the next one, the live size rarely moving fast.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some(isFullCollection)) self.set();
  });
  observer.observe({ entryTypes: ['gc'] });
  keeper = self;
  self.set();
  collect();
  return () => {
    observer.disconnect();
    if (keeper === self) keeper = undefined;
    setFlagsFromString('--heap-growing-percent=0');
  };
}

/**
 * Narrows the headroom to `STREAMING_HEADROOM_MB` until the function it answers is called (once
 * is enough; more calls do nothing). The first of several at once collects the heap, a pause of
 * tens of milliseconds, so that the narrow limit holds from the start. Nothing without `keepHeadroom`.
 */
export function whileStreaming(): () => void {
  const k = keeper;
  if (k === undefined) return () => {};
  if (k.streams++ === 0) {
    k.set();
    k.collect();
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--k.streams === 0) k.set();
  };
}
