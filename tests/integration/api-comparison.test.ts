/**
 * Comparison reads (§7): comparing/categories and comparing/list/by_ids on a seeded database.
 * Ids come from visitors' local storage, so junk, huge, missing and hostile ids are answered
 * with a 4xx or left out, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, endpoints, type ComparisonCategory, type ComparisonItem } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

describe.each(testBackends())("comparison on $name", (backend) => {
  let t: TestApi;
  /** Products of two categories: [a1, a2] in one, [b1] in another, plus an inactive group's product. */
  let a1: number, a2: number, b1: number, inactive: number;
  let categoryA: number, categoryB: number;

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 120 });
    const rows = await queryRows<{ id: number; category: number }>(
      t.db,
      sql`SELECT p.id, g.category_id AS category FROM products p JOIN product_groups g ON g.id = p.group_id WHERE g.is_active ORDER BY g.category_id, p.id`,
    );
    const byCategory = new Map<number, number[]>();
    for (const r of rows) byCategory.set(Number(r.category), [...(byCategory.get(Number(r.category)) ?? []), Number(r.id)]);
    const [[ca, pa], [cb, pb]] = [...byCategory].filter(([, ids]) => ids.length >= 2);
    [categoryA, categoryB, a1, a2, b1] = [ca, cb, pa[0], pa[1], pb[0]];
    const [group] = await queryRows<{ id: number }>(t.db, sql`SELECT group_id AS id FROM products WHERE id = ${b1}`);
    // Deactivate a whole other group to see its products left out.
    const [other] = await queryRows<{ id: number; product: number }>(
      t.db,
      sql`SELECT g.id, min(p.id) AS product FROM product_groups g JOIN products p ON p.group_id = g.id
          WHERE g.id <> ${group.id} AND g.category_id NOT IN (${categoryA}, ${categoryB}) GROUP BY g.id ORDER BY g.id LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = ${other.id}`);
    inactive = Number(other.product);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ok<T>(path: string, schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }): Promise<T> {
    const response = await t.get(path);
    const body = (await response.json()) as { data: T };
    expect(response.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    const parsed = schema.safeParse(body.data);
    expect(parsed.success, `${path}: ${JSON.stringify(parsed.error)}`).toBe(true);
    return body.data;
  }
  const q = (ids: (number | string)[]) => ids.map((id) => `productIds[]=${encodeURIComponent(String(id))}`).join("&");
  const list = (ids: (number | string)[]) => ok<ComparisonItem[]>(`/api/comparing/list/by_ids?${q(ids)}`, endpoints.comparingListByIds.response);
  const categories = (ids: (number | string)[]) => ok<ComparisonCategory[]>(`/api/comparing/categories?${q(ids)}`, endpoints.comparingCategories.response);

  it("list/by_ids: products with their groups, in the requested order, duplicates once, missing and inactive left out", async () => {
    const items = await list([b1, a2, 999_999_999, a1, b1, inactive, 99_999_999_999]);
    expect(items.map((i) => i.product.id)).toEqual([b1, a2, a1]);
    for (const item of items) {
      expect(item.product.groupId).toBe(item.group.id);
      expect("products" in item.group).toBe(false);
      expect(item.group.title.length).toBeGreaterThan(0);
    }
    expect(items[1].group.category.id).toBe(categoryA);
  });

  it("categories: one per category, in the order of its first product, each with its products in order", async () => {
    const result = await categories([a2, b1, a1, a1, inactive, 123_456_789]);
    expect(result.map((c) => c.id)).toEqual([categoryA, categoryB]);
    expect(result[0]).toMatchObject({ count: 2, productIds: [a2, a1] });
    expect(result[1]).toMatchObject({ count: 1, productIds: [b1] });
    expect(result[0].title).toMatch(/[а-яё]/i);
  });

  it("no ids: categories are empty for an anonymous caller; only unknown ids: both empty", async () => {
    expect(await ok(`/api/comparing/categories`, endpoints.comparingCategories.response)).toEqual([]);
    expect(await categories([999_999_999])).toEqual([]);
    expect(await list([999_999_999])).toEqual([]);
  });

  it("150 ids are answered; 151 are refused with 400", async () => {
    const ids150 = Array.from({ length: 150 }, (_, i) => i + 1);
    expect((await t.get(`/api/comparing/list/by_ids?${q(ids150)}`)).status).toBe(200);
    expect((await t.get(`/api/comparing/categories?${q(ids150)}`)).status).toBe(200);
    const ids151 = [...ids150, 151];
    for (const path of ["/api/comparing/list/by_ids", "/api/comparing/categories"]) {
      const response = await t.get(`${path}?${q(ids151)}`);
      expect(response.status, path).toBe(400);
      expect(ApiErrorBody.parse(await response.json()).message).toMatch(/[а-яё]/i);
    }
  });

  const junk: [string, string][] = [
    ["missing productIds", ""],
    ["a plain key instead of productIds[]", "productIds=5"],
    ["an empty id", "productIds[]="],
    ["a word", "productIds[]=abc"],
    ["zero", "productIds[]=0"],
    ["negative", "productIds[]=-5"],
    ["fractional", "productIds[]=1.5"],
    ["beyond safe integers", "productIds[]=9007199254740993"],
    ["a 400-digit number", `productIds[]=${"9".repeat(400)}`],
    ["SQL", `productIds[]=${encodeURIComponent("1); DROP TABLE products; --")}`],
    ["a quote", `productIds[]=${encodeURIComponent("1' OR '1'='1")}`],
    ["an object-ish key", "productIds[0]=1&productIds[]=2"],
    ["a script", `productIds[]=${encodeURIComponent("<script>alert(1)</script>")}`],
  ];

  it.each(junk)("list/by_ids with %s: 4xx, never 5xx", async (_, query) => {
    const response = await t.get(`/api/comparing/list/by_ids?${query}`);
    // "productIds[0]" is another key: productIds[]=2 alone is valid.
    if (query.startsWith("productIds[0]")) expect(response.status).toBe(200);
    else expect(response.status, query).toBeGreaterThanOrEqual(400);
    expect(response.status, query).toBeLessThan(500);
  });

  it.each(junk.filter(([name]) => name !== "missing productIds"))("categories with %s: 4xx, never 5xx", async (_, query) => {
    const response = await t.get(`/api/comparing/categories?${query}`);
    expect(response.status, query).toBeLessThan(500);
    if (!query.startsWith("productIds[0]")) expect(response.status, query).toBeGreaterThanOrEqual(400);
  });

  it("the products table is still there after the hostile ids", async () => {
    expect((await list([a1])).length).toBe(1);
  });
});
