import type { Kysely } from 'kysely';

/**
 * Stock alerts: a product's own low-stock threshold (null: the `LOW_STOCK_THRESHOLD` setting), and
 * the index the admin products list walks when sorted by stock (docs/catalogue.md, "Stock alerts").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('low_stock_threshold', 'bigint').execute();
  await db.schema.createIndex('products_stock_idx').on('products').columns(['stock', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_stock_idx').execute();
  await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
}
