import type { Ctx } from '../../context.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import type { Handle } from '../../lib/db-types.ts';
import { own } from './tables.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { rangeBetween } from '../../lib/date-range.ts';
import { newId } from '../../lib/ids.ts';
import { searchedPhone } from '../../lib/phone.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { accounts, type Person } from '../accounts/index.ts';
import { endAllSessions, permissionsOf } from '../auth/index.ts';
import { deletion } from '../deletion/index.ts';
import * as repo from './admin-users.repository.ts';
import { recordAudit } from '../audit/index.ts';
import { attributionOf } from '../referrals/index.ts';
import { lowStockCounts } from '../catalogue/index.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findUserAnyState>>>;

/** The user as everyone sees it, plus what only the back office needs. */
function listItem(r: Row, person: (id: string) => Person) {
  return { ...accounts.toUser(r), referrer: r.referred_by === null ? null : person(r.referred_by), updated_at: r.updated_at, deleted_at: r.deleted_at };
}

export async function listUsers(
  ctx: Ctx,
  query: PageQuery & { q?: string; include_deleted?: boolean; joined_from?: string; joined_to?: string; has_orders?: boolean; has_balance?: boolean },
) {
  const limit = query.limit ?? 20;
  const joined = rangeBetween(query.joined_from, query.joined_to, ['joined_from', 'joined_to']);
  const rows = await repo.listUsers(ctx.db, ctx.dialect, {
    q: query.q,
    phone: query.q === undefined ? null : searchedPhone(query.q.trim(), ctx.config.defaultCountryCode),
    includeDeleted: query.include_deleted === true,
    ...joined,
    ...(query.has_orders !== undefined && { hasOrders: query.has_orders }),
    ...(query.has_balance !== undefined && { hasBalance: query.has_balance }),
    before: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const person = await accounts.people(ctx.db, rows.slice(0, limit).map((r) => r.referred_by));
  return toPage(rows, limit, (r) => r.id, (r) => listItem(r, person));
}

/** The admin view: profile, who referred them and how, the wallet, and the deletion state. Deleted users stay visible. */
export async function getUser(ctx: Ctx, uid: string) {
  const r = await repo.findUserAnyState(ctx.db, uid);
  if (!r) throw notFound('user');
  const wallet = await repo.findWallet(ctx.db, uid);
  return {
    ...listItem(r, await accounts.people(ctx.db, [r.referred_by])),
    referral_attribution: await attributionOf(ctx, ctx.db, uid),
    wallet: wallet ? { ...wallet, currency: ctx.config.currency } : null,
    deletion: await deletion.status(ctx, uid),
    notes: await notesOf(ctx, uid),
  };
}

/** How many of a user's newest notes the user's page lists. */
export const NOTES_SHOWN = 100;

type NoteRow = Awaited<ReturnType<typeof repo.listUserNotes>>[number];

async function toNotes(ctx: Ctx, rows: NoteRow[]) {
  const person = await accounts.people(ctx.db, rows.map((n) => n.admin_id));
  return rows.map((n) => ({ id: n.id, note: n.note, admin_id: n.admin_id, admin: person(n.admin_id), created_at: n.created_at }));
}

const notesOf = async (ctx: Ctx, uid: string) => toNotes(ctx, await repo.listUserNotes(ctx.db, uid, NOTES_SHOWN));

/** An internal note on a user, deleted users included (their history stays), with its audit row in one transaction. */
export async function addUserNote(ctx: Ctx, adminId: string, uid: string, note: string) {
  const row = { id: newId(ctx.clock), user_id: uid, admin_id: adminId, note: note.trim(), created_at: ctx.clock.now().toISOString() };
  await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await accounts.findUserState(trx, uid))) throw notFound('user');
    await repo.insertUserNote(trx, row);
    await recordAudit(ctx, trx, { adminId, action: 'user.note', entity: 'user', entityId: uid, before: null, after: { note_id: row.id, note: row.note } });
  });
  return (await toNotes(ctx, [row]))[0]!;
}

/** What an audit row keeps of a user: the fields an admin can change. */
const auditedUser = (r: { full_name: string; email: string | null; is_admin: number; staff_role: string | null }) => ({
  full_name: r.full_name,
  email: r.email,
  is_admin: r.is_admin === 1,
  staff_role: r.staff_role,
});

/**
 * Edits a live user. A new email is unverified (as in PATCH /me). `is_admin` is staff management
 * (docs/contracts.md, "Staff roles"), so it also needs `staff.manage`: `false` disables the staff
 * member (the last active owner cannot be; every session ends at once, docs/contracts.md §3),
 * `true` enables them with their role, or `read_only` for an account that never had one.
 */
export async function updateUser(ctx: Ctx, admin: { userId: string; role: string | null }, uid: string, patch: { is_admin?: boolean; full_name?: string; email?: string | null }) {
  const adminId = admin.userId;
  if (patch.is_admin !== undefined && !permissionsOf(admin.role).has('staff.manage')) {
    throw new AppError(403, 'forbidden', 'Your role lacks the permission staff.manage', { permission: 'staff.manage' });
  }
  const now = ctx.clock.now().toISOString();
  await own(ctx.db).transaction().execute(async (trx) => {
    const row = await accounts.findUserById(trx, uid);
    if (!row) throw notFound('user');
    const set: Parameters<typeof accounts.updateUser>[2] = {};
    if (patch.full_name !== undefined) set.full_name = patch.full_name.trim();
    if (patch.email !== undefined) {
      const email = patch.email === null ? null : patch.email.trim().toLowerCase();
      if (email !== row.email) Object.assign(set, { email, email_verified: 0, email_verified_at: null });
    }
    if (patch.is_admin === false && row.is_admin === 1) {
      await accounts.guardLastOwner(trx, uid);
      set.is_admin = 0;
    }
    if (patch.is_admin === true && row.is_admin === 0) Object.assign(set, { is_admin: 1, staff_role: row.staff_role ?? 'read_only' });
    if (Object.keys(set).length) await accounts.updateUser(trx, uid, set, now);
    if (row.is_admin === 1 && patch.is_admin === false) {
      await endAllSessions(ctx, trx, uid);
      ctx.log.info('admin demoted; sessions ended');
    }
    const after = { ...row, ...set };
    await recordAudit(ctx, trx, { adminId, action: 'user.update', entity: 'user', entityId: uid, before: auditedUser(row), after: auditedUser(after) });
  });
  return getUser(ctx, uid);
}

export const deleteUser = (ctx: Ctx, adminId: string, uid: string): Promise<void> => deletion.adminDelete(ctx, adminId, uid);

export const dayOf = (iso: string): string => iso.slice(0, 10);
export const midnightOf = (day: string): string => `${day}T00:00:00.000Z`;
export const nextDay = (day: string): string => new Date(Date.parse(midnightOf(day)) + DAY).toISOString().slice(0, 10);
/** A day is stored once it ended this long ago: a transaction that read the clock before midnight has committed by then. */
export const CLOSE_AFTER = 10 * MINUTE;

function add(a: repo.Figures, b: repo.Figures): repo.Figures {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v + b[k as keyof repo.Figures]])) as unknown as repo.Figures;
}

/**
 * Stores `daily_figures` for every closed day not stored yet, oldest first, so the stored days are
 * always one unbroken run from the first account on. Run by the jobs and before the dashboard
 * reads; each day costs a few index range scans of that day's rows. Returns the days stored.
 */
export async function rollUpDays(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const last = await repo.lastStoredDay(ctx.db);
  let day = last !== null ? nextDay(last) : await repo.firstUserAt(ctx.db).then((at) => (at === null ? null : dayOf(at)));
  let stored = 0;
  while (day !== null && Date.parse(midnightOf(nextDay(day))) + CLOSE_AFTER <= now.getTime()) {
    await repo.storeDay(ctx.db, day, await repo.liveFigures(ctx.db, midnightOf(day), midnightOf(nextDay(day))), now.toISOString());
    stored++;
    day = nextDay(day);
  }
  return stored;
}

/** Where the stored days end (a midnight, ISO), or null when none is stored. */
async function storedUntil(db: Handle): Promise<string | null> {
  const last = await repo.lastStoredDay(db);
  return last === null ? null : midnightOf(nextDay(last));
}

/** Figures from `since` to now: the stored whole days plus live range scans of the rest (at most a day or two of rows at each end). */
async function figuresSince(db: Handle, since: string, until: string | null): Promise<repo.Figures> {
  if (until === null || since >= until) return repo.liveFigures(db, since, null);
  const firstMidnight = since.endsWith('T00:00:00.000Z') ? since : midnightOf(nextDay(dayOf(since)));
  const head = await repo.liveFigures(db, since, firstMidnight < until ? firstMidnight : until);
  const tail = await repo.liveFigures(db, until, null);
  if (firstMidnight >= until) return add(head, tail);
  return add(add(head, tail), await repo.storedFigures(db, dayOf(firstMidnight), dayOf(until)));
}

function windowOf(f: repo.Figures) {
  return {
    new_users: f.new_users,
    orders: f.orders,
    revenue: f.order_payments - f.refunds,
    refunds: f.refunds,
    topups: f.topups,
    topup_amount: f.topup_amount,
    tickets_opened: f.tickets_opened,
    deletion_requests: f.deletion_requests,
  };
}

/**
 * Today (since UTC midnight), the last 7 and the last 30 days, plus point-in-time figures — from
 * the stored days and index range scans, never a whole table (docs/performance.md).
 */
export async function dashboard(ctx: Ctx) {
  await rollUpDays(ctx);
  const now = ctx.clock.now();
  const until = await storedUntil(ctx.db);
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const ever = await figuresSince(ctx.db, '0000-01-01T00:00:00.000Z', until);
  return {
    as_of: now.toISOString(),
    currency: ctx.config.currency,
    // The liability in credits is the ledger's total (balance = ledger, which the reconciliation
    // checks): stored days plus the rows since, where summing the wallets grew with customers.
    current: { users: ever.new_users - ever.deleted_users, wallet_liability: ever.ledger_net, ...(await repo.currentFigures(ctx.db)) },
    stock: await lowStockCounts(ctx),
    windows: {
      today: windowOf(await figuresSince(ctx.db, midnightOf(dayOf(now.toISOString())), until)),
      '7d': windowOf(await figuresSince(ctx.db, ago(7), until)),
      '30d': windowOf(await figuresSince(ctx.db, ago(30), until)),
    },
  };
}

/** The last `days` UTC days, oldest first, today (so far) included: stored days plus live scans of the days not stored yet. */
export async function dailySeries(ctx: Ctx, days: number) {
  await rollUpDays(ctx);
  const now = ctx.clock.now();
  const today = dayOf(now.toISOString());
  let first = today;
  for (let i = 1; i < days; i++) first = dayOf(new Date(Date.parse(midnightOf(first)) - DAY).toISOString());
  const stored = new Map((await repo.storedDays(ctx.db, first)).map((r) => [r.day, r]));
  const out = [];
  for (let day = first; day <= today; day = nextDay(day)) {
    const f = stored.get(day) ?? (await repo.liveFigures(ctx.db, midnightOf(day), midnightOf(nextDay(day))));
    out.push({ day, new_users: Number(f.new_users), orders: Number(f.orders), revenue: Number(f.order_payments) - Number(f.refunds), refunds: Number(f.refunds), topups: Number(f.topups), topup_amount: Number(f.topup_amount) });
  }
  return { as_of: now.toISOString(), currency: ctx.config.currency, days: out };
}
