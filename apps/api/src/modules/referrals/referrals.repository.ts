import { own, read, type ReferralMethod } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

export async function insertClick(db: Handle, row: { id: string; code: string; ip: string | null; user_agent: string | null; created_at: string }): Promise<void> {
  await own(db).insertInto('referral_clicks').values(row).execute();
}

/** The newest click from `ip` at or after `since` whose code still belongs to a live user. */
export function latestClickFromIp(db: Handle, ip: string, since: string): Promise<{ code: string; referrer_id: string } | undefined> {
  return read(db)
    .selectFrom('referral_clicks as c')
    .innerJoin('users as u', 'u.referral_code', 'c.code')
    .select(['c.code', 'u.id as referrer_id'])
    .where('c.ip', '=', ip)
    .where('c.created_at', '>=', since)
    .where('u.deleted_at', 'is', null)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAttribution(
  db: Handle,
  row: { user_id: string; referrer_id: string; code: string; method: ReferralMethod; created_at: string },
): Promise<void> {
  // Never a unique violation: on PostgreSQL that would abort the signup's transaction.
  await own(db).insertInto('referral_attributions').values(row).onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

export function findAttribution(db: Handle, userId: string) {
  return own(db)
    .selectFrom('referral_attributions')
    .select(['user_id', 'referrer_id', 'code', 'method', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Retention: forgets raw IPs of clicks older than `before`; idempotent (already-null rows are skipped). */
export async function purgeClickIps(db: Handle, before: string): Promise<number> {
  const a = await own(db).updateTable('referral_clicks').set({ ip: null }).where('created_at', '<', before).where('ip', 'is not', null).executeTakeFirst();
  // The signup inputs kept for attribution hold the same kind of raw IP; they follow the same rule.
  const b = await own(db)
    .updateTable('signup_referral_inputs')
    .set({ ip: null })
    .where('created_at', '<', before)
    .where('ip', 'is not', null)
    .executeTakeFirst();
  return Number(a.numUpdatedRows) + Number(b.numUpdatedRows);
}

export async function insertSignupReferralInput(
  db: Handle,
  row: { user_id: string; referral_code: string | null; referral_source: 'install_referrer' | 'manual' | null; ip: string | null; created_at: string },
): Promise<void> {
  await own(db).insertInto('signup_referral_inputs').values(row).execute();
}

/** A deleted user's signup IP (kept only for attribution). */
export async function forgetSignupIp(db: Handle, userId: string): Promise<void> {
  await own(db).updateTable('signup_referral_inputs').set({ ip: null }).where('user_id', '=', userId).execute();
}
