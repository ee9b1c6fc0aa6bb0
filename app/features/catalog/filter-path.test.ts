import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FilterQuery, ProductListQuery, ProductSort } from "#contract/catalog.ts";
import { splitFilters } from "#app/lib/filters.ts";
import {
  attrsQuery,
  buildFilterPath,
  type CatalogFilters,
  type FilterFacet,
  clearFilters,
  emptyFilters,
  facetToggleLinks,
  filterDepth,
  formDataToFilters,
  hasFilterValue,
  isFilterFormSubmission,
  knownFacetsOf,
  MAX_FACET_VALUES,
  normalizeFilters,
  parseFilterPath,
  setPage,
  setPriceRange,
  setQuantity,
  setSort,
  shouldIndex,
  SORTS,
  toFilterQuery,
  toggleFilterValue,
  toListQuery,
  withFilterPath,
} from "./filter-path.ts";

const f = (partial: Partial<CatalogFilters> = {}): CatalogFilters => ({ ...emptyFilters(), ...partial });
const parse = (path: string, known?: Parameters<typeof parseFilterPath>[1]) => parseFilterPath(path.split("/"), known);

const FULL = f({
  brands: ["parker", "bic"],
  colors: ["siniy"],
  attrs: { "pen-type": ["roller"], material: ["metall", "derevo"] },
  coatings: [12, 3],
  priceFrom: 100,
  priceTo: 500,
  quantity: 50,
  sort: "price_asc",
  page: 2,
});
const FULL_PATH = "brand=bic,parker/color=siniy/material=derevo,metall/pen-type=roller/coating=3,12/price=100-500/quantity=50/sort=price_asc/page=2";

describe("buildFilterPath: one canonical spelling (§2 filter segments)", () => {
  it("orders segments brand, color, attributes by slug, coating, price, quantity, sort, page; values sorted", () => {
    expect(buildFilterPath(FULL)).toBe(FULL_PATH);
  });

  it("gives the same path whatever the input order of values, attributes or duplicates", () => {
    const shuffled = f({
      brands: ["bic", "parker", "bic"],
      colors: ["siniy", "siniy"],
      attrs: { material: ["derevo", "metall", "metall"], "pen-type": ["roller"] },
      coatings: [3, 12, 3],
      priceFrom: 100,
      priceTo: 500,
      quantity: 50,
      sort: "price_asc",
      page: 2,
    });
    expect(buildFilterPath(shuffled)).toBe(FULL_PATH);
  });

  it("sorts coating ids numerically, not as strings", () => {
    expect(buildFilterPath(f({ coatings: [12, 3, 100] }))).toBe("coating=3,12,100");
  });

  it("omits empty facets and the defaults sort=popular, page=1", () => {
    expect(buildFilterPath(f())).toBe("");
    expect(buildFilterPath(f({ sort: "popular", page: 1, attrs: { material: [] } }))).toBe("");
  });

  it("writes open price ranges with an empty side and drops a lower bound of 0", () => {
    expect(buildFilterPath(f({ priceFrom: 100 }))).toBe("price=100-");
    expect(buildFilterPath(f({ priceTo: 500 }))).toBe("price=-500");
    expect(buildFilterPath(f({ priceFrom: 0, priceTo: 500 }))).toBe("price=-500");
    expect(buildFilterPath(f({ priceFrom: 0 }))).toBe("");
  });

  it("rounds prices outwards to whole rubles and swaps reversed bounds", () => {
    expect(buildFilterPath(f({ priceFrom: 99.5, priceTo: 500.2 }))).toBe("price=99-501");
    expect(buildFilterPath(f({ priceFrom: 500, priceTo: 100 }))).toBe("price=100-500");
  });

  it("drops values the syntax cannot carry (never a broken or ambiguous URL)", () => {
    const path = buildFilterPath(
      f({ brands: ["a,b", "Upper", "", "ok"], attrs: { brand: ["x"], "bad key": ["x"], material: ["a/b"] }, coatings: [0, -1, 1.5, 7] }),
    );
    expect(path).toBe("brand=ok/coating=7");
  });

  it("round-trips through parseFilterPath as canonical", () => {
    const parsed = parse(FULL_PATH);
    expect(parsed).toEqual({ ok: true, canonical: true, filters: normalizeFilters(FULL) });
    if (parsed.ok) expect(buildFilterPath(parsed.filters)).toBe(FULL_PATH);
  });

  it("survives app/lib/filters splitFilters (no 'filter' segment is ever produced)", () => {
    expect(splitFilters(FULL_PATH)).toEqual(FULL_PATH.split("/"));
  });
});

describe("one spelling per filter set (seeded random states)", () => {
  // Small deterministic PRNG so failures reproduce.
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pick = <T>(list: readonly T[]) => Array.from({ length: rnd(4) }, () => list[rnd(list.length)]);
  const randomFilters = (): CatalogFilters => ({
    brands: pick(["bic", "parker", "pilot", "a-b"]),
    colors: pick(["siniy", "krasnyy"]),
    attrs: Object.fromEntries(pick(["material", "pen-type", "sex", "battery_capacity"]).map((a) => [a, pick(["x", "y1", "z.z", "10000"])])),
    coatings: pick([1, 2, 10, 33]),
    priceFrom: rnd(3) ? undefined : rnd(1000),
    priceTo: rnd(3) ? undefined : rnd(1000) + 1000,
    quantity: rnd(3) ? undefined : rnd(100) + 1,
    sort: rnd(2) ? undefined : SORTS[rnd(SORTS.length)],
    page: rnd(2) ? undefined : rnd(5) + 1,
  });

  it("facetToggleLinks gives what withFilterPath and shouldIndex give for each toggled state", () => {
    const facets: FilterFacet[] = ["brands", "colors", "coatings", { attr: "material" }, { attr: "pen-type" }, { attr: "sex" }, { attr: "a" }, { attr: "zz" }];
    const values = ["bic", "parker", "a-b", "siniy", "x", "y1", "z.z", "10000", "1", "2", "33", "0", "bad value", "Big"];
    // Half of the states are sparse (one value per facet, no price, stock or order), where links may be indexed.
    const sparse = (x: CatalogFilters): CatalogFilters => ({
      brands: x.brands.slice(0, 1),
      colors: x.colors.slice(0, rnd(2)),
      attrs: Object.fromEntries(Object.entries(x.attrs).slice(0, 1).map(([k, v]) => [k, v.slice(0, 1)])),
      coatings: x.coatings.slice(0, rnd(2)),
    });
    let indexed = 0;
    for (let i = 0; i < 400; i++) {
      const filters = normalizeFilters(i % 2 ? randomFilters() : sparse(randomFilters()));
      // Every fifth state is a search page's: a lead segment (its query) before the filters.
      const options = { filterWord: i % 3 === 0, lead: i % 5 === 0 ? "text=%D1%80%D1%83%D1%87%D0%BA%D0%B0" : undefined };
      const base = ["/catalog/ruchki", "/brands/bic/", "/newones", "/", "/search"][i % 5];
      for (const facet of facets) {
        const links = facetToggleLinks(base, filters, facet, values, options);
        values.forEach((value, n) => {
          const next = facet === "coatings" ? toggleFilterValue(filters, facet, Number(value)) : toggleFilterValue(filters, facet, value);
          expect(links[n], `${JSON.stringify(filters)} ${JSON.stringify(facet)} ${value}`).toEqual({
            href: withFilterPath(base, next, options),
            index: shouldIndex(next),
          });
          if (links[n].index && filterDepth(next) === 2) indexed++;
        });
      }
    }
    expect(indexed).toBeGreaterThan(50);

    // Attributes keep their order around the toggled one; the other facets keep theirs.
    const state = f({ brands: ["bic"], attrs: { material: ["metall"], sex: ["muzhskoy"] }, coatings: [3], sort: "new", page: 2 });
    expect(facetToggleLinks("/catalog/ruchki", state, { attr: "pen-type" }, ["roller"], { filterWord: true })).toEqual([
      { href: "/catalog/ruchki/filter/brand=bic/material=metall/pen-type=roller/sex=muzhskoy/coating=3/sort=new", index: false },
    ]);
    expect(facetToggleLinks("/brands/bic", f({ colors: ["siniy"] }), "colors", ["siniy", "belyy"])).toEqual([
      { href: "/brands/bic", index: true },
      { href: "/brands/bic/color=belyy,siniy", index: false },
    ]);
  });

  it("build → parse is canonical and lossless; any other segment order is non-canonical with the same build", () => {
    for (let i = 0; i < 500; i++) {
      const filters = randomFilters();
      const path = buildFilterPath(filters);
      const segments = path ? path.split("/") : [];
      const parsed = parseFilterPath(segments);
      expect(parsed).toEqual({ ok: true, canonical: true, filters: normalizeFilters(filters) });
      if (segments.length > 1) {
        const reversed = parseFilterPath([...segments].reverse());
        expect(reversed.ok && !reversed.canonical && buildFilterPath(reversed.filters) === path).toBe(true);
      }
    }
  });
});

describe("withFilterPath (§2 routes)", () => {
  it("puts /filter/ before the segments for category and search pages", () => {
    expect(withFilterPath("/catalog/ruchki", f({ brands: ["bic"] }), { filterWord: true })).toBe("/catalog/ruchki/filter/brand=bic");
    expect(withFilterPath("/search", f({ page: 2 }), { filterWord: true, lead: "text=bic" })).toBe("/search/filter/text=bic/page=2");
  });
  it("keeps the lead segment (the search query) with and without filters", () => {
    expect(withFilterPath("/search", f(), { filterWord: true, lead: "text=%D0%B0" })).toBe("/search/text=%D0%B0");
    expect(withFilterPath("/search/", f({ brands: ["bic"], sort: "new" }), { filterWord: true, lead: "text=a" })).toBe("/search/filter/text=a/brand=bic/sort=new");
  });
  it("reserves the search query's key: no attribute is called text", () => {
    expect(parseFilterPath(["text=abc"])).toEqual({ ok: false });
    expect(buildFilterPath(f({ attrs: { text: ["abc"] } }))).toBe("");
  });
  it("brand and curated lists take the segments directly", () => {
    expect(withFilterPath("/brands/parker", f({ colors: ["siniy"] }))).toBe("/brands/parker/color=siniy");
    expect(withFilterPath("/bestoffers/", f({ sort: "new" }))).toBe("/bestoffers/sort=new");
  });
  it("is the bare base without filters (so /catalog/x/filter redirects to /catalog/x)", () => {
    expect(withFilterPath("/catalog/ruchki", f({ sort: "popular" }), { filterWord: true })).toBe("/catalog/ruchki");
    expect(withFilterPath("/newones", f())).toBe("/newones");
  });
});

describe("parseFilterPath: malformed or unknown → { ok: false } (404, never a 5xx)", () => {
  it.each([
    ["a segment without '='", "brand"],
    ["the §2 word 'filter'", "filter"],
    ["'filter' used as a key", "filter=x"],
    ["an empty key", "=bic"],
    ["an empty value list", "brand="],
    ["an empty value inside the list", "brand=bic,,parker"],
    ["a trailing comma", "color=siniy,"],
    ["upper case", "brand=BIC"],
    ["an upper-case key", "Brand=bic"],
    ["a value with '='", "brand=a=b"],
    ["a value with spaces", "brand=a b"],
    ["an attribute key outside the slug grammar", "ma.terial=x"],
    ["a duplicate segment", "brand=bic/brand=parker"],
    ["a duplicate attribute", "material=metall/material=derevo"],
    ["a coating that isn't an id", "coating=abc"],
    ["coating id 0", "coating=0"],
    ["a coating id with a leading zero", "coating=03"],
    ["a negative coating id", "coating=-3"],
    ["a price without '-'", "price=100"],
    ["an empty price range", "price=-"],
    ["a decimal price", "price=1.5-2"],
    ["a price with a leading zero", "price=0100-500"],
    ["a price with letters", "price=abc-500"],
    ["priceFrom > priceTo", "price=500-100"],
    ["a quantity of 0", "quantity=0"],
    ["a decimal quantity", "quantity=1.5"],
    ["a quantity above the API limit", "quantity=10000000"],
    ["an unknown sort", "sort=cheapest"],
    ["page 0", "page=0"],
    ["a negative page", "page=-1"],
    ["a page with a leading zero", "page=02"],
    ["a page that isn't a number", "page=two"],
    ["an exponent page", "page=1e3"],
    ["a huge number", "page=12345678901"],
  ])("rejects %s: %s", (_why, path) => {
    expect(parse(path)).toEqual({ ok: false });
  });

  it("rejects more values than the API accepts", () => {
    const many = Array.from({ length: MAX_FACET_VALUES + 1 }, (_, i) => `b${String(i).padStart(3, "0")}`);
    expect(parse(`brand=${many.join(",")}`)).toEqual({ ok: false });
    expect(parse(`brand=${many.slice(1).join(",")}`).ok).toBe(true);
    const attrs = Array.from({ length: 101 }, (_, i) => `v${String(i).padStart(3, "0")}`);
    expect(parse(`material=${attrs.slice(0, 60).join(",")}/sex=${attrs.slice(60).join(",")}`)).toEqual({ ok: false });
  });

  it("accepts equal price bounds, open ranges and the API's quantity maximum", () => {
    expect(parse("price=100-100")).toMatchObject({ ok: true, canonical: true, filters: { priceFrom: 100, priceTo: 100 } });
    expect(parse("price=-0")).toMatchObject({ ok: true, canonical: true, filters: { priceTo: 0 } });
    expect(parse("quantity=9999999")).toMatchObject({ ok: true, filters: { quantity: 9999999 } });
  });

  it("accepts attribute slugs with '-' and '_' and value slugs with '.'", () => {
    const parsed = parse("battery-capacity=10000/datebook_format=a5/material=1.5-mm");
    expect(parsed).toMatchObject({
      ok: true,
      canonical: true,
      filters: { attrs: { "battery-capacity": ["10000"], datebook_format: ["a5"], material: ["1.5-mm"] } },
    });
  });

  it("gives empty filters for no segments", () => {
    expect(parseFilterPath([])).toEqual({ ok: true, canonical: true, filters: emptyFilters() });
  });
});

describe("parseFilterPath with known facets", () => {
  const known = {
    attributes: new Set(["material", "pen-type"]),
    attributeValues: new Map([["material", new Set(["metall", "derevo"])]]),
    brands: new Set(["bic", "parker"]),
    colors: new Set(["siniy"]),
    coatings: new Set([3, 12]),
  };
  it("accepts known values", () => {
    expect(parse("brand=bic/color=siniy/material=metall/pen-type=roller/coating=3", known)).toMatchObject({ ok: true, canonical: true });
  });
  it.each([
    ["an unknown attribute", "sex=muzhskoy"],
    ["an unknown attribute value", "material=steklo"],
    ["an unknown brand", "brand=pilot"],
    ["an unknown colour", "color=krasnyy"],
    ["an unknown coating", "coating=4"],
  ])("rejects %s", (_why, path) => {
    expect(parse(path, known)).toEqual({ ok: false });
    expect(parse(path).ok).toBe(true);
  });
  it("accepts the brief's { attributes } shape alone", () => {
    expect(parse("material=anything", { attributes: new Set(["material"]) }).ok).toBe(true);
    expect(parse("sex=x", { attributes: new Set(["material"]) }).ok).toBe(false);
  });
  it("knownFacetsOf builds the sets from filter/all data", () => {
    const k = knownFacetsOf({
      brands: [{ id: 1, slug: "bic", title: "BIC", count: 3 }],
      colors: [{ id: 2, slug: "siniy", title: "Синий", hex: "#00f", count: 1 }],
      coatings: [{ id: 3, slug: "uf", title: "УФ", count: 1 }],
      attributes: [{ slug: "material", title: "Материал", values: [{ slug: "metall", title: "Металл", count: 2 }] }],
    });
    expect(parse("brand=bic/color=siniy/material=metall/coating=3", k)).toMatchObject({ ok: true });
    expect(parse("material=derevo", k)).toEqual({ ok: false });
    expect(parse("coating=4", k)).toEqual({ ok: false });
  });
});

describe("parseFilterPath: parseable but not canonical → canonical false (301)", () => {
  it.each([
    ["segments out of order", "color=siniy/brand=bic", "brand=bic/color=siniy"],
    ["attributes out of order", "pen-type=roller/material=metall", "material=metall/pen-type=roller"],
    ["page before sort", "page=2/sort=new", "sort=new/page=2"],
    ["unsorted values", "brand=parker,bic", "brand=bic,parker"],
    ["numerically unsorted coatings", "coating=12,3", "coating=3,12"],
    ["duplicate values", "brand=bic,bic", "brand=bic"],
    ["explicit default sort", "sort=popular", ""],
    ["explicit page 1", "brand=bic/page=1", "brand=bic"],
    ["a price lower bound of 0", "price=0-500", "price=-500"],
    ["a price range from 0 only", "price=0-", ""],
    ["an empty segment", "brand=bic//color=siniy", "brand=bic/color=siniy"],
  ])("%s: %s → %s", (_why, path, canonical) => {
    const parsed = parse(path);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.canonical).toBe(false);
    expect(buildFilterPath(parsed.filters)).toBe(canonical);
    expect(parse(canonical === "" ? "" : canonical)).toMatchObject({ ok: true, canonical: true });
  });
});

describe("toListQuery / toFilterQuery (API client query, contract ProductListQuery)", () => {
  it("maps every filter, attrs as attrSlug:valueSlug, sorted", () => {
    const q = toListQuery(FULL, { category: "ruchki" });
    expect(q).toEqual({
      category: "ruchki",
      brands: ["bic", "parker"],
      colors: ["siniy"],
      attrs: ["material:derevo", "material:metall", "pen-type:roller"],
      coatings: [3, 12],
      priceFrom: 100,
      priceTo: 500,
      quantity: 50,
      page: 2,
      sort: "price_asc",
    });
    expect(ProductListQuery.safeParse(q).success).toBe(true);
  });

  it("leaves empty facets out and sends the default page and sort", () => {
    expect(toListQuery(f(), { search: "ручка", pageLimit: 10 })).toEqual({ search: "ручка", page: 1, sort: "popular", pageLimit: 10 });
    expect(toListQuery(f())).toEqual({ page: 1, sort: "popular" });
  });

  it("toFilterQuery has the same filters without page/sort, plus the curated list", () => {
    const q = toFilterQuery(FULL, { list: "bestoffers" });
    expect(q).not.toHaveProperty("page");
    expect(q).not.toHaveProperty("sort");
    expect(q).toMatchObject({ list: "bestoffers", attrs: ["material:derevo", "material:metall", "pen-type:roller"] });
    expect(FilterQuery.safeParse(q).success).toBe(true);
  });

  it("attrsQuery matches the contract attrs regex", () => {
    expect(attrsQuery({ "pen-type": ["roller"], material: ["1.5-mm"] })).toEqual(["material:1.5-mm", "pen-type:roller"]);
  });
});

describe("immutable link helpers", () => {
  const base = f({ brands: ["bic"], attrs: { material: ["metall"] }, coatings: [3], sort: "new", page: 3 });
  const snapshot = JSON.stringify(base);

  it("toggleFilterValue adds and removes values and resets the page", () => {
    expect(toggleFilterValue(base, "brands", "parker")).toMatchObject({ brands: ["bic", "parker"], sort: "new" });
    expect(toggleFilterValue(base, "brands", "bic").brands).toEqual([]);
    expect(toggleFilterValue(base, "colors", "siniy").colors).toEqual(["siniy"]);
    expect(toggleFilterValue(base, "coatings", 12).coatings).toEqual([3, 12]);
    expect(toggleFilterValue(base, "coatings", 3).coatings).toEqual([]);
    expect(toggleFilterValue(base, { attr: "material" }, "derevo").attrs).toEqual({ material: ["derevo", "metall"] });
    expect(toggleFilterValue(base, { attr: "sex" }, "muzhskoy").attrs).toEqual({ material: ["metall"], sex: ["muzhskoy"] });
    expect(toggleFilterValue(base, "brands", "parker").page).toBeUndefined();
  });

  it("toggling a normalised state gives exactly what normalising the toggled state gives", () => {
    const states = [
      normalizeFilters(base),
      normalizeFilters(f({})),
      normalizeFilters(f({ colors: ["belyy", "chernyy"], attrs: { material: ["plastik"], "obem-ml": ["300"] }, priceFrom: 10, quantity: 5 })),
    ];
    const toggles: [FilterFacet, string | number][] = [
      ["brands", "bic"], ["brands", "aaa"], ["brands", "Bad Slug"], ["colors", "belyy"], ["colors", "zelenyy"],
      ["coatings", 3], ["coatings", 1], ["coatings", -2], [{ attr: "material" }, "plastik"], [{ attr: "material" }, "derevo"],
      [{ attr: "aaa" }, "x"], [{ attr: "obem-ml" }, "300"], [{ attr: "sort" }, "x"], [{ attr: "Bad" }, "x"],
    ];
    for (const state of states) {
      for (const [facet, value] of toggles) {
        const fast = toggleFilterValue(state, facet as never, value as never);
        const slow = toggleFilterValue(JSON.parse(JSON.stringify(state)) as CatalogFilters, facet as never, value as never);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
      }
    }
  });

  it("removing an attribute's last value removes the attribute (no empty segment)", () => {
    const next = toggleFilterValue(base, { attr: "material" }, "metall");
    expect(next.attrs).toEqual({});
    expect(buildFilterPath(next)).toBe("brand=bic/coating=3/sort=new");
  });

  it("hasFilterValue reports the checkbox state", () => {
    expect(hasFilterValue(base, "brands", "bic")).toBe(true);
    expect(hasFilterValue(base, "colors", "bic")).toBe(false);
    expect(hasFilterValue(base, "coatings", 3)).toBe(true);
    expect(hasFilterValue(base, { attr: "material" }, "metall")).toBe(true);
    expect(hasFilterValue(base, { attr: "sex" }, "metall")).toBe(false);
  });

  it("setPriceRange, setQuantity, setSort reset the page; setPage sets it", () => {
    const priced = setPriceRange(base, { from: 100, to: 200 });
    expect(priced).toMatchObject({ priceFrom: 100, priceTo: 200 });
    expect(priced.page).toBeUndefined();
    const unpriced = setPriceRange(f({ priceFrom: 1, priceTo: 2 }), {});
    expect([unpriced.priceFrom, unpriced.priceTo]).toEqual([undefined, undefined]);
    const quantity = setQuantity(base, 100);
    expect([quantity.quantity, quantity.page]).toEqual([100, undefined]);
    expect(setQuantity(quantity, undefined).quantity).toBeUndefined();
    const sorted = setSort(base, "title");
    expect([sorted.sort, sorted.page]).toEqual(["title", undefined]);
    expect(setSort(base, "popular").sort).toBeUndefined();
    expect(setPage(base, 4).page).toBe(4);
    expect(setPage(base, 1).page).toBeUndefined();
    expect(setPage(base, 0).page).toBeUndefined();
  });

  it("clearFilters keeps only the order", () => {
    expect(clearFilters(base)).toEqual({ ...emptyFilters(), sort: "new" });
  });

  it("never mutates the input", () => {
    toggleFilterValue(base, "brands", "parker");
    toggleFilterValue(base, { attr: "material" }, "derevo");
    toggleFilterValue(base, "coatings", 12);
    setPriceRange(base, { from: 1 });
    setSort(base, "title");
    setPage(base, 9);
    clearFilters(base);
    expect(JSON.stringify(base)).toBe(snapshot);
  });
});

describe("filterDepth / shouldIndex (robots noindex,follow on deep combinations)", () => {
  it("counts selected values; a price range and a quantity count once; sort and page don't count", () => {
    expect(filterDepth(f())).toBe(0);
    expect(filterDepth(FULL)).toBe(2 + 1 + 3 + 2 + 1 + 1);
    expect(filterDepth(f({ sort: "new", page: 5 }))).toBe(0);
    expect(filterDepth(f({ brands: ["bic", "bic"] }))).toBe(1);
  });

  it("indexes the plain listing, one value, and two values of different facets (and their pages)", () => {
    expect(shouldIndex(f())).toBe(true);
    expect(shouldIndex(f({ brands: ["bic"] }))).toBe(true);
    expect(shouldIndex(f({ brands: ["bic"], attrs: { material: ["metall"] }, page: 3 }))).toBe(true);
  });

  it("does not index: depth > 2, two values of one facet, price, quantity, another sort", () => {
    expect(shouldIndex(f({ brands: ["bic"], colors: ["siniy"], attrs: { material: ["metall"] } }))).toBe(false);
    expect(shouldIndex(f({ brands: ["bic", "parker"] }))).toBe(false);
    expect(shouldIndex(f({ attrs: { material: ["derevo", "metall"] } }))).toBe(false);
    expect(shouldIndex(f({ coatings: [1, 2] }))).toBe(false);
    expect(shouldIndex(f({ priceTo: 500 }))).toBe(false);
    expect(shouldIndex(f({ quantity: 10 }))).toBe(false);
    expect(shouldIndex(f({ sort: "price_asc" }))).toBe(false);
  });
});

describe("formDataToFilters (GET form with JavaScript off)", () => {
  it("reads brand, color, attr.<slug>, coating, prices, quantity and sort; page resets", () => {
    const params = new URLSearchParams(
      "brand=parker&brand=bic&color=siniy&attr.material=metall&attr.material=derevo&attr.pen-type=roller" +
        "&coating=12&coating=3&priceFrom=100&priceTo=500&quantity=50&sort=price_asc&page=7",
    );
    const filters = formDataToFilters(params);
    expect(buildFilterPath(filters)).toBe(FULL_PATH.replace("/page=2", ""));
  });

  it("ignores empty inputs and invalid values", () => {
    const filters = formDataToFilters(
      new URLSearchParams("brand=&brand=a,b&color=%2F&attr.bad%20key=x&attr.brand=x&coating=x&coating=0&priceFrom=&priceTo=abc&quantity=-1&sort=cheap"),
    );
    expect(filters).toEqual(emptyFilters());
  });

  it("accepts typed prices with spaces and a decimal comma, rounded outwards; swaps reversed bounds", () => {
    expect(formDataToFilters(new URLSearchParams({ priceFrom: "1\u00a0000,50", priceTo: " 2 000.2 " }))).toMatchObject({ priceFrom: 1000, priceTo: 2001 });
    expect(formDataToFilters(new URLSearchParams({ priceFrom: "500", priceTo: "100" }))).toMatchObject({ priceFrom: 100, priceTo: 500 });
  });

  it("drops price inputs left at the facet bounds, so an untouched form adds no price filter", () => {
    const bounds = { min: 12, max: 5000 };
    expect(buildFilterPath(formDataToFilters(new URLSearchParams({ priceFrom: "12", priceTo: "5000" }), bounds))).toBe("");
    expect(buildFilterPath(formDataToFilters(new URLSearchParams({ priceFrom: "100", priceTo: "5000" }), bounds))).toBe("price=100-");
  });

  it("sort=popular is the default (omitted)", () => {
    expect(formDataToFilters(new URLSearchParams("sort=popular")).sort).toBeUndefined();
  });

  it("works with FormData too", () => {
    const fd = new FormData();
    fd.append("brand", "bic");
    fd.append("attr.material", "metall");
    expect(buildFilterPath(formDataToFilters(fd))).toBe("brand=bic/material=metall");
  });

  it("isFilterFormSubmission spots a form query (→ redirect), not other parameters", () => {
    expect(isFilterFormSubmission(new URLSearchParams("brand=bic"))).toBe(true);
    expect(isFilterFormSubmission(new URLSearchParams("attr.material=metall"))).toBe(true);
    expect(isFilterFormSubmission(new URLSearchParams("priceFrom="))).toBe(true);
    expect(isFilterFormSubmission(new URLSearchParams("utm_source=x&text=ручка"))).toBe(false);
  });
});

describe("contract sync and browser safety", () => {
  it("SORTS equals the contract ProductSort enum", () => {
    expect([...SORTS]).toEqual(ProductSort.options);
  });

  it("feature modules import contract/ as types only (no zod in the browser bundle)", () => {
    for (const file of ["./filter-path.ts", "./price.ts", "./order-info.ts", "../coating/coating-line.ts", "../viewed/viewed.ts", "../viewed/viewed-store.ts", "../viewed/use-viewed.ts"]) {
      const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), "utf8");
      const imports = source.match(/^import[^;]+;/gm) ?? [];
      for (const line of imports) {
        if (/zod|contract\//.test(line)) expect(line, `${file}: ${line}`).toMatch(/^import type /);
      }
    }
  });
});
