import type { Kysely } from 'kysely';

/**
 * Every order changes its products' `stock`. While an index holds `stock`, PostgreSQL must write a
 * new entry into every index of `products` (its key, the category and active lists, the name's
 * trigram index) for each product an order takes; without one it updates the row in place on its
 * page (a heap-only tuple). The admin list sorted by stock reads the products instead
 * (docs/catalogue.md, "Stock alerts"; docs/decisions/0005-order-rate-and-indexes.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_stock_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_stock_idx').on('products').columns(['stock', 'id']).execute();
}
