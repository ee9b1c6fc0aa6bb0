/**
 * Comparison reads (§7 "Comparison"): the categories of compared products (the page's tabs) and
 * the compared products with their groups. Ids come from the visitor's local storage, so anything
 * goes: duplicates are answered once, ids that name no active product are left out (an id beyond
 * int4 names nothing), and the answer keeps the requested order.
 */
import { sql } from "drizzle-orm";
import type { ComparisonCategory, ComparisonItem } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { intArray } from "../catalog/filters";
import { loadGroups } from "../catalog/groups";
import { MAX_DB_ID } from "../../contract/index";

function usableIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID);
}

export function createComparisonService(db: Db) {
  return {
    /**
     * Categories of the products, in the order of each category's first product; each lists its
     * products in the requested order. Without ids the route passes the logged-in caller's server
     * list (§7), or none for an anonymous caller.
     */
    async categories(productIds: readonly number[] | undefined): Promise<ComparisonCategory[]> {
      const ids = usableIds(productIds ?? []);
      if (!ids.length) return [];
      const rows = await queryRows<{ id: number; title: string; slug: string; productIds: number[] }>(
        db,
        sql`SELECT c.id, c.title, c.slug, array_agg(p.id ORDER BY x.ord) AS "productIds"
            FROM unnest(${intArray(ids)}) WITH ORDINALITY AS x(id, ord)
            JOIN products p ON p.id = x.id
            JOIN product_groups g ON g.id = p.group_id AND g.is_active
            JOIN categories c ON c.id = g.category_id
            GROUP BY c.id, c.title, c.slug
            ORDER BY min(x.ord)`,
      );
      return rows.map((r) => ({ id: r.id, title: r.title, slug: r.slug, count: r.productIds.length, productIds: r.productIds.map(Number) }));
    },

    /** The products in the requested order, each with its group (without the other variations). */
    async listByIds(productIds: readonly number[]): Promise<ComparisonItem[]> {
      const ids = usableIds(productIds);
      if (!ids.length) return [];
      const rows = await queryRows<{ id: number; groupId: number }>(
        db,
        sql`SELECT p.id, p.group_id AS "groupId"
            FROM unnest(${intArray(ids)}) WITH ORDINALITY AS x(id, ord)
            JOIN products p ON p.id = x.id
            ORDER BY x.ord`,
      );
      const groups = new Map((await loadGroups(db, [...new Set(rows.map((r) => Number(r.groupId)))])).map((g) => [g.id, g]));
      return rows.flatMap((row) => {
        const group = groups.get(Number(row.groupId));
        const product = group?.products.find((p) => p.id === Number(row.id));
        if (!group || !product) return [];
        const { products: _variations, ...card } = group;
        return [{ product, group: card }];
      });
    },
  };
}
