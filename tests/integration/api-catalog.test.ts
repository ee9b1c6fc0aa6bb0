/**
 * Catalogue calls on a seeded database (in-memory PGlite and, with TEST_DATABASE_URL, PostgreSQL):
 * filters narrow listings as documented, facet counts agree with listings, sorting and paging
 * math, curated lists, related groups, groups by ids, brands and 404s. Expected numbers are
 * computed independently with plain SQL over the base tables (not the facet codes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  ApiErrorBody,
  endpoints,
  type FilterData,
  type ProductGroup,
  type ProductGroupDetail,
  type ProductGroupPage,
} from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

const GROUPS = 300;

describe.each(testBackends())("catalogue on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: GROUPS });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T>(path: string, schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }): Promise<T> {
    const response = await t.get(path);
    const body = (await response.json()) as { data: T };
    expect(response.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    const parsed = schema.safeParse(body.data);
    expect(parsed.success, `${path} does not match the contract: ${JSON.stringify(parsed.error)}`).toBe(true);
    return body.data;
  }
  const list = (query: string) => call<ProductGroupPage>(`/api/product/list?${query}`, endpoints.productList.response);
  const facets = (query: string) => call<FilterData>(`/api/filter/all?${query}`, endpoints.filterAll.response);
  const count = async (query: string) => (await list(`${query}&pageLimit=1`)).countItems;
  /** Every group of a listing, page by page. */
  async function all(query: string): Promise<ProductGroup[]> {
    const out: ProductGroup[] = [];
    for (let page = 1; ; page++) {
      const result = await list(`${query}&pageLimit=100&page=${page}`);
      out.push(...result.elements);
      if (page >= result.countPages) return out;
    }
  }
  const dbCount = async (where: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM product_groups g WHERE g.is_active AND ${where}`))[0].n);
  async function expectError(path: string, status: number, init?: RequestInit) {
    const response = await t.api.fetch(new Request(`http://x${path}`, init));
    expect(response.status, path).toBe(status);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.message).toMatch(/[а-яё]/i);
    return body;
  }

  // ───────────────────────────── product/{id} ─────────────────────────────

  describe("product/{id}", () => {
    it("answers the group with variations, tiers, attributes and root-first breadcrumbs", async () => {
      const group = await call<ProductGroupDetail>("/api/product/7", endpoints.productDetail.response);
      expect(group.id).toBe(7);
      expect(group.products.length).toBeGreaterThan(0);
      expect(group.minPrice).toBe(Math.min(...group.products.map((p) => p.price)));
      expect(group.maxPrice).toBe(Math.max(...group.products.map((p) => p.price)));
      expect(group.images[0]).toBe(group.image);
      expect(new Set(group.images).size).toBe(group.images.length);
      for (const product of group.products) {
        expect(product.groupId).toBe(7);
        expect(product.priceTiers[0]).toEqual({ minQty: 1, price: product.price });
        const qty = product.priceTiers.map((tier) => tier.minQty);
        expect(qty).toEqual([...qty].sort((a, b) => a - b));
      }
      expect(group.attributes.map((a) => a.slug)).toContain("material");
      expect(group.coatings.length).toBeGreaterThan(0);

      const chain = await queryRows<{ id: number; slug: string }>(
        t.db,
        sql`SELECT c.id, c.slug FROM categories c, categories leaf, product_groups g
            WHERE g.id = 7 AND leaf.id = g.category_id AND leaf.path LIKE c.path || '%' ORDER BY c.depth`,
      );
      expect(group.breadcrumbs.map((b) => b.id)).toEqual(chain.map((c) => c.id));
      expect(group.breadcrumbs.at(-1)!.id).toBe(group.category.id);
    });

    it("unknown or malformed ids: 404 «Товар не найден», 400 with a field error", async () => {
      const missing = await expectError("/api/product/999999", 404);
      expect(missing).toEqual({ message: "Товар не найден", errors: [] });
      const bad = await expectError("/api/product/abc", 400);
      expect(bad.errors[0].field).toBe("id");
    });
  });

  // ───────────────────────────── product/list ─────────────────────────────

  describe("product/list filters", () => {
    it("without filters pages the whole active catalogue (24 per page by default)", async () => {
      const page = await list("");
      expect(page.countItems).toBe(await dbCount(sql`true`));
      expect(page.pageLimit).toBe(24);
      expect(page.elements).toHaveLength(24);
      expect(page.countPages).toBe(Math.ceil(page.countItems / 24));
    });

    it("a top category includes its subcategories; a leaf only itself", async () => {
      const groups = await all("category=ruchki");
      const leaves = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM categories WHERE parent_id = (SELECT id FROM categories WHERE slug = 'ruchki')`);
      expect(groups.length).toBe(await dbCount(sql`g.category_id IN (SELECT id FROM categories WHERE parent_id = 1 OR id = 1)`));
      expect(groups.length).toBeGreaterThan(10);
      for (const g of groups) expect(leaves.map((l) => l.id)).toContain(g.category.id);
      const leaf = await all("category=sharikovye-ruchki");
      expect(leaf.every((g) => g.category.slug === "sharikovye-ruchki")).toBe(true);
      expect(leaf.length).toBe(await dbCount(sql`g.category_id = (SELECT id FROM categories WHERE slug = 'sharikovye-ruchki')`));
    });

    it("a brand filter returns only that brand; two brands are OR-ed", async () => {
      const arrow = await all("brands[]=arrow");
      expect(arrow.length).toBeGreaterThan(0);
      expect(arrow.every((g) => g.brand?.slug === "arrow")).toBe(true);
      expect(arrow.length).toBe(await dbCount(sql`g.brand_id = (SELECT id FROM brands WHERE slug = 'arrow')`));
      const both = await count("brands[]=arrow&brands[]=cosmo");
      expect(both).toBe(arrow.length + (await count("brands[]=cosmo")));
      expect(await count("brands[]=no-such-brand")).toBe(0);
    });

    it("two values of one attribute are OR-ed, two attributes AND-ed", async () => {
      const metal = await count("attrs[]=material:metall");
      const plastic = await count("attrs[]=material:plastik");
      expect(metal).toBeGreaterThan(0);
      expect(plastic).toBeGreaterThan(0);
      // A group has one material, so the OR is the sum.
      expect(await count("attrs[]=material:metall&attrs[]=material:plastik")).toBe(metal + plastic);

      const fast = "attrs[]=delivery-period:1-3-dnya";
      const andGroups = await all(`attrs[]=material:metall&attrs[]=material:plastik&${fast}`);
      const expected = await dbCount(sql`
        EXISTS (SELECT 1 FROM product_group_attributes v WHERE v.group_id = g.id AND v.attribute_id = 1 AND v.value_slug IN ('metall', 'plastik'))
        AND EXISTS (SELECT 1 FROM product_group_attributes v JOIN attributes a ON a.id = v.attribute_id
                    WHERE v.group_id = g.id AND a.slug = 'delivery-period' AND v.value_slug = '1-3-dnya')`);
      expect(andGroups.length).toBe(expected);
      expect(andGroups.length).toBeLessThan(metal + plastic);
      for (const g of andGroups) {
        const values = g.attributes.map((a) => `${a.slug}:${a.value}`);
        expect(values.some((v) => v === "material:metall" || v === "material:plastik")).toBe(true);
        expect(values).toContain("delivery-period:1-3-dnya");
      }
      expect(await count("attrs[]=material:unobtainium")).toBe(0);
      expect(await count("attrs[]=no-such-attr:x")).toBe(0);
    });

    it("colours match any variation; coatings the group's print types", async () => {
      const white = await all("colors[]=belyy");
      expect(white.length).toBeGreaterThan(0);
      for (const g of white) expect(g.products.some((p) => p.color?.slug === "belyy")).toBe(true);
      expect(white.length).toBe(
        await dbCount(sql`EXISTS (SELECT 1 FROM products p JOIN colors c ON c.id = p.color_id WHERE p.group_id = g.id AND c.slug = 'belyy')`),
      );
      const pad = await all("coatings[]=1");
      expect(pad.every((g) => g.coatings.includes(1))).toBe(true);
      expect(pad.length).toBe(await dbCount(sql`EXISTS (SELECT 1 FROM product_group_coatings pc WHERE pc.group_id = g.id AND pc.coating_id = 1)`));
    });

    it("the price range is inclusive on the card price (minPrice); quantity is a minimal total stock", async () => {
      const prices = await queryRows<{ p: number }>(t.db, sql`SELECT DISTINCT min_price::float AS p FROM product_groups ORDER BY 1`);
      const from = Number(prices[Math.floor(prices.length / 4)].p);
      const to = Number(prices[Math.floor(prices.length / 2)].p);
      const groups = await all(`priceFrom=${from}&priceTo=${to}`);
      expect(groups.every((g) => g.minPrice >= from && g.minPrice <= to)).toBe(true);
      expect(groups.some((g) => g.minPrice === from)).toBe(true);
      expect(groups.some((g) => g.minPrice === to)).toBe(true);
      expect(groups.length).toBe(await dbCount(sql`g.min_price BETWEEN ${from} AND ${to}`));

      const stocked = await all("quantity=8000");
      expect(stocked.length).toBe(await dbCount(sql`g.total_stock >= 8000`));
      for (const g of stocked) expect(g.products.reduce((s, p) => s + p.stock, 0)).toBeGreaterThanOrEqual(8000);
    });

    it("search matches word prefixes in titles and keywords", async () => {
      const mugs = await all("search=кружк");
      expect(mugs.length).toBeGreaterThan(0);
      expect(mugs.every((g) => /кружк/i.test(g.title) || /кружк/i.test(g.category.title))).toBe(true);
      const sku = (await queryRows<{ sku: string; group_id: number }>(t.db, sql`SELECT sku, group_id FROM products ORDER BY id LIMIT 1 OFFSET 17`))[0];
      const bySku = await all(`search=${encodeURIComponent(sku.sku)}`);
      expect(bySku.map((g) => g.id)).toContain(sku.group_id);
      expect(await count("search=%21%21%21")).toBe(0);
    });

    it("unknown category is a Russian 404; bad query values are 400 with field errors", async () => {
      expect(await expectError("/api/product/list?category=no-such-category", 404)).toEqual({ message: "Категория не найдена", errors: [] });
      const bad = await expectError("/api/product/list?pageLimit=1000&sort=cheap&attrs[]=broken", 400);
      expect(bad.errors.map((e) => e.field).sort()).toEqual(["attrs.0", "pageLimit", "sort"]);
    });
  });

  describe("product/list sorting and paging", () => {
    it("price sorts are monotonic across pages, title sort is alphabetical", async () => {
      const asc = await all("category=posuda&sort=price_asc");
      const ascPrices = asc.map((g) => g.minPrice);
      expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
      const desc = await all("category=posuda&sort=price_desc");
      const descPrices = desc.map((g) => g.minPrice);
      expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
      expect(new Set(desc.map((g) => g.id))).toEqual(new Set(asc.map((g) => g.id)));
      const titles = (await all("category=posuda&sort=title")).map((g) => g.title);
      const dbTitles = await queryRows<{ title: string }>(
        t.db,
        sql`SELECT title FROM product_groups WHERE is_active AND root_category_id = (SELECT id FROM categories WHERE slug = 'posuda') ORDER BY title, id`,
      );
      expect(titles).toEqual(dbTitles.map((r) => r.title));
    });

    it("newest first and popular first follow the database order", async () => {
      const newest = (await list("sort=new&pageLimit=10")).elements.map((g) => g.id);
      const byDate = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM product_groups WHERE is_active ORDER BY created_at DESC, id DESC LIMIT 10`);
      expect(newest).toEqual(byDate.map((r) => r.id));
      const popular = (await list("pageLimit=10")).elements.map((g) => g.id);
      const byPopularity = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM product_groups WHERE is_active ORDER BY popularity DESC, id DESC LIMIT 10`);
      expect(popular).toEqual(byPopularity.map((r) => r.id));
    });

    it("paging math: every group once, countPages = ceil(countItems / pageLimit); beyond the last page is empty", async () => {
      const first = await list("category=ruchki&pageLimit=7");
      expect(first.countPages).toBe(Math.ceil(first.countItems / 7));
      const ids: number[] = [];
      for (let page = 1; page <= first.countPages; page++) {
        const result = await list(`category=ruchki&pageLimit=7&page=${page}`);
        expect(result.countItems).toBe(first.countItems);
        expect(result.elements.length).toBe(page < first.countPages ? 7 : first.countItems - 7 * (first.countPages - 1));
        ids.push(...result.elements.map((g) => g.id));
      }
      expect(new Set(ids).size).toBe(first.countItems);
      const beyond = await list(`category=ruchki&pageLimit=7&page=${first.countPages + 1}`);
      expect(beyond).toEqual({ pageLimit: 7, countItems: first.countItems, countPages: first.countPages, elements: [] });
      expect(await list("brands[]=no-such-brand")).toEqual({ pageLimit: 24, countItems: 0, countPages: 0, elements: [] });
    });
  });

  // ───────────────────────────── curated lists, search, related, by ids ─────────────────────────────

  describe("product/list/{x}", () => {
    it.each([
      ["bestoffers", "is_best_offer", "isBestOffer"],
      ["newones", "is_new", "isNew"],
      ["recommended", "is_recommended", "isRecommended"],
    ] as const)("%s lists only flagged groups, with the same filters", async (kind, column, flag) => {
      const page = await call<ProductGroupPage>(`/api/product/list/${kind}?pageLimit=100`, endpoints.productListKind.response);
      expect(page.countItems).toBe(await dbCount(sql.raw(`g.${column}`)));
      expect(page.countItems).toBeGreaterThan(0);
      expect(page.elements.every((g) => g.flags[flag])).toBe(true);
      const filtered = await call<ProductGroupPage>(`/api/product/list/${kind}?category=posuda&sort=price_asc`, endpoints.productListKind.response);
      expect(filtered.countItems).toBe(await dbCount(sql.raw(`g.${column} AND g.root_category_id = (SELECT id FROM categories WHERE slug = 'posuda')`)));
    });

    it("popular is the whole catalogue; an unknown list is a 400", async () => {
      expect((await call<ProductGroupPage>("/api/product/list/popular", endpoints.productListKind.response)).countItems).toBe(await dbCount(sql`true`));
      expect((await expectError("/api/product/list/cheapest", 400)).errors[0].field).toBe("x");
    });
  });

  describe("fixed paths are matched before product/list/{x} and product/{id}", () => {
    it("looking_at, by_group_ids and search reach their own handlers", async () => {
      expect((await t.get("/api/product/list/looking_at?product=3")).status).toBe(200);
      expect((await t.get("/api/product/list/by_group_ids?groupIds[]=3")).status).toBe(200);
      expect((await t.get("/api/product/search?search=ручка")).status).toBe(200);
      expect((await t.get("/api/product/list?pageLimit=1")).status).toBe(200);
      expect((await t.get("/api/product/list/")).status).toBe(200);
    });
  });

  describe("product/search", () => {
    it("pages by 10, title matches first, and takes the listing filters", async () => {
      const result = await call<ProductGroupPage>("/api/product/search?search=ручка", endpoints.productSearch.response);
      expect(result.pageLimit).toBe(10);
      expect(result.countItems).toBeGreaterThan(10);
      expect(result.elements.every((g) => /ручк/i.test(g.title))).toBe(true);
      const metal = await call<ProductGroupPage>("/api/product/search?search=ручка&attrs[]=material:metall&sort=price_asc", endpoints.productSearch.response);
      expect(metal.countItems).toBeLessThan(result.countItems);
      expect(metal.countItems).toBe(await count("search=ручка&attrs[]=material:metall"));
      const prices = metal.elements.map((g) => g.minPrice);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect((await expectError("/api/product/search", 400)).errors[0].field).toBe("search");
    });
  });

  describe("product/list/looking_at", () => {
    it("related groups: same category, other brands, nearest price first; deterministic, never the group itself", async () => {
      const me = await call<ProductGroupDetail>("/api/product/40", endpoints.productDetail.response);
      const related = await call<ProductGroup[]>("/api/product/list/looking_at?product=40&limit=6", endpoints.productLookingAt.response);
      expect(related.length).toBe(6);
      expect(related.map((g) => g.id)).not.toContain(40);
      expect(related.every((g) => g.brand?.id !== me.brand?.id)).toBe(true);
      const sameCategory = related.filter((g) => g.category.id === me.category.id);
      expect(sameCategory.length).toBeGreaterThan(0);
      const distances = sameCategory.map((g) => Math.abs(g.minPrice - me.minPrice));
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      const again = await call<ProductGroup[]>("/api/product/list/looking_at?product=40&limit=6", endpoints.productLookingAt.response);
      expect(again.map((g) => g.id)).toEqual(related.map((g) => g.id));
      expect((await call<ProductGroup[]>("/api/product/list/looking_at?product=40", endpoints.productLookingAt.response)).length).toBe(12);
      await expectError("/api/product/list/looking_at?product=999999", 404);
      await expectError("/api/product/list/looking_at", 400);
    });
  });

  describe("product/list/by_group_ids", () => {
    it("answers in the requested order, leaves out missing ids, lists a duplicate once", async () => {
      const groups = await call<ProductGroup[]>(
        "/api/product/list/by_group_ids?groupIds[]=12&groupIds[]=999999&groupIds[]=3&groupIds[]=150&groupIds[]=3",
        endpoints.productListByGroupIds.response,
      );
      expect(groups.map((g) => g.id)).toEqual([12, 3, 150]);
      expect(groups.every((g) => g.products.length > 0)).toBe(true);
      // Ids come from local storage: one beyond int4 names nothing, and never fails the call.
      const huge = await call<ProductGroup[]>("/api/product/list/by_group_ids?groupIds[]=99999999999&groupIds[]=3", endpoints.productListByGroupIds.response);
      expect(huge.map((g) => g.id)).toEqual([3]);
      // groupIds is required by the contract.
      await expectError("/api/product/list/by_group_ids", 400);
      const tooMany = Array.from({ length: 301 }, (_, i) => `groupIds[]=${i + 1}`).join("&");
      await expectError(`/api/product/list/by_group_ids?${tooMany}`, 400);
    });
  });

  // ───────────────────────────── filter/all ─────────────────────────────

  describe("filter/all", () => {
    const scenarios = [
      "category=ruchki",
      "category=sharikovye-ruchki&attrs[]=material:metall&coatings[]=1",
      "category=posuda&brands[]=arrow&brands[]=cosmo&colors[]=belyy&priceFrom=200&priceTo=900",
      "attrs[]=material:plastik&attrs[]=delivery-period:1-3-dnya&quantity=500",
      "list=bestoffers&colors[]=chernyy",
      "search=ручка&attrs[]=pen-type:sharikovaya",
    ];

    /** The listing query with one facet's selection replaced by `value` ("attrs:<slug>" for an attribute). */
    function replaceFacet(query: string, facet: string, value: string): string {
      const [name, attribute] = facet.split(":");
      const prefix = attribute ? `${name}[]=${attribute}:` : `${name}[]=`;
      const kept = query.split("&").filter((p) => p && !p.startsWith(prefix));
      return [...kept, `${name}[]=${value}`].join("&");
    }
    /** filter/all takes the curated list as `list=`; the listing has it in the path. */
    function listingOf(query: string): (q: string) => string {
      const kind = /(?:^|&)list=(\w+)/.exec(query)?.[1];
      return (q) => (kind ? `/api/product/list/${kind}?${q}` : `/api/product/list?${q}`);
    }
    async function countOf(path: string): Promise<number> {
      return (await call<ProductGroupPage>(`${path}&pageLimit=1`, endpoints.productList.response)).countItems;
    }

    it.each(scenarios)("total and every facet count match the listing (%s)", async (query) => {
      const data = await facets(query);
      const listPath = listingOf(query);
      const base = query.split("&").filter((p) => !p.startsWith("list=")).join("&");
      expect(data.total).toBe(await countOf(listPath(base)));
      let checked = 0;
      for (const brand of data.brands.slice(0, 4)) {
        expect(brand.count, `brand ${brand.slug}`).toBe(await countOf(listPath(replaceFacet(base, "brands", brand.slug))));
        checked++;
      }
      for (const color of data.colors.slice(0, 4)) {
        expect(color.count, `colour ${color.slug}`).toBe(await countOf(listPath(replaceFacet(base, "colors", color.slug))));
        checked++;
      }
      for (const coating of data.coatings.slice(0, 3)) {
        expect(coating.count, `coating ${coating.slug}`).toBe(await countOf(listPath(replaceFacet(base, "coatings", String(coating.id)))));
        checked++;
      }
      for (const attribute of data.attributes) {
        for (const value of attribute.values.slice(0, 3)) {
          const path = listPath(replaceFacet(base, `attrs:${attribute.slug}`, `${attribute.slug}:${value.slug}`));
          expect(value.count, `${attribute.slug}:${value.slug}`).toBe(await countOf(path));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(5);
    });

    it("price range: bounds of the matching groups, ignoring the price filter itself; {0,0} when nothing matches", async () => {
      const groups = await all("category=posuda&colors[]=belyy");
      const prices = groups.map((g) => g.minPrice);
      const unpriced = await facets("category=posuda&colors[]=belyy");
      expect(unpriced.priceRange).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
      const priced = await facets("category=posuda&colors[]=belyy&priceFrom=300&priceTo=600");
      expect(priced.priceRange).toEqual(unpriced.priceRange);
      expect(priced.total).toBe(prices.filter((p) => p >= 300 && p <= 600).length);
      const none = await facets("category=posuda&brands[]=no-such-brand");
      expect(none.priceRange).toEqual({ min: 0, max: 0 });
      expect(none.total).toBe(0);
    });

    it("category counters: the chain deepest first, subcategories with their counts", async () => {
      const leaf = await facets("category=sharikovye-ruchki&attrs[]=material:metall");
      expect(leaf.categoryAncestorCounters.map((c) => c.slug)).toEqual(["sharikovye-ruchki", "ruchki"]);
      expect(leaf.categoryAncestorCounters[0].count).toBe(leaf.total);
      expect(leaf.categoryAncestorCounters[1]).toMatchObject({ parentId: null, count: await count("category=ruchki&attrs[]=material:metall") });
      expect(leaf.categoryAncestorCounters[0].parentId).toBe(leaf.categoryAncestorCounters[1].id);
      expect(leaf.categories).toEqual([]);

      const root = await facets("category=ruchki&attrs[]=material:metall");
      expect(root.categoryAncestorCounters.map((c) => c.slug)).toEqual(["ruchki"]);
      expect(root.categories.length).toBeGreaterThan(1);
      expect(root.categories.reduce((s, c) => s + c.count, 0)).toBe(root.total);
      for (const child of root.categories.slice(0, 3)) {
        expect(child.count).toBe(await count(`category=${child.slug}&attrs[]=material:metall`));
      }

      const everything = await facets("");
      expect(everything.categoryAncestorCounters).toEqual([]);
      expect(everything.categories.every((c) => c.parentId === null)).toBe(true);
      expect(everything.categories.reduce((s, c) => s + c.count, 0)).toBe(GROUPS);
      await expectError("/api/filter/all?category=no-such-category", 404);
    });

    it("selected values are listed even with count 0", async () => {
      // A brand with no groups among the pens of one kind, and a material that pens never have.
      const [absent] = await queryRows<{ slug: string }>(
        t.db,
        sql`SELECT b.slug FROM brands b WHERE NOT EXISTS (SELECT 1 FROM product_groups g JOIN categories c ON c.id = g.category_id
            WHERE g.brand_id = b.id AND c.slug = 'gelevye-ruchki') ORDER BY b.id LIMIT 1`,
      );
      expect(absent).toBeDefined();
      const data = await facets(`category=gelevye-ruchki&brands[]=${absent.slug}&attrs[]=material:keramika&colors[]=belyy`);
      expect(data.total).toBe(0);
      expect(data.brands.find((b) => b.slug === absent.slug)).toMatchObject({ count: 0 });
      const material = data.attributes.find((a) => a.slug === "material")!;
      expect(material.values.find((v) => v.slug === "keramika")).toEqual({ slug: "keramika", title: "Керамика", count: 0 });
      expect(data.colors.find((c) => c.slug === "belyy")).toBeDefined();
      // Unknown values can't be listed (no id or title) and match nothing; the brand facet
      // leaves out its own filter, so the other brands keep their counts.
      const unknown = await facets("brands[]=no-such-brand");
      expect(unknown.total).toBe(0);
      expect(unknown.brands.map((b) => b.slug)).not.toContain("no-such-brand");
      expect(unknown.brands.reduce((s, b) => s + b.count, 0)).toBe(GROUPS);
    });

    it("facet values carry dictionary titles and order", async () => {
      const data = await facets("category=power-bank");
      const capacity = data.attributes.find((a) => a.slug === "battery-capacity")!;
      expect(capacity.title).toBe("Ёмкость аккумулятора");
      const numbers = capacity.values.map((v) => Number(v.slug));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(data.colors.every((c) => /^#[0-9a-f]{6}$/.test(c.hex))).toBe(true);
      expect(data.brands.map((b) => b.title)).toEqual([...data.brands.map((b) => b.title)].sort());
    });
  });

  // ───────────────────────────── coatings, print types, brands ─────────────────────────────

  describe("coatings and print types", () => {
    it("coating/all lists every coating with variants and options; print types mirror it", async () => {
      const coatings = await call<{ id: number; slug: string; variants: unknown[]; options: { enabled: boolean }[] }[]>(
        "/api/coating/all",
        endpoints.coatingAll.response,
      );
      expect(coatings.length).toBeGreaterThanOrEqual(8);
      expect(coatings.find((c) => c.slug === "tampopechat")!.variants.length).toBe(4);
      expect(coatings.find((c) => c.slug === "lazernaya-gravirovka")!.variants).toEqual([]);
      expect(coatings.some((c) => c.options.some((o) => !o.enabled))).toBe(true);
      const types = await call<{ id: number }[]>("/api/print-types/list", endpoints.printTypeList.response);
      expect(types.map((c) => c.id)).toEqual(coatings.map((c) => c.id));
      const detail = await call<{ id: number; description: string }>(`/api/print-types/detail/${types[0].id}`, endpoints.printTypeDetail.response);
      expect(detail.description).toMatch(/<p>/);
      expect(await expectError("/api/print-types/detail/999", 404)).toEqual({ message: "Вид нанесения не найден", errors: [] });
    });
  });

  describe("coating/recalculate", () => {
    const post = (body: unknown) =>
      t.api.fetch(new Request("http://x/api/coating/recalculate", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }));
    async function price(body: unknown) {
      const response = await post(body);
      const json = (await response.json()) as { data: Record<string, unknown> };
      expect(response.status, JSON.stringify(json)).toBe(200);
      expect(endpoints.coatingRecalculate.response.safeParse(json.data).success).toBe(true);
      return json.data;
    }
    async function refused(body: unknown, status = 400) {
      const response = await post(body);
      expect(response.status).toBe(status);
      return ApiErrorBody.parse(await response.json());
    }
    const variantId = async (coating: string, title: string) =>
      (await queryRows<{ id: number }>(t.db, sql`SELECT v.id FROM coating_variants v JOIN coatings c ON c.id = v.coating_id WHERE c.slug = ${coating} AND v.title = ${title}`))[0].id;

    it("prices a line with the documented rule (pad printing, 2 colours, urgent + layout)", async () => {
      const variant = await variantId("tampopechat", "2 цвета");
      const result = await price({
        coating: 1,
        variant,
        width: 50,
        height: 30,
        quantity: 200,
        options: ["Срочное нанесение (1–2 рабочих дня)", "Подготовка макета дизайнером"],
      });
      // (8 + 1.2 × 15) × 1.6 = 41.6; +30 % → 54.08; × 200 + 500.
      expect(result).toMatchObject({ basePrice: 8, areaPrice: 18, variantMultiplier: 1.6, unitPrice: 54.08, priceWithoutDiscount: 11316, discount: 0, price: 11316 });
    });

    it("applies the minimal line price and the run discount", async () => {
      const variant = await variantId("tampopechat", "1 цвет");
      expect(await price({ coating: 1, variant, width: 10, height: 10, quantity: 5 })).toMatchObject({ priceWithoutDiscount: 46, price: 2500 });
      // 9.2 × 1000 = 9 200, 10 % off.
      expect(await price({ coating: 1, variant, width: 10, height: 10, quantity: 1000 })).toMatchObject({ discount: 920, price: 8280 });
    });

    it("disabled options are ignored; a coating without variants needs none", async () => {
      const embroidery = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM coatings WHERE slug = 'vyshivka'`);
      const variant = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM coating_variants WHERE coating_id = ${embroidery[0].id} ORDER BY sort LIMIT 1`))[0].id;
      const result = await price({ coating: embroidery[0].id, variant, width: 50, height: 50, quantity: 100, options: ["Срочное нанесение (1–2 рабочих дня)"] });
      expect(result.options).toEqual([]);
      const laser = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM coatings WHERE slug = 'lazernaya-gravirovka'`);
      expect(await price({ coating: laser[0].id, width: 40, height: 20, quantity: 100 })).toMatchObject({ variant: null, variantMultiplier: 1 });
    });

    it("validation: Russian field errors for the body, the variant (§5), limits, options and the product", async () => {
      const zod = await refused({ coating: 1, width: -5, height: 10, quantity: 0 });
      expect(zod.errors.map((e) => e.field).sort()).toEqual(["quantity", "width"]);
      expect(zod.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);

      expect((await refused({ coating: 1, width: 10, height: 10, quantity: 10 })).errors).toEqual([{ field: "variant", message: "Выберите вариант нанесения" }]);
      const laser = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM coatings WHERE slug = 'lazernaya-gravirovka'`))[0].id;
      expect((await refused({ coating: laser, variant: 1, width: 10, height: 10, quantity: 10 })).errors[0].field).toBe("variant");
      const variant = await variantId("tampopechat", "1 цвет");
      expect((await refused({ coating: 1, variant, width: 70, height: 10, quantity: 10 })).errors).toEqual([
        { field: "width", message: "Ширина нанесения — не больше 60 мм" },
      ]);
      expect((await refused({ coating: 1, variant, width: 10, height: 10, quantity: 10, options: ["Позолота"] })).errors[0].field).toBe("options.0");

      const unknown = await refused({ coating: 999, width: 10, height: 10, quantity: 10 }, 404);
      expect(unknown.errors).toEqual([{ field: "coating", message: "Нанесение не найдено" }]);

      // A variation of a group that does not take pad printing.
      const [other] = await queryRows<{ id: number }>(
        t.db,
        sql`SELECT p.id FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_group_coatings pc WHERE pc.group_id = p.group_id AND pc.coating_id = 1) ORDER BY p.id LIMIT 1`,
      );
      expect((await refused({ coating: 1, variant, width: 10, height: 10, quantity: 10, productId: other.id })).errors[0].field).toBe("coating");
      expect((await refused({ coating: 1, variant, width: 10, height: 10, quantity: 10, productId: 99_999_999 })).errors[0].field).toBe("productId");
      const [fits] = await queryRows<{ id: number }>(
        t.db,
        sql`SELECT p.id FROM products p JOIN product_group_coatings pc ON pc.group_id = p.group_id AND pc.coating_id = 1 ORDER BY p.id LIMIT 1`,
      );
      await price({ coating: 1, variant, width: 10, height: 10, quantity: 10, productId: fits.id });
    });
  });

  describe("brands", () => {
    it("brand/list/all is flat, by title, with letters; detail by id or slug with its product count", async () => {
      const brands = await call<{ id: number; title: string; slug: string; letter: string }[]>("/api/brand/list/all", endpoints.brandListAll.response);
      expect(brands.length).toBeGreaterThanOrEqual(30);
      for (const brand of brands) expect(brand.letter).toBe(brand.title[0].toUpperCase());
      const byId = await call<{ productCount: number; slug: string }>(`/api/brand/detail/${brands[0].id}`, endpoints.brandDetail.response);
      const bySlug = await call<{ productCount: number }>(`/api/brand/detail/${brands[0].slug}`, endpoints.brandDetail.response);
      expect(bySlug).toEqual(byId);
      expect(byId.productCount).toBe(await count(`brands[]=${brands[0].slug}`));
      expect(await expectError("/api/brand/detail/no-such-brand", 404)).toEqual({ message: "Бренд не найден", errors: [] });
      await expectError("/api/brand/detail/424242", 404);
    });
  });
});
