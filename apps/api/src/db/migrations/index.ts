/**
 * The baseline: the first migrations, written when one migration created or changed the tables of
 * several modules. They cannot be split by owner without changing the names every database has
 * recorded in `kysely_migration`, so they stay one list here, composed first by the migrations'
 * composition root (src/migrations.ts). Every later migration lives with the module that owns its
 * tables (`src/modules/<domain>/migrations/`, listed by that folder's index.ts). By the tables they
 * create or change, these belong to:
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

/** The baseline, in order. Closed: a new migration goes to the module that owns its tables. */
export const baseline: Record<string, Migration> = {
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
};
