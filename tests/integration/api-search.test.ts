/**
 * Search (ADR 028) on the seeded demo catalogue (in-memory PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL): every form of issue 18 finds its products, ranking tiers and in-stock order, paging,
 * the article shortcut, search/fast's kinds, and product/search, filter/all and search/global
 * agreeing. Junk, huge and hostile text never answers 5xx. Expected sets come from plain SQL on
 * titles, not from the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, endpoints, type FilterData, type ProductGroupPage, type SearchResults } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { DEFAULT_SEED_GROUPS } from "../../api/db/seed";
import { refreshCatalogFacets } from "../../api/catalog/refresh";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { searchEngineFor } from "../../api/search";

describe.each(testBackends())("search on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    // The demo catalogue itself: the forms below must find what a shopper of the demo finds.
    t = await openTestApi(backend, { groups: DEFAULT_SEED_GROUPS });
  }, 120_000);
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
  const q = encodeURIComponent;
  const global = (text: string, extra = "") => call<SearchResults>(`/api/search/global?text=${q(text)}${extra}`, endpoints.searchGlobal.response);
  const fast = (text: string, extra = "") => call<SearchResults>(`/api/search/fast?text=${q(text)}${extra}`, endpoints.searchFast.response);
  const productSearch = (text: string, extra = "") =>
    call<ProductGroupPage>(`/api/product/search?search=${q(text)}${extra}`, endpoints.productSearch.response);
  const filterAll = (text: string) => call<FilterData>(`/api/filter/all?search=${q(text)}`, endpoints.filterAll.response);
  const titleCount = async (pattern: string) =>
    Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM product_groups WHERE is_active AND title LIKE ${pattern}`))[0].n);

  async function expectError(path: string, field: string, message: RegExp) {
    const response = await t.get(path);
    expect(response.status, path).toBe(400);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.errors.find((e) => e.field === field)?.message, path).toMatch(message);
  }

  // ───────────────────────────── what the engine understands ─────────────────────────────

  /** Each form, the start every title of the first page has, and the LIKE of the groups it must all find. */
  const FORMS: [string, RegExp, string][] = [
    ["ручка", /ручк/i, "Ручка%"],
    ["ручки", /ручк/i, "Ручка%"],
    ["ручек", /ручк/i, "Ручка%"],
    ["РУЧКА", /ручк/i, "Ручка%"],
    ["кружек", /кружк/i, "Кружка%"],
    ["кружкка", /кружк/i, "Кружка%"],
    ["тремокружка", /Термокружк/i, "Термокружка%"],
    ["ежедневнк", /ежедневник/i, "Ежедневник%"],
    ["ёлочная", /ёлочной/, "%ёлочной%"],
    ["елочная", /ёлочной/, "%ёлочной%"],
    ["hexrf", /ручк/i, "Ручка%"],
    ["herxrf", /ручк/i, "Ручка%"],
    ["ruchka", /ручк/i, "Ручка%"],
    ["kruzhka", /кружк/i, "Кружка%"],
    ["повербанк", /Внешний аккумулятор/, "Внешний аккумулятор%"],
    ["павербанк", /Внешний аккумулятор/, "Внешний аккумулятор%"],
    ["power bank", /Внешний аккумулятор/, "Внешний аккумулятор%"],
    ["usb", /Флешка/, "Флешка%"],
    ["шопер", /Шоппер/, "Шоппер%"],
    ["сумка-шоппер", /Шоппер/, "Шоппер%"],
    ["термостакан", /Термокружка|термокружкой/, "Термокружка%"],
    ["флеш-накопитель", /Флешка/, "Флешка%"],
  ];

  it.each(FORMS)("%s finds its products first and all of them", async (text, title, like) => {
    const expected = await titleCount(like);
    expect(expected, `the seed has ${like}`).toBeGreaterThan(0);
    const result = await global(text, "&limit=10");
    expect(result.products.length).toBe(Math.min(10, result.total.products));
    for (const p of result.products) expect(p.title, text).toMatch(title);
    expect(result.total.products).toBeGreaterThanOrEqual(expected);
  });

  it("'ручкой' ranks the phrase in titles first, then other titles with the word, then other matches", async () => {
    const page = await productSearch("ручкой", "&pageLimit=100");
    const titles = page.elements.map((p) => p.title.toLowerCase());
    const tier = (title: string) => (title.includes("ручкой") ? 1 : /(^|[^а-я])ручк/.test(title) ? 2 : 3);
    const tiers = titles.map(tier);
    expect(tiers[0]).toBe(1);
    expect(tiers.includes(2)).toBe(true);
    expect(tiers, "tiers never go back").toEqual([...tiers].sort((a, b) => a - b));
  });

  it("puts groups in stock before those out of stock within a tier", async () => {
    // The two most popular "Шоппер … хлопковый": the first one sold out.
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM product_groups WHERE is_active AND title LIKE 'Шоппер%хлопковый' ORDER BY popularity DESC LIMIT 2`,
    );
    expect(rows.length).toBe(2);
    const [soldOut, other] = rows.map((r) => r.id);
    await t.db.execute(sql`UPDATE products SET stock = 0 WHERE group_id = ${soldOut}`);
    await t.db.execute(sql`UPDATE product_groups SET total_stock = 0 WHERE id = ${soldOut}`);
    // Not asked before: the answer is computed after the change.
    const result = await productSearch("шоппер хлопковый", "&pageLimit=100");
    const ids = result.elements.map((p) => p.id);
    expect(ids.indexOf(other)).toBeLessThan(ids.indexOf(soldOut));
    const phrase = result.elements.filter((p) => p.title.toLowerCase().includes("хлопковый"));
    // Still a phrase match: after the in-stock ones of its tier, before the rest.
    expect(ids.indexOf(soldOut)).toBe(phrase.length - 1);
  });

  it("an article goes straight to its product, in any case, also as the group's article", async () => {
    const [p] = await queryRows<{ sku: string; groupId: number }>(
      t.db,
      sql`SELECT p.sku, p.group_id AS "groupId" FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id LIMIT 1 OFFSET 41`,
    );
    for (const text of [p.sku, p.sku.toLowerCase(), ` ${p.sku} `, p.sku.replace(/-\d+$/, "")]) {
      const result = await global(text);
      expect(result.exactProduct, text).toEqual({ groupId: p.groupId });
      expect(result.products[0].id, text).toBe(p.groupId);
    }
    expect((await fast(p.sku)).exactProduct).toEqual({ groupId: p.groupId });
    // Part of an article is no single product.
    expect((await global(p.sku.slice(0, 5))).exactProduct).toBeNull();
    expect((await global("ручка")).exactProduct).toBeNull();
  });

  it("finds brands by name, also typed on the other layout, and categories with breadcrumbs", async () => {
    for (const text of ["arrow", "Arrow", "фккщц"]) {
      const result = await global(text);
      expect(result.brands.map((b) => b.title), text).toContain("Arrow");
    }
    const pens = await global("ручки");
    expect(pens.categories.length).toBeGreaterThan(0);
    expect(pens.categoriesBreadCrumbsItems.map((c) => c.categoryId)).toEqual(pens.categories.map((c) => c.id));
    for (const crumbs of pens.categoriesBreadCrumbsItems) {
      expect(crumbs.items.at(-1)?.id).toBe(crumbs.categoryId);
      expect(crumbs.items.length).toBeGreaterThanOrEqual(2);
    }
    expect(pens.categories.map((c) => c.title)).toContain("Шариковые ручки");
    const sum = pens.categories.reduce((n, c) => n + c.count, 0);
    expect(pens.total.categories).toBeGreaterThanOrEqual(pens.categories.length);
    if (pens.total.categories === pens.categories.length) expect(sum).toBe(pens.total.products);
    expect(pens.searchHistory).toEqual([]);
  });

  it("learns a renamed group's new word when the catalogue is refreshed, typos included", async () => {
    const [{ id }] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM product_groups WHERE is_active AND title LIKE 'Ручка шариковая%' ORDER BY id LIMIT 1`);
    await t.db.execute(sql`UPDATE product_groups SET title = 'Ручка шариковая «Зефироид» металлическая' WHERE id = ${id}`);
    const known = async () =>
      (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM search_words WHERE word = 'зефироид'`))[0].n;
    expect(await known()).toBe(0);
    await refreshCatalogFacets(t.db, [id]);
    expect(await known()).toBe(1);
    for (const text of ["зефироид", "Зефироид", "зефирооид", "ручка зефироид"]) {
      const result = await global(text);
      expect(result.products[0]?.id, text).toBe(id);
    }
  });

  it("keeps an answer as its JSON bytes: concurrent askers share one computation, each reader of the object gets its own copy (ADR 049)", async () => {
    // The routes' engine (one per database).
    const engine = searchEngineFor(t.db);
    const input = { text: "кружка термо", page: 1, limit: 10 };
    const [a, b] = await Promise.all([engine.globalJson(input), engine.globalJson(input)]);
    expect(a).toBe(b);
    expect(await engine.globalJson(input)).toBe(a);
    const one = await engine.global(input);
    const two = await engine.global(input);
    expect(one).toEqual(JSON.parse(Buffer.from(a).toString("utf8")));
    expect(one.products.length).toBeGreaterThan(0);
    one.products.length = 0;
    expect(two.products.length).toBeGreaterThan(0);
    expect((await engine.global(input)).products.length).toBeGreaterThan(0);
    // search/global and search/fast answer the same data through HTTP.
    expect((await global("кружка термо")).products).toEqual(two.products);
    const fastBytes = await engine.fastJson({ text: "кружка термо", entityType: "any", limit: 5 });
    expect(await fast("кружка термо")).toEqual(JSON.parse(Buffer.from(fastBytes).toString("utf8")));
  });

  // ───────────────────────────── paging and agreement ─────────────────────────────

  it("pages products 10 at a time by default, without repeats", async () => {
    const first = await global("ручка");
    expect(first.products).toHaveLength(10);
    const second = await global("ручка", "&page=2");
    const twenty = await global("ручка", "&limit=20");
    expect([...first.products, ...second.products].map((p) => p.id)).toEqual(twenty.products.map((p) => p.id));
    const beyond = await global("ручка", "&page=1000");
    expect(beyond.products).toEqual([]);
    expect(beyond.total.products).toBe(first.total.products);
  });

  it.each(["ручек", "кружкка", "повербанк", "herxrf", "ёлочная"])(
    "product/search, filter/all and search/global agree on '%s'",
    async (text) => {
      const [list, facets, results] = await Promise.all([productSearch(text), filterAll(text), global(text)]);
      expect(list.countItems).toBeGreaterThan(0);
      expect(facets.total).toBe(list.countItems);
      expect(results.total.products).toBe(list.countItems);
      expect(list.elements.map((p) => p.id)).toEqual(results.products.map((p) => p.id));
    },
  );

  // ───────────────────────────── search/fast ─────────────────────────────

  it("search/fast answers a few of each kind, by default any", async () => {
    const any = await fast("кружк");
    expect(any.products.length).toBeGreaterThan(0);
    expect(any.products.length).toBeLessThanOrEqual(5);
    expect(any.categories.map((c) => c.title)).toContain("Кружки");
    expect(any.searchHistory).toEqual([]);
    const categories = await fast("кружк", "&entityType=category");
    expect(categories.products).toEqual([]);
    expect(categories.categories.length).toBeGreaterThan(0);
    const brands = await fast("arr", "&entityType=brand");
    expect(brands.brands.map((b) => b.title)).toEqual(["Arrow"]);
    expect(brands.categories).toEqual([]);
    expect((await fast("ручка", "&entityType=product&limit=3")).products).toHaveLength(3);
  });

  // ───────────────────────────── bad input ─────────────────────────────

  it("answers 400 with Russian messages for missing, empty, huge and bad parameters", async () => {
    await expectError("/api/search/global", "text", /Введите/);
    await expectError("/api/search/global?text=", "text", /Введите/);
    await expectError("/api/search/global?text=%20%20%20", "text", /Введите/);
    await expectError(`/api/search/global?text=${"ручка".repeat(2000)}`, "text", /не больше 200/);
    await expectError(`/api/search/fast?text=${"я".repeat(10_000)}`, "text", /не больше 200/);
    await expectError("/api/search/global?text=ручка&page=0", "page", /[а-я]/i);
    await expectError("/api/search/global?text=ручка&limit=100000", "limit", /[а-я]/i);
    await expectError("/api/search/fast?text=ручка&entityType=user", "entityType", /[а-я]/i);
  });

  it.each([
    "'; DROP TABLE products; --",
    "%",
    "_",
    "\\",
    "'\"",
    "%_%",
    "ручка\u0000\u0007",
    "\u0001\u0002",
    "🙂🙂🙂",
    "для и с на",
    "a:* & !b | (",
    "<script>alert(1)</script>",
    "ё".repeat(200),
    "PB-%",
    "0".repeat(200),
    Array.from({ length: 100 }, (_, i) => `w${i}`).join(" "),
  ])("junk text %j never fails", async (text) => {
    for (const path of [
      `/api/search/global?text=${q(text)}`,
      `/api/search/fast?text=${q(text)}`,
      `/api/product/search?search=${q(text)}`,
      `/api/filter/all?search=${q(text)}`,
    ]) {
      const response = await t.get(path);
      expect(response.status, path).toBeLessThan(500);
      if (response.status !== 200) expect(response.status, path).toBe(400);
    }
    // The tables are intact.
    expect(await titleCount("%")).toBeGreaterThan(0);
  });
});
