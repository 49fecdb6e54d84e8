import type { Selectable } from 'kysely';
import { own, read, type TopupStatus, type TopupsTable, type WebhookLogsTable, type WebhookOutcome } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

export type TopupRow = Selectable<TopupsTable>;
export type WebhookLogRow = Selectable<WebhookLogsTable>;

const topupColumns = [
  'id', 'token_hash', 'user_id', 'amount', 'currency', 'status', 'expires_at', 'attached_gateway', 'gateway_order_id',
  'gateway', 'gateway_txn_id', 'credited_at', 'created_at', 'updated_at', 'return_url', 'declined_at',
] as const;

export async function insertTopup(db: Handle, row: TopupRow): Promise<void> {
  await own(db).insertInto('topups').values(row).execute();
}

export function findTopupByTokenHash(db: Handle, tokenHash: string): Promise<TopupRow | undefined> {
  return own(db).selectFrom('topups').select(topupColumns).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The once-only step: only a pending top-up turns completed; a second caller matches no row. */
export async function completeTopup(
  db: Handle,
  id: string,
  from: readonly TopupStatus[],
  credit: { gateway: string; gateway_txn_id: string; now: string },
): Promise<boolean> {
  const r = await own(db)
    .updateTable('topups')
    .set({ status: 'completed', gateway: credit.gateway, gateway_txn_id: credit.gateway_txn_id, credited_at: credit.now, updated_at: credit.now })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records which gateway order pays a pending top-up; a completed one is left as it is. */
export async function attachGatewayOrder(db: Handle, id: string, gateway: string, orderId: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('topups')
    .set({ attached_gateway: gateway, gateway_order_id: orderId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks a pending top-up's payment declined, once; a completed one is left as it is. */
export async function markDeclined(db: Handle, id: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('topups')
    .set({ declined_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('declined_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findTopupByGatewayTxn(db: Handle, gateway: string, txnId: string): Promise<TopupRow | undefined> {
  return own(db).selectFrom('topups').select(topupColumns).where('gateway', '=', gateway).where('gateway_txn_id', '=', txnId).executeTakeFirst();
}

// ---- webhook log ----

const logColumns = ['id', 'endpoint', 'gateway', 'token', 'topup_id', 'gateway_txn_id', 'outcome', 'reason', 'created_at'] as const;

export async function insertWebhookLog(db: Handle, row: WebhookLogRow): Promise<void> {
  await own(db).insertInto('webhook_logs').values(row).execute();
}

export function listWebhookLogs(
  db: Handle,
  filter: { outcome?: WebhookOutcome; endpoint?: string; before: string | null; limit: number },
): Promise<WebhookLogRow[]> {
  let q = own(db).selectFrom('webhook_logs').select(logColumns);
  if (filter.outcome !== undefined) q = q.where('outcome', '=', filter.outcome);
  if (filter.endpoint !== undefined) q = q.where('endpoint', '=', filter.endpoint);
  if (filter.before !== null) q = q.where('id', '<', filter.before);
  return q.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** Why a payment is to be returned: the webhook log's reason for a second payment of a completed top-up. */
export const SECOND_PAYMENT_REASON = 'topup_already_completed';

export interface PaymentToReturnRow {
  id: string;
  endpoint: string;
  gateway: string | null;
  gateway_txn_id: string | null;
  created_at: string;
  topup_id: string;
  user_id: string;
  amount: number;
  currency: string;
  completed_gateway: string | null;
  completed_gateway_txn_id: string | null;
  full_name: string;
  phone: string | null;
  deleted_at: string | null;
}

/**
 * Second payments for completed top-ups, newest first: the first log row of each (gateway,
 * gateway_txn_id) with that reason (the payer or the payment server may have told it again),
 * with the top-up it tried to pay and the top-up's owner.
 */
export function listPaymentsToReturn(db: Handle, filter: { before: string | null; limit: number }): Promise<PaymentToReturnRow[]> {
  let q = read(db)
    .selectFrom('webhook_logs as l')
    .innerJoin('topups as t', 't.id', 'l.topup_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      'l.id', 'l.endpoint', 'l.gateway', 'l.gateway_txn_id', 'l.created_at', 't.id as topup_id', 't.user_id', 't.amount', 't.currency',
      't.gateway as completed_gateway', 't.gateway_txn_id as completed_gateway_txn_id', 'u.full_name', 'u.phone', 'u.deleted_at',
    ])
    .where('l.reason', '=', SECOND_PAYMENT_REASON)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_logs as e')
            .select('e.id')
            .where('e.reason', '=', SECOND_PAYMENT_REASON)
            .whereRef('e.gateway', '=', 'l.gateway')
            .whereRef('e.gateway_txn_id', '=', 'l.gateway_txn_id')
            .whereRef('e.id', '<', 'l.id'),
        ),
      ),
    );
  if (filter.before !== null) q = q.where('l.id', '<', filter.before);
  return q.orderBy('l.id', 'desc').limit(filter.limit).execute() as Promise<PaymentToReturnRow[]>;
}

/** Retention: webhook-log rows written before `before`. */
export async function purgeWebhookLogs(db: Handle, before: string): Promise<number> {
  const r = await own(db).deleteFrom('webhook_logs').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
