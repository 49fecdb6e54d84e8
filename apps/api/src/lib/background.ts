import type { FastifyBaseLogger } from 'fastify';

/** Whatever owns the work (the app's `Ctx`): jobs are grouped by it and logged through it. */
type Owner = { readonly log: FastifyBaseLogger };

const pending = new WeakMap<Owner, Set<Promise<void>>>();

/**
 * Runs `job` after the answer has been sent: for work whose outcome must not change or delay the
 * answer (a notification mail). `job` handles and logs its own errors; anything it throws is
 * logged here and never reaches the request.
 */
export function inBackground(ctx: Owner, what: string, job: () => Promise<void>): void {
  let set = pending.get(ctx);
  if (!set) pending.set(ctx, (set = new Set()));
  const running: Promise<void> = Promise.resolve()
    .then(job)
    .catch((err: unknown) => ctx.log.error({ what, reason: (err as Error)?.message ?? 'error' }, 'background work failed'))
    .finally(() => set.delete(running));
  set.add(running);
}

/** Waits for every background job still running (graceful close, and tests). */
export async function settleBackground(ctx: Owner): Promise<void> {
  const set = pending.get(ctx);
  while (set && set.size > 0) await Promise.all([...set]);
}
