// The money core, split so each part runs only the tests that exercise it (docs/testing.md).
const api = (files) => `cd apps/api && node --test --test-concurrency=1 ${files.map((f) => `test/${f}.test.ts`).join(' ')}`;
const pay = (files) => `cd apps/pay && node --test --test-concurrency=1 ${files.map((f) => `test/${f}.test.ts`).join(' ')}`;

export const targets = {
  ledger: {
    mutate: ['apps/api/src/modules/wallet/ledger.ts', 'apps/api/src/modules/wallet/wallet.repository.ts:36-56'],
    command: api(['wallet-ledger', 'proof-races', 'orders-concurrency']),
  },
  orders: {
    mutate: ['apps/api/src/modules/orders/orders.service.ts'],
    command: api(['orders-place', 'orders-admin', 'orders-concurrency']),
  },
  topups: {
    mutate: ['apps/api/src/modules/wallet/topup.service.ts', 'apps/api/src/modules/wallet/signed.ts', 'apps/api/src/modules/wallet/gateway-b.ts'],
    command: api(['wallet-topup', 'wallet-gateway-b', 'proof-storms']),
  },
  signing: {
    mutate: ['packages/signing/src/index.ts'],
    command: 'cd packages/signing && node --test test/signing.test.ts',
  },
  pay: {
    mutate: ['apps/pay/src/gateway-a/gateway-a.routes.ts', 'apps/pay/src/gateway-a/status.ts', 'apps/pay/src/gateway-b/client.ts', 'apps/pay/src/settlement.ts'],
    command: pay(['units', 'gateway-b-client', 'pay-flows', 'pay-crash']),
  },
};
