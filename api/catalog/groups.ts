/**
 * Loads full ProductGroup objects (contract/catalog.ts) for a short list of ids in one SQL
 * statement: the group row with its category and brand, variations with colour and price tiers,
 * attributes and coating ids, assembled as JSON by PostgreSQL. Every lookup is by primary key
 * or by an index starting with group_id, so the cost depends on the page size, not on the
 * catalogue size.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ProductGroup } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { intArray } from "./filters";

/**
 * JSON of one variation (contract Product), `p` being products and `col` its colour (LEFT JOIN).
 * Shared by the group JSON below and the cart pricing (api/cart/pricing.ts).
 */
export const PRODUCT_JSON = sql`json_build_object(
      'id', p.id,
      'groupId', p.group_id,
      'sku', p.sku,
      'title', p.title,
      'color', CASE WHEN col.id IS NULL THEN NULL ELSE json_build_object('id', col.id, 'title', col.title, 'slug', col.slug, 'hex', col.hex) END,
      'size', p.size,
      'stock', p.stock,
      'price', p.price,
      'priceTiers', COALESCE((
        SELECT json_agg(json_build_object('minQty', t.min_qty, 'price', t.price) ORDER BY t.min_qty)
        FROM price_tiers t WHERE t.product_id = p.id), '[]'::json),
      'images', CASE WHEN p.image IS NULL THEN '[]'::json ELSE json_build_array(p.image) END,
      'weight', p.weight
)`;

/**
 * JSON of one group, `g` being product_groups, `c` its category and `b` its brand (LEFT JOIN).
 * `images` is filled in JS (card image first, then the variations' distinct pictures).
 */
export const GROUP_JSON = sql`json_build_object(
  'id', g.id,
  'title', g.title,
  'slug', g.slug,
  'description', g.description,
  'category', json_build_object('id', c.id, 'title', c.title, 'slug', c.slug),
  'brand', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('id', b.id, 'title', b.title, 'slug', b.slug) END,
  'image', g.image,
  'minPrice', g.min_price,
  'maxPrice', g.max_price,
  'products', COALESCE((
    SELECT json_agg(${PRODUCT_JSON} ORDER BY p.sort, p.id)
    FROM products p LEFT JOIN colors col ON col.id = p.color_id
    WHERE p.group_id = g.id), '[]'::json),
  'attributes', COALESCE((
    SELECT json_agg(json_build_object('slug', a.slug, 'title', a.title, 'value', v.value_slug, 'valueTitle', v.value_title)
      ORDER BY a.sort, a.id, v.value_slug)
    FROM product_group_attributes v JOIN attributes a ON a.id = v.attribute_id
    WHERE v.group_id = g.id), '[]'::json),
  'coatings', COALESCE((
    SELECT json_agg(pc.coating_id ORDER BY co.sort, co.id)
    FROM product_group_coatings pc JOIN coatings co ON co.id = pc.coating_id
    WHERE pc.group_id = g.id), '[]'::json),
  'flags', json_build_object('isBestOffer', g.is_best_offer, 'isNew', g.is_new, 'isRecommended', g.is_recommended)
)`;

/** JSON array of groups for `ids` (an int[] expression), in array order; inactive/missing ids dropped. */
export function groupsJsonFor(ids: SQL): SQL {
  return sql`(SELECT COALESCE(json_agg(${GROUP_JSON} ORDER BY x.ord), '[]'::json)
    FROM unnest(${ids}) WITH ORDINALITY AS x(id, ord)
    JOIN product_groups g ON g.id = x.id AND g.is_active
    JOIN categories c ON c.id = g.category_id
    LEFT JOIN brands b ON b.id = g.brand_id)`;
}

/** Card image first, then each variation picture once. */
export function withImages(group: Omit<ProductGroup, "images"> & { images?: string[] }): ProductGroup {
  const images: string[] = [];
  const add = (url: string | null | undefined) => {
    if (url && !images.includes(url)) images.push(url);
  };
  add(group.image);
  for (const product of group.products) product.images.forEach(add);
  return { ...group, images };
}

/** Groups by id in the given order; missing or inactive ids are left out. */
export async function loadGroups(db: Db, ids: readonly number[]): Promise<ProductGroup[]> {
  if (ids.length === 0) return [];
  const [row] = await queryRows<{ groups: ProductGroup[] }>(db, sql`SELECT ${groupsJsonFor(intArray(ids))} AS groups`);
  return (row?.groups ?? []).map(withImages);
}
