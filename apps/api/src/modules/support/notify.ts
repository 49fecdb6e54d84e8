import type { Ctx } from '../../context.ts';
import { inBackground } from '../../lib/background.ts';
import { escapeHtml, mailerFor } from '../../lib/mailer.ts';

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
  inBackground(ctx, 'notification mail', () =>
    mailer.send({ to, subject, text, html }).then(
      () => ctx.log.info({ kind }, 'notification mail sent'),
      (err: unknown) => ctx.log.warn({ kind, reason: (err as { code?: string }).code ?? 'error' }, 'notification mail failed'),
    ),
  );
}
