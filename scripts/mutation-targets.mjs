// The money core, split so each part runs only the tests that exercise it (docs/testing.md).
// `mutate` entries narrow each file to its money functions (`file:from-to`, line numbers), so a
// target finishes in well under an hour on the shared two-core machine.
const api = (files) => `cd apps/api && node --test --test-concurrency=1 ${files.map((f) => `test/${f}.test.ts`).join(' ')}`;
// Targets whose code only PostgreSQL runs (or only a real race on it shows) run their tests there:
// MUTATION_DATABASE_URL (default: the local server) is passed to them as DATABASE_URL; each test
// file makes its own database on that server. `pattern` narrows a file to the tests that matter.
const pgUrl = process.env.MUTATION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const apiPg = (file, pattern) =>
  `DATABASE_URL='${pgUrl}' node --test --test-concurrency=1${pattern ? ` --test-name-pattern='${pattern}'` : ''} test/${file}.test.ts`;
const pay = (files) => `cd apps/pay && node --test --test-concurrency=1 ${files.map((f) => `test/${f}.test.ts`).join(' ')}`;
const gatewayB = 'cd packages/gateway-b && node --test test/client.test.ts';
const orders = 'apps/api/src/modules/orders/orders.service.ts';
const idempotency = 'apps/api/src/modules/idempotency/idempotency.ts';

export const targets = {
  ledger: {
    mutate: ['apps/api/src/modules/ledger/ledger.ts', 'apps/api/src/modules/ledger/ledger.repository.ts:44-56'],
    command: api(['wallet-ledger', 'proof-races', 'orders-concurrency']),
  },
  // Cancel, refund and status moves: the state machine and its conditional UPDATE.
  orders: {
    mutate: [
      'apps/api/src/modules/orders/transitions.ts:68-144', // applyMove
      `${orders}:374-377`, // cancelOwn
      `${orders}:572-587`, // adminRefund (Idempotency-Key replay)
      'apps/api/src/modules/orders/orders.repository.ts:395-407', // moveOrder
    ],
    // orders-concurrency's placement races (placement's and ledger's) are left out: no move in them.
    command: `${api(['orders-admin'])} && node --test --test-concurrency=1 --test-name-pattern='cancel|refund|clock runs ahead' test/orders-concurrency.test.ts`,
  },
  // The interleavings only PostgreSQL has (a move whose conditional UPDATE finds the order moved by
  // another transaction; two refunds with one key that both pass the look-up before either
  // commits), made deterministic there by a row lock held from another connection.
  'orders-pg': {
    mutate: [
      'apps/api/src/modules/orders/transitions.ts:91-91', // the conditional UPDATE refused: decide again
      `${idempotency}:150-159`, // runOnce: a key first seen inside the race (UNIQUE violation)
      'apps/api/src/modules/orders/orders.repository.ts:395-407', // moveOrder
    ],
    command: `cd apps/api && ${apiPg('orders-concurrency', 'PostgreSQL')}`,
  },
  // Placement as SQLite runs it (placeInSteps). The PostgreSQL one-statement placement
  // (placeAtOnce) is not reached on SQLite: it is `placement-pg`'s.
  placement: {
    mutate: [
      `${orders}:67-113`, // placeOrder, Idempotency-Key replay, placeOnce (less its dialect switch)
      `${orders}:115-116`,
      `${orders}:154-194`, // placeInSteps, stockRefusal, refusalOf's SQLite refusals
      `${idempotency}:93-163`, // findKey (expiry), runOnce
    ],
    command: api(['orders-place']),
  },
  // The PostgreSQL placement: the dialect switch and the one-statement placeAtOnce, with its retry
  // after another movement's newer ledger id (the clock-ahead test), and the Idempotency-Key
  // races that only concurrent placements on PostgreSQL reach.
  'placement-pg': {
    mutate: [
      `${idempotency}:150-159`, // runOnce: the key's UNIQUE violation inside a real race
      `${orders}:114-152`, // the dialect switch, placeAtOnce
      `${orders}:195-203`, // refusalOf: the one statement's wallet refusals
    ],
    command: `cd apps/api && ${apiPg('orders-place')} && ${apiPg('orders-concurrency', 'clock runs ahead|Idempotency-Key|same key')}`,
  },
  topups: {
    // creditOnce, creditInTransaction, creditTopup, completeTopup: once per token and gateway transaction; a second payment refused
    mutate: ['apps/api/src/modules/topups/topup.service.ts:129-206', 'apps/api/src/modules/topups/transitions.ts'],
    command: api(['wallet-topup', 'metrics-business']), // metrics-business: the top-up counters
  },
  // Admin adjustments: a debit or the reversal of one, never more than the debit (addReversed).
  adjustments: {
    mutate: ['apps/api/src/modules/wallet/wallet.service.ts:167-237', 'apps/api/src/modules/wallet/wallet.repository.ts:31-41'],
    command: `${api(['wallet-admin', 'audit-log'])} && node --test --test-concurrency=1 --test-name-pattern='reversals' test/proof-races.test.ts`,
  },
  // Gateway B's capture and order checks, shared by the API's status poll and the payment server.
  // Stryker links the sandbox's node_modules to the real one, whose @storefront/gateway-b points
  // at the unmutated package: the API must import the sandbox's copy, linked nearer.
  'gateway-b': {
    mutate: ['packages/gateway-b/src/index.ts:58-119'],
    command: `mkdir -p apps/api/node_modules/@storefront && ln -sfn ../../../../packages/gateway-b apps/api/node_modules/@storefront/gateway-b && ${gatewayB} && cd ../.. && ${api(['wallet-gateway-b'])}`,
  },
  // Per-IP limits counted by network: clientNetwork, the key every counter gets, the window's end.
  // The pure function's own test first: a mutant it kills never starts an app.
  'limits-networks': {
    mutate: ['apps/api/src/lib/rate-limit.ts:44-80', 'apps/api/src/lib/rate-limit.ts:98-98'],
    command: `${api(['client-network'])} && node --test test/limits-networks.test.ts`,
  },
  // Attempt caps: the mfa step (token and account caps, the audit row), the conditional increments
  // of an mfa_token and an invite, and the invite's check. The fast files first: a killed mutant
  // stops at the first failing one. The race workers run the active mutant too (run-worker.ts).
  'limits-caps': {
    mutate: [
      'apps/api/src/modules/auth/mfa.service.ts:97-134', // countAccountAttempt, loginWithCode
      'apps/api/src/modules/auth/staff.repository.ts:101-111', // countChallengeAttempt
      'apps/api/src/modules/auth/staff.repository.ts:189-201', // countInviteAttempt
      'apps/api/src/modules/auth/staff.service.ts:179-201', // acceptInvite
    ],
    command: `cd apps/api && node --test test/limits-networks.test.ts && node --test test/staff-management.test.ts && node --test test/attempt-races.test.ts && node --test test/staff-mfa.test.ts`,
  },
  signing: {
    mutate: ['packages/signing/src/index.ts'],
    command: 'cd packages/signing && node --test test/signing.test.ts',
  },
  // The payment server's checks before it credits: gateway A's response (order id, status, amount),
  // the status API's confirmation (status.ts), gateway B's completed capture, and the settlement of
  // a confirmed payment (settle: the amount check against the top-up, the outbox row written before
  // the API call, what each API answer turns into).
  pay: {
    mutate: [
      'apps/pay/src/gateway-a/gateway-a.service.ts:22-25', // orderIdMatches
      'apps/pay/src/gateway-a/gateway-a.service.ts:69-109', // confirm: the response's checks
      'apps/pay/src/gateway-a/status.ts:18-55', // fetchOrderStatus
      'apps/pay/src/gateway-b/gateway-b.service.ts:170-176', // settle: a completed capture
      'apps/pay/src/views.ts:235-246', // settledResult: what a settled payment shows
      'apps/pay/src/settlement.ts:95-140', // settle
      'apps/pay/src/settlement.ts:147-201', // #finish, #attempt: what each API answer leaves in the outbox
    ],
    command: pay(['units', 'pay-flows']),
  },
};
