import { randomInt } from 'node:crypto';
import type { Ctx } from '../../context.ts';
import type { Handle } from '../../lib/db-types.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import type { ReferralMethod } from './tables.ts';
import { DAY, HOUR } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { enforce, type RateRule } from '../../lib/rate-limit.ts';
import { accounts } from '../accounts/index.ts';
import * as repo from './referrals.repository.ts';

/** 32 symbols without the look-alikes 0, O, 1 and I. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;
const CODE_RE = /^[A-HJ-NP-Z2-9]{8}$/;
/** How long raw click IPs are kept (spec, Limits). */
export const CLICK_IP_RETENTION_MS = 30 * DAY;
const USER_AGENT_MAX = 512;
const CODE_ATTEMPTS = 10;

export const REFERRAL_REDIRECT_RULE: RateRule = { bucket: 'referral_redirect', limit: 20, windowMs: HOUR, code: 'REFERRAL_RATE_LIMITED' };
export const REFERRAL_CHECK_RULE: RateRule = { bucket: 'referral_check', limit: 30, windowMs: HOUR, code: 'REFERRAL_RATE_LIMITED' };

/** A uniformly random code from the CSPRNG. */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return code;
}

/** Codes are matched case-insensitively; anything else of the wrong shape is malformed (null). */
export function normaliseCode(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return CODE_RE.test(code) ? code : null;
}

export const shareUrl = (ctx: Ctx, code: string): string => `${ctx.config.referral.shareBaseUrl}/r/${code}`;

/**
 * The user's code, made on first use. The conditional update makes concurrent first calls agree;
 * a collision with another user's code is a unique violation and is retried with a fresh code.
 */
export async function ensureReferralCode(ctx: Ctx, userId: string, generate: () => string = generateReferralCode): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const current = await accounts.findCodeOfUser(ctx.db, userId);
    if (!current) throw notFound('user');
    if (current.referral_code) return current.referral_code;
    try {
      await accounts.setReferralCodeIfNone(ctx.db, userId, generate(), ctx.clock.now().toISOString());
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      ctx.log.info('referral code collision; retrying');
    }
  }
  throw new AppError(500, 'internal', 'Could not allocate a referral code');
}

export async function myCode(ctx: Ctx, userId: string): Promise<{ referral_code: string; share_url: string }> {
  const code = await ensureReferralCode(ctx, userId);
  return { referral_code: code, share_url: shareUrl(ctx, code) };
}

/** `MOBILE_STORE_URL` with `referrer=<code>` appended to its query, the rest of the URL kept byte for byte. */
export function storeUrlFor(ctx: Ctx, code: string): string {
  const base = ctx.config.referral.mobileStoreUrl;
  const hashAt = base.indexOf('#');
  const head = hashAt < 0 ? base : base.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : base.slice(hashAt);
  const sep = !head.includes('?') ? '?' : head.endsWith('?') || head.endsWith('&') ? '' : '&';
  return `${head}${sep}referrer=${encodeURIComponent(code)}${hash}`;
}

/**
 * `GET /r/:code`: counts the caller against 20 per hour per IP, logs a click for a known code only,
 * and answers where to redirect in every case (a malformed code goes through as given, encoded).
 */
export async function click(ctx: Ctx, input: { code: string; ip: string; userAgent: string | undefined; log?: boolean }): Promise<string> {
  await enforce(ctx.db, ctx, REFERRAL_REDIRECT_RULE, { ip: input.ip });
  const code = normaliseCode(input.code);
  if (code && input.log !== false && (await accounts.findUserByCode(ctx.db, code))) {
    await repo.insertClick(ctx.db, {
      id: newId(ctx.clock),
      code,
      ip: input.ip || null,
      user_agent: input.userAgent ? input.userAgent.slice(0, USER_AGENT_MAX) : null,
      created_at: ctx.clock.now().toISOString(),
    });
  }
  return storeUrlFor(ctx, code ?? input.code);
}

/** The start of the IP-match window: `REFERRAL_IP_MATCH_WINDOW_HOURS`, never beyond the IP retention. */
function windowStart(ctx: Ctx): string {
  const ms = Math.min(ctx.config.referral.ipMatchWindowHours * HOUR, CLICK_IP_RETENTION_MS);
  return new Date(ctx.clock.now().getTime() - ms).toISOString();
}

/** `GET /referrals/check`: the code of the newest click from this IP within the window, or null. */
export async function check(ctx: Ctx, ip: string): Promise<{ referral_code: string | null }> {
  await enforce(ctx.db, ctx, REFERRAL_CHECK_RULE, { ip });
  const hit = ip ? await repo.latestClickFromIp(ctx.db, ip, windowStart(ctx)) : undefined;
  return { referral_code: hit?.code ?? null };
}

export interface Attribution {
  method: ReferralMethod;
  code: string;
  referrerId: string;
}

export type ReferralSource = 'install_referrer' | 'manual';
const SOURCES = new Set<string>(['install_referrer', 'manual']);
const MAX_KEPT_CODE_LENGTH = 64;

/**
 * Keeps what a signup carried for referral attribution, in the transaction that creates the user;
 * an odd code or source never fails a signup, it is just stored as given or null.
 */
export async function recordSignupInput(
  ctx: Ctx,
  trx: Handle,
  input: { userId: string; referralCode?: string | null; referralSource?: string | null; ip?: string | null },
): Promise<void> {
  const given = input.referralCode?.trim() || null;
  // No code is longer than this; a longer value is ignored rather than stored.
  const code = given && given.length <= MAX_KEPT_CODE_LENGTH ? given : null;
  const source = input.referralSource && SOURCES.has(input.referralSource) ? (input.referralSource as ReferralSource) : null;
  await repo.insertSignupReferralInput(trx, {
    user_id: input.userId,
    referral_code: code,
    referral_source: source,
    ip: input.ip ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
}

/**
 * Signup attribution, in the transaction that creates the user: a valid explicit code first
 * (`install_referrer` when the source says so, else `manual`), else the newest click from the
 * caller's IP within the window. First touch wins, never the user itself, one audit row per user.
 * It never throws for bad input: a referral can never fail a signup.
 */
export async function attributeSignup(
  ctx: Ctx,
  trx: Handle,
  input: { userId: string; referralCode?: string | null; referralSource?: string | null; ip?: string | null },
): Promise<Attribution | null> {
  let found: Attribution | null = null;
  const explicit = normaliseCode(input.referralCode);
  if (explicit) {
    const owner = await accounts.findUserByCode(trx, explicit);
    if (owner && owner.id !== input.userId) {
      found = { method: input.referralSource === 'install_referrer' ? 'install_referrer' : 'manual', code: explicit, referrerId: owner.id };
    }
  }
  if (!found && input.ip) {
    const hit = await repo.latestClickFromIp(trx, input.ip, windowStart(ctx));
    if (hit && hit.referrer_id !== input.userId) found = { method: 'ip', code: hit.code, referrerId: hit.referrer_id };
  }
  if (!found) return null;
  if (!(await accounts.setReferredByIfNone(trx, input.userId, found.referrerId))) return null;
  await repo.insertAttribution(trx, {
    user_id: input.userId,
    referrer_id: found.referrerId,
    code: found.code,
    method: found.method,
    created_at: ctx.clock.now().toISOString(),
  });
  return found;
}

export async function attributionOf(ctx: Ctx, db: Handle, userId: string) {
  const row = await repo.findAttribution(db, userId);
  return row ? { method: row.method, code: row.code, created_at: row.created_at } : null;
}

/** Retention job: raw click IPs older than 30 days are forgotten. */
export const purgeOldClickIps = (ctx: Ctx): Promise<number> =>
  repo.purgeClickIps(ctx.db, new Date(ctx.clock.now().getTime() - CLICK_IP_RETENTION_MS).toISOString());

/** A deleted user's raw signup IP, in the deletion's transaction. */
export const forgetSignupIp = (trx: Handle, userId: string): Promise<void> => repo.forgetSignupIp(trx, userId);
