import { sql, type Kysely } from 'kysely';

/**
 * Staff roles (docs/contracts.md, "Staff roles"): a staff account carries its role on the user row,
 * which the session check already reads on every request. `is_admin` stays the switch that says
 * the account may use the back office now (0 while invited or disabled); `staff_role` says what it
 * may do there. Every existing admin becomes an owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('staff_role', 'text').execute();
  await sql`update users set staff_role = 'owner' where is_admin = 1`.execute(db);
  await db.schema.createIndex('users_staff_idx').on('users').columns(['staff_role', 'id']).where(sql<boolean>`staff_role is not null`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_staff_idx').execute();
  await db.schema.alterTable('users').dropColumn('staff_role').execute();
}
