import { createHmac } from 'node:crypto';
import type { Ctx } from '../../context.ts';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import type { Handle } from '../../lib/db-types.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { own } from './tables.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { normalisePhone } from '../../lib/phone.ts';
import { enforce, type RateRule } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/secrets.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { accounts } from '../accounts/index.ts';
import type { User } from '../accounts/index.ts';
import * as repo from './auth.repository.ts';
import * as staffRepo from './staff.repository.ts';
import { signUp } from './signup.service.ts';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_MS } from '../../lib/tokens.ts';

export interface Principal {
  userId: string;
  /** Null for identity-provider callers, who hold no session of ours. */
  sessionId: string | null;
  isAdmin: boolean;
  /** The staff role, re-read with the session (modules/auth/permissions.ts); null for non-staff. */
  role: string | null;
  /** The session proved a second factor (docs/contracts.md, "Two-factor sign-in for staff"). */
  mfa: boolean;
  /**
   * The user has placed an order before (`users.first_order_at`, read with the session): the
   * placement then skips the buyer mark, which only a first order writes.
   */
  buyer: boolean;
  /**
   * The session has not been read yet: on a route whose own statement checks it
   * (`config.sessionInStatement`, PostgreSQL) the hook verified only the token's signature and
   * expiry, and `buyer` is false. Nothing may be done or answered for the caller before that
   * statement, or `checkSession`, has confirmed the session.
   */
  sessionUnchecked?: true;
  /**
   * The caller's wallet, read by the session check itself on routes that ask for it
   * (`config.withWallet`); null when the user has none; absent otherwise (and for IdP callers).
   */
  wallet?: WalletBalances | null;
}

export interface WalletBalances {
  shopping_credits: number;
  reward_points: number;
  e_vouchers: number;
}

export interface TokenPair {
  custom_token: string;
  refresh_token: string;
  expires_in: number;
}

export const ADMIN_LOGIN_RULE: RateRule = { bucket: 'admin_login', limit: 10, windowMs: 15 * MINUTE, code: 'LOGIN_RATE_LIMITED' };
/** Not in the spec: the same guard on user password login, so it cannot be used to guess passwords. */
export const LOGIN_RULE: RateRule = { bucket: 'login', limit: 10, windowMs: 15 * MINUTE, code: 'LOGIN_RATE_LIMITED' };
/**
 * Per IP across phones, shared by both logins: changing the phone must not buy more scrypt hashes
 * or guesses. Registration is capped per IP as well (each costs a hash and creates an account).
 */
export const LOGIN_IP_RULE: RateRule = { bucket: 'login_ip', limit: 50, windowMs: 15 * MINUTE, code: 'IP_RATE_LIMITED' };
export const REGISTER_IP_RULE: RateRule = { bucket: 'register_ip', limit: 20, windowMs: HOUR, code: 'IP_RATE_LIMITED' };

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Phone or password is incorrect');
// docs/contracts.md §2: every 401 of a protected route is `unauthorized`; the message says why.
const invalidToken = () => new AppError(401, 'unauthorized', 'Token is invalid, expired or revoked');

export function requirePhone(ctx: Ctx, raw: string): string {
  const phone = normalisePhone(raw, ctx.config.defaultCountryCode);
  if (!phone) throw badRequest('Phone number is invalid', [{ field: 'body/phone', message: 'must be a phone number' }]);
  return phone;
}

/**
 * Opens a session and answers its first token pair; the caller's transaction makes it atomic.
 * Only the admin login passes `admin: true`: every other sign-in issues `role: user`, also for an
 * admin account, so an SMS code or a password guess at `/auth/login` never yields admin rights.
 */
export async function issueSession(ctx: Ctx, trx: Handle, user: { id: string }, options: { admin?: boolean; mfa?: boolean } = {}): Promise<TokenPair> {
  const sid = newId(ctx.clock);
  const now = ctx.clock.now();
  const admin = options.admin === true;
  await repo.insertSession(trx, { id: sid, user_id: user.id, admin, mfa: options.mfa === true, now: now.toISOString() });
  return issuePair(ctx, trx, user.id, admin, sid, now);
}

async function issuePair(ctx: Ctx, trx: Handle, userId: string, admin: boolean, sid: string, now: Date, refresh = randomToken()): Promise<TokenPair> {
  await repo.insertRefreshToken(trx, {
    token_hash: sha256(refresh),
    session_id: sid,
    now: now.toISOString(),
    expires_at: new Date(now.getTime() + REFRESH_TTL_MS).toISOString(),
  });
  return pairOf(ctx, userId, admin, sid, refresh);
}

async function pairOf(ctx: Ctx, userId: string, admin: boolean, sid: string, refresh: string): Promise<TokenPair> {
  const custom_token = await ctx.tokens.sign({ sub: userId, sid, role: admin ? 'admin' : 'user' });
  return { custom_token, refresh_token: refresh, expires_in: ACCESS_TTL_SECONDS };
}

/**
 * The refresh token that rotating `presented` issues: an HMAC of it under a key derived from
 * JWT_SECRET, not a random value. Only hashes are stored, so this is how a replay inside the
 * grace window answers the same successor without keeping a usable token anywhere: it derives it
 * again. Without JWT_SECRET nobody can derive one (and with it, access tokens can be forged anyway).
 */
function successorOf(ctx: Ctx, presented: string): string {
  const key = createHmac('sha256', ctx.config.jwtSecret).update('refresh-token successor').digest();
  return createHmac('sha256', key).update(presented).digest('base64url');
}

export async function register(
  ctx: Ctx,
  input: { phone: string; password: string; full_name: string; referral_code?: unknown },
  ip: string | null = null,
): Promise<TokenPair> {
  const phone = requirePhone(ctx, input.phone);
  await enforce(ctx.db, ctx, REGISTER_IP_RULE, { ip: ip ?? 'unknown' });
  const passwordHash = await hashPassword(input.password, ctx.config.passwordScryptN);
  try {
    return await own(ctx.db).transaction().execute(async (trx) => {
      const user = await signUp(ctx, trx, { phone, passwordHash, fullName: input.full_name.trim() }, { code: input.referral_code, ip });
      return issueSession(ctx, trx, user);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('conflict', 'Phone number is already registered');
    throw err;
  }
}

async function checkPassword(ctx: Ctx, phone: string | null, password: string) {
  const user = phone ? await accounts.findUserByPhone(ctx.db, phone) : undefined;
  if (!user?.password_hash) {
    await burnPasswordCheck(password, ctx.config.passwordScryptN);
    return null;
  }
  return (await verifyPassword(password, user.password_hash)) ? user : null;
}

/** Both logins: a malformed phone is 400 (docs/contracts.md §3); then the per-IP and per-phone+IP limits. */
async function guardLogin(ctx: Ctx, rawPhone: string, ip: string, rule: RateRule): Promise<string> {
  const phone = requirePhone(ctx, rawPhone);
  await enforce(ctx.db, ctx, LOGIN_IP_RULE, { ip });
  await enforce(ctx.db, ctx, rule, { id: phone, ip });
  return phone;
}

export async function login(ctx: Ctx, input: { phone: string; password: string }, ip: string): Promise<TokenPair> {
  const phone = await guardLogin(ctx, input.phone, ip, LOGIN_RULE);
  const user = await checkPassword(ctx, phone, input.password);
  if (!user) throw invalidCredentials();
  return own(ctx.db).transaction().execute((trx) => issueSession(ctx, trx, user));
}

/**
 * Every failure is the same 401, whatever the body holds: a missing, non-string or malformed phone
 * or password is a wrong password (the password check runs, so it takes as long). Attempts are
 * counted per IP and per phone+IP before anything is checked; a body without a phone counts under
 * one key per IP.
 */
export async function adminLogin(ctx: Ctx, body: unknown, ip: string): Promise<AdminSignIn | MfaChallenge> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as { phone?: unknown; password?: unknown };
  const phone = typeof input.phone === 'string' ? normalisePhone(input.phone, ctx.config.defaultCountryCode) : null;
  await enforce(ctx.db, ctx, LOGIN_IP_RULE, { ip });
  await enforce(ctx.db, ctx, ADMIN_LOGIN_RULE, { id: phone ?? '-', ip });
  const user = await checkPassword(ctx, phone, typeof input.password === 'string' ? input.password : '');
  if (!user || user.is_admin !== 1) throw invalidCredentials();
  if (await hasConfirmedTotp(ctx.db, user.id)) return openChallenge(ctx, user.id);
  const pair = await own(ctx.db).transaction().execute((trx) => issueSession(ctx, trx, user, { admin: true }));
  return { access_token: pair.custom_token, refresh_token: pair.refresh_token, expires_in: pair.expires_in, user: accounts.toUser(user) };
}

export interface AdminSignIn {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: User;
}

export interface MfaChallenge {
  mfa_required: true;
  mfa_token: string;
  expires_in: number;
}

export const MFA_TOKEN_TTL_MS = 5 * MINUTE;

export async function hasConfirmedTotp(db: Handle, userId: string): Promise<boolean> {
  return (await staffRepo.findTotp(db, userId))?.confirmed_at != null;
}

/** The password step of an admin login for an account with TOTP: a single-use token, valid 5 minutes, stored hashed. */
async function openChallenge(ctx: Ctx, userId: string): Promise<MfaChallenge> {
  const token = randomToken();
  const now = ctx.clock.now();
  await staffRepo.insertChallenge(ctx.db, { token_hash: sha256(token), user_id: userId, expires_at: new Date(now.getTime() + MFA_TOKEN_TTL_MS).toISOString(), now: now.toISOString() });
  return { mfa_required: true, mfa_token: token, expires_in: MFA_TOKEN_TTL_MS / 1000 };
}

/**
 * Rotates a refresh token. Each token works once; presenting a spent one means it was copied, so
 * the whole session (every token descended from the same login) is revoked, with one exception
 * (docs/contracts.md §3): within `REFRESH_REUSE_GRACE_SECONDS` of its rotation, a token whose
 * successor is still unspent answers that same successor again (the client lost the answer, or
 * two tabs refreshed at once). Once the successor has been spent, the old token is theft again.
 * A back-office session has no grace: its one client is the admin portal's server, which keeps
 * the pair, so any replay of a spent admin refresh token revokes the session at once.
 */
export async function refresh(ctx: Ctx, refreshToken: string): Promise<TokenPair> {
  const hash = sha256(refreshToken);
  const now = ctx.clock.now();
  const outcome = await own(ctx.db).transaction().execute(async (trx) => {
    let row = await repo.findRefreshToken(trx, hash);
    if (!row || row.revoked_at !== null || row.deleted_at !== null) return null;
    // The session keeps the role it was opened with, and loses it with the account's admin flag.
    const admin = row.admin === 1 && row.is_admin === 1;
    if (row.used_at === null) {
      if (row.expires_at <= now.toISOString()) return null;
      if (await repo.markRefreshTokenUsed(trx, hash, now.toISOString())) {
        return issuePair(ctx, trx, row.user_id, admin, row.session_id, now, successorOf(ctx, refreshToken));
      }
      // Another request spent it a moment ago (on PostgreSQL our update waited for its commit): read its rotation.
      row = await repo.findRefreshToken(trx, hash);
      if (!row || row.revoked_at !== null || row.used_at === null) return null;
    }
    const successor = successorOf(ctx, refreshToken);
    if (row.admin !== 1 && (await withinGrace(ctx, trx, row.session_id, row.used_at, successor, now))) return pairOf(ctx, row.user_id, admin, row.session_id, successor);
    await repo.revokeSession(trx, row.session_id, now.toISOString());
    return 'reused' as const;
  });
  if (outcome === 'reused') ctx.log.warn('refresh token reuse detected; session revoked');
  if (outcome === null || outcome === 'reused') throw invalidToken();
  return outcome;
}

/** A spent token may be answered again: rotated within the grace window, and its successor of the same session still unspent. */
async function withinGrace(ctx: Ctx, trx: Handle, sessionId: string, usedAt: string, successor: string, now: Date): Promise<boolean> {
  const grace = ctx.config.refreshReuseGraceSeconds * 1000;
  if (grace === 0 || now.getTime() - Date.parse(usedAt) > grace) return false;
  const next = await repo.findRefreshToken(trx, sha256(successor));
  return next !== undefined && next.session_id === sessionId && next.used_at === null && next.expires_at > now.toISOString();
}

export async function logout(ctx: Ctx, principal: Principal): Promise<void> {
  await repo.revokeUserSessions(ctx.db, principal.userId, ctx.clock.now().toISOString());
}

/** `GET /admin/me/sessions`: the caller's own live back-office sessions, the one making the call marked. */
export async function ownAdminSessions(ctx: Ctx, principal: Principal) {
  const rows = await repo.listLiveAdminSessions(ctx.db, principal.userId, ctx.clock.now().toISOString());
  return {
    items: rows.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      last_refreshed_at: String(r.last_refreshed_at ?? r.created_at),
      mfa_verified: r.mfa === 1,
      current: r.id === principal.sessionId,
    })),
  };
}

/**
 * `DELETE /admin/me/sessions/:id`: signs out one of the caller's own back-office sessions (a lost
 * laptop, a shared desk), audited in the same transaction. Any other id, another staff member's
 * included, is 404 and changes nothing.
 */
export async function signOutOwnSession(ctx: Ctx, principal: Principal, sessionId: string): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await repo.revokeOwnAdminSession(trx, principal.userId, sessionId, now))) throw notFound('session');
    await recordAudit(ctx, trx, {
      adminId: principal.userId,
      action: 'staff.session_sign_out',
      entity: 'staff',
      entityId: principal.userId,
      before: { session_id: sessionId, signed_in: true },
      after: { session_id: sessionId, signed_in: false },
    });
  });
}

/** Retention: sessions and refresh tokens 30 days after they expired or were revoked. */
export const purgeOldSessions = (ctx: Ctx): Promise<number> => repo.purgeSessions(ctx.db, new Date(ctx.clock.now().getTime() - 30 * DAY).toISOString());

/** Ends every session of a user: password reset, demotion, deletion. */
export function endAllSessions(ctx: Ctx, db: Handle, userId: string): Promise<number> {
  return repo.revokeUserSessions(db, userId, ctx.clock.now().toISOString());
}

/** A session stands while it is not revoked, belongs to the token's user and that user is not deleted (`sessionCheckCte` alike). */
const standing = (row: repo.SessionPrincipalRow | undefined, userId: string): row is repo.SessionPrincipalRow =>
  row !== undefined && row.revoked_at === null && row.deleted_at === null && row.user_id === userId;

const walletOf = (r: repo.SessionPrincipalRow): WalletBalances | null =>
  r.shopping_credits == null ? null : { shopping_credits: r.shopping_credits, reward_points: r.reward_points ?? 0, e_vouchers: r.e_vouchers ?? 0 };

/**
 * Resolves the caller from either credential form, re-reading the session and `is_admin`; with
 * `withWallet`, the same statement also reads the caller's wallet (`Principal.wallet`).
 */
export async function authenticate(
  ctx: Ctx,
  headers: { customToken?: string; bearer?: string },
  withWallet = false,
  ip: string | null = null,
): Promise<Principal> {
  if (headers.customToken !== undefined) {
    const claims = await ctx.tokens.verify(headers.customToken);
    if (!claims) throw invalidToken();
    const row = await repo.findSessionPrincipal(ctx.db, claims.sid, withWallet);
    if (!standing(row, claims.sub)) throw invalidToken();
    // The role claim is honoured only while the user is still an admin: demotion ends it at once.
    const isAdmin = claims.role === 'admin' && row.is_admin === 1;
    const principal: Principal = { userId: row.user_id, sessionId: claims.sid, isAdmin, role: isAdmin ? row.staff_role : null, mfa: row.mfa === 1, buyer: row.first_order_at !== null };
    if (withWallet) principal.wallet = walletOf(row);
    return principal;
  }
  if (headers.bearer !== undefined && ctx.idp) {
    const identity = await ctx.idp.verify(headers.bearer);
    if (!identity) throw invalidToken();
    const user = await userForIdentity(ctx, identity.uid, identity.phone, ip);
    // Identity-provider callers are never admins: admin rights come only from the admin login.
    return { userId: user.id, sessionId: null, isAdmin: false, role: null, mfa: false, buyer: user.first_order_at !== null };
  }
  throw new AppError(401, 'unauthorized', 'Authentication required');
}

/**
 * `authenticate` for a route whose own statement checks the session (`config.sessionInStatement`):
 * on PostgreSQL an access token is only verified here, and the principal says so
 * (`sessionUnchecked`); otherwise, and for identity-provider callers, the full check.
 */
export async function authenticateLater(ctx: Ctx, headers: { customToken?: string; bearer?: string }, ip: string | null): Promise<Principal> {
  if (ctx.dialect !== 'postgres' || headers.customToken === undefined) return authenticate(ctx, headers, false, ip);
  const claims = await ctx.tokens.verify(headers.customToken);
  if (!claims) throw invalidToken();
  return { userId: claims.sub, sessionId: claims.sid, isAdmin: false, role: null, mfa: false, buyer: false, sessionUnchecked: true };
}

/** The session check of `authenticate`, for a caller whose route has not checked it yet (`sessionUnchecked`). */
export async function checkSession(ctx: Ctx, userId: string, sessionId: string): Promise<void> {
  if (!standing(await repo.findSessionPrincipal(ctx.db, sessionId), userId)) throw invalidToken();
}

/** The 401 of a session that has ended, for a route whose own statement found it so. */
export const sessionEnded = invalidToken;

/**
 * First sight of an IdP uid links it to the user with the token's phone, or creates one; a
 * creation is a sign-up like the other two, so it gets referral attribution (an IdP token carries
 * no code, so the caller's IP match decides).
 */
async function userForIdentity(ctx: Ctx, uid: string, rawPhone: string | null, ip: string | null): Promise<accounts.UserRow> {
  const known = await accounts.findUserByIdpUid(ctx.db, uid);
  if (known) return known;
  const phone = rawPhone ? normalisePhone(rawPhone, ctx.config.defaultCountryCode) : null;
  try {
    return await own(ctx.db).transaction().execute(async (trx) => {
      const byPhone = phone ? await accounts.findUserByPhone(trx, phone) : undefined;
      if (byPhone && byPhone.idp_uid === null) {
        await accounts.updateUser(trx, byPhone.id, { idp_uid: uid }, ctx.clock.now().toISOString());
        return { ...byPhone, idp_uid: uid };
      }
      return signUp(ctx, trx, { phone: byPhone ? null : phone, passwordHash: null, fullName: '', idpUid: uid }, { ip });
    });
  } catch (err) {
    // Two first requests raced; the other one linked or created the user.
    const winner = isUniqueViolation(err) ? await accounts.findUserByIdpUid(ctx.db, uid) : undefined;
    if (winner) return winner;
    throw err;
  }
}

/** SEED_ADMIN_PHONE/PASSWORD: create that admin as an owner, or refresh its password, admin flag and owner role. */
export async function ensureSeedAdmin(ctx: Ctx): Promise<void> {
  const seed = ctx.config.seedAdmin;
  if (!seed) return;
  const phone = normalisePhone(seed.phone, ctx.config.defaultCountryCode);
  if (!phone) throw new Error('Invalid setting SEED_ADMIN_PHONE: not a phone number');
  const passwordHash = await hashPassword(seed.password, ctx.config.passwordScryptN);
  // Several instances starting at once may race to create it: the loser updates instead.
  for (let attempt = 0; ; attempt++) {
    try {
      return await upsertSeedAdmin(ctx, phone, passwordHash);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt > 0) throw err;
    }
  }
}

async function upsertSeedAdmin(ctx: Ctx, phone: string, passwordHash: string): Promise<void> {
  await own(ctx.db).transaction().execute(async (trx) => {
    const existing = await accounts.findUserByPhone(trx, phone);
    if (existing) {
      await accounts.updateUser(trx, existing.id, { password_hash: passwordHash, is_admin: 1, staff_role: 'owner' }, ctx.clock.now().toISOString());
    } else {
      await signUp(ctx, trx, { phone, passwordHash, fullName: 'Administrator', isAdmin: true, staffRole: 'owner' }, null);
    }
  });
}
