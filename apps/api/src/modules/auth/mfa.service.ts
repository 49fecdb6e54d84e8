/**
 * Two-factor sign-in for staff (docs/contracts.md, "Two-factor sign-in for staff"): TOTP per
 * RFC 6238 (otpauth: SHA-1, 6 digits, 30-second steps, one step of drift either way, compared in
 * constant time), ten single-use recovery codes stored as keyed hashes, and the short-lived,
 * single-use `mfa_token` between a correct password and the code.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Ctx } from '../../context.ts';
import { MINUTE } from '../../lib/clock.ts';
import type { Handle, SharedTrx } from '../../lib/db-types.ts';
import { AppError, conflict, notFound, rateLimited } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/password.ts';
import { enforce, hit, type RateRule } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/secrets.ts';
import { accounts, type User } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { ADMIN_LOGIN_RULE, endAllSessions, hasConfirmedTotp, issueSession, LOGIN_IP_RULE, type Principal } from './auth.service.ts';
import { hashCode } from './otp.codes.ts';
import { own } from './tables.ts';
import * as repo from './staff.repository.ts';
import { isStaffRole, permissionsOf } from './permissions.ts';

const PERIOD = 30;
const ISSUER = 'Storefront';
/** Codes a single mfa_token takes before it is dead (each also counts toward the login limit). */
const MFA_TOKEN_ATTEMPTS = 5;
/** Second-step attempts of one account from all addresses together, per 15 minutes. */
export const MFA_ACCOUNT_RULE: RateRule = { bucket: 'mfa_account', limit: 10, windowMs: 15 * MINUTE, code: 'MFA_RATE_LIMITED' };
const RECOVERY_CODES = 10;

// The secret at rest: AES-256-GCM under a key derived from JWT_SECRET, so a database dump alone
// yields no working authenticator.
const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('storefront/totp-secret/v1').digest();

function seal(jwtSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function open(jwtSecret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

const totpOf = (base32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });

/** The time step a 6-digit code matches now (±1 step), or null. */
function matchingStep(ctx: Ctx, base32: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = ctx.clock.now().getTime();
  const delta = totpOf(base32, '').validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD) + delta;
}

const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const recoveryHash = (ctx: Ctx, userId: string, code: string) => hashCode(ctx.config.jwtSecret, 'staff_recovery', userId, normaliseRecovery(code));

/** Ten fresh codes, `xxxx-xxxx-xxxx` (48 random bits each), stored as keyed hashes; answered once. */
async function newRecoveryCodes(ctx: Ctx, db: Handle, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => randomBytes(6).toString('hex').replace(/(.{4})(?=.)/g, '$1-'));
  await repo.replaceRecoveryCodes(db, userId, codes.map((c) => recoveryHash(ctx, userId, c)), ctx.clock.now().toISOString());
  return codes;
}

/**
 * Checks a second factor of a confirmed enrolment inside the caller's transaction: a TOTP code
 * (accepted once: its time step must be past the last one accepted) or an unused recovery code
 * (spent). False for anything else.
 */
export async function spendSecondFactor(ctx: Ctx, trx: Handle, userId: string, code: string): Promise<boolean> {
  const totp = await repo.findTotp(trx, userId);
  if (!totp?.confirmed_at) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchingStep(ctx, open(ctx.config.jwtSecret, totp.secret), trimmed);
    return step !== null && (await repo.acceptStep(trx, userId, step, null));
  }
  return repo.spendRecoveryCode(trx, userId, recoveryHash(ctx, userId, trimmed), ctx.clock.now().toISOString());
}


const invalidToken = () => new AppError(401, 'invalid_mfa_token', 'The sign-in step expired or was already used; sign in again');
const invalidCode = (status: 400 | 401) => new AppError(status, 'invalid_mfa_code', 'The code is wrong or was already used');

/**
 * Counts a second-step attempt against the account, from whatever address it comes; past
 * `MFA_ACCOUNT_RULE` that account's second step is 429 until the window ends. The attempt that
 * trips it writes one audit row in the counter's transaction (racing attempts get distinct counts,
 * so one row), with the account as actor and entity: there is no system user to name.
 */
async function countAccountAttempt(ctx: Ctx, userId: string): Promise<void> {
  const rule = MFA_ACCOUNT_RULE;
  const counted = await own(ctx.db).transaction().execute(async (trx) => {
    const h = await hit(trx, ctx, rule, { id: userId });
    if (h.count === rule.limit + 1) {
      const after = { second_step: 'locked', attempts: rule.limit, until: h.resetAt.toISOString() };
      await recordAudit(ctx, trx, { adminId: userId, action: 'staff.mfa_locked', entity: 'staff', entityId: userId, before: { second_step: 'open' }, after });
    }
    return h;
  });
  if (!counted.allowed) throw rateLimited(rule.code, counted.retryAfter);
}

/**
 * `POST /auth/admin/login/mfa`: every attempt counts toward the admin login limits (per IP, and
 * per phone+IP like the password step) before anything is checked; then against the token, in
 * one conditional increment that refuses once five were counted; then toward the account's own
 * cap, before the code is checked. The token is spent with the session's creation, in one
 * transaction with the code's acceptance.
 */
export async function loginWithCode(ctx: Ctx, body: { mfa_token: string; code: string }, ip: string) {
  await enforce(ctx.db, ctx, LOGIN_IP_RULE, { ip });
  const hash = sha256(body.mfa_token);
  const challenge = await repo.findChallenge(ctx.db, hash);
  const user = challenge ? await accounts.findUserById(ctx.db, challenge.user_id) : undefined;
  await enforce(ctx.db, ctx, ADMIN_LOGIN_RULE, { id: user?.phone ?? '-', ip });
  const now = ctx.clock.now().toISOString();
  if (!user || user.is_admin !== 1 || !(await repo.countChallengeAttempt(ctx.db, hash, now, MFA_TOKEN_ATTEMPTS))) throw invalidToken();
  await countAccountAttempt(ctx, user.id);
  const pair = await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await spendSecondFactor(ctx, trx, user.id, body.code))) return null;
    if (!(await repo.spendChallenge(trx, hash, now))) return 'spent' as const;
    return issueSession(ctx, trx, user, { admin: true, mfa: true });
  });
  if (pair === 'spent') throw invalidToken();
  if (pair === null) throw invalidCode(401);
  return { access_token: pair.custom_token, refresh_token: pair.refresh_token, expires_in: pair.expires_in, user: accounts.toUser(user) as User };
}

/** `GET /admin/me`. */
export async function me(ctx: Ctx, principal: Principal) {
  const user = await accounts.findUserById(ctx.db, principal.userId);
  if (!user) throw notFound('user');
  return {
    id: user.id,
    phone: user.phone,
    full_name: user.full_name,
    role: isStaffRole(principal.role) ? principal.role : null,
    permissions: [...permissionsOf(principal.role)],
    mfa: {
      enabled: await hasConfirmedTotp(ctx.db, user.id),
      required: ctx.config.adminRequireMfa,
      session_verified: principal.mfa,
      recovery_codes_left: await repo.countUnusedRecoveryCodes(ctx.db, user.id),
    },
  };
}

/** Codes typed into the caller's own security page count toward the admin login limits too. */
async function countSelfAttempt(ctx: Ctx, userId: string, ip: string): Promise<void> {
  const user = await accounts.findUserById(ctx.db, userId);
  await enforce(ctx.db, ctx, ADMIN_LOGIN_RULE, { id: user?.phone ?? '-', ip });
}

const wrongPassword = () => new AppError(403, 'invalid_credentials', 'The password is not right');

/**
 * Enrolling or turning off one's own two-factor sign-in needs the current password in the same
 * request, so a signed-in token alone (a stolen one) cannot change the second factor. Each try
 * counts toward the admin login limit first; a wrong password is 403 `invalid_credentials`, which
 * leaves the session as it is.
 */
async function requireCurrentPassword(ctx: Ctx, userId: string, password: string, ip: string) {
  await countSelfAttempt(ctx, userId, ip);
  const user = await accounts.findUserById(ctx.db, userId);
  if (!user?.password_hash) {
    await burnPasswordCheck(password, ctx.config.passwordScryptN);
    throw wrongPassword();
  }
  if (!(await verifyPassword(password, user.password_hash))) throw wrongPassword();
  return user;
}

/** Starts (or restarts) enrolment: a new secret, pending until a first code confirms it. */
export async function setup(ctx: Ctx, principal: Principal, currentPassword: string, ip: string) {
  const user = await requireCurrentPassword(ctx, principal.userId, currentPassword, ip);
  if (await hasConfirmedTotp(ctx.db, user.id)) throw conflict('mfa_already_enabled', 'Two-factor sign-in is already on; turn it off first');
  const secret = new Secret({ size: 20 });
  await repo.putPendingTotp(ctx.db, user.id, seal(ctx.config.jwtSecret, secret.base32), ctx.clock.now().toISOString());
  const uri = totpOf(secret.base32, user.phone ?? user.id).toString();
  // Loaded at the first enrolment: every other request of every server does without it.
  const svg = await (await import('qrcode')).default.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret: secret.base32, otpauth_uri: uri, qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, period: PERIOD, digits: 6 };
}

/** Confirms enrolment with a first code; this session counts as verified; answers the recovery codes once. */
export async function confirm(ctx: Ctx, principal: Principal, code: string, currentPassword: string, ip: string) {
  await requireCurrentPassword(ctx, principal.userId, currentPassword, ip);
  const userId = principal.userId;
  const now = ctx.clock.now().toISOString();
  return own(ctx.db).transaction().execute(async (trx) => {
    const totp = await repo.findTotp(trx, userId);
    if (!totp) throw conflict('mfa_not_enabled', 'Start the set-up first');
    if (totp.confirmed_at) throw conflict('mfa_already_enabled', 'Two-factor sign-in is already on');
    const step = matchingStep(ctx, open(ctx.config.jwtSecret, totp.secret), code.trim());
    if (step === null || !(await repo.acceptStep(trx, userId, step, { now }))) throw invalidCode(400);
    const codes = await newRecoveryCodes(ctx, trx, userId);
    if (principal.sessionId) await repo.markSessionMfa(trx, principal.sessionId);
    await recordAudit(ctx, trx, { adminId: userId, action: 'staff.mfa_enable', entity: 'staff', entityId: userId, before: { mfa: false }, after: { mfa: true } });
    return { recovery_codes: codes };
  });
}

/** The staff member turns their own 2FA off with a current code (TOTP or recovery). */
export async function disableOwn(ctx: Ctx, principal: Principal, code: string, currentPassword: string, ip: string): Promise<void> {
  await requireCurrentPassword(ctx, principal.userId, currentPassword, ip);
  const userId = principal.userId;
  const outcome = await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await hasConfirmedTotp(trx, userId))) throw conflict('mfa_not_enabled', 'Two-factor sign-in is not on');
    if (!(await spendSecondFactor(ctx, trx, userId, code))) return false;
    await repo.deleteMfa(trx, userId);
    await repo.clearUserSessionsMfa(trx, userId);
    await recordAudit(ctx, trx, { adminId: userId, action: 'staff.mfa_disable', entity: 'staff', entityId: userId, before: { mfa: true }, after: { mfa: false } });
    return true;
  });
  if (!outcome) throw invalidCode(400);
}

/**
 * Removes a staff member's 2FA and ends their sessions: an owner's reset (audited as theirs) or
 * the server's break-glass command (audited as the account's own). They enrol again at next sign-in.
 */
export async function resetMfa(ctx: Ctx, trx: SharedTrx, userId: string, actorId: string, action: 'staff.mfa_reset' | 'staff.mfa_break_glass'): Promise<void> {
  const had = await repo.deleteMfa(trx, userId);
  await endAllSessions(ctx, trx, userId);
  await recordAudit(ctx, trx, { adminId: actorId, action, entity: 'staff', entityId: userId, before: { mfa: had }, after: { mfa: false } });
}

/** Retention: mfa_token challenges a day after they expired. */
export const purgeChallenges = (ctx: Ctx): Promise<number> => repo.purgeChallenges(ctx.db, new Date(ctx.clock.now().getTime() - 24 * 60 * MINUTE).toISOString());
