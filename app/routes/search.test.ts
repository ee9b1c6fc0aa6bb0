/** The search page and suggestion loaders (issue 18, ADR 029): redirects, SKU, failures, junk. */
import { describe, expect, it, vi } from "vitest";
import { loader as searchLoader } from "./search.tsx";
import { loader as suggestLoader } from "./search-suggest.ts";

type Result = { ok: true; data: unknown; status: number } | { ok: false; error: { message: string; status: number; errors: Record<string, string> } };
type Answers = Partial<Record<string, (input: { query?: Record<string, unknown> }) => Result>>;

const RUCHKA = "%D1%80%D1%83%D1%87%D0%BA%D0%B0";
const ok = (data: unknown): Result => ({ ok: true, status: 200, data });
const failure = (status: number): Result => ({ ok: false, error: { message: "Ошибка", status, errors: {} } });

const group = (id: number) => ({
  id,
  title: `Ручка ${id}`,
  slug: `g${id}`,
  description: "",
  category: { id: 9, title: "Ручки", slug: "ruchki" },
  brand: { id: 1, title: "Bic", slug: "bic" },
  image: null,
  images: [],
  minPrice: 10,
  maxPrice: 20,
  products: [{ id: id * 10, groupId: id, sku: `S${id}`, title: "", color: null, size: null, stock: 5, price: 10, priceTiers: [], images: [], weight: 12 }],
  attributes: [],
  coatings: [],
  flags: { isBestOffer: false, isNew: false, isRecommended: false },
});

const filterData = {
  priceRange: { min: 10, max: 20 },
  total: 2,
  categoryAncestorCounters: [],
  categories: [],
  brands: [{ id: 1, title: "Bic", slug: "bic", count: 2 }],
  colors: [],
  coatings: [],
  attributes: [],
};

const globalResults = (over: Record<string, unknown> = {}) => ({
  brands: [{ id: 1, title: "Bic", slug: "bic", letter: "B", image: null }],
  categories: [{ id: 9, title: "Гелевые ручки", slug: "gelevye-ruchki", count: 2 }],
  products: [group(1)],
  categoriesBreadCrumbsItems: [{ categoryId: 9, items: [{ id: 3, title: "Ручки", slug: "ruchki" }, { id: 9, title: "Гелевые ручки", slug: "gelevye-ruchki" }] }],
  searchHistory: [],
  total: { brands: 1, categories: 1, products: 2 },
  exactProduct: null,
  ...over,
});

const defaults: Answers = {
  searchGlobal: () => ok(globalResults()),
  searchFast: () => ok(globalResults()),
  productSearch: () => ok({ elements: [group(1), group(2)], countItems: 2, countPages: 1, page: 1 }),
  filterAll: () => ok(filterData),
};

function context(answers: Answers) {
  const all = { ...defaults, ...answers };
  const call = vi.fn(async (endpoint: { id: string }, input: { query?: Record<string, unknown> } = {}) => {
    const answer = all[endpoint.id];
    if (!answer) throw new Error(`unexpected call ${endpoint.id}`);
    return answer(input);
  });
  const city = { id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null };
  return { api: { call }, city, originForCity: () => "https://tmg.example" };
}

/** Runs a loader; thrown Responses and `data()` errors come back as the answer. */
async function run(loader: (args: never) => unknown, path: string, answers: Answers = {}) {
  const ctx = context(answers);
  const url = new URL(`https://tmg.example${path}`);
  const args = { url, request: new Request(url), params: {}, context: ctx } as never;
  try {
    const value = (await loader(args)) as { type?: string; data?: unknown; init?: ResponseInit };
    if (value && value.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, data: value.data as Record<string, unknown>, init: value.init, call: ctx.api.call };
    return { status: 200, data: value as unknown as Record<string, unknown>, init: undefined, call: ctx.api.call };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), call: ctx.api.call };
    const e = thrown as { type?: string; data?: unknown; init?: ResponseInit };
    if (e && e.type === "DataWithResponseInit") return { status: e.init?.status ?? 500, data: e.data, call: ctx.api.call };
    throw thrown;
  }
}

describe("/search?text= (the header form)", () => {
  it("redirects (302) to the canonical path, normalising the text, without asking the API", async () => {
    const r = await run(searchLoader, `/search?text=%20%20${RUCHKA}%20%20`);
    expect(r).toMatchObject({ status: 302, location: `/search/text=${RUCHKA}` });
    expect(r.call).not.toHaveBeenCalled();
  });
  it("a filter form posted with it goes to the filtered form", async () => {
    const r = await run(searchLoader, `/search?text=${RUCHKA}&brand=parker&brand=bic&sort=new`);
    expect(r).toMatchObject({ status: 302, location: `/search/filter/text=${RUCHKA}/brand=bic,parker/sort=new` });
  });
  it.each(["/search", "/search?text=", "/search?text=%20%00%20", "/search?other=1"])("an empty query is the page with the field, no API call: %s", async (path) => {
    const r = await run(searchLoader, path);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ kind: "empty", seo: { robots: "noindex,follow", canonical: "https://tmg.example/search" } });
    expect(r.call).not.toHaveBeenCalled();
  });
  it("a huge or hostile text is cut and encoded, never a 5xx", async () => {
    const huge = await run(searchLoader, `/search?text=${"a".repeat(10_000)}`);
    expect(huge).toMatchObject({ status: 302, location: `/search/text=${"a".repeat(200)}` });
    const hostile = await run(searchLoader, "/search?text=%3Cscript%3Ealert(1)%3C/script%3E");
    expect(hostile).toMatchObject({ status: 302, location: "/search/text=%3Cscript%3Ealert(1)%3C%2Fscript%3E" });
  });
});

describe("/search/text=… and /search/filter/text=…/…", () => {
  it("shows brands and categories (with breadcrumbs) and the products; noindex,follow", async () => {
    const r = await run(searchLoader, `/search/text=${RUCHKA}`);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      kind: "results",
      text: "ручка",
      found: {
        brands: [{ title: "Bic", href: "/brands/bic" }],
        categories: [{ title: "Гелевые ручки", href: "/catalog/gelevye-ruchki", count: 2, crumbs: [{ title: "Ручки", href: "/catalog/ruchki" }] }],
      },
      listing: { base: "/search", filterWord: true, lead: `text=${RUCHKA}`, total: 2 },
      seo: { robots: "noindex,follow", canonical: `https://tmg.example/search/text=${RUCHKA}` },
    });
    // §9: the search page is 10 long; the text goes to product/search and filter/all.
    const calls = r.call.mock.calls.map(([endpoint, input]) => [endpoint.id, input?.query]);
    expect(calls).toContainEqual(["productSearch", expect.objectContaining({ search: "ручка", pageLimit: 10, page: 1 })]);
    expect(calls).toContainEqual(["filterAll", expect.objectContaining({ search: "ручка" })]);
    expect(calls).toContainEqual(["searchGlobal", expect.objectContaining({ text: "ручка" })]);
  });

  it("an exact SKU goes to its product (302); with filters the results are shown", async () => {
    const exact = { searchGlobal: () => ok(globalResults({ exactProduct: { groupId: 739 } })) };
    expect(await run(searchLoader, "/search/text=CP-000739-01", exact)).toMatchObject({ status: 302, location: "/catalog/goods/739" });
    const filtered = await run(searchLoader, "/search/filter/text=CP-000739-01/sort=new", exact);
    expect(filtered.status).toBe(200);
  });

  it("another spelling → 301 to the canonical one, keeping the query string", async () => {
    const r = await run(searchLoader, `/search/text=${RUCHKA}/sort=new?utm_source=x`);
    expect(r).toMatchObject({ status: 301, location: `/search/filter/text=${RUCHKA}/sort=new?utm_source=x` });
    expect(r.call).not.toHaveBeenCalled();
    expect(await run(searchLoader, "/search/text=%20")).toMatchObject({ status: 301, location: "/search" });
  });

  it("a GET filter form on the results page → 302 to the canonical filtered path", async () => {
    const r = await run(searchLoader, `/search/text=${RUCHKA}?brand=bic&priceFrom=100`);
    expect(r).toMatchObject({ status: 302, location: `/search/filter/text=${RUCHKA}/brand=bic/price=100-` });
  });

  it("junk is the §2 404, never a 5xx", async () => {
    expect(await run(searchLoader, "/search/filter/filter")).toMatchObject({ status: 404, data: "404 - Страница не найдена" });
    for (const path of ["/search/ручка", "/search/text=a/text=b", "/search/text=%E0%A4%A", "/search/text=a/brand=%3Cscript%3E"]) {
      const r = await run(searchLoader, path);
      expect(r, path).toMatchObject({ status: 404, data: `Page not found: ${new URL(path, "https://x").pathname}` });
    }
    // An unknown facet value (valid grammar) is a 404 after the facets are known.
    const unknown = await run(searchLoader, `/search/filter/text=${RUCHKA}/brand=nope`);
    expect(unknown.status).toBe(404);
  });

  it("no results: empty lists (the page shows the empty-results block)", async () => {
    const r = await run(searchLoader, "/search/text=zzzqqq", {
      searchGlobal: () => ok(globalResults({ brands: [], categories: [], categoriesBreadCrumbsItems: [], products: [], total: { brands: 0, categories: 0, products: 0 } })),
      productSearch: () => ok({ elements: [], countItems: 0, countPages: 0, page: 1 }),
      filterAll: () => ok({ ...filterData, brands: [], total: 0, priceRange: { min: 0, max: 0 } }),
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ found: { brands: [], categories: [] }, listing: { total: 0, cards: [] } });
  });

  it("issue 25: passes on how the words were read (chips, notice) and, for nothing found, the suggestions", async () => {
    const text = encodeURIComponent("ручка синяя xyz");
    const variation = (id: number, slug: string, image: string) => ({
      ...group(1).products[0],
      id,
      color: { id, title: slug, slug, hex: "#000000" },
      images: [image],
    });
    const twoColours = { ...group(1), image: "/grey.png", products: [variation(11, "seryy", "/grey.png"), variation(12, "siniy", "/blue.png")] };
    const read = await run(searchLoader, `/search/filter/text=${text}/sort=new`, {
      searchGlobal: () => ok(globalResults({ reading: { colors: [{ slug: "siniy", title: "Синий", words: ["синяя"] }], sizes: [], missing: ["xyz"], partial: false } })),
      productSearch: () => ok({ elements: [twoColours], countItems: 1, countPages: 1, page: 1 }),
    });
    // The card shows the variation of the colour the words named.
    expect((read.data as { listing: { cards: { image: string }[] } }).listing.cards[0].image).toBe("/blue.png");
    expect(read.data).toMatchObject({
      reading: {
        chips: [{ title: "Цвет: синий", href: `/search/filter/text=${encodeURIComponent("ручка xyz")}/sort=new` }],
        notice: "Не нашли «xyz», показываем похожие товары.",
      },
      noResults: { queries: [], categories: [] },
    });
    const none = await run(searchLoader, "/search/text=zzzqqq", {
      searchGlobal: () =>
        ok(
          globalResults({
            brands: [],
            categories: [],
            categoriesBreadCrumbsItems: [],
            products: [],
            total: { brands: 0, categories: 0, products: 0 },
            suggestions: { queries: ["ручка"], categories: [{ id: 1, title: "Ручки", slug: "ruchki" }] },
          }),
        ),
      productSearch: () => ok({ elements: [], countItems: 0, countPages: 0, page: 1 }),
      filterAll: () => ok({ ...filterData, brands: [], total: 0, priceRange: { min: 0, max: 0 } }),
    });
    expect(none.data).toMatchObject({
      noResults: { queries: [{ text: "ручка", href: `/search/text=${RUCHKA}` }], categories: [{ title: "Ручки", href: "/catalog/ruchki" }] },
    });
    // search/global failing says nothing about it.
    const down = await run(searchLoader, `/search/text=${text}`, { searchGlobal: () => failure(0) });
    expect(down.data).toMatchObject({ reading: { chips: [], notice: null }, noResults: { queries: [], categories: [] } });
  });

  it("search/global failing hides brands and categories; product/search failing is a 503", async () => {
    const partial = await run(searchLoader, `/search/text=${RUCHKA}`, { searchGlobal: () => failure(0) });
    expect(partial.status).toBe(200);
    expect(partial.data).toMatchObject({ found: { brands: [], categories: [] }, listing: { total: 2 } });
    const down = await run(searchLoader, `/search/text=${RUCHKA}`, { productSearch: () => failure(0) });
    expect(down.status).toBe(503);
  });
});

describe("/search/suggest", () => {
  it("asks search/fast and answers what the list shows, cached privately a minute", async () => {
    const r = await run(suggestLoader, `/search/suggest?text=${RUCHKA}`);
    expect(r.data).toMatchObject({
      text: "ручка",
      products: [{ id: 1, title: "Ручка 1", href: "/catalog/goods/1", price: 10 }],
      categories: [{ title: "Гелевые ручки", crumbs: [{ title: "Ручки" }] }],
      brands: [{ title: "Bic", href: "/brands/bic" }],
      totalProducts: 2,
    });
    expect(new Headers(r.init?.headers).get("Cache-Control")).toBe("private, max-age=60");
    expect(r.call.mock.calls[0][1]).toEqual({ query: { text: "ручка" } });
  });
  it.each(["", "text=", "text=%D1%80", "text=%20%20a%20", "text=%00%01"])("under two characters asks nothing: %s", async (query) => {
    const r = await run(suggestLoader, `/search/suggest?${query}`);
    expect(r.data).toMatchObject({ products: [], categories: [], brands: [] });
    expect(r.call).not.toHaveBeenCalled();
  });
  it("a huge or hostile text is normalised and cut before asking", async () => {
    const r = await run(suggestLoader, `/search/suggest?text=${"%3Cscript%3E".repeat(100)}`);
    expect((r.call.mock.calls[0][1] as { query: { text: string } }).query.text).toBe("<script>".repeat(25));
  });
  it("a failure is an empty answer that is not cached", async () => {
    const r = await run(suggestLoader, `/search/suggest?text=${RUCHKA}`, { searchFast: () => failure(503) });
    expect(r.data).toMatchObject({ products: [], categories: [], brands: [], totalProducts: 0 });
    expect(new Headers(r.init?.headers).get("Cache-Control")).toBe("no-store");
  });
});
