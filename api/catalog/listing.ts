/**
 * Product group listings (§7 "Products"): product/list, product/list/{x}, product/search,
 * product/list/by_group_ids, product/list/looking_at and product/{id}. Counting, filtering,
 * sorting and paging run in SQL on indexes (filters.ts); only the page's groups are loaded.
 */
import { sql, type SQL } from "drizzle-orm";
import type {
  CategoryLink,
  ProductGroup,
  ProductGroupDetail,
  ProductGroupPage,
  ProductListKind,
  ProductSort,
} from "../../contract/index";
import { MAX_DB_ID } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { notFound } from "../http/errors";
import { findCategory, loadDictionaries } from "./dictionaries";
import { bitmapScope, bitmapsApply, bitmapTotalSql } from "./facet-bitmaps";
import { listingWhere, resolveFilters, withSearch, type FilterInput } from "./filters";
import { searchEngineFor, type SearchEngine } from "../search/index";
import { GROUP_JSON, groupsJsonFor, loadGroups, withImages } from "./groups";

export const PRODUCT_NOT_FOUND = "Товар не найден";

/** Database ids are int4 (one constant, contract/limits.ts). */
export { MAX_DB_ID };

export interface ListInput extends FilterInput {
  page: number;
  pageLimit: number;
  sort: ProductSort;
}

/**
 * ORDER BY of each sort. Keys match the listing indexes (popularity, min_price, created_at);
 * the id tie-break makes pages stable, so paging never repeats or skips a group.
 */
const ORDER: Record<ProductSort, SQL> = {
  popular: sql`g.popularity DESC, g.id DESC`,
  price_asc: sql`g.min_price ASC, g.id ASC`,
  price_desc: sql`g.min_price DESC, g.id DESC`,
  new: sql`g.created_at DESC, g.id DESC`,
  title: sql`g.title ASC, g.id ASC`,
};

export function pageOf(elements: ProductGroup[], countItems: number, pageLimit: number): ProductGroupPage {
  return { pageLimit, countItems, countPages: Math.ceil(countItems / pageLimit), elements };
}

export function createListingService(db: Db, search: SearchEngine = searchEngineFor(db)) {
  /**
   * One statement: the count and the page's groups. A page beyond the last one answers the
   * right counts with no elements.
   */
  async function list(input: ListInput, options: { rankBySearch?: boolean } = {}): Promise<ProductGroupPage> {
    const dict = await loadDictionaries(db);
    const filters = await withSearch(resolveFilters(dict, input, findCategory(dict, input.category)), search);
    const where = listingWhere(filters);
    // On the search page "popular" (the default) means relevance (ADR 028): the article, the phrase
    // in the title, title words, other matches, fuzzy ones; in stock first; then popularity.
    const order = options.rankBySearch && input.sort === "popular" && filters.match ? filters.match.order : ORDER[input.sort];
    const offset = (input.page - 1) * input.pageLimit;
    const ids = sql`ARRAY(SELECT g.id FROM product_groups g WHERE ${where} ORDER BY ${order} LIMIT ${input.pageLimit} OFFSET ${offset})`;
    // The total from the facet bitmaps when the filters allow (constant cost), else counted rows.
    const rows = sql`(SELECT count(*)::int FROM product_groups g WHERE ${where})`;
    const total = bitmapsApply(filters) ? sql`COALESCE(${bitmapTotalSql(bitmapScope(filters), filters)}, ${rows})` : rows;
    const [row] = await queryRows<{ total: number; groups: ProductGroup[] }>(
      db,
      sql`SELECT ${total} AS total, ${groupsJsonFor(ids)} AS groups`,
    );
    return pageOf(row.groups.map(withImages), Number(row.total), input.pageLimit);
  }

  return {
    list: (input: ListInput) => list(input),

    listKind: (kind: ProductListKind, input: ListInput) => list({ ...input, list: kind }),

    search: (input: ListInput) => list(input, { rankBySearch: true }),

    /**
     * Requested order, duplicates once, missing/inactive ids left out (§4 favourites 404 ids). The
     * ids come from visitors' local storage: one beyond int4 names nothing (and must not reach the
     * int[] cast, which would fail the whole call).
     */
    byGroupIds: (ids: readonly number[]) => loadGroups(db, [...new Set(ids)].filter((id) => id <= MAX_DB_ID)),

    /**
     * "Looking at together": groups of the same category from other brands, nearest in price
     * first (two index range scans around the group's price), then, if the category is short,
     * the most popular groups of sibling categories. Deterministic; never the group itself.
     */
    async lookingAt(groupId: number, limit: number): Promise<ProductGroup[]> {
      const [me] = await queryRows<{ category: number; root: number; brand: number | null; price: string }>(
        db,
        sql`SELECT category_id AS category, root_category_id AS root, brand_id AS brand, min_price::text AS price
            FROM product_groups WHERE id = ${groupId} AND is_active`,
      );
      if (!me) throw notFound(PRODUCT_NOT_FOUND);
      // Constants (not a CTE) so the planner walks the (category, price) index both ways from the price.
      const otherBrand = me.brand === null ? sql`g.brand_id IS NOT NULL` : sql`g.brand_id IS DISTINCT FROM ${me.brand}`;
      const price = sql`${me.price}::numeric`;
      const [row] = await queryRows<{ ids: number[] }>(
        db,
        sql`SELECT ARRAY(SELECT id FROM (
              (SELECT g.id, 0 AS tier, g.min_price - ${price} AS distance, g.popularity FROM product_groups g
                WHERE g.is_active AND g.category_id = ${me.category} AND g.min_price >= ${price} AND g.id <> ${groupId} AND ${otherBrand}
                ORDER BY g.min_price ASC, g.id ASC LIMIT ${limit})
              UNION ALL
              (SELECT g.id, 0, ${price} - g.min_price, g.popularity FROM product_groups g
                WHERE g.is_active AND g.category_id = ${me.category} AND g.min_price < ${price} AND ${otherBrand}
                ORDER BY g.min_price DESC, g.id DESC LIMIT ${limit})
              UNION ALL
              (SELECT g.id, 1, 0, g.popularity FROM product_groups g
                WHERE g.is_active AND g.root_category_id = ${me.root} AND g.category_id <> ${me.category} AND ${otherBrand}
                ORDER BY g.popularity DESC, g.id DESC LIMIT ${limit})
            ) near ORDER BY tier, distance, popularity DESC, id LIMIT ${limit}) AS ids`,
      );
      return loadGroups(db, row.ids);
    },

    /** The product page: the group with its variations and its category chain, root first. */
    async detail(groupId: number): Promise<ProductGroupDetail> {
      const [row] = await queryRows<{ group: Omit<ProductGroup, "images">; breadcrumbs: CategoryLink[] }>(
        db,
        sql`SELECT ${GROUP_JSON} AS "group",
              (SELECT json_agg(json_build_object('id', a.id, 'title', a.title, 'slug', a.slug) ORDER BY a.depth)
                 FROM categories a
                WHERE a.id = ANY(string_to_array(trim(both '/' from c.path), '/')::int[])) AS breadcrumbs
            FROM product_groups g
            JOIN categories c ON c.id = g.category_id
            LEFT JOIN brands b ON b.id = g.brand_id
            WHERE g.id = ${groupId} AND g.is_active`,
      );
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return { ...withImages(row.group), breadcrumbs: row.breadcrumbs ?? [] };
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
