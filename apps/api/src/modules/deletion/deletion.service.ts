import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { countOpenOrders } from '../orders/index.ts';
import { findWallet } from '../ledger/index.ts';
import type { Handle, SharedTrx } from '../../lib/db-types.ts';
import { own, type DeletionChannel } from './tables.ts';
import { DAY, MINUTE, SECOND } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { sha256 } from '../../lib/secrets.ts';
import { accounts } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { endAllSessions, isStaffAccount, requirePhone } from '../auth/index.ts';
import { consumePhoneOtp, forgetEmailCodes, sendPhoneOtp } from '../auth/index.ts';
import { forgetSignupIp } from '../referrals/index.ts';
import * as repo from './deletion.repository.ts';
import { applyMove } from './transitions.ts';
import type { DeletionRequestRow } from './deletion.repository.ts';

export type Blocker = 'open_orders' | 'wallet_balance';
const PURPOSE = 'account_deletion' as const;
/** How long a `deletion_token` from verify stays usable. */
export const DELETION_TOKEN_TTL_MS = 15 * MINUTE;
const JOB_BATCH = 100;

const invalidDeletionToken = () => new AppError(400, 'invalid_deletion_token', 'The deletion token is invalid, used or expired');
/** Who calls a signed-in route: a back-office session (`isAdmin`) or a shopper one. */
export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/**
 * A staff account is never removed on the strength of an SMS code (docs/deletion.md, "Staff
 * accounts"): the web flow answers it as an unknown phone, and the in-app flow needs a back-office
 * session, since a shopper session of a staff account may come from an SMS code (`/auth/otp/verify`).
 */
const staffSessionRequired = () =>
  new AppError(403, 'forbidden', 'A staff account files its deletion from a back-office session', { code: 'STAFF_SESSION_REQUIRED' });
function guardStaffCaller(user: { is_admin: number; staff_role: string | null }, caller: Caller): void {
  if (isStaffAccount(user) && !caller.isAdmin) throw staffSessionRequired();
}

const blocked = (blockers: Blocker[]) =>
  conflict('deletion_blocked', 'Open orders or a wallet balance block deletion', { blockers });

/** What stops an account from being deleted now: open orders, and any non-zero balance of the three. */
export async function blockersOf(db: Handle, userId: string): Promise<Blocker[]> {
  const blockers: Blocker[] = [];
  if ((await countOpenOrders(db, userId)) > 0) blockers.push('open_orders');
  const w = await findWallet(db, userId);
  if (w && (Number(w.shopping_credits) !== 0 || Number(w.reward_points) !== 0 || Number(w.e_vouchers) !== 0)) blockers.push('wallet_balance');
  return blockers;
}

export async function eligibility(ctx: Ctx, userId: string): Promise<{ eligible: boolean; blockers: Blocker[] }> {
  const blockers = await blockersOf(ctx.db, userId);
  return { eligible: blockers.length === 0, blockers };
}

async function issueToken(ctx: Ctx, trx: SharedTrx, userId: string, channel: 'web' | 'app') {
  const token = randomToken();
  const now = ctx.clock.now();
  await repo.insertToken(trx, {
    token_hash: sha256(token),
    user_id: userId,
    channel,
    expires_at: new Date(now.getTime() + DELETION_TOKEN_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  return { deletion_token: token, expires_in: DELETION_TOKEN_TTL_MS / SECOND };
}

// ---- web flow (public, proven by an OTP to the registered phone) ----

/** Answers the same whether or not the phone is registered (the OTP module sends nothing then, nor to a staff account). */
export function webSendOtp(ctx: Ctx, phone: string, ip: string) {
  return sendPhoneOtp(ctx, { phone, purpose: PURPOSE, ip, uniform: true });
}

export async function webVerify(ctx: Ctx, input: { phone: string; otp: string }) {
  const phone = requirePhone(ctx, input.phone);
  return consumePhoneOtp(ctx, { phone, purpose: PURPOSE, code: input.otp }, async (trx) => {
    const user = await accounts.findUserByPhone(trx, phone);
    if (!user || isStaffAccount(user)) throw new AppError(401, 'invalid_otp', 'The code is wrong or has expired');
    return issueToken(ctx, trx, user.id, 'web');
  });
}

// ---- in-app flow (signed in; the OTP goes to the account's own phone) ----

async function ownPhone(ctx: Ctx, caller: Caller): Promise<string> {
  const user = await accounts.findUserById(ctx.db, caller.userId);
  if (!user) throw notFound('user');
  guardStaffCaller(user, caller);
  if (!user.phone) throw conflict('conflict', 'The account has no phone number to send a code to');
  return user.phone;
}

export async function appSendOtp(ctx: Ctx, caller: Caller, ip: string) {
  return sendPhoneOtp(ctx, { phone: await ownPhone(ctx, caller), purpose: PURPOSE, ip });
}

export async function appVerify(ctx: Ctx, caller: Caller, input: { otp: string }) {
  const phone = await ownPhone(ctx, caller);
  return consumePhoneOtp(ctx, { phone, purpose: PURPOSE, code: input.otp }, (trx) => issueToken(ctx, trx, caller.userId, 'app'));
}

export interface DeletionState {
  status: 'none' | 'pending' | 'cancelled' | 'completed';
  requested_at?: string;
  scheduled_for?: string;
}

const stateOf = (r: DeletionRequestRow | undefined): DeletionState =>
  r ? { status: r.status, requested_at: r.requested_at, scheduled_for: r.scheduled_for } : { status: 'none' };

/**
 * Files the OTP-proven request: spends the token, refuses while a blocker holds (the token stays
 * unspent, so the user can fix it and retry), and schedules the anonymisation after the grace
 * period. A second request while one is pending answers that one (`created: false`). A staff
 * account's request is refused before the token is spent: a web token as an invalid one, in-app
 * 403 unless the caller's session is a back-office one.
 */
export async function fileRequest(
  ctx: Ctx,
  input: { deletion_token: string; reason?: string | null },
  channel: 'web' | 'app',
  caller: Caller | null,
): Promise<{ created: boolean; state: DeletionState }> {
  const hash = sha256(input.deletion_token);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const attempt = () =>
    own(ctx.db).transaction().execute(async (trx) => {
      const token = await repo.findToken(trx, hash);
      // A token only works in the flow that issued it, and in-app only for the caller's own account.
      if (!token || token.channel !== channel || (caller !== null && token.user_id !== caller.userId)) throw invalidDeletionToken();
      const user = await accounts.findUserById(trx, token.user_id);
      if (!user || (caller === null && isStaffAccount(user))) throw invalidDeletionToken();
      if (caller !== null) guardStaffCaller(user, caller);
      if (!(await repo.spendToken(trx, hash, nowIso))) throw invalidDeletionToken();
      await guardOwner(trx, user);
      const blockers = await blockersOf(trx, token.user_id);
      if (blockers.length) throw blocked(blockers);
      const existing = await repo.findPending(trx, token.user_id);
      if (existing) return { created: false, state: stateOf(existing) };
      const row: DeletionRequestRow = {
        id: newId(ctx.clock),
        user_id: token.user_id,
        status: 'pending',
        channel,
        reason: input.reason?.trim() || null,
        requested_at: nowIso,
        scheduled_for: new Date(now.getTime() + ctx.config.deletionGraceDays * DAY).toISOString(),
        cancelled_at: null,
        completed_at: null,
        updated_at: nowIso,
      };
      await repo.insertRequest(trx, row);
      return { created: true, state: stateOf(row) };
    });
  try {
    const result = await attempt();
    if (result.created) ctx.log.info({ channel }, 'account deletion requested');
    return result;
  } catch (err) {
    // Two requests with two tokens raced; the other one filed the pending request first.
    if (!isUniqueViolation(err)) throw err;
    const token = await repo.findToken(ctx.db, hash);
    const existing = token ? await repo.findPending(ctx.db, token.user_id) : undefined;
    if (!existing) throw err;
    return { created: false, state: stateOf(existing) };
  }
}

export async function status(ctx: Ctx, userId: string): Promise<DeletionState> {
  return stateOf(await repo.findLatest(ctx.db, userId));
}

/** pending → cancelled (transitions.ts); without a pending request it is 409. */
export async function cancel(ctx: Ctx, userId: string): Promise<DeletionState> {
  const row = await applyMove(ctx, ctx.db, { userId }, 'cancelled');
  if (!row) throw conflict('conflict', 'There is no pending deletion request');
  ctx.log.info('account deletion cancelled');
  return stateOf(row);
}

/** Anonymises a user and ends every session, in the caller's transaction. */
async function anonymise(ctx: Ctx, trx: SharedTrx, userId: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  if (!(await accounts.anonymiseUser(trx, userId, now))) return false;
  await endAllSessions(ctx, trx, userId);
  // Personal leftovers, each through its owner: unused deletion tokens, pending e-mail codes, the signup IP.
  await repo.deleteTokensOf(trx, userId);
  await forgetEmailCodes(trx, userId);
  await forgetSignupIp(trx, userId);
  return true;
}

/**
 * The last active owner's account is not deleted by the shopper flow either (docs/deletion.md,
 * "Staff accounts"): 409 `last_owner`, as for the staff routes. Checked when the request is filed
 * and again when the job would complete it, since owners may step down during the grace period.
 */
async function guardOwner(trx: SharedTrx, user: { id: string; staff_role: string | null; is_admin: number }): Promise<void> {
  if (user.staff_role === 'owner' && user.is_admin === 1) await accounts.guardLastOwner(trx, user.id);
}

class Deferred extends Error {
  readonly blockers: (Blocker | 'last_owner')[];
  constructor(blockers: (Blocker | 'last_owner')[]) {
    super('deletion deferred');
    this.blockers = blockers;
  }
}

/**
 * Completes one due request: claims it (pending → completed, conditional), re-checks blockers
 * and anonymises, all in one transaction. A request whose blockers appeared during the grace
 * period, or whose account is by then the last active owner, is left pending (rolled back) and
 * logged; it completes on a later run once that clears.
 */
async function completeOne(ctx: Ctx, requestId: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  try {
    return await own(ctx.db).transaction().execute(async (trx) => {
      const claimed = await applyMove(ctx, trx, { requestId, dueBy: now }, 'completed');
      if (!claimed) return false;
      const blockers = await blockersOf(trx, claimed.user_id);
      if (blockers.length) throw new Deferred(blockers);
      const user = await accounts.findUserById(trx, claimed.user_id);
      if (user) await guardOwner(trx, user).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'last_owner' ? new Deferred(['last_owner']) : err;
      });
      await anonymise(ctx, trx, claimed.user_id);
      return true;
    });
  } catch (err) {
    if (!(err instanceof Deferred)) throw err;
    ctx.log.warn({ request: requestId, blockers: err.blockers }, 'account deletion deferred: blockers appeared during the grace period');
    return false;
  }
}

/** Job: anonymises every user whose grace period is over. Safe to run on several instances at once. */
/** Retention: deletion tokens 1 day after they expired (docs/contracts.md §10). */
export const purgeExpiredDeletionTokens = (ctx: Ctx): Promise<number> => repo.purgeExpiredTokens(ctx.db, new Date(ctx.clock.now().getTime() - DAY).toISOString());

export async function processDueDeletions(ctx: Ctx): Promise<number> {
  let done = 0;
  const seen = new Set<string>();
  // Bounded: each pass takes a batch; deferred requests are not retried within one run.
  for (let pass = 0; pass < 100; pass++) {
    const due = (await repo.listDue(ctx.db, ctx.clock.now().toISOString(), JOB_BATCH + seen.size)).filter((r) => !seen.has(r.id));
    if (due.length === 0) break;
    for (const r of due) {
      seen.add(r.id);
      if (await completeOne(ctx, r.id)) done += 1;
    }
  }
  return done;
}

/**
 * Admin delete: the same anonymisation at once, refused by the same blockers. A pending request
 * is completed; otherwise a completed `admin` request is recorded, so every deletion has its row.
 */
export async function adminDelete(ctx: Ctx, adminId: string, userId: string): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await own(ctx.db).transaction().execute(async (trx) => {
    const user = await accounts.findUserById(trx, userId);
    if (!user) throw notFound('user');
    const blockers = await blockersOf(trx, userId);
    if (blockers.length) throw blocked(blockers);
    if (!(await applyMove(ctx, trx, { userId }, 'completed'))) {
      const channel: DeletionChannel = 'admin';
      await repo.insertRequest(trx, {
        id: newId(ctx.clock),
        user_id: userId,
        status: 'completed',
        channel,
        reason: null,
        requested_at: now,
        scheduled_for: now,
        cancelled_at: null,
        completed_at: now,
        updated_at: now,
      });
    }
    await accounts.guardLastOwner(trx, userId);
    if (!(await anonymise(ctx, trx, userId))) throw notFound('user');
    await recordAudit(ctx, trx, {
      adminId,
      action: 'user.delete',
      entity: 'user',
      entityId: userId,
      before: { full_name: user.full_name, email: user.email, is_admin: user.is_admin === 1 },
      after: { deleted: true },
    });
  });
  ctx.log.info('account deleted by admin');
}
