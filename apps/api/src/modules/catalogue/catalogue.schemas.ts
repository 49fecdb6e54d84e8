import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';

/** Upper bounds keep every amount a safe integer on both databases. */
export const MAX_MONEY = 1_000_000_000_000;
const MAX_STOCK = 1_000_000_000;

/** No length or pattern rule: an id that matches nothing is 404 whatever its shape (docs/contracts.md §2). */
export const IdParamsSchema = Type.Object({ id: Type.String() });

// ---- categories --------------------------------------------------------------------------

export const CategorySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  sort_order: Type.Integer(),
  is_active: Type.Boolean(),
});
export type Category = Static<typeof CategorySchema>;

const SlugSchema = Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
export const SortOrderSchema = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });

export const CreateCategorySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  slug: Type.Optional(SlugSchema),
  sort_order: Type.Optional(SortOrderSchema),
  is_active: Type.Optional(Type.Boolean()),
});
export type CreateCategory = Static<typeof CreateCategorySchema>;

export const UpdateCategorySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    slug: Type.Optional(SlugSchema),
    sort_order: Type.Optional(SortOrderSchema),
    is_active: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);
export type UpdateCategory = Static<typeof UpdateCategorySchema>;

export const CategoryPageSchema = pageOf(CategorySchema);

// ---- products ----------------------------------------------------------------------------

export const ProductImageSchema = Type.Object({
  id: Type.String(),
  image_url: Type.String(),
  alt_text: Type.String(),
  sort_order: Type.Integer(),
});
export type ProductImage = Static<typeof ProductImageSchema>;

export const ProductSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Integer({ description: 'minor units of currency' }),
  currency: Type.String(),
  category_id: Type.Union([Type.String(), Type.Null()]),
  stock: Type.Integer(),
  is_active: Type.Boolean(),
  image_url: Type.Union([Type.String(), Type.Null()], { description: 'always images[0].image_url when a gallery exists' }),
  images: Type.Array(ProductImageSchema),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Product = Static<typeof ProductSchema>;

/** What only the back office sees of a product: its stock alert. */
export const AdminProductSchema = Type.Object({
  ...ProductSchema.properties,
  low_stock_threshold: Type.Union([Type.Integer(), Type.Null()], { description: "this product's own threshold; null: the LOW_STOCK_THRESHOLD setting" }),
  stock_level: Type.Union([Type.Literal('in_stock'), Type.Literal('low'), Type.Literal('out_of_stock')], {
    description: 'out_of_stock at 0; low at or under the threshold in force',
  }),
});
export type AdminProduct = Static<typeof AdminProductSchema>;

/** Gallery input: trimmed, de-duplicated and cut to 12 by the service; more than 100 is refused outright. */
export const ImageInputSchema = Type.Object({
  image_url: Type.String({ maxLength: 2048 }),
  alt_text: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
});
export type ImageInput = Static<typeof ImageInputSchema>;

const productFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 10_000 }),
  price: Type.Integer({ minimum: 0, maximum: MAX_MONEY }),
  category_id: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  stock: Type.Integer({ minimum: 0, maximum: MAX_STOCK }),
  low_stock_threshold: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_STOCK }), Type.Null()]),
  is_active: Type.Boolean(),
  image_url: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]),
  images: Type.Array(ImageInputSchema, { maxItems: 100 }),
};

export const CreateProductSchema = Type.Object({
  name: productFields.name,
  price: productFields.price,
  description: Type.Optional(productFields.description),
  category_id: Type.Optional(productFields.category_id),
  stock: Type.Optional(productFields.stock),
  low_stock_threshold: Type.Optional(productFields.low_stock_threshold),
  is_active: Type.Optional(productFields.is_active),
  image_url: Type.Optional(productFields.image_url),
  images: Type.Optional(productFields.images),
});
export type CreateProduct = Static<typeof CreateProductSchema>;

/** PUT is a partial update: an omitted field keeps its value (so an omitted `images` keeps the gallery). */
export const UpdateProductSchema = Type.Object(
  {
    name: Type.Optional(productFields.name),
    price: Type.Optional(productFields.price),
    description: Type.Optional(productFields.description),
    category_id: Type.Optional(productFields.category_id),
    stock: Type.Optional(productFields.stock),
    low_stock_threshold: Type.Optional(productFields.low_stock_threshold),
    is_active: Type.Optional(productFields.is_active),
    image_url: Type.Optional(productFields.image_url),
    images: Type.Optional(productFields.images),
  },
  { minProperties: 1 },
);
export type UpdateProduct = Static<typeof UpdateProductSchema>;

const productFilters = {
  ...PageQuerySchema.properties,
  category_id: Type.Optional(Type.String({ maxLength: 64 })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
};
export const ProductListQuerySchema = Type.Object(productFilters);
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

export const AdminProductListQuerySchema = Type.Object({
  ...productFilters,
  is_active: Type.Optional(Type.Boolean()),
  stock_level: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('out')], { description: 'low: at or under the threshold (out of stock included); out: 0' })),
  sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('stock')], { description: 'newest first (default) or fewest in stock first' })),
});
export type AdminProductListQuery = Static<typeof AdminProductListQuerySchema>;

export const ProductPageSchema = pageOf(ProductSchema);
export const AdminProductPageSchema = pageOf(AdminProductSchema);

export const UnitCostSchema = Type.Object({ unit_cost: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_MONEY }), Type.Null()]) });
export type UnitCost = Static<typeof UnitCostSchema>;
