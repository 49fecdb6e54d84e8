import type { Ctx } from '../../context.ts';
import { escapeHtml, mailerFor } from '../../lib/mailer.ts';

const pending = new WeakMap<Ctx, Set<Promise<void>>>();

/**
 * Sends a notification mail in the background, after the caller's transaction committed. It never
 * fails the request: an unconfigured mailer or a missing address is skipped, a send error is
 * logged (never the address or the body).
 */
export function notify(ctx: Ctx, kind: string, to: string | null, subject: string, text: string): void {
  const mailer = mailerFor(ctx.config);
  if (!mailer || !to) {
    ctx.log.info({ kind, reason: mailer ? 'no_recipient' : 'mailer_not_configured' }, 'notification mail skipped');
    return;
  }
  const html = text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  let set = pending.get(ctx);
  if (!set) pending.set(ctx, (set = new Set()));
  const job: Promise<void> = mailer
    .send({ to, subject, text, html })
    .then(
      () => ctx.log.info({ kind }, 'notification mail sent'),
      (err: unknown) => ctx.log.warn({ kind, reason: (err as { code?: string }).code ?? 'error' }, 'notification mail failed'),
    )
    .finally(() => set.delete(job));
  set.add(job);
}

/** Waits for every mail still in flight (graceful close, and tests). */
export async function settleNotifications(ctx: Ctx): Promise<void> {
  const set = pending.get(ctx);
  if (set) await Promise.all([...set]);
}
