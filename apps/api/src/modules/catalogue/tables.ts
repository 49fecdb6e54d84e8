/** The tables the catalogue module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type Executor, type ReadOnly } from '../../lib/db-types.ts';

export interface CategoriesTable {
  id: string;
  name: string;
  slug: string;
  sort_order: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  /** Minor units of the shop's CURRENCY. */
  price: number;
  category_id: string | null;
  /** Counted units on hand; CHECK stock >= 0, taken by a conditional update. */
  stock: number;
  is_active: number;
  /** Cover image; equals the first gallery row whenever a gallery exists. */
  image_url: string | null;
  /** Admin-only unit cost in minor units; null until set. */
  unit_cost: number | null;
  /** Stock at or under this is low; null: the `LOW_STOCK_THRESHOLD` setting. */
  low_stock_threshold: number | null;
  created_at: string;
  updated_at: string;
  /** Soft delete: set together with is_active = 0; such a product 404s everywhere. */
  deleted_at: string | null;
}

export interface ProductImagesTable {
  id: string;
  product_id: string;
  image_url: string;
  alt_text: string;
  sort_order: number;
  created_at: string;
}

export interface CatalogueTables {
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<CatalogueTables>();
export type Db = Executor<CatalogueTables>;

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type CatalogueView = ReadOnly<CatalogueTables>;
