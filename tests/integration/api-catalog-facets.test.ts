/**
 * The catalogue's derived facet data: facet codes and facet bitmaps (api/catalog/facet-*.ts).
 * Both facet engines (bitmaps, rows) give identical filter data; the SQL refresh reproduces the
 * seed's codes; writes followed by refreshCatalogFacets show up in listings and facets; without
 * bitmaps the API answers the same by counting rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { FilterQuery, endpoints, queryFromSearchParams, type FilterData, type ProductGroupPage } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { createFacetService } from "../../api/catalog/facets";
import { LIST_SCOPE } from "../../api/catalog/facet-bitmaps";
import { refreshCatalogFacets } from "../../api/catalog/refresh";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

const SCENARIOS = [
  "",
  "category=ruchki",
  "category=sharikovye-ruchki&attrs[]=material:metall&coatings[]=1",
  "category=posuda&brands[]=arrow&brands[]=cosmo&colors[]=belyy",
  "category=tekstil&attrs[]=sex:muzhskoy&attrs[]=sex:uniseks&attrs[]=material:khlopok&colors[]=chernyy&colors[]=belyy",
  "list=bestoffers&colors[]=chernyy",
  // Curated lists without a category have bitmap scopes of their own.
  "list=recommended",
  "list=newones&brands[]=arrow&brands[]=terra&priceTo=700",
  "list=bestoffers&attrs[]=material:plastik&quantity=100",
  "list=newones&category=elektronika&coatings[]=4&coatings[]=1",
  "brands[]=arrow",
  "category=gelevye-ruchki&brands[]=no-such-brand&attrs[]=material:keramika&attrs[]=nope:x",
  // Price and quantity: bit-sliced bitmaps.
  "category=posuda&colors[]=belyy&priceFrom=200&priceTo=900",
  "attrs[]=material:plastik&quantity=500",
  "category=ruchki&priceTo=50.5&brands[]=arrow&brands[]=terra",
  "category=posuda&priceFrom=199.5&list=recommended",
  "priceFrom=0&priceTo=0",
  "category=elektronika&quantity=12000&priceFrom=1500",
  // Rows only (text).
  "search=ручка&attrs[]=pen-type:sharikovaya",
  "search=кружка&priceFrom=300",
];

describe.each(testBackends())("catalogue facet data on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 300 });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function api<T>(path: string): Promise<T> {
    const response = await t.get(path);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { data: T }).data;
  }
  const filterAll = (query: string) => api<FilterData>(`/api/filter/all?${query}`);
  const engine = (name: "rows" | "bitmaps", query: string) =>
    createFacetService(t.db, { engine: name }).filterAll(FilterQuery.parse(queryFromSearchParams(new URLSearchParams(query))));
  const rowEngine = (query: string) => engine("rows", query);
  const bitmapEngine = (query: string) => engine("bitmaps", query);
  const BITMAP_SCENARIOS = SCENARIOS.filter((q) => !q.includes("search="));

  it.each(SCENARIOS)("bitmaps and rows give the same filter data (%s)", async (query) => {
    const served = await filterAll(query);
    expect(endpoints.filterAll.response.safeParse(served).success).toBe(true);
    expect(await rowEngine(query)).toEqual(served);
    if (BITMAP_SCENARIOS.includes(query)) expect(await bitmapEngine(query)).toEqual(served);
    else await expect(bitmapEngine(query)).rejects.toThrow(/do not apply/);
  });

  it("the SQL refresh reproduces the codes the seed computed", async () => {
    const before = await queryRows<{ id: number; codes: string }>(t.db, sql`SELECT id, facet_codes::text AS codes FROM product_groups ORDER BY id`);
    expect(before.every((r) => r.codes.length > 2)).toBe(true);
    await t.db.execute(sql`UPDATE product_groups SET facet_codes = '{}'`);
    await refreshCatalogFacets(t.db);
    const after = await queryRows<{ id: number; codes: string }>(t.db, sql`SELECT id, facet_codes::text AS codes FROM product_groups ORDER BY id`);
    expect(after).toEqual(before);
  });

  it("every scope has bitmaps with one bit per active group", async () => {
    const [check] = await queryRows<{ scopes: number; wrong: number; categories: number; lists: number }>(
      t.db,
      sql`SELECT count(DISTINCT scope_id)::int AS scopes,
            (SELECT count(*)::int FROM facet_bitmaps b WHERE b.code = 5000000 AND bit_count(b.bits) <>
              (SELECT count(*) FROM product_groups g JOIN categories c ON c.id = g.category_id
               WHERE g.is_active AND CASE b.scope_id
                 WHEN ${LIST_SCOPE.bestoffers} THEN g.is_best_offer
                 WHEN ${LIST_SCOPE.newones} THEN g.is_new
                 WHEN ${LIST_SCOPE.recommended} THEN g.is_recommended
                 WHEN 0 THEN true
                 ELSE c.path LIKE '%/' || b.scope_id || '/%' END)) AS wrong,
            (SELECT count(DISTINCT c.id)::int FROM categories c WHERE EXISTS (
               SELECT 1 FROM product_groups g JOIN categories l ON l.id = g.category_id WHERE l.path LIKE c.path || '%')) AS categories,
            (SELECT (bool_or(is_best_offer)::int + bool_or(is_new)::int + bool_or(is_recommended)::int)
               FROM product_groups WHERE is_active) AS lists
          FROM facet_bitmaps`,
    );
    expect(check.wrong).toBe(0);
    expect(check.lists).toBe(3);
    expect(check.scopes).toBe(check.categories + 1 + check.lists);
  });

  it("writes followed by refreshCatalogFacets show up in listings and facets", async () => {
    const query = "category=kruzhki&colors[]=zolotistyy";
    const before = await filterAll(query);
    const [group] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT g.id FROM product_groups g JOIN categories c ON c.id = g.category_id
          WHERE c.slug = 'kruzhki' AND g.is_active AND NOT EXISTS (
            SELECT 1 FROM products p JOIN colors co ON co.id = p.color_id WHERE p.group_id = g.id AND co.slug = 'zolotistyy')
          ORDER BY g.id LIMIT 1`,
    );
    // A golden variation added to one mug, another mug switched off.
    await t.db.execute(sql`INSERT INTO products (group_id, sku, title, color_id, stock, price, weight)
      SELECT ${group.id}, 'TEST-GOLD-1', 'Золотая', id, 10, 999, 300 FROM colors WHERE slug = 'zolotistyy'`);
    const [off] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT g.id FROM product_groups g JOIN categories c ON c.id = g.category_id WHERE c.slug = 'kruzhki' AND g.id <> ${group.id} ORDER BY g.id LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = ${off.id}`);
    await refreshCatalogFacets(t.db, [group.id]);

    const after = await filterAll(query);
    const golden = await api<ProductGroupPage>(`/api/product/list?${query}&pageLimit=100`);
    expect(golden.elements.map((g) => g.id)).toContain(group.id);
    expect(after.total).toBe(golden.countItems);
    expect(after.total).toBeGreaterThanOrEqual(before.total);
    const all = await filterAll("category=kruzhki");
    expect(all.total).toBe((await api<ProductGroupPage>("/api/product/list?category=kruzhki")).countItems);
    expect(await rowEngine(query)).toEqual(after);
    expect(await rowEngine("category=kruzhki")).toEqual(all);
    expect((await t.get(`/api/product/${off.id}`)).status).toBe(404);
  });

  it("without bitmaps (not rebuilt yet) the API counts rows and answers the same", async () => {
    const withBitmaps = await Promise.all(SCENARIOS.slice(0, 6).map(filterAll));
    const lists = await Promise.all(SCENARIOS.slice(0, 6).map((q) => api<ProductGroupPage>(`/api/product/list?${q.replace(/(^|&)list=\w+/, "")}`)));
    // Bitmaps of a build without bit slices are not used either.
    await t.db.execute(sql`DELETE FROM facet_bitmaps WHERE code >= 7000000`);
    await expect(bitmapEngine("category=ruchki")).rejects.toThrow(/missing/);
    expect(await filterAll(SCENARIOS[3])).toEqual(withBitmaps[3]);
    await t.db.execute(sql`DELETE FROM facet_bitmaps`);
    await expect(bitmapEngine("category=ruchki")).rejects.toThrow(/missing/);
    expect(await Promise.all(SCENARIOS.slice(0, 6).map(filterAll))).toEqual(withBitmaps);
    expect(await Promise.all(SCENARIOS.slice(0, 6).map((q) => api<ProductGroupPage>(`/api/product/list?${q.replace(/(^|&)list=\w+/, "")}`)))).toEqual(lists);
  });
});
