// The money core, split so each part runs only the tests that exercise it (docs/testing.md).
// `mutate` entries narrow each file to its money functions (`file:from-to`, line numbers), so a
// target finishes in well under an hour on the shared two-core machine.
const api = (files) => `cd apps/api && node --test --test-concurrency=1 ${files.map((f) => `test/${f}.test.ts`).join(' ')}`;
const pay = (files) => `cd apps/pay && node --test --test-concurrency=1 ${files.map((f) => `test/${f}.test.ts`).join(' ')}`;
const gatewayB = 'cd packages/gateway-b && node --test test/client.test.ts';
const orders = 'apps/api/src/modules/orders/orders.service.ts';

export const targets = {
  ledger: {
    mutate: ['apps/api/src/modules/wallet/ledger.ts', 'apps/api/src/modules/wallet/wallet.repository.ts:37-56'],
    command: api(['wallet-ledger', 'proof-races', 'orders-concurrency']),
  },
  // Cancel, refund and status moves: the state machine and its conditional UPDATE.
  orders: {
    mutate: [
      'apps/api/src/modules/orders/transitions.ts:58-118', // applyMove
      `${orders}:279-282`, // cancelOwn
      `${orders}:318-351`, // adminRefund (Idempotency-Key replay)
      'apps/api/src/modules/orders/orders.repository.ts:193-205', // moveOrder
    ],
    command: api(['orders-admin', 'orders-concurrency']),
  },
  // Placement as SQLite runs it (placeInSteps). The PostgreSQL one-statement placement
  // (placeAtOnce, here and in orders.repository.ts) is not reached on SQLite, so it is left out.
  placement: {
    mutate: [
      `${orders}:75-133`, // placeOrder, Idempotency-Key replay, placeOnce
      `${orders}:162-209`, // placeInSteps, stockRefusal, refusalOf
    ],
    command: api(['orders-place']),
  },
  topups: {
    mutate: ['apps/api/src/modules/wallet/topup.service.ts:123-181', 'apps/api/src/modules/wallet/topup.transitions.ts'], // creditTopup, completeTopup: once per token and gateway transaction
    command: api(['wallet-topup']),
  },
  // Gateway B's capture and order checks, shared by the API's status poll and the payment server.
  // Stryker links the sandbox's node_modules to the real one, whose @storefront/gateway-b points
  // at the unmutated package: the API must import the sandbox's copy, linked nearer.
  'gateway-b': {
    mutate: ['packages/gateway-b/src/index.ts:58-119'],
    command: `mkdir -p apps/api/node_modules/@storefront && ln -sfn ../../../../packages/gateway-b apps/api/node_modules/@storefront/gateway-b && ${gatewayB} && cd ../.. && ${api(['wallet-gateway-b'])}`,
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
      'apps/pay/src/gateway-a/gateway-a.routes.ts:19-22', // orderIdMatches
      'apps/pay/src/gateway-a/gateway-a.routes.ts:53-110', // the response handler
      'apps/pay/src/gateway-a/status.ts:18-55', // fetchOrderStatus
      'apps/pay/src/gateway-b/gateway-b.routes.ts:32-38', // settleCapture
      'apps/pay/src/settlement.ts:90-135', // settle
    ],
    command: pay(['units', 'pay-flows']),
  },
};
