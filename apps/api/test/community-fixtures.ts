/** Small factories for the community tests (orders are written directly: only their status matters here). */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import type { Clock } from '../src/lib/clock.ts';

export async function insertOrder(db: Kysely<DB>, clock: Clock, userId: string, status: string, total = 500): Promise<string> {
  const id = newId(clock);
  const now = clock.now().toISOString();
  await sql`insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, idempotency_key, request_hash, created_at, updated_at)
            values (${id}, ${userId}, ${status}, ${total}, ${total}, 0, 'INR', null, null, ${now}, ${now})`.execute(db);
  return id;
}

export async function setOrderStatus(db: Kysely<DB>, id: string, status: string): Promise<void> {
  await sql`update orders set status = ${status} where id = ${id}`.execute(db);
}
