/**
 * `node bench/bulk-status.ts` (SQLite) and `DATABASE_URL=postgres://… node bench/bulk-status.ts`:
 * the time `POST /api/v1/admin/orders/bulk-status` takes for 100 orders (processing → shipped,
 * each its own transaction with its audit row and key), through the real app on a fresh, migrated
 * database. Prints one line per round and the median; timing is printed, never asserted.
 */
import { call, createAdmin, createTestApp, onPostgres, registerUser } from '../apps/api/test/helpers.ts';
import { credit, order, product } from '../apps/api/test/orders-fixtures.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = 100;

const t = await createTestApp();
try {
  const admin = await createAdmin(t);
  const u = await registerUser(t.app);
  await credit(t, u.id, 100_000_000);
  const p = await product(t, admin, 100, 1_000_000);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const o = await order(t, u, [{ product_id: p, quantity: 1 }]);
      await call(t.app, 'POST', `/api/v1/admin/orders/${o.body.id}/status`, { token: admin.token, body: { status: 'processing' } });
      ids.push(o.body.id);
    }
    const t0 = performance.now();
    const res = await call(t.app, 'POST', '/api/v1/admin/orders/bulk-status', { token: admin.token, body: { order_ids: ids, status: 'shipped' }, headers: { 'idempotency-key': `bench-${round}` } });
    const ms = performance.now() - t0;
    if (res.status !== 200 || res.body.moved !== N) throw new Error(`bulk: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    times.push(ms);
    console.log(`${onPostgres ? 'postgres' : 'sqlite'} round ${round + 1}: ${N} orders moved in ${ms.toFixed(0)} ms`);
  }
  times.sort((a, b) => a - b);
  console.log(`${onPostgres ? 'postgres' : 'sqlite'} median: ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms for ${N} orders (≤ 1000 ms)`);
} finally {
  await t.close();
}
