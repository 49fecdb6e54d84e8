import type { Ctx } from './context.ts';
import { DAY } from './lib/clock.ts';
import { HOUR } from './lib/clock.ts';
import { purgeExpired } from './lib/rate-limit.ts';
import { purgeOldSessions } from './modules/auth/auth.service.ts';
import { purgeChallenges } from './modules/auth/mfa.service.ts';
import { rollUpDays } from './modules/backoffice/admin-users.service.ts';
import { processDueDeletions, purgeExpiredDeletionTokens } from './modules/deletion/deletion.service.ts';
import { purgeExpiredOtps } from './modules/auth/otp.service.ts';
import { purgeOldWebhookLogs } from './modules/topups/topup.service.ts';
import { purgeOldClickIps } from './modules/referrals/referrals.service.ts';
import { purgeExpiredKeys } from './modules/idempotency/index.ts';
import { advanceCheckpoints } from './modules/ledger/checkpoints.ts';
import { verifyDays } from './modules/backoffice/reconciliation.ts';

/**
 * Background jobs. Each one is idempotent and claims its rows with conditional statements, so
 * the server's timer, `npm run jobs`, and several instances may all run them at once safely.
 * A job returns how many rows it changed.
 */
export interface Job {
  name: string;
  run(ctx: Ctx): Promise<number>;
}

export const jobs: Job[] = [
  {
    name: 'purge-rate-limit-counters',
    // After their window (docs/contracts.md §10): the longest window of any rule is an hour. A rule with a
    // longer window must raise this, or its counters would be forgotten early.
    run: (ctx) => purgeExpired(ctx.db, new Date(ctx.clock.now().getTime() - HOUR)),
  },
  {
    name: 'purge-expired-otps',
    // Phone and email codes, 1 day after they expired.
    run: (ctx) => purgeExpiredOtps(ctx, new Date(ctx.clock.now().getTime() - DAY)),
  },
  {
    name: 'purge-old-sessions',
    // Sessions and refresh tokens, 30 days after they expired or were revoked.
    run: (ctx) => purgeOldSessions(ctx),
  },
  {
    name: 'purge-mfa-challenges',
    // The mfa_token of a staff sign-in's second step, 1 day after it expired.
    run: (ctx) => purgeChallenges(ctx),
  },
  {
    name: 'purge-expired-deletion-tokens',
    run: (ctx) => purgeExpiredDeletionTokens(ctx),
  },
  {
    name: 'purge-old-webhook-logs',
    // WEBHOOK_LOG_RETENTION_DAYS (default 90).
    run: (ctx) => purgeOldWebhookLogs(ctx),
  },
  {
    name: 'purge-referral-click-ips',
    // Raw click IPs are kept 30 days (spec, Limits); the click rows stay for counting.
    run: (ctx) => purgeOldClickIps(ctx),
  },
  {
    name: 'complete-account-deletions',
    // Anonymises users whose deletion grace period is over; each request is claimed conditionally.
    run: (ctx) => processDueDeletions(ctx),
  },
  {
    name: 'store-daily-figures',
    // The dashboard's per-day rollup (docs/performance.md): each closed day once; the dashboard
    // stores what is missing itself, so this only keeps its first call of the day quick.
    run: (ctx) => rollUpDays(ctx),
  },
  {
    name: 'verify-ledger-checkpoints',
    // Moves each wallet's ledger checkpoint over its rows verified since, and records the wallets
    // that fail and the whole shop's wallet totals (docs/orders.md): the reconciliation answers
    // those instead of reading every wallet.
    run: (ctx) => advanceCheckpoints(ctx),
  },
  {
    name: 'verify-reconciliation-days',
    // The reconciliation's range checks of each closed UTC day, once (docs/orders.md): a report
    // reads the stored days and checks live only the partial days at its ends.
    run: (ctx) => verifyDays(ctx),
  },
  {
    name: 'purge-idempotency-keys',
    // Every Idempotency-Key is kept 24 h (docs/contracts.md §5); after that the same key is a new request.
    run: (ctx) => purgeExpiredKeys(ctx),
  },
];

export async function runJobs(ctx: Ctx, list: Job[] = jobs): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  for (const job of list) {
    try {
      results[job.name] = await job.run(ctx);
    } catch (err) {
      ctx.log.error({ err, job: job.name }, 'job failed');
      results[job.name] = -1;
    }
  }
  return results;
}

/** Runs the jobs every `intervalSeconds` in this process; returns a stop function. */
export function scheduleJobs(ctx: Ctx, intervalSeconds: number): () => void {
  if (intervalSeconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runJobs(ctx)
      .then((r) => ctx.log.info({ jobs: r }, 'jobs ran'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
