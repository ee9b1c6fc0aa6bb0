/**
 * Issue 25, item 15: ordinary multi-word queries on the seeded demo catalogue (in-memory PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL). One word that matches nothing never empties the result: the
 * shop's own words ("с логотипом") and stop words never exclude, colour and size words narrow by
 * the colour and size of the variations, a year finds the dated diaries, partial matches are ranked
 * by how many words they have; "подарок" finds the gift sets before the brand «Дом подарка",
 * "кружко" the mugs before the sets with a mug; nothing found suggests categories and queries.
 * search/global, search/fast, product/search and filter/all agree. Expected sets come from plain
 * SQL on titles and variations, not from the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { endpoints, type FilterData, type ProductGroup, type ProductGroupPage, type SearchResults } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { DEFAULT_SEED_GROUPS } from "../../api/db/seed";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

describe.each(testBackends())("issue 25 search queries on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
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
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM product_groups g WHERE g.is_active AND ${where}`))[0].n);

  /** Every matching group, in the engine's order (product/search pages of 100). */
  async function everything(text: string): Promise<ProductGroup[]> {
    const out: ProductGroup[] = [];
    for (let page = 1; ; page++) {
      const result = await productSearch(text, `&pageLimit=100&page=${page}`);
      out.push(...result.elements);
      if (page >= result.countPages) return out;
    }
  }
  const hasColor = (g: ProductGroup, slugs: string[]) => g.products.some((p) => p.color !== null && slugs.includes(p.color.slug));
  const hasSize = (g: ProductGroup, size: string) => g.products.some((p) => p.size === size);
  const BLUE = ["siniy", "temno-siniy"];

  // ───────────────────────────── the shop's own words ─────────────────────────────

  it.each([
    ["кружка с логотипом", "кружка", /^Кружка /],
    ["ручка с логотипом", "ручка", /(^|-)[Рр]учка/],
    ["кружки с нанесением логотипа", "кружки", /^Кружка /],
    ["купить ручки оптом", "ручки", /(^|-)[Рр]учка/],
  ])("'%s' finds what '%s' finds: the shop's words never exclude", async (text, plain, title) => {
    const [result, expected] = await Promise.all([global(text, "&limit=20"), global(plain, "&limit=20")]);
    expect(result.total.products).toBeGreaterThan(0);
    expect(result.total.products).toBe(expected.total.products);
    expect(result.products.map((p) => p.id)).toEqual(expected.products.map((p) => p.id));
    for (const p of result.products.slice(0, 10)) expect(p.title, text).toMatch(title);
    expect(result.reading).toEqual({ colors: [], sizes: [], missing: [], partial: false });
  });

  // ───────────────────────────── colours and sizes ─────────────────────────────

  it.each([
    ["ручка синяя", "Ручка%", BLUE, /(^|-)[Рр]учка/],
    ["синие ручки", "Ручка%", BLUE, /(^|-)[Рр]учка/],
    ["кружка белая", "Кружка %", ["belyy"], /^Кружка /],
    ["зонт синий", "Зонт%", BLUE, /^Зонт/],
    ["золотая ручка", "Ручка%", ["zolotistyy"], /(^|-)[Рр]учка/],
  ])("'%s' narrows to the colour: every product has such a variation", async (text, like, colors, title) => {
    const expected = await count(
      sql`g.title LIKE ${like} AND EXISTS (SELECT 1 FROM products p JOIN colors c ON c.id = p.color_id
            WHERE p.group_id = g.id AND c.slug = ANY(${`{${colors.join(",")}}`}::text[]))`,
    );
    expect(expected, `the seed has ${like} in ${colors}`).toBeGreaterThan(0);
    const all = await everything(text);
    expect(all.length).toBeGreaterThanOrEqual(expected);
    for (const g of all) expect(hasColor(g, colors), `${g.title} has no ${colors} variation`).toBe(true);
    for (const g of all.slice(0, 10)) expect(g.title, text).toMatch(title);
    const result = await global(text);
    expect(result.total.products).toBe(all.length);
    expect(result.reading?.colors.map((c) => c.slug).sort()).toEqual([...colors].sort());
    expect(result.reading?.missing).toEqual([]);
    // Narrower than the noun alone.
    expect(all.length).toBeLessThan((await global(text.split(" ").find((w) => /^(ручк|кружк|зонт)/.test(w))!)).total.products);
  });

  it.each(["футболка xl", "футболка XL", "футболка чд", "футболки размер xl"])("'%s' narrows to the T-shirts with an XL variation", async (text) => {
    const expected = await count(sql`g.title LIKE 'Футболка %' AND EXISTS (SELECT 1 FROM products p WHERE p.group_id = g.id AND p.size = 'XL')`);
    expect(expected).toBeGreaterThan(0);
    const all = await everything(text);
    expect(all.length).toBe(expected);
    for (const g of all) {
      expect(g.title).toMatch(/^Футболка /);
      expect(hasSize(g, "XL"), g.title).toBe(true);
    }
    const result = await global(text);
    expect(result.reading?.sizes).toEqual([{ size: "XL", words: [text.split(" ").at(-1)!.toLowerCase()] }]);
  });

  it("a colour and a size together; a size nothing has is left out and named", async () => {
    const both = await everything("футболка синяя xxxl");
    expect(both.length).toBeGreaterThan(0);
    for (const g of both) expect(hasColor(g, BLUE) && hasSize(g, "3XL"), g.title).toBe(true);
    // Pens come in no sizes: the colour still applies, "xl" is said not found.
    const pens = await global("ручка шариковая синяя xl", "&limit=50");
    expect(pens.total.products).toBeGreaterThan(0);
    for (const g of pens.products) expect(hasColor(g, BLUE), g.title).toBe(true);
    expect(pens.reading).toMatchObject({ sizes: [], missing: ["xl"] });
  });

  // ───────────────────────────── years, partial matches ─────────────────────────────

  it("'ежедневник 2027' finds the diaries dated 2027 and only them", async () => {
    const expected = await count(sql`g.title LIKE '%на 2027 год%'`);
    expect(expected, "the demo sells 2027 dated diaries").toBeGreaterThan(0);
    const all = await everything("ежедневник 2027");
    expect(all.length).toBe(expected);
    for (const g of all) expect(g.title).toMatch(/^(Ежедневник|Планинг) «[^»]+» датированный на 2027 год$/);
    expect(all[0].title).toMatch(/^Ежедневник /);
  });

  it("a word the catalogue lacks is left out and named, the rest still finds", async () => {
    const diaries = await global("ежедневник");
    const result = await global("ежедневник 2031");
    expect(result.total.products).toBe(diaries.total.products);
    expect(result.reading).toEqual({ colors: [], sizes: [], missing: ["2031"], partial: false });
    const odd = await global("кружка xyzzy");
    expect(odd.total.products).toBe((await global("кружка")).total.products);
    expect(odd.reading?.missing).toEqual(["xyzzy"]);
  });

  it("when no product has every word, those with most of them come first", async () => {
    // No group is both a pen and a mug; "керамическая" narrows the mugs.
    expect(await count(sql`g.title LIKE '%учк%' AND g.title LIKE '%ружк%'`)).toBe(0);
    const result = await global("ручка кружка керамическая", "&limit=50");
    expect(result.reading?.partial).toBe(true);
    expect(result.total.products).toBeGreaterThan(0);
    const lacking = (title: string) =>
      ["ручк", "кружк", "керамическ"].filter((w) => !title.toLowerCase().includes(w)).length;
    const order = result.products.map((p) => lacking(p.title));
    expect(order[0], result.products[0].title).toBe(1);
    expect(order, "more matched words first").toEqual([...order].sort((a, b) => a - b));
  });

  // ───────────────────────────── ranking ─────────────────────────────

  it("'подарок' finds the gift sets before the brand «Дом подарка»", async () => {
    const all = await everything("подарок");
    const gift = (g: ProductGroup) => /наборы|Набор/.test(g.category.title) || /^Набор|набор /.test(g.title);
    const sets = await count(sql`g.root_category_id = (SELECT id FROM categories WHERE slug = 'podarochnye-nabory')`);
    expect(all.filter(gift).length).toBeGreaterThanOrEqual(sets);
    const brandOnly = all.findIndex((g) => g.brand?.title === "Дом подарка" && !gift(g) && !/подарочн/i.test(g.title));
    expect(brandOnly, "the brand's other goods are found too").toBeGreaterThan(0);
    const lastSet = all.findLastIndex(gift);
    expect(lastSet).toBeLessThan(brandOnly);
    expect(all[0].title).toMatch(/^Набор подарочный/);
    const result = await global("подарок");
    expect(result.categories[0].title).toMatch(/набор/i);
    expect(result.brands.map((b) => b.title)).toContain("Дом подарка");
  });

  it("'кружко' (a typo) ranks the mugs above the sets that hold a mug", async () => {
    const all = await everything("кружко");
    const mugs = all.filter((g) => g.category.title === "Кружки");
    expect(mugs.length).toBe(await count(sql`g.category_id = (SELECT id FROM categories WHERE slug = 'kruzhki')`));
    expect(all.length, "the sets with a mug are found too").toBeGreaterThan(mugs.length);
    expect(all.slice(0, mugs.length).every((g) => g.category.title === "Кружки")).toBe(true);
    expect((await global("кружко")).categories[0].title).toBe("Кружки");
    expect((await fast("кружко")).products.every((g) => g.category.title === "Кружки")).toBe(true);
  });

  // ───────────────────────────── nothing found ─────────────────────────────

  it("nothing found: the nearest categories and queries", async () => {
    const near = await global("термосумка");
    expect(near.total.products).toBe(0);
    expect(near.suggestions?.categories.map((c) => c.slug)).toContain("termosy");
    expect(near.suggestions?.queries).toContain("термос");
    for (const query of near.suggestions!.queries) expect((await global(query)).total.products, query).toBeGreaterThan(0);
    const umbrellas = await global("зонтище");
    expect(umbrellas.suggestions?.categories[0].slug).toMatch(/^zonty/);
    expect(umbrellas.suggestions?.queries).toEqual(["зонт"]);
    // Nothing near: the main sections and the catalogue's most used words.
    const junk = await global("xyzzy qwrt");
    expect(junk.total.products).toBe(0);
    const roots = await queryRows<{ slug: string }>(t.db, sql`SELECT slug FROM categories WHERE parent_id IS NULL ORDER BY sort, id LIMIT 6`);
    expect(junk.suggestions?.categories.map((c) => c.slug)).toEqual(roots.map((r) => r.slug));
    expect(junk.suggestions?.queries.length).toBeGreaterThan(0);
    for (const query of junk.suggestions!.queries) expect((await global(query)).total.products, query).toBeGreaterThan(0);
    // Found something: no suggestions; search/fast never suggests.
    expect((await global("ручка")).suggestions).toBeUndefined();
    expect((await fast("термосумка")).suggestions).toBeUndefined();
  });

  // ───────────────────────────── agreement ─────────────────────────────

  it.each(["кружка с логотипом", "ручка синяя", "футболка xl", "ежедневник 2027", "подарок", "кружко", "ручка кружка керамическая", "ежедневник 2031"])(
    "product/search, filter/all, search/global and search/fast agree on '%s'",
    async (text) => {
      const [list, facets, results, suggestions] = await Promise.all([productSearch(text), filterAll(text), global(text), fast(text)]);
      expect(list.countItems).toBeGreaterThan(0);
      expect(facets.total).toBe(list.countItems);
      expect(results.total.products).toBe(list.countItems);
      expect(suggestions.total.products).toBe(list.countItems);
      expect(list.elements.map((p) => p.id)).toEqual(results.products.map((p) => p.id));
      expect(suggestions.products.map((p) => p.id)).toEqual(results.products.slice(0, 5).map((p) => p.id));
      expect(suggestions.reading).toEqual(results.reading);
    },
  );

  it.each([
    "xl ".repeat(30),
    "синий синяя синие белая чёрная красная зелёная жёлтая",
    "с логотипом",
    "размер",
    "ручка ' & | ! синяя",
    "чд чд",
    "2027 2027 2027",
  ])("junk text %j never fails", async (text) => {
    for (const path of [
      `/api/search/global?text=${q(text)}`,
      `/api/search/fast?text=${q(text)}`,
      `/api/product/search?search=${q(text)}`,
      `/api/filter/all?search=${q(text)}`,
    ]) {
      const response = await t.get(path);
      expect(response.status, path).toBe(200);
    }
  });
});
