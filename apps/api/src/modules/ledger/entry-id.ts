/**
 * The next ledger id, in one place. A wallet's ledger ids strictly increase (migration 08: a
 * movement's id must be newer than `wallets.last_entry_id` and becomes it). A movement mints its
 * id with `newId`; when the wallet's last id is not older than it (another movement committed
 * first, or an instance whose clock runs ahead wrote it), it takes the id right after the last
 * one: that id's millisecond plus one. `entryIdAfter` is the rule in TypeScript (the movements of
 * `applyMovement`, and the tests that write ledger rows themselves); `entryIdAfterSql` is the same
 * rule inside PostgreSQL's one placement statement (`orderPaymentCtes`), chosen under the wallet's lock.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

/** The id a movement of the wallet whose last ledger id is `last` carries: `minted` when it is newer, else the id after `last`. */
export function entryIdAfter(clock: Clock, last: string | null, minted: string = newId(clock)): string {
  return last !== null && last >= minted ? newId(clock, last) : minted;
}

/**
 * PostgreSQL: `entryIdAfter` as an expression over the wallet's `last` id (text, a UUIDv7): `minted`
 * when it is newer, else `last`'s millisecond plus one keeping `minted`'s tail, as `newId(clock, last)`
 * does when the clock is behind.
 */
export const entryIdAfterSql = (last: RawBuilder<string | null>, minted: string): RawBuilder<string> => sql<string>`case when ${last} >= ${minted} then (
      select substr(h, 1, 8) || '-' || substr(h, 9, 4) || substr(${minted}::text, 14)
      from (select lpad(to_hex(('x' || substr(${last}, 1, 8) || substr(${last}, 10, 4))::bit(48)::bigint + 1), 12, '0') as h) next_ms
    ) else ${minted} end`;
