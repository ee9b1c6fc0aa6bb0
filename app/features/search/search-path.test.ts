/** Search page URLs (ADR 029): one canonical spelling, everything else a 301 or the §2 404. */
import { describe, expect, it } from "vitest";
import { emptyFilters, type CatalogFilters } from "#app/features/catalog/filter-path.ts";
import { parseSearchPath, searchPath } from "./search-path.ts";
import { MAX_SEARCH_TEXT, normalizeSearchText, plainSearchPath, searchTextOf, textSegment } from "./search-text.ts";

const f = (over: Partial<CatalogFilters> = {}): CatalogFilters => ({ ...emptyFilters(), ...over });
const RUCHKA = "%D1%80%D1%83%D1%87%D0%BA%D0%B0";

describe("normalizeSearchText", () => {
  it("trims, collapses whitespace and turns control characters into spaces", () => {
    expect(normalizeSearchText("  ручка \t\n  bic  ")).toBe("ручка bic");
    expect(normalizeSearchText("руч\u0000ка\u007f\u0085x")).toBe("руч ка x");
    expect(normalizeSearchText("\u00a0\u2003")).toBe("");
  });
  it("keeps the case and the letters (the engine handles ё, case and layouts)", () => {
    expect(normalizeSearchText("Ёлка ПАРКЕР herxrf")).toBe("Ёлка ПАРКЕР herxrf");
  });
  it("composes decomposed letters (NFC): й typed as и + ◌̆ is one query", () => {
    expect(normalizeSearchText("чаи\u0306ник")).toBe("чайник");
  });
  it("cuts at the contract's 200 UTF-16 units, never inside a surrogate pair", () => {
    expect(normalizeSearchText("я".repeat(5000))).toHaveLength(MAX_SEARCH_TEXT);
    const emoji = "a".repeat(199) + "😀" + "b";
    expect(normalizeSearchText(emoji)).toBe("a".repeat(199));
    expect(normalizeSearchText("a".repeat(199) + " b")).toBe("a".repeat(199));
  });
});

describe("searchPath / plainSearchPath: the canonical URLs", () => {
  it("a plain query is /search/text=…, percent-encoded", () => {
    expect(searchPath("ручка")).toBe(`/search/text=${RUCHKA}`);
    expect(plainSearchPath(" ручка ")).toBe(`/search/text=${RUCHKA}`);
    expect(searchPath("power bank")).toBe("/search/text=power%20bank");
  });
  it("facets, order and page go after /search/filter/text=… in the catalogue's grammar and order", () => {
    expect(searchPath("ручка", f({ page: 2, sort: "price_asc", colors: ["siniy"], brands: ["parker", "bic"] }))).toBe(
      `/search/filter/text=${RUCHKA}/brand=bic,parker/color=siniy/sort=price_asc/page=2`,
    );
    // Defaults are no filters: the plain form.
    expect(searchPath("ручка", f({ page: 1, sort: "popular" }))).toBe(`/search/text=${RUCHKA}`);
  });
  it("an empty query is /search", () => {
    expect(searchPath("   ")).toBe("/search");
    expect(searchPath("", f({ brands: ["bic"] }))).toBe("/search");
    expect(plainSearchPath("\u0000")).toBe("/search");
  });
  it("encodes what would break a path: slash, %, ?, #, quotes, angle brackets", () => {
    expect(searchPath("a/b")).toBe("/search/text=a%2Fb");
    expect(searchPath("100%")).toBe("/search/text=100%25");
    expect(searchPath("a?b#c")).toBe("/search/text=a%3Fb%23c");
    expect(searchPath('<script>alert("x")</script>')).toBe("/search/text=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E");
  });
  it("a query ending in .data is not taken for React Router's data request", () => {
    expect(textSegment("file.data")).toBe("text=file%2Edata");
    expect(textSegment("0.5 л")).toBe("text=0.5%20%D0%BB");
    expect(parseSearchPath("/search/text=file%2Edata")).toMatchObject({ text: "file.data", canonicalPath: "/search/text=file%2Edata" });
  });
});

describe("parseSearchPath", () => {
  const results = (pathname: string) => {
    const parsed = parseSearchPath(pathname);
    if (parsed.kind !== "results") throw new Error(`${pathname}: ${parsed.kind}`);
    return parsed;
  };

  it("reads the canonical forms back (canonicalPath === pathname: no redirect)", () => {
    for (const [text, filters] of [
      ["ручка", f()],
      ["ручка", f({ brands: ["bic"], attrs: { material: ["metall"] }, coatings: [3, 12], priceFrom: 100, priceTo: 500, quantity: 50, sort: "new", page: 3 })],
      ["a/b 100% <script>", f({ page: 2 })],
      ["Ёлка", f()],
    ] as const) {
      const path = searchPath(text, filters);
      const parsed = results(path);
      expect(parsed.text).toBe(text);
      expect(parsed.canonicalPath).toBe(path);
      expect(searchPath(parsed.text, parsed.filters)).toBe(path);
    }
  });

  it("/search itself is the empty page", () => {
    expect(parseSearchPath("/search")).toEqual({ kind: "empty" });
  });

  it.each([
    // the other form
    [`/search/text=${RUCHKA}/brand=bic`, `/search/filter/text=${RUCHKA}/brand=bic`],
    [`/search/filter/text=${RUCHKA}`, `/search/text=${RUCHKA}`],
    // unsorted values, wrong order, explicit defaults, text not first
    [`/search/filter/text=${RUCHKA}/brand=parker,bic`, `/search/filter/text=${RUCHKA}/brand=bic,parker`],
    [`/search/filter/text=${RUCHKA}/sort=new/brand=bic`, `/search/filter/text=${RUCHKA}/brand=bic/sort=new`],
    [`/search/filter/text=${RUCHKA}/sort=popular/page=1`, `/search/text=${RUCHKA}`],
    [`/search/filter/brand=bic/text=${RUCHKA}`, `/search/filter/text=${RUCHKA}/brand=bic`],
    // the query spelled differently: raw letters, spaces, lower-case hex, encoded "="
    ["/search/text=ручка", `/search/text=${RUCHKA}`],
    ["/search/text=%20%20power%20%20bank%20", "/search/text=power%20bank"],
    ["/search/text=%d1%80%d1%83%d1%87%d0%ba%d0%b0", `/search/text=${RUCHKA}`],
    [`/search/text%3D${RUCHKA}`, `/search/text=${RUCHKA}`],
    // slashes
    [`/search/text=${RUCHKA}/`, `/search/text=${RUCHKA}`],
    [`/search//filter//text=${RUCHKA}//brand=bic`, `/search/filter/text=${RUCHKA}/brand=bic`],
    // an empty query → the empty page
    ["/search/text=", "/search"],
    ["/search/text=%20%09", "/search"],
    ["/search/filter/text=/brand=bic", "/search"],
    ["/search/", "/search"],
  ])("%s → 301 %s", (pathname, canonical) => {
    const parsed = results(pathname);
    expect(parsed.canonicalPath).toBe(canonical);
    expect(parsed.canonicalPath).not.toBe(pathname);
  });

  it("a huge query is cut to 200 characters (301 to the cut one)", () => {
    const parsed = results(`/search/text=${"%D1%8F".repeat(3000)}`);
    expect(parsed.text).toBe("я".repeat(MAX_SEARCH_TEXT));
    expect(parsed.canonicalPath).toBe(`/search/text=${"%D1%8F".repeat(MAX_SEARCH_TEXT)}`);
  });

  it("control characters and hostile text are only text", () => {
    expect(results("/search/text=a%00b%0D%0Ac").canonicalPath).toBe("/search/text=a%20b%20c");
    const hostile = results("/search/text=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(hostile.text).toBe("<script>alert(1)</script>");
    expect(hostile.canonicalPath).toBe("/search/text=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  });

  it.each([
    "/search/filter/filter",
    `/search/filter/text=${RUCHKA}/filter/brand=bic`,
    `/search/text=${RUCHKA}/filter`,
    "/search/filter/filter/text=a",
  ])("the word filter among the filters (§2 message): %s", (pathname) => {
    expect(parseSearchPath(pathname)).toEqual({ kind: "filter-word" });
  });

  it.each([
    "/search/ручка", // no text= segment
    "/search/filter",
    "/search/filter/brand=bic",
    "/search/text=a/text=b", // twice
    "/search/text=%", // broken encodings
    "/search/text=%E0%A4%A",
    "/search/text=%ZZ",
    "/search/text=%C0%AF", // overlong UTF-8
    "/search/text=a/brand=", // filter grammar
    "/search/text=a/brand=BIC",
    "/search/text=a/price=abc",
    "/search/text=a/page=0",
    "/search/text=a/sort=cheap",
    "/search/text=a/%3Cscript%3E=1",
    "/search/text=a/brand=%3Cscript%3E",
    "/searching",
    "/search-results",
  ])("does not parse → 404: %s", (pathname) => {
    expect(parseSearchPath(pathname)).toEqual({ kind: "not-found" });
  });
});

describe("searchTextOf: the query the header field shows", () => {
  it("reads the query of either form; nothing elsewhere or on junk", () => {
    expect(searchTextOf(`/search/text=${RUCHKA}`)).toBe("ручка");
    expect(searchTextOf(`/search/filter/text=${RUCHKA}/brand=bic`)).toBe("ручка");
    expect(searchTextOf("/search")).toBe("");
    expect(searchTextOf("/catalog/ruchki")).toBe("");
    expect(searchTextOf("/search/text=%E0%A4%A")).toBe("");
  });
});
