import { sql, type Kysely } from 'kysely';

/** Tables for categories, products, galleries and payment gateways. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('categories_is_active_bool', sql`is_active in (0, 1)`)
    .execute();
  await db.schema.createIndex('categories_order_idx').on('categories').columns(['is_active', 'sort_order', 'id']).execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.references('categories.id'))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('image_url', 'text')
    .addColumn('unit_cost', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addCheckConstraint('products_price_non_negative', sql`price >= 0`)
    .addCheckConstraint('products_stock_non_negative', sql`stock >= 0`)
    .addCheckConstraint('products_unit_cost_non_negative', sql`unit_cost is null or unit_cost >= 0`)
    .addCheckConstraint('products_is_active_bool', sql`is_active in (0, 1)`)
    .addCheckConstraint('products_deleted_inactive', sql`deleted_at is null or is_active = 0`)
    .execute();
  // Public list: active products newest first (ids sort by creation), optionally by category.
  await db.schema.createIndex('products_active_idx').on('products').columns(['is_active', 'id']).execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'is_active', 'id']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('product_images_order_unique', ['product_id', 'sort_order'])
    .addCheckConstraint('product_images_sort_order_range', sql`sort_order >= 0 and sort_order < 12`)
    .execute();

  await db.schema
    .createTable('payment_gateways')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_amount', 'bigint')
    .addColumn('max_amount', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('payment_gateways_is_active_bool', sql`is_active in (0, 1)`)
    .addCheckConstraint(
      'payment_gateways_amounts',
      sql`(min_amount is null or min_amount >= 0) and (max_amount is null or max_amount >= 0) and (min_amount is null or max_amount is null or min_amount <= max_amount)`,
    )
    .execute();
  await db.schema.createIndex('payment_gateways_order_idx').on('payment_gateways').columns(['is_active', 'sort_order', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['payment_gateways', 'product_images', 'products', 'categories']) await db.schema.dropTable(t).execute();
}
