/** The one Idempotency-Key mechanism every retry-safe write uses (docs/contracts.md §5). */
export {
  claimKey,
  expiryOf,
  findKey,
  findKeys,
  keyClaimCte,
  purgeExpiredKeys,
  requestHash,
  runOnce,
  IDEMPOTENCY_TTL_MS,
  type KeyRef,
  type Scope,
  type StoredKey,
} from './idempotency.ts';
export type { IdempotencyView } from './tables.ts';
