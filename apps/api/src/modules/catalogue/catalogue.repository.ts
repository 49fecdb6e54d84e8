import { sql, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { PLAN_PER_CALL, type Dialect } from '../../db/kysely.ts';
import { cte } from '../../lib/cte.ts';
import type { Handle } from '../../lib/db-types.ts';
import { own, type Db, type CategoriesTable, type ProductImagesTable, type ProductsTable } from './tables.ts';
import type { SortKey } from '../../lib/pagination.ts';
import { precompiledPerCount } from '../../lib/precompiled.ts';
import { trigramPhrase } from '../../lib/search.ts';

export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Omit<Selectable<ProductsTable>, 'unit_cost' | 'deleted_at'>;
export type ProductImageRow = Selectable<ProductImagesTable>;


const categoryColumns = ['id', 'name', 'slug', 'sort_order', 'is_active', 'created_at', 'updated_at'] as const;
const productColumns = [
  'id', 'name', 'description', 'price', 'category_id', 'stock', 'is_active', 'image_url', 'low_stock_threshold', 'created_at', 'updated_at',
] as const;
const imageColumns = ['id', 'product_id', 'image_url', 'alt_text', 'sort_order', 'created_at'] as const;

/** `%` and `_` in user text match themselves, not any character. */
export const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- categories --------------------------------------------------------------------------

export function listCategories(db: Handle, opts: { activeOnly: boolean; after: SortKey | null; limit: number }): Promise<CategoryRow[]> {
  let q = own(db).selectFrom('categories').select(categoryColumns);
  if (opts.activeOnly) q = q.where('is_active', '=', 1);
  if (opts.after) {
    const { sort_order, id } = opts.after;
    q = q.where((eb) => eb.or([eb('sort_order', '>', sort_order), eb.and([eb('sort_order', '=', sort_order), eb('id', '>', id)])]));
  }
  return q.orderBy('sort_order').orderBy('id').limit(opts.limit).execute();
}

export function findCategory(db: Handle, id: string): Promise<CategoryRow | undefined> {
  return own(db).selectFrom('categories').select(categoryColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: Handle, row: CategoryRow): Promise<void> {
  await own(db).insertInto('categories').values(row).execute();
}

export async function updateCategory(db: Handle, id: string, patch: Updateable<CategoriesTable>): Promise<boolean> {
  const r = await own(db).updateTable('categories').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function hasLiveProducts(db: Handle, categoryId: string): Promise<boolean> {
  const row = await own(db)
    .selectFrom('products')
    .select('id')
    .where('category_id', '=', categoryId)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Soft-deleted products keep no hold on a category that is going away. */
export async function detachDeletedProducts(db: Handle, categoryId: string): Promise<void> {
  await own(db).updateTable('products').set({ category_id: null }).where('category_id', '=', categoryId).where('deleted_at', 'is not', null).execute();
}

export async function deleteCategory(db: Handle, id: string): Promise<boolean> {
  const r = await own(db).deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- products ----------------------------------------------------------------------------

export interface ProductFilter {
  activeOnly: boolean;
  isActive?: boolean;
  categoryId?: string;
  q?: string;
  /** `out`: stock 0; `low`: stock at or under the product's threshold, else `lowStockDefault`. */
  stockLevel?: 'low' | 'out';
  lowStockDefault?: number;
  /** Fewest in stock first, after this (stock, id); otherwise newest first. */
  byStock?: boolean;
  afterStock?: SortKey | null;
  /** Newest first: only ids below this one. */
  beforeId: string | null;
  limit: number;
}

/** One query for a page of products (never deleted ones); galleries come from `imagesFor`. */
export function listProducts(db: Handle, dialect: Dialect, f: ProductFilter): Promise<ProductRow[]> {
  let q = own(db).selectFrom('products').select(productColumns);
  if (f.activeOnly) q = q.where('is_active', '=', 1);
  else q = q.where('deleted_at', 'is', null);
  if (f.isActive !== undefined) q = q.where('is_active', '=', f.isActive ? 1 : 0);
  if (f.categoryId !== undefined) q = q.where('category_id', '=', f.categoryId);
  const phrase = f.q ? trigramPhrase(f.q) : null;
  // Through the search index of migration 10 (src/lib/search.ts); shorter than a trigram: a scan.
  if (f.q && dialect === 'sqlite' && phrase !== null) q = q.where(sql<boolean>`products.rowid in (select rowid from products_search where products_search match ${phrase})`);
  else if (f.q) q = q.where(sql<boolean>`lower(name) like ${likePattern(f.q)} escape '\\'`);
  if (f.stockLevel === 'out') q = q.where('stock', '=', 0);
  else if (f.stockLevel === 'low') q = q.where(sql<boolean>`stock <= coalesce(low_stock_threshold, ${f.lowStockDefault ?? 0})`);
  if (f.byStock) {
    // Fewest in stock first: (stock, id) ascending, the order of products_stock_idx.
    if (f.afterStock) {
      const { sort_order: stock, id } = f.afterStock;
      q = q.where((eb) => eb.or([eb('stock', '>', stock), eb.and([eb('stock', '=', stock), eb('id', '>', id)])]));
    }
    return q.orderBy('stock').orderBy('id').limit(f.limit).modifyEnd(sql.raw(f.q ? PLAN_PER_CALL : '')).execute();
  }
  if (f.beforeId !== null) q = q.where('id', '<', f.beforeId);
  return q.orderBy('id', 'desc').limit(f.limit).modifyEnd(sql.raw(f.q ? PLAN_PER_CALL : '')).execute();
}

/** Live, active products at or under their low-stock threshold (out of stock included): the dashboard's alert. */
export async function countLowStock(db: Handle, lowStockDefault: number): Promise<{ low: number; out: number }> {
  const r = await own(db)
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('low'),
      eb.fn.sum<number>(sql`case when stock = 0 then 1 else 0 end`).as('out'),
    ])
    .where('deleted_at', 'is', null)
    .where('is_active', '=', 1)
    .where(sql<boolean>`stock <= coalesce(low_stock_threshold, ${lowStockDefault})`)
    .executeTakeFirstOrThrow();
  return { low: Number(r.low), out: Number(r.out ?? 0) };
}

/** A live product (not deleted); with `activeOnly` also hidden when inactive. */
export function findProduct(db: Handle, id: string, activeOnly: boolean): Promise<ProductRow | undefined> {
  let q = own(db).selectFrom('products').select(productColumns).where('id', '=', id).where('deleted_at', 'is', null);
  if (activeOnly) q = q.where('is_active', '=', 1);
  return q.executeTakeFirst();
}

/** Every gallery row of the given products in one query, in display order. */
export function imagesFor(db: Handle, productIds: readonly string[]): Promise<ProductImageRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return own(db)
    .selectFrom('product_images')
    .select(imageColumns)
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort_order')
    .execute();
}

export async function insertProduct(db: Handle, row: ProductRow): Promise<void> {
  await own(db)
    .insertInto('products')
    .values({ ...row, unit_cost: null, deleted_at: null })
    .execute();
}

/** Updates a live product; false when it does not exist or is deleted. Takes the row lock first. */
export async function updateProduct(db: Handle, id: string, patch: Updateable<ProductsTable>): Promise<boolean> {
  const r = await own(db).updateTable('products').set(patch).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function replaceImages(db: Handle, productId: string, rows: ProductImageRow[]): Promise<void> {
  await own(db).deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (rows.length) await own(db).insertInto('product_images').values(rows).execute();
}

export async function softDeleteProduct(db: Handle, id: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('products')
    .set({ is_active: 0, deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function findUnitCost(db: Handle, id: string): Promise<{ unit_cost: number | null } | undefined> {
  return own(db).selectFrom('products').select('unit_cost').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function setUnitCost(db: Handle, id: string, unitCost: number | null, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('products')
    .set({ unit_cost: unitCost, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Conditional decrement: true only when the product is active and had at least `qty` in stock. */
export async function takeStock(db: Handle, id: string, qty: number, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('products')
    .set({ stock: sql`stock - ${qty}`, updated_at: now })
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .where('stock', '>=', qty)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Puts stock back (cancel/refund), also for products deactivated or deleted since. */
export async function returnStock(db: Handle, id: string, qty: number, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('products')
    .set({ stock: sql`stock + ${qty}`, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- orders: many lines in one statement (the placement's hot path) ------------------------

/** `CASE id WHEN :id THEN :qty … END`, typed integer so PostgreSQL can subtract it. */
const qtyCase = (lines: readonly { productId: string; quantity: number }[]) =>
  sql<number>`case id ${sql.join(
    lines.map((l) => sql`when ${l.productId} then cast(${l.quantity} as integer)`),
    sql` `,
  )} end`;

/**
 * Takes stock for every line in ONE conditional UPDATE and answers the rows it took (with their
 * price and name, so the same statement prices the order). A product that is unknown, inactive,
 * deleted or short is simply absent from the answer; the caller must then roll back.
 * Product ids must be distinct. Compiled once per number of lines (it runs for every order).
 */
export async function takeStockMany(
  db: Handle,
  lines: readonly { productId: string; quantity: number }[],
  now: string,
): Promise<{ id: string; name: string; price: number }[]> {
  return (await takeStockShape(own(db), [now, ...lines.flatMap((l) => [l.productId, l.quantity])])).rows;
}

const takeStockShape = precompiledPerCount((db: Db, [now, ...v]: unknown[]) => {
  const lines = Array.from({ length: v.length / 2 }, (_, i) => ({ productId: v[2 * i] as string, quantity: v[2 * i + 1] as number }));
  const qty = qtyCase(lines);
  return own(db)
    .updateTable('products')
    .set({ stock: sql`stock - ${qty}`, updated_at: now as string })
    .where(
      'id',
      'in',
      lines.map((l) => l.productId),
    )
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .where('stock', '>=', qty)
    .returning(['id', 'name', 'price']);
});

/** Puts stock back for every line in one UPDATE (cancel), also to products deactivated since. */
export async function returnStockMany(db: Handle, lines: readonly { productId: string; quantity: number }[], now: string): Promise<number> {
  if (lines.length === 0) return 0;
  const r = await own(db)
    .updateTable('products')
    .set({ stock: sql`stock + ${qtyCase(lines)}`, updated_at: now })
    .where(
      'id',
      'in',
      lines.map((l) => l.productId),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Why a placement could not take stock: the live state of the requested products. */
export function findOrderableState(db: Handle, ids: readonly string[]): Promise<{ id: string; price: number; stock: number; is_active: number; deleted_at: string | null }[]> {
  return own(db).selectFrom('products').select(['id', 'price', 'stock', 'is_active', 'deleted_at']).where('id', 'in', ids).execute();
}

// ---- the catalogue's part of the PostgreSQL placement statement (orders.repository.ts) ------

/**
 * Why a cart line cannot be sold: the one declaration that `orderLinesCtes` writes into its SQL and
 * the SQLite placement answers (orders.service.ts).
 */
export const LINE_REFUSALS = { invalid: 'invalid_product', outOfStock: 'out_of_stock' } as const;
export type LineRefusal = (typeof LINE_REFUSALS)[keyof typeof LINE_REFUSALS];

/** One priced cart line as `orderLinesCtes` defines it; `refused` is null when it can be sold. */
export interface OrderLine {
  product_id: string;
  name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
  refused: LineRefusal | null;
}
/** The CTE of the priced lines, read by the orders module's part of the statement. */
export const LINES = cte<OrderLine>('lines');

/**
 * `locked`: the requested products, locked in id order (FOR UPDATE below a sort, so two carts racing
 * over the same products queue instead of deadlocking), hence their latest committed versions.
 * `lines`: each requested line priced, with why it cannot be sold (a `LineRefusal`) or null.
 */
export function orderLinesCtes(productIds: string[], quantities: number[]) {
  return sql`locked as materialized (
      select id, name, price, stock, is_active, deleted_at from products where id = any(${productIds}::text[]) order by id for update
    ),
    ${LINES.ref} as materialized (
      select l.product_id, p.name, p.price as unit_price, l.quantity, p.price * l.quantity as line_total,
        case when p.id is null or p.is_active <> 1 or p.deleted_at is not null then ${sql.lit(LINE_REFUSALS.invalid)}
             when p.stock < l.quantity then ${sql.lit(LINE_REFUSALS.outOfStock)} end as refused
      from unnest(${productIds}::text[], ${quantities}::int[]) as l(product_id, quantity)
      left join locked p on p.id = l.product_id
    )`;
}

/** `taken`: each line's quantity off the product's stock, only when `go` holds (the debit happened). */
export function stockTakeCte(now: string, go: RawBuilder<boolean>) {
  return sql`taken as (
      update products set stock = stock - l.quantity, updated_at = ${now}
      from ${LINES.ref} l
      where products.id = l.product_id and ${go}
    )`;
}
