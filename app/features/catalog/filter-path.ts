/**
 * Faceted filters of the catalogue listings, encoded in PATH SEGMENTS (§2 routes with `{filters...}`):
 *
 *   /catalog/{slug}/filter/{filters...}   /brands/{slug}/{filters...}   /bestoffers/{filters...}
 *   /newones/{filters...}   /recommended/{filters...}   /search/filter/{filters...}
 *
 * Segment syntax — one `key=value[,value…]` per segment, lower-case, no percent-encoding needed
 * (`=` and `,` are legal in a path segment):
 *
 *   brand=bic,parker            brand slugs                          (API `brands[]`)
 *   color=krasnyy,siniy         colour slugs                         (API `colors[]`)
 *   <attribute slug>=v1,v2      attribute values, e.g. `material=derevo,metall`, `pen-type=roller`
 *                                                                    (API `attrs[]=material:derevo`)
 *   coating=3,12                coating (print type) ids             (API `coatings[]`)
 *   price=100-500               price range in whole rubles; one side may be empty: `price=100-`,
 *                               `price=-500`                         (API `priceFrom`, `priceTo`)
 *   quantity=500                minimal stock                        (API `quantity`)
 *   sort=price_asc              price_asc | price_desc | new | title (default "popular" is omitted)
 *   page=2                      page ≥ 2 (page 1 is omitted)
 *
 * e.g. `/catalog/ruchki/filter/brand=bic,parker/color=siniy/material=metall/pen-type=roller/price=100-500/sort=price_asc/page=2`
 *
 * ONE canonical spelling per filter set (so a crawler never sees two URLs for the same listing):
 * - segments in the order brand, color, attributes (alphabetically by slug), coating, price,
 *   quantity, sort, page; empty facets and defaults (sort=popular, page=1, price from 0) are omitted;
 * - values inside a segment sorted (strings by code unit, coating ids numerically) and de-duplicated;
 * - numbers are plain decimals without leading zeros or signs.
 * `parseFilterPath` accepts only this grammar (anything else is `{ ok: false }` → 404) and reports
 * `canonical: false` for a parseable but differently spelled path (wrong order, unsorted or duplicate
 * values, explicit defaults, empty segments) → the page redirects 301 to `buildFilterPath`.
 * The page must ALSO compare the request pathname with `withFilterPath(...)`: the router decodes
 * `%2C`/`%3D` and splitFilters drops empty segments (trailing or double slashes), which this
 * module cannot see.
 *
 * The search page (app/features/search/search-path.ts, ADR 029) puts one more segment, its query
 * `text=…`, first after the word "filter": the `lead` option of withFilterPath and facetToggleLinks.
 *
 * The keys brand, color, coating, price, quantity, sort, page, text and filter are reserved: an attribute
 * with such a slug cannot be put in a URL (none exists; `normalizeFilters` drops it). The segment
 * word "filter" is a §2 not-found error (see app/lib/filters.ts).
 *
 * Browser code: types only from contract/ (no zod at runtime).
 */
import type {
  FilterData,
  FilterQuery,
  ProductFilterQuery,
  ProductListKind,
  ProductListQuery,
  ProductSort,
} from "#contract/catalog.ts";

// ───────────────────────────── State ─────────────────────────────

/** The filter state of a listing. Values are slugs (coatings: ids); prices in whole rubles. */
export interface CatalogFilters {
  brands: string[];
  colors: string[];
  /** Attribute slug → value slugs (values of one attribute are OR-ed, attributes AND-ed). */
  attrs: Record<string, string[]>;
  coatings: number[];
  priceFrom?: number;
  priceTo?: number;
  quantity?: number;
  /** Omitted = "popular". */
  sort?: ProductSort;
  /** Omitted = 1. */
  page?: number;
}

export const DEFAULT_SORT: ProductSort = "popular";
/** Kept in sync with contract ProductSort (a test checks it); a runtime copy since zod stays out of the browser. */
export const SORTS: readonly ProductSort[] = ["popular", "price_asc", "price_desc", "new", "title"];

/** Contract limits (ProductFilterQuery): more values would be a 400 from the API, so they are a 404 here. */
export const MAX_FACET_VALUES = 50;
export const MAX_ATTR_VALUES = 100;
/** ProductFilterQuery.quantity max. */
export const MAX_QUANTITY_FILTER = 9_999_999;

/** Segment keys with a fixed meaning; everything else is an attribute slug. */
/** `text` is the search page's query segment (ADR 029). */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(["brand", "color", "coating", "price", "quantity", "sort", "page", "text", "filter"]);

/** Value slug: brand, colour and attribute value slugs (contract attrs value: `[a-z0-9_.-]+`). */
const VALUE_RE = /^[a-z0-9][a-z0-9_.-]{0,119}$/;
/** Attribute slug (contract attrs key: `[a-z0-9_-]+`). */
const ATTR_RE = /^[a-z0-9][a-z0-9_-]{0,119}$/;
/** Positive integer without leading zeros (ids, page, quantity). */
const POSITIVE_RE = /^[1-9]\d{0,8}$/;
/** Non-negative integer without leading zeros (price bounds, rubles). */
const PRICE_RE = /^(?:0|[1-9]\d{0,9})$/;

export function emptyFilters(): CatalogFilters {
  return { brands: [], colors: [], attrs: {}, coatings: [] };
}

export function isValueSlug(value: string): boolean {
  return VALUE_RE.test(value);
}

/** An attribute slug that can be a segment key. */
export function isAttributeSlug(slug: string): boolean {
  return ATTR_RE.test(slug) && !RESERVED_KEYS.has(slug);
}

function isSort(value: string): value is ProductSort {
  return (SORTS as readonly string[]).includes(value);
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function uniqueSorted(values: readonly string[]): string[] {
  return [...new Set(values.filter(isValueSlug))].sort(byCodeUnit);
}

function isPositiveId(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

/**
 * Results of normalizeFilters, which every helper here returns: normalising one again is free (a
 * facet link is toggled, built and checked for indexing, each of which normalises). Filter
 * objects are values: the helpers return new ones and nothing changes one in place.
 */
const normalized = new WeakSet<CatalogFilters>();

/**
 * The canonical form of a state: invalid values dropped, values sorted and de-duplicated, defaults
 * removed, prices in whole rubles (from rounded down, to rounded up, swapped when reversed, from 0
 * dropped since prices are never negative), quantity rounded up to an integer ≥ 1.
 */
export function normalizeFilters(filters: CatalogFilters): CatalogFilters {
  if (normalized.has(filters)) return filters;
  const out = emptyFilters();
  out.brands = uniqueSorted(filters.brands);
  out.colors = uniqueSorted(filters.colors);
  for (const slug of Object.keys(filters.attrs).filter(isAttributeSlug).sort(byCodeUnit)) {
    const values = uniqueSorted(filters.attrs[slug] ?? []);
    if (values.length) out.attrs[slug] = values;
  }
  out.coatings = [...new Set(filters.coatings.filter(isPositiveId))].sort((a, b) => a - b);

  let from = validPrice(filters.priceFrom, Math.floor);
  let to = validPrice(filters.priceTo, Math.ceil);
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  if (from !== undefined && from > 0) out.priceFrom = from;
  if (to !== undefined) out.priceTo = to;

  const q = filters.quantity;
  if (q !== undefined && Number.isFinite(q) && q > 0) out.quantity = Math.min(Math.ceil(q), MAX_QUANTITY_FILTER);
  if (filters.sort && filters.sort !== DEFAULT_SORT && isSort(filters.sort)) out.sort = filters.sort;
  const page = filters.page;
  if (page !== undefined && Number.isFinite(page) && Math.floor(page) > 1) out.page = Math.floor(page);
  normalized.add(out);
  return out;
}

function validPrice(n: number | undefined, round: (n: number) => number): number | undefined {
  return n !== undefined && Number.isFinite(n) && n >= 0 ? round(n) : undefined;
}

// ───────────────────────────── Build ─────────────────────────────

/** The canonical filter segments joined by "/" ("" for no filters). See the module comment. */
export function buildFilterPath(filters: CatalogFilters): string {
  const f = normalizeFilters(filters);
  const segments: string[] = [];
  if (f.brands.length) segments.push(`brand=${f.brands.join(",")}`);
  if (f.colors.length) segments.push(`color=${f.colors.join(",")}`);
  for (const [slug, values] of Object.entries(f.attrs)) segments.push(`${slug}=${values.join(",")}`);
  if (f.coatings.length) segments.push(`coating=${f.coatings.join(",")}`);
  if (f.priceFrom !== undefined || f.priceTo !== undefined) segments.push(`price=${f.priceFrom ?? ""}-${f.priceTo ?? ""}`);
  if (f.quantity !== undefined) segments.push(`quantity=${f.quantity}`);
  if (f.sort) segments.push(`sort=${f.sort}`);
  if (f.page) segments.push(`page=${f.page}`);
  return segments.join("/");
}

export interface FilterPathOptions {
  /** Category and search pages put the word "filter" before the segments (§2). */
  filterWord?: boolean;
  /**
   * A segment that is always there, after the word "filter" and before the filter segments: the
   * search page's `text=…` (ADR 029). Already a valid, encoded path segment.
   */
  lead?: string;
}

/**
 * A listing URL: `base` [+ "/" + lead] without filters, else base [+ "/filter"] [+ "/" + lead] +
 * "/" + filter path. E.g. `withFilterPath("/catalog/ruchki", f, { filterWord: true })`; brand and
 * curated lists have no filter word; the search page has a lead:
 * `/search/text=ручка` and `/search/filter/text=ручка/brand=bic`.
 */
export function withFilterPath(base: string, filters: CatalogFilters, options: FilterPathOptions = {}): string {
  const path = buildFilterPath(filters);
  const root = base.replace(/\/+$/, "");
  const lead = options.lead ? `/${options.lead}` : "";
  if (!path) return root + lead || "/";
  return `${root}${options.filterWord ? "/filter" : ""}${lead}/${path}`;
}

// ───────────────────────────── Parse ─────────────────────────────

/** What the page knows exists in its scope (e.g. from FilterData); unknown entries → 404. */
export interface KnownFacets {
  attributes?: ReadonlySet<string>;
  /** Attribute slug → its value slugs. */
  attributeValues?: ReadonlyMap<string, ReadonlySet<string>>;
  brands?: ReadonlySet<string>;
  colors?: ReadonlySet<string>;
  coatings?: ReadonlySet<number>;
}

export type ParseFilterResult = { ok: true; filters: CatalogFilters; canonical: boolean } | { ok: false };

const FAIL = { ok: false } as const;

/**
 * Parses filter segments (as split by app/lib/filters.ts `splitFilters`). `{ ok: false }` (→ 404)
 * for: a segment without "=" or an empty value list / empty value, a value outside the grammar,
 * an unknown key or value (when `known` says what exists), the same key twice, the word "filter",
 * an invalid number, priceFrom > priceTo, page < 1, an unknown sort, more values than the API takes.
 * `canonical` is false when the segments differ from `buildFilterPath(filters)` (→ 301).
 */
export function parseFilterPath(segments: readonly string[], known?: KnownFacets): ParseFilterResult {
  const filters = emptyFilters();
  const seen = new Set<string>();
  let attrValueCount = 0;

  for (const segment of segments) {
    if (segment === "") continue; // dropped; the path is then not canonical
    const eq = segment.indexOf("=");
    if (eq <= 0) return FAIL;
    const key = segment.slice(0, eq);
    const raw = segment.slice(eq + 1);
    if (seen.has(key)) return FAIL;
    seen.add(key);
    const values = raw.split(",");
    if (values.some((v) => v === "")) return FAIL;

    switch (key) {
      case "brand":
      case "color": {
        const knownSet = key === "brand" ? known?.brands : known?.colors;
        if (values.length > MAX_FACET_VALUES || !values.every((v) => isValueSlug(v) && (!knownSet || knownSet.has(v)))) return FAIL;
        if (key === "brand") filters.brands = values;
        else filters.colors = values;
        break;
      }
      case "coating": {
        if (values.length > MAX_FACET_VALUES || !values.every((v) => POSITIVE_RE.test(v))) return FAIL;
        const ids = values.map(Number);
        if (known?.coatings && !ids.every((id) => known.coatings!.has(id))) return FAIL;
        filters.coatings = ids;
        break;
      }
      case "price": {
        const m = /^(\d*)-(\d*)$/.exec(raw);
        if (!m || (m[1] === "" && m[2] === "")) return FAIL;
        if ((m[1] !== "" && !PRICE_RE.test(m[1])) || (m[2] !== "" && !PRICE_RE.test(m[2]))) return FAIL;
        if (m[1] !== "") filters.priceFrom = Number(m[1]);
        if (m[2] !== "") filters.priceTo = Number(m[2]);
        if (filters.priceFrom !== undefined && filters.priceTo !== undefined && filters.priceFrom > filters.priceTo) return FAIL;
        break;
      }
      case "quantity": {
        if (!POSITIVE_RE.test(raw) || Number(raw) > MAX_QUANTITY_FILTER) return FAIL;
        filters.quantity = Number(raw);
        break;
      }
      case "sort": {
        if (!isSort(raw)) return FAIL;
        filters.sort = raw;
        break;
      }
      case "page": {
        if (!POSITIVE_RE.test(raw)) return FAIL;
        filters.page = Number(raw);
        break;
      }
      default: {
        if (!isAttributeSlug(key)) return FAIL; // includes the reserved word "filter"
        if (known?.attributes && !known.attributes.has(key)) return FAIL;
        const knownValues = known?.attributeValues?.get(key);
        if (!values.every((v) => isValueSlug(v) && (!knownValues || knownValues.has(v)))) return FAIL;
        attrValueCount += values.length;
        if (attrValueCount > MAX_ATTR_VALUES) return FAIL;
        filters.attrs[key] = values;
      }
    }
  }

  const canonical = buildFilterPath(filters) === segments.join("/");
  return { ok: true, filters: normalizeFilters(filters), canonical };
}

/** KnownFacets from the filter/all answer of the page's scope. */
export function knownFacetsOf(data: Pick<FilterData, "brands" | "colors" | "coatings" | "attributes">): KnownFacets {
  return {
    brands: new Set(data.brands.map((b) => b.slug)),
    colors: new Set(data.colors.map((c) => c.slug)),
    coatings: new Set(data.coatings.map((c) => c.id)),
    attributes: new Set(data.attributes.map((a) => a.slug)),
    attributeValues: new Map(data.attributes.map((a) => [a.slug, new Set(a.values.map((v) => v.slug))])),
  };
}

// ───────────────────────────── API queries ─────────────────────────────

/** `attrs[]` values of the API: "attrSlug:valueSlug", sorted (stable cache keys). */
export function attrsQuery(attrs: CatalogFilters["attrs"]): string[] {
  return Object.entries(normalizeFilters({ ...emptyFilters(), attrs }).attrs).flatMap(([slug, values]) =>
    values.map((v) => `${slug}:${v}`),
  );
}

type FilterBase = { category?: string; search?: string };

function filterFields(f: CatalogFilters, base: FilterBase): ProductFilterQuery {
  const q: ProductFilterQuery = {};
  if (base.category) q.category = base.category;
  if (base.search) q.search = base.search;
  if (f.brands.length) q.brands = f.brands;
  if (f.colors.length) q.colors = f.colors;
  const attrs = attrsQuery(f.attrs);
  if (attrs.length) q.attrs = attrs;
  if (f.coatings.length) q.coatings = f.coatings;
  if (f.priceFrom !== undefined) q.priceFrom = f.priceFrom;
  if (f.priceTo !== undefined) q.priceTo = f.priceTo;
  if (f.quantity !== undefined) q.quantity = f.quantity;
  return q;
}

/** product/list (and list/{x}, search) query: the filters + page + sort; empty facets are left out. */
export function toListQuery(filters: CatalogFilters, base: FilterBase & { pageLimit?: number } = {}): ProductListQuery {
  const f = normalizeFilters(filters);
  const q: ProductListQuery = { ...filterFields(f, base), page: f.page ?? 1, sort: f.sort ?? DEFAULT_SORT };
  if (base.pageLimit !== undefined) q.pageLimit = base.pageLimit;
  return q;
}

/** filter/all query for the facets of the same listing (no page/sort; `list` = the curated list). */
export function toFilterQuery(filters: CatalogFilters, base: FilterBase & { list?: ProductListKind } = {}): FilterQuery {
  const q: FilterQuery = filterFields(normalizeFilters(filters), base);
  if (base.list) q.list = base.list;
  return q;
}

// ───────────────────────────── Immutable helpers for links ─────────────────────────────

export type FilterFacet = "brands" | "colors" | "coatings" | { attr: string };

/** Adds the value when absent, removes it when present. Any filter change resets the page to 1. */
export function toggleFilterValue(filters: CatalogFilters, facet: "coatings", value: number): CatalogFilters;
export function toggleFilterValue(filters: CatalogFilters, facet: "brands" | "colors" | { attr: string }, value: string): CatalogFilters;
export function toggleFilterValue(filters: CatalogFilters, facet: FilterFacet, value: string | number): CatalogFilters {
  if (normalized.has(filters)) return toggleNormalized(filters, facet, value);
  const toggle = <T>(list: readonly T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const next: CatalogFilters = { ...filters, attrs: { ...filters.attrs }, page: undefined };
  if (facet === "coatings") next.coatings = toggle(filters.coatings, Number(value));
  else if (facet === "brands") next.brands = toggle(filters.brands, String(value));
  else if (facet === "colors") next.colors = toggle(filters.colors, String(value));
  else next.attrs[facet.attr] = toggle(filters.attrs[facet.attr] ?? [], String(value));
  return normalizeFilters(next);
}

/**
 * toggleFilterValue on a normalised state (each facet link of a listing): only the toggled list
 * changes, so it is kept sorted instead of normalising the whole state again. Same result.
 */
function toggleNormalized(filters: CatalogFilters, facet: FilterFacet, value: string | number): CatalogFilters {
  const { page: _page, ...rest } = filters;
  const next: CatalogFilters = { ...rest };
  if (facet === "coatings") next.coatings = toggledValues(filters.coatings, facet, value) as number[];
  else if (facet === "brands") next.brands = toggledValues(filters.brands, facet, value) as string[];
  else if (facet === "colors") next.colors = toggledValues(filters.colors, facet, value) as string[];
  else {
    const values = toggledValues(filters.attrs[facet.attr] ?? [], facet, value) as string[];
    const attrs = { ...filters.attrs };
    if (values.length) attrs[facet.attr] = values;
    else delete attrs[facet.attr];
    // Attribute keys stay in canonical order.
    next.attrs = Object.fromEntries(Object.entries(attrs).sort(([a], [b]) => byCodeUnit(a, b)));
  }
  normalized.add(next);
  return next;
}

/**
 * A facet's canonical value list with one value toggled: removed when present, else added in
 * canonical order when it is a valid value (coatings: positive ids, numeric order) — an invalid one
 * leaves the list as it is.
 */
function toggledValues(list: readonly (string | number)[], facet: FilterFacet, value: string | number): readonly (string | number)[] {
  if (facet === "coatings") {
    const id = Number(value);
    if (!isPositiveId(id)) return list;
    return list.includes(id) ? list.filter((x) => x !== id) : [...list, id].sort((a, b) => Number(a) - Number(b));
  }
  const v = String(value);
  if (list.includes(v)) return list.filter((x) => x !== v);
  const valid = isValueSlug(v) && (typeof facet === "string" || isAttributeSlug(facet.attr));
  return valid ? [...list, v].sort((a, b) => byCodeUnit(String(a), String(b))) : list;
}

/** A facet's key in the filter path. */
function segmentKey(facet: FilterFacet): string {
  return facet === "brands" ? "brand" : facet === "colors" ? "color" : facet === "coatings" ? "coating" : facet.attr;
}

/** The canonical position of a facet's segment: brand, color, attributes (by slug), coating. */
function segmentRank(facet: FilterFacet): [number, string] {
  return facet === "brands" ? [0, ""] : facet === "colors" ? [1, ""] : facet === "coatings" ? [3, ""] : [2, facet.attr];
}

/**
 * The toggle links of one facet's values (a listing's facet list): for each value, the listing URL
 * with that value added or removed (page → 1) and whether that state may be indexed. The same as
 * `withFilterPath(base, toggleFilterValue(filters, facet, value), options)` and `shouldIndex` of
 * that state (a test compares them), but the other facets' segments are built once per facet
 * instead of once per value.
 */
export function facetToggleLinks(
  base: string,
  filters: CatalogFilters,
  facet: FilterFacet,
  values: readonly string[],
  options: FilterPathOptions = {},
): { href: string; index: boolean }[] {
  const f = normalizeFilters(filters);
  const own = segmentRank(facet);
  const before: string[] = [];
  const after: string[] = [];
  let otherDepth = 0;
  let otherIndexable = f.priceFrom === undefined && f.priceTo === undefined && f.quantity === undefined && f.sort === undefined;
  const other = (otherFacet: FilterFacet, list: readonly (string | number)[]) => {
    if (list.length === 0) return;
    otherDepth += list.length;
    if (list.length > 1) otherIndexable = false;
    const rank = segmentRank(otherFacet);
    const beforeOwn = rank[0] < own[0] || (rank[0] === own[0] && byCodeUnit(rank[1], own[1]) < 0);
    (beforeOwn ? before : after).push(`${segmentKey(otherFacet)}=${list.join(",")}`);
  };
  if (facet !== "brands") other("brands", f.brands);
  if (facet !== "colors") other("colors", f.colors);
  for (const [slug, list] of Object.entries(f.attrs)) if (typeof facet === "string" || facet.attr !== slug) other({ attr: slug }, list);
  if (facet !== "coatings") other("coatings", f.coatings);
  if (f.priceFrom !== undefined || f.priceTo !== undefined) after.push(`price=${f.priceFrom ?? ""}-${f.priceTo ?? ""}`);
  if (f.quantity !== undefined) after.push(`quantity=${f.quantity}`);
  if (f.sort) after.push(`sort=${f.sort}`);

  const root = base.replace(/\/+$/, "");
  const lead = options.lead ? `/${options.lead}` : "";
  const prefix = `${root}${options.filterWord ? "/filter" : ""}${lead}/`;
  const head = before.join("/");
  const tail = after.join("/");
  const key = segmentKey(facet);
  const current: readonly (string | number)[] =
    facet === "brands" ? f.brands : facet === "colors" ? f.colors : facet === "coatings" ? f.coatings : (f.attrs[facet.attr] ?? []);

  return values.map((value) => {
    const list = toggledValues(current, facet, value);
    const segment = list.length > 0 ? `${key}=${list.join(",")}` : "";
    const path = [head, segment, tail].filter(Boolean).join("/");
    return {
      href: path ? prefix + path : root + lead || "/",
      index: otherIndexable && list.length <= 1 && otherDepth + list.length <= MAX_INDEXED_DEPTH,
    };
  });
}

/** True when the value is selected (for checkbox state). */
export function hasFilterValue(filters: CatalogFilters, facet: FilterFacet, value: string | number): boolean {
  if (facet === "coatings") return filters.coatings.includes(Number(value));
  if (facet === "brands") return filters.brands.includes(String(value));
  if (facet === "colors") return filters.colors.includes(String(value));
  return (filters.attrs[facet.attr] ?? []).includes(String(value));
}

/** Sets (or with undefined clears) the price bounds; page → 1. */
export function setPriceRange(filters: CatalogFilters, range: { from?: number; to?: number }): CatalogFilters {
  return normalizeFilters({ ...filters, priceFrom: range.from, priceTo: range.to, page: undefined });
}

/** Sets (or clears) the minimal stock; page → 1. */
export function setQuantity(filters: CatalogFilters, quantity: number | undefined): CatalogFilters {
  return normalizeFilters({ ...filters, quantity, page: undefined });
}

/** Changes the order; page → 1 (page N of another order is a different set). */
export function setSort(filters: CatalogFilters, sort: ProductSort): CatalogFilters {
  return normalizeFilters({ ...filters, sort, page: undefined });
}

export function setPage(filters: CatalogFilters, page: number): CatalogFilters {
  return normalizeFilters({ ...filters, page });
}

/** "Сбросить фильтры": every facet cleared, the order kept, page → 1. */
export function clearFilters(filters: CatalogFilters): CatalogFilters {
  return normalizeFilters({ ...emptyFilters(), sort: filters.sort });
}

// ───────────────────────────── Indexing ─────────────────────────────

/** Number of selected filter values; a price range and a quantity count 1 each, sort and page 0. */
export function filterDepth(filters: CatalogFilters): number {
  const f = normalizeFilters(filters);
  const attrs = Object.values(f.attrs).reduce((n, values) => n + values.length, 0);
  const price = f.priceFrom !== undefined || f.priceTo !== undefined ? 1 : 0;
  return f.brands.length + f.colors.length + attrs + f.coatings.length + price + (f.quantity !== undefined ? 1 : 0);
}

/** Listings with more selected values than this are `noindex,follow`. */
export const MAX_INDEXED_DEPTH = 2;

/**
 * Whether a filtered listing may be indexed (else robots "noindex,follow", links still followed).
 * Indexed: at most MAX_INDEXED_DEPTH values in all, at most ONE value per facet (brand, colour,
 * each attribute, coating), no price range or quantity (arbitrary numbers → endless near-duplicates)
 * and the default sort (another order is the same content). The page number doesn't matter: page 2
 * of an indexed listing is indexed too (with its own canonical).
 */
export function shouldIndex(filters: CatalogFilters): boolean {
  const f = normalizeFilters(filters);
  const facets = [f.brands, f.colors, f.coatings, ...Object.values(f.attrs)];
  return (
    filterDepth(f) <= MAX_INDEXED_DEPTH &&
    facets.every((values) => values.length <= 1) &&
    f.priceFrom === undefined &&
    f.priceTo === undefined &&
    f.quantity === undefined &&
    f.sort === undefined
  );
}

export const ROBOTS_NOINDEX = "noindex,follow";

// ───────────────────────────── GET form (JavaScript off) ─────────────────────────────

/** Input names of the filter form; the server turns a submission into a redirect to the canonical path. */
export const FILTER_FORM_FIELDS = {
  brand: "brand",
  color: "color",
  /** `attr.<attribute slug>`, e.g. name="attr.material" value="metall". */
  attrPrefix: "attr.",
  coating: "coating",
  priceFrom: "priceFrom",
  priceTo: "priceTo",
  quantity: "quantity",
  sort: "sort",
} as const;

/** True when the query string carries a filter form submission (→ redirect to the canonical path). */
export function isFilterFormSubmission(params: URLSearchParams): boolean {
  for (const key of params.keys()) {
    if (key.startsWith(FILTER_FORM_FIELDS.attrPrefix)) return true;
    if ((Object.values(FILTER_FORM_FIELDS) as string[]).includes(key)) return true;
  }
  return false;
}

/** "1 000,50" → 1000.5; anything else (empty, negative, text) → undefined. */
function formNumber(value: string | null): number | undefined {
  if (value === null) return undefined;
  const cleaned = value.replace(/\s/g, "").replace(",", ".");
  return /^\d+(?:\.\d+)?$/.test(cleaned) ? Number(cleaned) : undefined;
}

/**
 * The state described by a submitted GET filter form. The form carries the WHOLE state (checked
 * boxes, price inputs, sort select); the page resets to 1. Lenient, since people type into it:
 * invalid values are ignored, prices may use spaces and a decimal comma and are rounded outwards,
 * reversed bounds are swapped. Bounds at or beyond `priceBounds` (the facet's rounded range the
 * inputs were prefilled with) are dropped, so submitting untouched inputs adds no price filter.
 */
export function formDataToFilters(
  params: URLSearchParams | FormData,
  priceBounds?: { min: number; max: number },
): CatalogFilters {
  const strings = (key: string) => params.getAll(key).filter((v): v is string => typeof v === "string").map((v) => v.trim().toLowerCase());
  const one = (key: string) => {
    const v = params.get(key);
    return typeof v === "string" ? v : null;
  };

  const filters = emptyFilters();
  filters.brands = strings(FILTER_FORM_FIELDS.brand);
  filters.colors = strings(FILTER_FORM_FIELDS.color);
  for (const key of new Set(params.keys())) {
    if (key.startsWith(FILTER_FORM_FIELDS.attrPrefix)) {
      filters.attrs[key.slice(FILTER_FORM_FIELDS.attrPrefix.length)] = strings(key);
    }
  }
  filters.coatings = strings(FILTER_FORM_FIELDS.coating).filter((v) => POSITIVE_RE.test(v)).map(Number);

  let from = formNumber(one(FILTER_FORM_FIELDS.priceFrom));
  let to = formNumber(one(FILTER_FORM_FIELDS.priceTo));
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  if (priceBounds && from !== undefined && from <= priceBounds.min) from = undefined;
  if (priceBounds && to !== undefined && to >= priceBounds.max) to = undefined;
  filters.priceFrom = from;
  filters.priceTo = to;

  filters.quantity = formNumber(one(FILTER_FORM_FIELDS.quantity));
  const sort = one(FILTER_FORM_FIELDS.sort);
  if (sort && isSort(sort)) filters.sort = sort;
  return normalizeFilters(filters);
}
