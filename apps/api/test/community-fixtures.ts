/** Small factories for the community tests (orders are written directly: only their status matters here). */
import type { Kysely } from 'kysely';
import type { DB } from '../src/schema.ts';
import type { OrderStatus } from '../src/modules/orders/index.ts';
import { newId } from '../src/lib/ids.ts';
import type { Clock } from '../src/lib/clock.ts';

export async function insertOrder(db: Kysely<DB>, clock: Clock, userId: string, status: OrderStatus, total = 500): Promise<string> {
  const id = newId(clock);
  const now = clock.now().toISOString();
  await db
    .insertInto('orders')
    .values({ id, user_id: userId, status, subtotal: total, total, refunded_amount: 0, currency: 'INR', created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function setOrderStatus(db: Kysely<DB>, id: string, status: OrderStatus): Promise<void> {
  await db.updateTable('orders').set({ status }).where('id', '=', id).execute();
}
