import { describe, expect, it, vi } from "vitest";
import type { AppLoadContext } from "react-router";
import type { FilterData, ProductGroup } from "#contract/catalog.ts";
import type { CategoryNode, SeoEntry } from "#contract/content.ts";
import { FILTER_WORD_MESSAGE } from "#app/lib/filters.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { emptyFilters, ROBOTS_NOINDEX, type CatalogFilters } from "./filter-path.ts";
import {
  buildFacetsView,
  canonicalRedirect,
  filterFormRedirect,
  findCategory,
  groupBrandsByLetter,
  listingSeo,
  loadListing,
  PAGE_SIZE,
  pageQueryRedirect,
  parseListingPath,
  selectedSummary,
  type ListingScope,
} from "./listing.server.ts";

// ───────────────────────────── Fixtures ─────────────────────────────

const CATEGORY: ListingScope = { kind: "category", slug: "ruchki" };
const BRAND: ListingScope = { kind: "brand", slug: "bic" };
const NEW: ListingScope = { kind: "list", list: "newones" };

const f = (partial: Partial<CatalogFilters> = {}): CatalogFilters => ({ ...emptyFilters(), ...partial });

function filterData(partial: Partial<FilterData> = {}): FilterData {
  return {
    priceRange: { min: 17.5, max: 4499.2 },
    total: 3,
    categoryAncestorCounters: [
      { id: 2, title: "Шариковые ручки", slug: "sharikovye-ruchki", parentId: 1, count: 3 },
      { id: 1, title: "Ручки", slug: "ruchki", parentId: null, count: 10 },
    ],
    categories: [],
    brands: [
      { id: 1, slug: "bic", title: "Bic", count: 2 },
      { id: 2, slug: "parker", title: "Parker", count: 1 },
    ],
    colors: [{ id: 5, slug: "siniy", title: "Синий", hex: "#1976d2", count: 3 }],
    coatings: [{ id: 3, slug: "tampopechat", title: "Тампопечать", count: 3 }],
    attributes: [
      {
        slug: "material",
        title: "Материал",
        values: [
          { slug: "metall", title: "Металл", count: 2 },
          { slug: "plastik", title: "Пластик", count: 1 },
        ],
      },
    ],
    ...partial,
  };
}

function group(id: number): ProductGroup {
  return {
    id,
    title: `Ручка «${id}»`,
    slug: `ruchka-${id}`,
    description: "<p>Длинное описание, которое не должно уйти в браузер</p>",
    category: { id: 2, title: "Шариковые ручки", slug: "sharikovye-ruchki" },
    brand: { id: 1, title: "Bic", slug: "bic" },
    image: null,
    images: [`/api/media/pen/${id}.svg`],
    minPrice: 18,
    maxPrice: 40,
    products: [
      {
        id: id * 10,
        groupId: id,
        sku: `PB-${id}`,
        title: "Ручка",
        color: { id: 5, title: "Синий", slug: "siniy", hex: "#1976d2" },
        size: null,
        stock: 5,
        price: 18,
        priceTiers: [],
        images: [],
        weight: 10,
      },
    ],
    attributes: [],
    coatings: [3],
    flags: { isBestOffer: false, isNew: true, isRecommended: false },
  };
}

type Answer = { ok: true; data: unknown; status: number } | { ok: false; error: { message: string; status: number; errors: Record<string, string> } };
const ok = (data: unknown): Answer => ({ ok: true, data, status: 200 });
const fail = (status: number): Answer => ({ ok: false, error: { message: "x", status, errors: {} } });

/** A load context whose API answers by endpoint id; `filterAll` may depend on the query. */
function fakeContext(answers: { list?: Answer; filterAll?: (query: Record<string, unknown>) => Answer }) {
  const call = vi.fn(async (endpoint: { id: string }, input: { query?: Record<string, unknown> } = {}) => {
    if (endpoint.id === "productList" || endpoint.id === "productListKind") {
      return answers.list ?? ok({ pageLimit: PAGE_SIZE, countItems: 3, countPages: 1, elements: [group(1), group(2), group(3)] });
    }
    if (endpoint.id === "filterAll") return answers.filterAll?.(input.query ?? {}) ?? ok(filterData());
    throw new Error(`unexpected call ${endpoint.id}`);
  });
  return { context: { api: { call } } as unknown as AppLoadContext, call };
}

/** What a loader helper threw: a Response (redirect) or React Router's data() wrapper. */
function thrown(run: () => unknown): { status: number; data?: unknown; location?: string | null } {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    const e = error as { data: unknown; init: { status: number } | null };
    return { status: e.init?.status ?? 0, data: e.data };
  }
  throw new Error("nothing thrown");
}

async function rejected(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return thrown(() => {
      throw error;
    });
  }
  throw new Error("not rejected");
}

// ───────────────────────────── URL steps ─────────────────────────────

describe("parseListingPath (§2 filter segments, no API call)", () => {
  it("parses the segments and builds the canonical path of each scope", () => {
    expect(parseListingPath(CATEGORY, "brand=bic/color=siniy", "/catalog/ruchki/filter/brand=bic/color=siniy")).toMatchObject({
      filters: { brands: ["bic"], colors: ["siniy"] },
      canonicalPath: "/catalog/ruchki/filter/brand=bic/color=siniy",
    });
    expect(parseListingPath(CATEGORY, undefined, "/catalog/ruchki").canonicalPath).toBe("/catalog/ruchki");
    expect(parseListingPath(BRAND, "color=siniy/page=2", "/brands/bic/color=siniy/page=2").canonicalPath).toBe("/brands/bic/color=siniy/page=2");
    expect(parseListingPath(NEW, "sort=price_asc", "/newones/sort=price_asc").canonicalPath).toBe("/newones/sort=price_asc");
  });

  it("answers the §2 '404 - Страница не найдена' for the word filter inside the filters", () => {
    expect(thrown(() => parseListingPath(BRAND, "filter/brand=bic", "/brands/bic/filter/brand=bic"))).toEqual({ status: 404, data: FILTER_WORD_MESSAGE });
    expect(thrown(() => parseListingPath(CATEGORY, "filter/color=siniy", "/catalog/ruchki/filter/filter/color=siniy"))).toEqual({
      status: 404,
      data: FILTER_WORD_MESSAGE,
    });
    expect(thrown(() => parseListingPath(NEW, "filter", "/newones/filter")).data).toBe(FILTER_WORD_MESSAGE);
  });

  it("answers 'Page not found: {path}' for a malformed segment", () => {
    for (const splat of ["brand", "brand=", "price=500-100", "page=0", "sort=cheap", "BRAND=bic", "brand=bic/brand=parker"]) {
      expect(thrown(() => parseListingPath(CATEGORY, splat, `/catalog/ruchki/filter/${splat}`)), splat).toEqual({
        status: 404,
        data: `Page not found: /catalog/ruchki/filter/${splat}`,
      });
    }
  });

  it("refuses a brand filter on a brand page (the brand is the page)", () => {
    expect(thrown(() => parseListingPath(BRAND, "brand=parker", "/brands/bic/brand=parker")).status).toBe(404);
  });

  it("gives the canonical spelling of a differently ordered path", () => {
    const parsed = parseListingPath(CATEGORY, "color=siniy/brand=parker,bic", "/catalog/ruchki/filter/color=siniy/brand=parker,bic");
    expect(parsed.canonicalPath).toBe("/catalog/ruchki/filter/brand=bic,parker/color=siniy");
  });
});

describe("canonicalRedirect and filterFormRedirect", () => {
  it("301s a non-canonical spelling, keeping the query string", () => {
    const url = new URL("http://x/catalog/ruchki/filter/color=siniy/brand=bic?utm_source=a");
    const response = canonicalRedirect(url, "/catalog/ruchki/filter/brand=bic/color=siniy");
    expect(response?.status).toBe(301);
    expect(response?.headers.get("Location")).toBe("/catalog/ruchki/filter/brand=bic/color=siniy?utm_source=a");
    expect(canonicalRedirect(new URL("http://x/catalog/ruchki"), "/catalog/ruchki")).toBeNull();
    // A trailing slash or percent-encoding is another spelling too.
    expect(canonicalRedirect(new URL("http://x/catalog/ruchki/"), "/catalog/ruchki")?.status).toBe(301);
    expect(canonicalRedirect(new URL("http://x/newones/brand%3Dbic"), "/newones/brand=bic")?.status).toBe(301);
  });

  it("turns a GET filter form into a 302 to the canonical path (page reset)", () => {
    const url = new URL("http://x/catalog/ruchki?color=siniy&brand=parker&brand=bic&priceFrom=100&priceTo=&sort=price_asc");
    const response = filterFormRedirect(url, CATEGORY);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/catalog/ruchki/filter/brand=bic,parker/color=siniy/price=100-/sort=price_asc");
    expect(filterFormRedirect(new URL("http://x/catalog/ruchki?utm=1"), CATEGORY)).toBeNull();
  });

  it("drops a brand field on a brand page and writes no filter word there", () => {
    const response = filterFormRedirect(new URL("http://x/brands/bic?brand=parker&priceTo=500"), BRAND);
    expect(response?.headers.get("Location")).toBe("/brands/bic/price=-500");
  });
});

describe("pageQueryRedirect (issue 25: ?page=29584 was page 1 with a 200, each value a page-cache entry)", () => {
  const moved = (href: string, scope: ListingScope, filters: CatalogFilters = emptyFilters()) => {
    const response = pageQueryRedirect(new URL(`http://x${href}`), scope, filters);
    return response && { status: response.status, location: response.headers.get("Location") };
  };
  const status = (href: string) => {
    try {
      pageQueryRedirect(new URL(`http://x${href}`), CATEGORY, emptyFilters());
      return null;
    } catch (thrown) {
      return (thrown as { init?: { status?: number } }).init?.status;
    }
  };

  it("moves a page number in the query into the listing's path (301), keeping campaign tags", () => {
    expect(moved("/catalog/ruchki?page=2", CATEGORY)).toEqual({ status: 301, location: "/catalog/ruchki/filter/page=2" });
    expect(moved("/catalog/ruchki?page=29584", CATEGORY)).toEqual({ status: 301, location: "/catalog/ruchki/filter/page=29584" });
    expect(moved("/catalog/ruchki?utm_source=mail&page=3", CATEGORY)).toEqual({ status: 301, location: "/catalog/ruchki/filter/page=3?utm_source=mail" });
    expect(moved("/catalog/ruchki?page=1", CATEGORY)).toEqual({ status: 301, location: "/catalog/ruchki" });
    // With the filters of the path; the query's number wins over the path's.
    expect(moved("/catalog/ruchki/filter/brand=bic/page=2?page=5", CATEGORY, { ...emptyFilters(), brands: ["bic"], page: 2 })).toEqual({
      status: 301,
      location: "/catalog/ruchki/filter/brand=bic/page=5",
    });
    expect(moved("/brands/bic?page=2", BRAND)).toEqual({ status: 301, location: "/brands/bic/page=2" });
    expect(moved("/newones?page=4", { kind: "list", list: "newones" })).toEqual({ status: 301, location: "/newones/page=4" });
    expect(moved("/catalog/ruchki", CATEGORY)).toBeNull();
    expect(moved("/catalog/ruchki?utm_source=mail", CATEGORY)).toBeNull();
  });

  it.each(["?page=0", "?page=abc", "?page=-1", "?page=02", "?page=1.5", "?page=", "?page=2&page=3", "?page=9999999999"])("%s names no page: the §2 404", (query) => {
    expect(status(`/catalog/ruchki${query}`)).toBe(404);
  });
});

describe("findCategory", () => {
  const node = (id: number, slug: string, children: CategoryNode[] = []): CategoryNode => ({
    id,
    slug,
    title: slug,
    parentId: null,
    image: null,
    productCount: 1,
    children,
  });
  const tree = [node(1, "ruchki", [node(2, "sharikovye", [node(3, "deep")])]), node(4, "posuda")];

  it("finds a nested category with its chain, root first", () => {
    expect(findCategory(tree, "deep")?.chain.map((c) => c.slug)).toEqual(["ruchki", "sharikovye", "deep"]);
    expect(findCategory(tree, "posuda")?.chain.map((c) => c.slug)).toEqual(["posuda"]);
    expect(findCategory(tree, "nope")).toBeNull();
  });
});

// ───────────────────────────── Facets ─────────────────────────────

describe("buildFacetsView", () => {
  it("rounds the price range (§3: min down, max up) and orders brand, colour, attributes, print type", () => {
    const view = buildFacetsView(filterData(), f());
    expect(view.price).toEqual({ min: 17, max: 4500 });
    expect(view.groups.map((g) => g.key)).toEqual(["brands", "colors", "attr:material", "coatings"]);
    expect(view.groups[1].options[0]).toEqual({ value: "siniy", title: "Синий", count: 3, hex: "#1976d2" });
    expect(view.groups[3].options[0]).toEqual({ value: "3", title: "Тампопечать", count: 3 });
  });

  it("keeps a selected value the narrowed answer left out, with 0, so it can be removed", () => {
    const narrowed = filterData({ colors: [], attributes: [] });
    const titles = new Map([
      ["colors\u0000krasnyy", "Красный"],
      ["attr:sex\u0000", "Пол"],
      ["attr:sex\u0000muzhskoy", "Мужской"],
    ]);
    const view = buildFacetsView(narrowed, f({ colors: ["krasnyy"], attrs: { sex: ["muzhskoy"] } }), { titles });
    expect(view.groups.find((g) => g.key === "colors")?.options).toEqual([{ value: "krasnyy", title: "Красный", count: 0 }]);
    expect(view.groups.find((g) => g.key === "attr:sex")).toMatchObject({ title: "Пол", options: [{ value: "muzhskoy", title: "Мужской", count: 0 }] });
  });

  it("hides the brand facet on a brand page and the price without prices", () => {
    const view = buildFacetsView(filterData({ priceRange: { min: 0, max: 0 } }), f(), { hideBrands: true });
    expect(view.groups.some((g) => g.key === "brands")).toBe(false);
    expect(view.price).toBeNull();
  });

  it("summarises the selected values for titles", () => {
    const filters = f({ brands: ["bic"], colors: ["siniy"] });
    expect(selectedSummary(buildFacetsView(filterData(), filters), filters)).toBe("Bic, синий");
    expect(selectedSummary(null, filters)).toBe("");
  });
});

// ───────────────────────────── Loading ─────────────────────────────

describe("loadListing", () => {
  const args = (context: AppLoadContext, scope: ListingScope, filters: CatalogFilters, path: string) => ({
    context,
    scope,
    filters,
    segments: path ? path.split("/") : [],
    pathname: "/p",
  });

  it("asks product/list and filter/all with the same filters, and sends cards, not whole groups", async () => {
    const { context, call } = fakeContext({});
    const { view } = await loadListing(args(context, CATEGORY, f({ brands: ["bic"], page: undefined }), "brand=bic"));
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[0][1]).toMatchObject({ query: { category: "ruchki", brands: ["bic"], page: 1, pageLimit: PAGE_SIZE, sort: "popular" } });
    expect(call.mock.calls[1][1]).toEqual({ query: { category: "ruchki", brands: ["bic"] } });
    expect(view.cards).toHaveLength(3);
    expect(view.cards[0]).toMatchObject({ id: 1, href: "/catalog/goods/1", price: 18, otherPricesFrom: null, brand: "Bic" });
    expect(JSON.stringify(view)).not.toContain("Длинное описание");
    expect(view).toMatchObject({ base: "/catalog/ruchki", filterWord: true, total: 3, page: 1, pageCount: 1 });
  });

  it("scopes a brand page by the brand, and a curated list by the list", async () => {
    const brand = fakeContext({});
    await loadListing(args(brand.context, BRAND, f({ colors: ["siniy"] }), "color=siniy"));
    expect(brand.call.mock.calls[0][1]).toMatchObject({ query: { brands: ["bic"], colors: ["siniy"] } });
    const list = fakeContext({});
    await loadListing(args(list.context, NEW, f(), ""));
    expect(list.call.mock.calls[0][0]).toMatchObject({ id: "productListKind" });
    expect(list.call.mock.calls[0][1]).toMatchObject({ params: { x: "newones" } });
    expect(list.call.mock.calls[1][1]).toEqual({ query: { list: "newones" } });
  });

  it("answers 404 for a value the scope doesn't have, after checking the whole scope", async () => {
    const { context, call } = fakeContext({});
    const error = await rejected(loadListing(args(context, CATEGORY, f({ brands: ["nobody"] }), "brand=nobody")));
    expect(error).toEqual({ status: 404, data: "Page not found: /p" });
    // The second filter/all is the unfiltered scope.
    expect(call.mock.calls[2][1]).toEqual({ query: { category: "ruchki" } });
  });

  it("doesn't take a selected value that filter/all echoes with 0 as proof that it exists", async () => {
    const echoed = filterData({
      attributes: [{ slug: "material", title: "Материал", values: [{ slug: "made-up", title: "made-up", count: 0 }] }],
    });
    const { context, call } = fakeContext({ filterAll: (query) => (query.attrs ? ok(echoed) : ok(filterData())) });
    const error = await rejected(loadListing(args(context, CATEGORY, f({ attrs: { material: ["made-up"] } }), "material=made-up")));
    expect(error.status).toBe(404);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it("accepts a value the other filters exclude (it exists in the scope) and lists it with 0", async () => {
    const { context } = fakeContext({
      filterAll: (query) => (query.colors ? ok(filterData({ brands: [{ id: 2, slug: "parker", title: "Parker", count: 0 }] })) : ok(filterData())),
    });
    const { view } = await loadListing(args(context, CATEGORY, f({ brands: ["bic"], colors: ["siniy"] }), "brand=bic/color=siniy"));
    expect(view.facets?.groups[0].options).toContainEqual({ value: "bic", title: "Bic", count: 0 });
  });

  it("renders without facets when filter/all fails alone", async () => {
    const { context } = fakeContext({ filterAll: () => fail(503) });
    const { view, filterData: fd } = await loadListing(args(context, CATEGORY, f({ brands: ["bic"] }), "brand=bic"));
    expect(view.facets).toBeNull();
    expect(fd).toBeNull();
    expect(view.cards).toHaveLength(3);
  });

  it("answers 503 with Retry-After when the list fails, and 404 when the API calls the query bad", async () => {
    const down = await rejected(loadListing(args(fakeContext({ list: fail(0) }).context, CATEGORY, f(), "")));
    expect(down.status).toBe(503);
    const bad = await rejected(loadListing(args(fakeContext({ list: fail(400) }).context, CATEGORY, f(), "")));
    expect(bad.status).toBe(404);
  });

  it("answers 404 for a page past the last one, and shows page 1 of an empty listing", async () => {
    const empty = ok({ pageLimit: PAGE_SIZE, countItems: 0, countPages: 0, elements: [] });
    const past = await rejected(loadListing(args(fakeContext({ list: empty }).context, CATEGORY, f({ page: 2 }), "page=2")));
    expect(past.status).toBe(404);
    const { view } = await loadListing(args(fakeContext({ list: empty }).context, CATEGORY, f(), ""));
    expect(view).toMatchObject({ cards: [], total: 0, page: 1, pageCount: 1 });
  });
});

// ───────────────────────────── SEO ─────────────────────────────

describe("listingSeo", () => {
  const entries: SeoEntry[] = [
    { slug: "/catalog/ruchki", title: "Ручки — купить", description: "Ручки с логотипом.", keywords: "ручки", h1: "Ручки с логотипом" },
  ];
  const viewOf = (filters: CatalogFilters, page = 1, cards = 3) => ({
    base: "/catalog/ruchki",
    filterWord: true,
    filters,
    cards: Array.from({ length: cards }, (_, i) => ({ id: i }) as never),
    total: cards,
    page,
    pageCount: 3,
    facets: buildFacetsView(filterData(), filters),
  });
  const input = (filters: CatalogFilters, canonicalPath: string, page = 1, cards = 3) => ({
    entries,
    origin: "https://msk.example.ru",
    city: { id: 2, title: "Москва", titlePrepositional: "Москве", titleDative: "Москве", domainPrefix: "msk" },
    view: viewOf(filters, page, cards),
    canonicalPath,
    name: "Ручки",
    fallback: { title: "Ручки — купить с логотипом", description: "Ручки." },
  });

  it("uses the SEO entry and the regional canonical of the unfiltered listing", () => {
    const { seo, h1 } = listingSeo(input(f(), "/catalog/ruchki"));
    expect(h1).toBe("Ручки с логотипом");
    expect(seo).toMatchObject({ title: "Ручки — купить", canonical: "https://msk.example.ru/catalog/ruchki", keywords: "ручки" });
    expect(seo.robots).toBeUndefined();
  });

  it("names the selected values and the page in the title, canonical = the filter path", () => {
    const { seo } = listingSeo(input(f({ brands: ["bic"], page: 2 }), "/catalog/ruchki/filter/brand=bic/page=2", 2));
    expect(seo.title).toBe(`Ручки с логотипом: Bic, страница 2 | ${SITE_NAME}`);
    expect(seo.canonical).toBe("https://msk.example.ru/catalog/ruchki/filter/brand=bic/page=2");
    expect(seo.robots).toBeUndefined();
  });

  it("is noindex,follow for deep filters, a price, another sort or an empty result", () => {
    expect(listingSeo(input(f({ brands: ["bic", "parker"] }), "/x")).seo.robots).toBe(ROBOTS_NOINDEX);
    expect(listingSeo(input(f({ priceFrom: 100 }), "/x")).seo.robots).toBe(ROBOTS_NOINDEX);
    expect(listingSeo(input(f({ sort: "new" }), "/x")).seo.robots).toBe(ROBOTS_NOINDEX);
    expect(listingSeo(input(f(), "/catalog/ruchki", 1, 0)).seo.robots).toBe(ROBOTS_NOINDEX);
  });

  it("falls back to generated texts without an entry", () => {
    const { seo, h1 } = listingSeo({ ...input(f(), "/catalog/ruchki"), entries: [] });
    expect(h1).toBe("Ручки");
    expect(seo.title).toBe(`Ручки — купить с логотипом | ${SITE_NAME}`);
  });
});

describe("groupBrandsByLetter", () => {
  it("groups by letter, the Latin and the Cyrillic alphabet apart, in alphabetical order", () => {
    const brands = [
      { letter: "A", title: "Arrow", slug: "arrow" },
      { letter: "B", title: "Bright Idea", slug: "bright-idea" },
      { letter: "A", title: "Axe", slug: "axe" },
      { letter: "а", title: "Акцент", slug: "akcent" },
      { letter: "", title: "Ёлка", slug: "yolka" },
      { letter: "C", title: "Cosmo", slug: "cosmo" },
      { letter: "С", title: "Север", slug: "sever" },
      { letter: "3", title: "3D Print", slug: "3d" },
    ];
    const alphabets = groupBrandsByLetter(brands);
    expect(alphabets.map((a) => [a.title, a.groups.map((g) => g.letter).join("")])).toEqual([
      ["A–Z", "ABC"],
      ["А–Я", "АЁС"],
      ["0–9", "3"],
    ]);
    expect(alphabets[0].groups[0].brands).toEqual([
      { title: "Arrow", slug: "arrow" },
      { title: "Axe", slug: "axe" },
    ]);
    // Look-alike letters get different anchors.
    const ids = alphabets.flatMap((a) => a.groups.map((g) => g.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(alphabets[0].groups[2].id).not.toBe(alphabets[1].groups[2].id);
  });
});
