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
import * as staffRoles from '../../modules/accounts/migrations/2026-11-26-22-staff-roles.ts';
import * as staffMfa from '../../modules/auth/migrations/2026-11-26-23-staff-mfa.ts';

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
  '2026-11-26-22-staff-roles': staffRoles,
  '2026-11-26-23-staff-mfa': staffMfa,
};
