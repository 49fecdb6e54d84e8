import type { Ctx } from '../context.ts';

const pending = new WeakMap<Ctx, Set<Promise<void>>>();

/**
 * Runs `job` after the answer has been sent: for work whose outcome must not change or delay the
 * answer (a notification mail). `job` handles and logs its own errors; anything it throws is
 * logged here and never reaches the request.
 */
export function inBackground(ctx: Ctx, what: string, job: () => Promise<void>): void {
  let set = pending.get(ctx);
  if (!set) pending.set(ctx, (set = new Set()));
  const running: Promise<void> = Promise.resolve()
    .then(job)
    .catch((err: unknown) => ctx.log.error({ what, reason: (err as Error)?.message ?? 'error' }, 'background work failed'))
    .finally(() => set.delete(running));
  set.add(running);
}

/** Waits for every background job still running (graceful close, and tests). */
export async function settleBackground(ctx: Ctx): Promise<void> {
  const set = pending.get(ctx);
  while (set && set.size > 0) await Promise.all([...set]);
}
