/**
 * The migrator's list. New migrations live with the module that owns their tables
 * (`src/modules/<domain>/migrations/<date>-<nn>-<name>.ts`) and are added at the end of the list
 * below, in order. The older files here stay where they are (the names are what every database
 * has recorded as run) and, by the tables they create or change, belong to these domains:
 *
 * | domain     | migrations (what of the domain each holds)                                                    |
 * |------------|-----------------------------------------------------------------------------------------------|
 * | accounts   | 01-foundation (users), 02-otp (verified e-mail index), 10-scale (deleted and search indexes)  |
 * | auth       | 01-foundation (sessions, refresh_tokens), 02-otp (phone_otps, email_otps), 09-trust (sessions) |
 * | lib        | 01-foundation (rate_limits)                                                                   |
 * | catalogue  | 03-catalogue (categories, products, product_images), 10-scale (product search)                |
 * | payments   | 03-catalogue (payment_gateways)                                                               |
 * | ledger     | 01-foundation (wallets), 04-wallet (wallet_transactions), 08-ledger-order, 10-scale (ledger    |
 * |            | and wallet indexes), 13-ledger-checkpoints, 14-reconciled-days (ledger_failures,              |
 * |            | reconciliation_runs), 15-wallet-extras                                                        |
 * | topups     | 04-wallet (topups, webhook_logs), 09-trust (webhook log index), 10-scale (time indexes),      |
 * |            | 17-payments-to-return                                                                         |
 * | wallet     | 04-wallet (daily_spins), 11-adjustments, 16-adjustment-reversals                              |
 * | referrals  | 02-otp (signup_referral_inputs), 06-community (referral_clicks, referral_attributions)        |
 * | orders     | 05-orders, 07-refund-keys                                                                     |
 * | deletion   | 06-community (deletion_requests, deletion_tokens), 10-scale (time index)                      |
 * | support    | 06-community (tickets, ticket_replies), 10-scale (time index)                                 |
 * | audit      | 12-audit                                                                                      |
 * | backoffice | 10-scale (daily_figures), 14-reconciled-days (reconciled_days)                                |
 */
import type { Migration } from 'kysely/migration';
import * as foundation from './2026-11-23-01-foundation.ts';
import * as otp from './2026-11-23-02-otp.ts';
import * as catalogue from './2026-11-23-03-catalogue.ts';
import * as wallet from './2026-11-23-04-wallet.ts';
import * as orders from './2026-11-23-05-orders.ts';
import * as community from './2026-11-23-06-community.ts';
import * as refundKeys from './2026-11-23-07-refund-keys.ts';
import * as ledgerOrder from './2026-11-23-08-ledger-order.ts';
import * as trust from './2026-11-23-09-trust.ts';
import * as scale from './2026-11-23-10-scale.ts';
import * as adjustments from './2026-11-23-11-adjustments.ts';
import * as audit from './2026-11-23-12-audit.ts';
import * as ledgerCheckpoints from './2026-11-23-13-ledger-checkpoints.ts';
import * as reconciledDays from './2026-11-23-14-reconciled-days.ts';
import * as walletExtras from './2026-11-26-15-wallet-extras.ts';
import * as adjustmentReversals from './2026-11-26-16-adjustment-reversals.ts';
import * as paymentsToReturn from './2026-11-26-17-payments-to-return.ts';
import * as idempotencyKeys from '../../modules/idempotency/migrations/2026-11-26-18-idempotency-keys.ts';
import * as orderEvents from '../../modules/orders/migrations/2026-11-26-19-order-events.ts';
import * as stockAlerts from '../../modules/catalogue/migrations/2026-11-26-21-stock-alerts.ts';
import * as staffRoles from '../../modules/accounts/migrations/2026-11-26-22-staff-roles.ts';
import * as staffMfa from '../../modules/auth/migrations/2026-11-26-23-staff-mfa.ts';
import * as topupReturn from '../../modules/topups/migrations/2026-11-26-24-topup-return.ts';
import * as ledgerTimeKeys from '../../modules/ledger/migrations/2026-11-26-25-ledger-time-keys.ts';
import * as orderTimeKeys from '../../modules/orders/migrations/2026-11-26-26-order-time-keys.ts';
import * as topupDeclined from '../../modules/topups/migrations/2026-11-26-27-topup-declined.ts';
import * as buyers from '../../modules/accounts/migrations/2026-11-27-28-buyers.ts';
import * as runTotals from '../../modules/ledger/migrations/2026-11-27-29-run-totals.ts';
import * as walletWrites from '../../modules/ledger/migrations/2026-11-27-30-wallet-writes.ts';
import * as auditByEntity from '../../modules/audit/migrations/2026-11-27-31-audit-by-entity.ts';
import * as ledgerListsByTime from '../../modules/ledger/migrations/2026-11-27-32-ledger-lists-by-time.ts';
import * as orderListsByTime from '../../modules/orders/migrations/2026-11-27-32-order-lists-by-time.ts';
import * as stockUpdatesInPlace from '../../modules/catalogue/migrations/2026-11-27-33-stock-updates-in-place.ts';

/** Every migration, in order. Names are dated so they sort; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-23-01-foundation': foundation,
  '2026-11-23-02-otp': otp,
  '2026-11-23-03-catalogue': catalogue,
  '2026-11-23-04-wallet': wallet,
  '2026-11-23-05-orders': orders,
  '2026-11-23-06-community': community,
  '2026-11-23-07-refund-keys': refundKeys,
  '2026-11-23-08-ledger-order': ledgerOrder,
  '2026-11-23-09-trust': trust,
  '2026-11-23-10-scale': scale,
  '2026-11-23-11-adjustments': adjustments,
  '2026-11-23-12-audit': audit,
  '2026-11-23-13-ledger-checkpoints': ledgerCheckpoints,
  '2026-11-23-14-reconciled-days': reconciledDays,
  '2026-11-26-15-wallet-extras': walletExtras,
  '2026-11-26-16-adjustment-reversals': adjustmentReversals,
  '2026-11-26-17-payments-to-return': paymentsToReturn,
  '2026-11-26-18-idempotency-keys': idempotencyKeys,
  '2026-11-26-19-order-events': orderEvents,
  '2026-11-26-21-stock-alerts': stockAlerts,
  '2026-11-26-22-staff-roles': staffRoles,
  '2026-11-26-23-staff-mfa': staffMfa,
  '2026-11-26-24-topup-return': topupReturn,
  '2026-11-26-25-ledger-time-keys': ledgerTimeKeys,
  '2026-11-26-26-order-time-keys': orderTimeKeys,
  '2026-11-26-27-topup-declined': topupDeclined,
  '2026-11-27-28-buyers': buyers,
  '2026-11-27-29-run-totals': runTotals,
  '2026-11-27-30-wallet-writes': walletWrites,
  '2026-11-27-31-audit-by-entity': auditByEntity,
  '2026-11-27-32-ledger-lists-by-time': ledgerListsByTime,
  '2026-11-27-32-order-lists-by-time': orderListsByTime,
  '2026-11-27-33-stock-updates-in-place': stockUpdatesInPlace,
};
