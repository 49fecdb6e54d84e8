import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Anything that runs queries: the database, or a transaction passed down to keep work atomic. */
export type Executor = Kysely<DB> | Transaction<DB>;
export type Trx = Transaction<DB>;
