import type { Ctx } from '../../context.ts';
import { own } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';
import { isCheckViolation, isUniqueViolation } from '../../db/kysely.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, decodeSortCursor, encodeCursor, sortCursor, toPage, type SortKey } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import { lockRow } from '../../lib/lock.ts';
import * as repo from './catalogue.repository.ts';
import type { CategoryRow, ProductImageRow, ProductRow } from './catalogue.repository.ts';
import type {
  AdminProduct,
  AdminProductListQuery,
  Category,
  CreateCategory,
  CreateProduct,
  ImageInput,
  Product,
  ProductListQuery,
  UnitCost,
  UpdateCategory,
  UpdateProduct,
} from './catalogue.schemas.ts';

export const MAX_GALLERY = 12;

const nowIso = (ctx: Ctx): string => ctx.clock.now().toISOString();
const fieldError = (field: string, message: string): AppError => badRequest(message, [{ field: `body/${field}`, message }]);

// ---- categories --------------------------------------------------------------------------

export const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  sort_order: r.sort_order,
  is_active: r.is_active === 1,
});

/** `Summer Sale!` → `summer-sale`; names with no latin letters or digits get `category`. */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return s || 'category';
}

export async function listCategories(ctx: Ctx, query: { limit?: number; cursor?: string }, activeOnly: boolean) {
  const limit = query.limit ?? 20;
  const rows = await repo.listCategories(ctx.db, { activeOnly, after: decodeSortCursor(query.cursor), limit: limit + 1 });
  return toPage(rows, limit, sortCursor, toCategory);
}

export async function createCategory(ctx: Ctx, adminId: string, input: CreateCategory): Promise<Category> {
  const name = input.name.trim();
  if (!name) throw fieldError('name', 'name must not be blank');
  const now = nowIso(ctx);
  const row: CategoryRow = {
    id: newId(ctx.clock),
    name,
    slug: input.slug ?? slugify(name),
    sort_order: input.sort_order ?? 0,
    is_active: input.is_active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  try {
    await own(ctx.db).transaction().execute(async (trx) => {
      await repo.insertCategory(trx, row);
      await recordAudit(ctx, trx, { adminId, action: 'category.create', entity: 'category', entityId: row.id, before: null, after: toCategory(row) });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('conflict', `A category with slug "${row.slug}" already exists`);
    throw err;
  }
  return toCategory(row);
}

export async function updateCategory(ctx: Ctx, adminId: string, id: string, input: UpdateCategory): Promise<Category> {
  const name = input.name?.trim();
  if (name === '') throw fieldError('name', 'name must not be blank');
  try {
    return await own(ctx.db).transaction().execute(async (trx) => {
      if (!(await lockRow(own(trx), 'categories', id))) throw notFound('category');
      const before = toCategory((await repo.findCategory(trx, id))!);
      await repo.updateCategory(trx, id, {
        ...(name !== undefined && { name }),
        ...(input.slug !== undefined && { slug: input.slug }),
        ...(input.sort_order !== undefined && { sort_order: input.sort_order }),
        ...(input.is_active !== undefined && { is_active: input.is_active ? 1 : 0 }),
        updated_at: nowIso(ctx),
      });
      const after = toCategory((await repo.findCategory(trx, id))!);
      await recordAudit(ctx, trx, { adminId, action: 'category.update', entity: 'category', entityId: id, before, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('conflict', `A category with slug "${input.slug}" already exists`);
    throw err;
  }
}

/** Refused with 409 while a live product is in the category; deleted products are detached. */
export async function deleteCategory(ctx: Ctx, adminId: string, id: string): Promise<void> {
  await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await lockRow(own(trx), 'categories', id))) throw notFound('category');
    const before = (await repo.findCategory(trx, id))!;
    if (await repo.hasLiveProducts(trx, id)) throw conflict('conflict', 'The category still has products; move or delete them first');
    await repo.detachDeletedProducts(trx, id);
    await repo.deleteCategory(trx, id);
    await recordAudit(ctx, trx, { adminId, action: 'category.delete', entity: 'category', entityId: id, before: toCategory(before), after: null });
  });
}

// ---- products ----------------------------------------------------------------------------

function toProduct(ctx: Ctx, r: ProductRow, images: ProductImageRow[]): Product {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    currency: ctx.config.currency,
    category_id: r.category_id,
    stock: r.stock,
    is_active: r.is_active === 1,
    image_url: images.length ? images[0]!.image_url : r.image_url,
    images: images.map((i) => ({ id: i.id, image_url: i.image_url, alt_text: i.alt_text, sort_order: i.sort_order })),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Products with their galleries: one query for all images of the page, grouped here. */
async function withImages(db: Handle, rows: ProductRow[]): Promise<Map<string, ProductImageRow[]>> {
  const byProduct = new Map<string, ProductImageRow[]>(rows.map((r) => [r.id, []]));
  for (const img of await repo.imagesFor(db, rows.map((r) => r.id))) byProduct.get(img.product_id)?.push(img);
  return byProduct;
}

async function listProducts(ctx: Ctx, query: AdminProductListQuery, activeOnly: boolean) {
  const limit = query.limit ?? 20;
  const q = query.q?.trim();
  const byStock = query.sort === 'stock';
  const rows = await repo.listProducts(ctx.db, ctx.dialect, {
    activeOnly,
    ...(query.is_active !== undefined && { isActive: query.is_active }),
    ...(query.category_id !== undefined && { categoryId: query.category_id }),
    ...(q && { q }),
    ...(query.stock_level !== undefined && { stockLevel: query.stock_level, lowStockDefault: ctx.config.lowStockThreshold }),
    ...(byStock ? { byStock, afterStock: decodeStockCursor(query.cursor) } : {}),
    beforeId: byStock ? null : decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const images = await withImages(ctx.db, rows.slice(0, limit));
  return { rows, limit, images };
}

/** The stock-sorted list's cursor: `stock:id` (stock reaches 10 digits, past what decodeSortCursor reads). */
function decodeStockCursor(cursor: string | undefined): SortKey | null {
  const key = decodeCursor(cursor);
  if (key === null) return null;
  const m = /^(\d{1,10}):(.{1,64})$/.exec(key);
  if (!m) throw badRequest('Invalid cursor', [{ field: 'querystring/cursor', message: 'invalid cursor' }]);
  return { sort_order: Number(m[1]), id: m[2]! };
}

export async function listPublicProducts(ctx: Ctx, query: ProductListQuery) {
  const { rows, limit, images } = await listProducts(ctx, query, true);
  return toPage(rows, limit, (r) => r.id, (r) => toProduct(ctx, r, images.get(r.id) ?? []));
}

export async function listAdminProducts(ctx: Ctx, query: AdminProductListQuery) {
  const { rows, limit, images } = await listProducts(ctx, query, false);
  const key = query.sort === 'stock' ? (r: ProductRow) => `${r.stock}:${r.id}` : (r: ProductRow) => r.id;
  return toPage(rows, limit, key, (r) => toAdminProduct(ctx, r, images.get(r.id) ?? []));
}

/** The product with its stock alert, as the back office sees it. */
function toAdminProduct(ctx: Ctx, r: ProductRow, images: ProductImageRow[]): AdminProduct {
  const threshold = r.low_stock_threshold === null ? ctx.config.lowStockThreshold : Number(r.low_stock_threshold);
  const stock = Number(r.stock);
  return {
    ...toProduct(ctx, r, images),
    low_stock_threshold: r.low_stock_threshold === null ? null : Number(r.low_stock_threshold),
    stock_level: stock === 0 ? 'out_of_stock' : stock <= threshold ? 'low' : 'in_stock',
  };
}

async function loadRow(db: Handle, id: string, activeOnly: boolean) {
  const row = await repo.findProduct(db, id, activeOnly);
  if (!row) throw notFound('product');
  return { row, images: (await withImages(db, [row])).get(id)! };
}

async function loadProduct(ctx: Ctx, db: Handle, id: string, activeOnly: boolean): Promise<Product> {
  const { row, images } = await loadRow(db, id, activeOnly);
  return toProduct(ctx, row, images);
}

async function loadAdminProduct(ctx: Ctx, db: Handle, id: string): Promise<AdminProduct> {
  const { row, images } = await loadRow(db, id, false);
  return toAdminProduct(ctx, row, images);
}

export const getPublicProduct = (ctx: Ctx, id: string) => loadProduct(ctx, ctx.db, id, true);
export const getAdminProduct = (ctx: Ctx, id: string) => loadAdminProduct(ctx, ctx.db, id);

/** The dashboard's stock alert: live, active products at or under their threshold, and those at 0. */
export const lowStockCounts = (ctx: Ctx) => repo.countLowStock(ctx.db, ctx.config.lowStockThreshold);

/** Only absolute http(s) URLs, or a path on this host (e.g. `/media/<key>`), become image URLs. */
function checkImageUrl(url: string, field: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fieldError(field, 'must be an http(s) URL or a path starting with /');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw fieldError(field, 'must be an http(s) URL or a path starting with /');
  return url;
}

export interface GalleryEntry {
  image_url: string;
  alt_text: string;
}

/**
 * The spec's gallery rules: trim every field, drop entries left without a URL, keep the first of
 * any repeated URL, and keep at most 12 in the order sent (their sort_order is 0..n-1).
 */
export function normaliseGallery(input: readonly ImageInput[]): GalleryEntry[] {
  const seen = new Set<string>();
  const out: GalleryEntry[] = [];
  input.forEach((entry, i) => {
    const url = entry.image_url.trim();
    if (!url || seen.has(url) || out.length >= MAX_GALLERY) return;
    checkImageUrl(url, `images/${i}/image_url`);
    seen.add(url);
    out.push({ image_url: url, alt_text: (entry.alt_text ?? '').trim() });
  });
  return out;
}

const sameGallery = (next: GalleryEntry[], current: readonly { image_url: string; alt_text: string }[]): boolean =>
  next.length === current.length && next.every((e, i) => e.image_url === current[i]!.image_url && e.alt_text === current[i]!.alt_text);

function galleryRows(ctx: Ctx, productId: string, entries: GalleryEntry[], now: string): ProductImageRow[] {
  return entries.map((e, i) => ({ id: newId(ctx.clock), product_id: productId, image_url: e.image_url, alt_text: e.alt_text, sort_order: i, created_at: now }));
}

async function checkCategory(db: Handle, categoryId: string | null | undefined): Promise<void> {
  if (categoryId == null) return;
  if (!(await repo.findCategory(db, categoryId))) throw fieldError('category_id', 'no such category');
}

function cleanName(name: string): string {
  const n = name.trim();
  if (!n) throw fieldError('name', 'name must not be blank');
  return n;
}

const cleanImageUrl = (url: string | null | undefined): string | null => {
  const u = url?.trim();
  return u ? checkImageUrl(u, 'image_url') : null;
};

/** Product and gallery rows are written in one transaction. */
export async function createProduct(ctx: Ctx, adminId: string, input: CreateProduct): Promise<AdminProduct> {
  const name = cleanName(input.name);
  const gallery = input.images === undefined ? null : normaliseGallery(input.images);
  // With a gallery sent, the cover is its first entry and any sent image_url is ignored.
  const imageUrl = gallery !== null ? (gallery[0]?.image_url ?? null) : cleanImageUrl(input.image_url);
  const now = nowIso(ctx);
  const id = newId(ctx.clock);
  return own(ctx.db).transaction().execute(async (trx) => {
    await checkCategory(trx, input.category_id);
    await repo.insertProduct(trx, {
      id,
      name,
      description: input.description?.trim() ?? '',
      price: input.price,
      category_id: input.category_id ?? null,
      stock: input.stock ?? 0,
      low_stock_threshold: input.low_stock_threshold ?? null,
      is_active: input.is_active === false ? 0 : 1,
      image_url: imageUrl,
      created_at: now,
      updated_at: now,
    });
    if (gallery?.length) await repo.replaceImages(trx, id, galleryRows(ctx, id, gallery, now));
    const after = await loadAdminProduct(ctx, trx, id);
    await recordAudit(ctx, trx, { adminId, action: 'product.create', entity: 'product', entityId: id, before: null, after });
    return after;
  });
}

export async function updateProduct(ctx: Ctx, adminId: string, id: string, input: UpdateProduct): Promise<AdminProduct> {
  const name = input.name === undefined ? undefined : cleanName(input.name);
  const gallery = input.images === undefined ? null : normaliseGallery(input.images);
  const sentImageUrl = input.image_url === undefined ? undefined : cleanImageUrl(input.image_url);
  const now = nowIso(ctx);
  return own(ctx.db).transaction().execute(async (trx) => {
    // The first statement locks the product row: concurrent gallery writes queue, and the
    // before-image is the state this write replaces.
    if (!(await lockRow(own(trx), 'products', id))) throw notFound('product');
    const before = await loadAdminProduct(ctx, trx, id);
    await checkCategory(trx, input.category_id);
    const patch: Parameters<typeof repo.updateProduct>[2] = {
      ...(name !== undefined && { name }),
      ...(input.description !== undefined && { description: input.description.trim() }),
      ...(input.price !== undefined && { price: input.price }),
      ...(input.category_id !== undefined && { category_id: input.category_id }),
      ...(input.stock !== undefined && { stock: input.stock }),
      ...(input.low_stock_threshold !== undefined && { low_stock_threshold: input.low_stock_threshold }),
      ...(input.is_active !== undefined && { is_active: input.is_active ? 1 : 0 }),
      updated_at: now,
    };
    // The form sends the gallery on every save: the same images in the same order are no change
    // (replacing them would give them new ids, and the save an audit row for nothing).
    const newGallery = gallery !== null && !sameGallery(gallery, before.images) ? gallery : null;
    if (gallery !== null) patch.image_url = gallery[0]?.image_url ?? null;
    if (!(await repo.updateProduct(trx, id, patch))) throw notFound('product');
    if (newGallery !== null) {
      await repo.replaceImages(trx, id, galleryRows(ctx, id, newGallery, now));
    } else if (gallery === null && sentImageUrl !== undefined) {
      // Without `images`, image_url is the product's own cover unless a gallery exists (then it stays images[0]).
      const existing = await repo.imagesFor(trx, [id]);
      if (existing.length === 0) await repo.updateProduct(trx, id, { image_url: sentImageUrl });
    }
    const after = await loadAdminProduct(ctx, trx, id);
    await recordAudit(ctx, trx, { adminId, action: 'product.update', entity: 'product', entityId: id, before, after });
    return after;
  });
}

/** Soft delete: hidden everywhere (404), while past orders keep their reference. */
export async function deleteProduct(ctx: Ctx, adminId: string, id: string): Promise<void> {
  await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await lockRow(own(trx), 'products', id))) throw notFound('product');
    const before = await loadProduct(ctx, trx, id, false);
    if (!(await repo.softDeleteProduct(trx, id, nowIso(ctx)))) throw notFound('product');
    await recordAudit(ctx, trx, { adminId, action: 'product.delete', entity: 'product', entityId: id, before, after: null });
  });
}

export async function getUnitCost(ctx: Ctx, id: string): Promise<UnitCost> {
  const row = await repo.findUnitCost(ctx.db, id);
  if (!row) throw notFound('product');
  return { unit_cost: row.unit_cost };
}

export async function setUnitCost(ctx: Ctx, adminId: string, id: string, input: UnitCost): Promise<UnitCost> {
  await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await lockRow(own(trx), 'products', id))) throw notFound('product');
    const before = await repo.findUnitCost(trx, id);
    if (!before || !(await repo.setUnitCost(trx, id, input.unit_cost, nowIso(ctx)))) throw notFound('product');
    await recordAudit(ctx, trx, { adminId, action: 'product.cost', entity: 'product', entityId: id, before, after: { unit_cost: input.unit_cost } });
  });
  return { unit_cost: input.unit_cost };
}

// ---- for the orders domain ---------------------------------------------------------------

export interface SellableProduct {
  id: string;
  name: string;
  price: number;
  stock: number;
}

/** Active products among `ids` (unknown, inactive and deleted ones are simply absent). */
export async function findSellableProducts(db: Handle, ids: readonly string[]): Promise<Map<string, SellableProduct>> {
  const out = new Map<string, SellableProduct>();
  if (ids.length === 0) return out;
  const rows = await own(db)
    .selectFrom('products')
    .select(['id', 'name', 'price', 'stock'])
    .where('id', 'in', [...new Set(ids)])
    .where('is_active', '=', 1)
    .execute();
  for (const r of rows) out.set(r.id, r);
  return out;
}

/** Inside the order's transaction: false when the product is inactive or has fewer than `qty`. */
export const takeStock = (trx: Handle, productId: string, qty: number, now: string): Promise<boolean> =>
  repo.takeStock(trx, productId, qty, now);

/** Inside the cancel/refund transaction: returns units, even to a product deactivated since. */
export const returnStock = (trx: Handle, productId: string, qty: number, now: string): Promise<boolean> =>
  repo.returnStock(trx, productId, qty, now);

