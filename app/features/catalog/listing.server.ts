/**
 * One implementation of the product listings of §2: category (/catalog/{slug}[/filter/{filters...}]),
 * brand (/brands/{slug}/{filters...}), the curated lists (/bestoffers, /newones, /recommended) and
 * the products of the search page (/search/[filter/]text=…/{filters...}, ADR 029; its URL is parsed
 * by app/features/search/search-path.ts, steps 4–6 are the same).
 *
 * Loader order, so that bad input never costs an API call or a 5xx:
 * 1. a submitted GET filter form (JavaScript off, or the price form) → 302 to the canonical path;
 * 2. the filter segments are parsed: the word "filter" → 404 '404 - Страница не найдена', anything
 *    outside the grammar → 404 'Page not found: {path}';
 * 3. a parseable but differently spelled path → 301 to the one canonical path;
 * 4. product/list and filter/all in parallel; the list failing is the page failing (404 for a
 *    4xx, 503 otherwise), the facets failing alone only hides the filters panel;
 * 5. unknown filter values (not among the facets of the scope) and a page past the last → 404;
 * 6. the view model: cards (never whole groups), facets, pagination, SEO.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { Brand, FilterData, ProductListKind } from "#contract/catalog.ts";
import type { CategoryNode, City, SeoEntry } from "#contract/content.ts";
import { endpoints } from "#contract/index.ts";
import { FILTER_WORD_MESSAGE, splitFilters } from "#app/lib/filters.ts";
import { mainContentError, notFound } from "#app/lib/page-errors.server.ts";
import { resolveSeo, SITE_NAME, type PageSeo } from "#app/lib/seo.ts";
import type { FacetGroupView, FacetOptionView, FacetsView, ListingView } from "#app/features/catalog/listing/types.ts";
import { toCardView } from "./card-view.ts";
import {
  emptyFilters,
  filterDepth,
  formDataToFilters,
  isFilterFormSubmission,
  knownFacetsOf,
  normalizeFilters,
  parseFilterPath,
  ROBOTS_NOINDEX,
  shouldIndex,
  toFilterQuery,
  toListQuery,
  withFilterPath,
  type CatalogFilters,
  type KnownFacets,
} from "./filter-path.ts";
import { roundPriceRange } from "./price.ts";
import { SEARCH_PATH, textSegment } from "#app/features/search/search-path.ts";

/** Cards per page. */
export const PAGE_SIZE = 24;
/** §9 "search page limit default 10" (ProductSearchQuery's default). */
export const SEARCH_PAGE_SIZE = 10;

export type ListingScope =
  | { kind: "category"; slug: string }
  | { kind: "brand"; slug: string }
  | { kind: "list"; list: ProductListKind }
  /** `text` normalised (search-path.ts normalizeSearchText) and not empty. */
  | { kind: "search"; text: string };

/** Titles and paths of the curated lists (§2). */
export const PRODUCT_LISTS = {
  bestoffers: { title: "Лучшие предложения", path: "/bestoffers" },
  newones: { title: "Новинки", path: "/newones" },
  recommended: { title: "Рекомендуем", path: "/recommended" },
} as const satisfies Partial<Record<ProductListKind, { title: string; path: string }>>;
export type CuratedList = keyof typeof PRODUCT_LISTS;

export function scopeBase(scope: ListingScope): string {
  if (scope.kind === "category") return `/catalog/${scope.slug}`;
  if (scope.kind === "brand") return `/brands/${scope.slug}`;
  if (scope.kind === "search") return SEARCH_PATH;
  return `/${scope.list}`;
}

/** §2: category and search pages write the word "filter" before the segments; brand and curated lists don't. */
export function scopeFilterWord(scope: ListingScope): boolean {
  return scope.kind === "category" || scope.kind === "search";
}

/** The search page's query segment, in front of its filters (ADR 029). */
export function scopeLead(scope: ListingScope): string | undefined {
  return scope.kind === "search" ? textSegment(scope.text) : undefined;
}

function scopePath(scope: ListingScope, filters: CatalogFilters): string {
  return withFilterPath(scopeBase(scope), filters, { filterWord: scopeFilterWord(scope), lead: scopeLead(scope) });
}

/** Category and brand scopes name a slug that must be one. */
function hasSlug(scope: ListingScope): scope is Extract<ListingScope, { slug: string }> {
  return scope.kind === "category" || scope.kind === "brand";
}

// ───────────────────────────── Steps 1–3: the URL ─────────────────────────────

/** Category and brand slugs: Latin letters, digits, "-" and "_" (the API's and the sitemap's alphabet). */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{1,120}$/.test(value);
}

/** On a brand page the brand is the scope: a `brand=` segment there is not a filter. */
function scopeAllowsBrandFacet(scope: ListingScope): boolean {
  return scope.kind !== "brand";
}

/**
 * Step 1: a GET filter form submission (`?brand=…&priceFrom=…`) redirects (302: it depends on
 * the query) to the canonical filter path. Returns nothing when the query is not a submission.
 */
export function filterFormRedirect(url: URL, scope: ListingScope): Response | null {
  if (!isFilterFormSubmission(url.searchParams)) return null;
  if (hasSlug(scope) && !isSlug(scope.slug)) return null;
  const submitted = formDataToFilters(url.searchParams);
  const filters = scopeAllowsBrandFacet(scope) ? submitted : { ...submitted, brands: [] };
  // Submitted values may hold anything: encoded, so the Location header is always valid (the
  // canonical-path step then 404s values outside the filter grammar). The search query segment
  // is percent-encoded already: encoding it again would turn its "%" into "%25".
  const path = scopePath(scope, filters);
  return redirect(scope.kind === "search" ? path : encodeURI(path), 302);
}

export interface ParsedListingPath {
  filters: CatalogFilters;
  segments: string[];
  /** The one spelling of this page's URL. */
  canonicalPath: string;
}

/**
 * Steps 2–3 without any API call: the segments of the `{filters...}` parameter, checked against
 * the grammar of filter-path.ts. Throws the §2 404s, and a 301 when the request spells the path
 * differently (segment order, duplicates, defaults, "%3D", trailing or double slashes).
 */
export function parseListingPath(scope: ListingScope, splat: string | undefined, pathname: string): ParsedListingPath {
  // A slug outside the catalogue's alphabet names nothing (and would not survive a Location header).
  if (hasSlug(scope) && !isSlug(scope.slug)) notFound(pathname);
  let segments: string[];
  try {
    segments = splitFilters(splat);
  } catch {
    throw data(FILTER_WORD_MESSAGE, { status: 404 });
  }
  const parsed = parseFilterPath(segments);
  if (!parsed.ok) notFound(pathname);
  if (!scopeAllowsBrandFacet(scope) && parsed.filters.brands.length > 0) notFound(pathname);
  const canonicalPath = scopePath(scope, parsed.filters);
  return { filters: parsed.filters, segments, canonicalPath };
}

/**
 * `?page=N` on a listing: listings page in a path segment (`…/page=N`), so a page number in the
 * query (an old link, a guess) moves there with a 301 (the listing then answers the §2 404 for a
 * page past the last), and one that is not a page number is the §2 404 at once (issue 25: every
 * `?page=` value was page 1 with a 200, each its own entry in the page cache). Other parameters
 * (campaign tags) are kept. Null when the query has no `page`.
 */
export function pageQueryRedirect(url: URL, scope: ListingScope, filters: CatalogFilters): Response | null {
  const values = url.searchParams.getAll("page");
  if (values.length === 0) return null;
  if (values.length > 1 || !/^[1-9]\d{0,8}$/.test(values[0]!)) notFound(url.pathname);
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("page");
  const query = rest.toString();
  return redirect(scopePath(scope, normalizeFilters({ ...filters, page: Number(values[0]) })) + (query ? `?${query}` : ""), 301);
}

/** Step 3: 301 to the canonical spelling; the query string (campaign tags) is kept. */
export function canonicalRedirect(url: URL, canonicalPath: string): Response | null {
  if (url.pathname === canonicalPath) return null;
  return redirect(canonicalPath + url.search, 301);
}

// ───────────────────────────── Categories ─────────────────────────────

/** The category with the given slug and its chain, root first; null when it is not in the tree. */
export function findCategory(tree: readonly CategoryNode[], slug: string): { node: CategoryNode; chain: CategoryNode[] } | null {
  const walk = (nodes: readonly CategoryNode[], chain: CategoryNode[]): { node: CategoryNode; chain: CategoryNode[] } | null => {
    for (const node of nodes) {
      const here = [...chain, node];
      if (node.slug === slug) return { node, chain: here };
      const found = walk(node.children, here);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, []);
}

// ───────────────────────────── Facets ─────────────────────────────

/** Titles of values that the current facets may not list (a selected value with no match). */
type TitleLookup = Map<string, string>;

function titleKey(groupKey: string, value: string) {
  return `${groupKey}\u0000${value}`;
}

/** Every value title of a filter/all answer, for selected values missing from a narrower answer. */
export function facetTitles(fd: FilterData): TitleLookup {
  const titles: TitleLookup = new Map();
  for (const b of fd.brands) titles.set(titleKey("brands", b.slug), b.title);
  for (const c of fd.colors) titles.set(titleKey("colors", c.slug), c.title);
  for (const c of fd.coatings) titles.set(titleKey("coatings", String(c.id)), c.title);
  for (const a of fd.attributes) {
    titles.set(titleKey(`attr:${a.slug}`, ""), a.title);
    for (const v of a.values) titles.set(titleKey(`attr:${a.slug}`, v.slug), v.title);
  }
  return titles;
}

/**
 * The filters panel: price bounds (§3: min rounded down, max rounded up), then brand, colour, each
 * attribute the scope's products carry, and print type, each value with its count. A selected value
 * the answer leaves out (no match with the other filters) is still listed with 0, so it can be removed.
 */
export function buildFacetsView(
  fd: FilterData,
  filters: CatalogFilters,
  options: { hideBrands?: boolean; titles?: TitleLookup } = {},
): FacetsView {
  const titles = options.titles ?? facetTitles(fd);
  const groups: FacetGroupView[] = [];

  const group = (view: FacetGroupView, selected: readonly string[]) => {
    const present = new Set(view.options.map((o) => o.value));
    for (const value of selected) {
      if (!present.has(value)) view.options.push({ value, title: titles.get(titleKey(view.key, value)) ?? value, count: 0 });
    }
    if (view.options.length > 0) groups.push(view);
  };

  if (!options.hideBrands) {
    group(
      { key: "brands", facet: "brands", title: "Бренд", options: fd.brands.map((b) => ({ value: b.slug, title: b.title, count: b.count })) },
      filters.brands,
    );
  }
  group(
    {
      key: "colors",
      facet: "colors",
      title: "Цвет",
      options: fd.colors.map((c): FacetOptionView => ({ value: c.slug, title: c.title, count: c.count, hex: c.hex })),
    },
    filters.colors,
  );
  const attributeSlugs = new Set(fd.attributes.map((a) => a.slug));
  for (const a of fd.attributes) {
    group(
      { key: `attr:${a.slug}`, facet: { attr: a.slug }, title: a.title, options: a.values.map((v) => ({ value: v.slug, title: v.title, count: v.count })) },
      filters.attrs[a.slug] ?? [],
    );
  }
  // A selected attribute that the narrower answer dropped altogether.
  for (const [slug, values] of Object.entries(filters.attrs)) {
    if (attributeSlugs.has(slug)) continue;
    const key = `attr:${slug}`;
    group({ key, facet: { attr: slug }, title: titles.get(titleKey(key, "")) ?? slug, options: [] }, values);
  }
  group(
    { key: "coatings", facet: "coatings", title: "Вид нанесения", options: fd.coatings.map((c) => ({ value: String(c.id), title: c.title, count: c.count })) },
    filters.coatings.map(String),
  );

  const price = roundPriceRange(fd.priceRange);
  return { price: price.max > 0 ? price : null, groups };
}

/** Titles of the selected values, in panel order: "Bic, синий" (for titles of filtered pages). */
export function selectedSummary(facets: FacetsView | null, filters: CatalogFilters, limit = 3): string {
  if (!facets) return "";
  const titles: string[] = [];
  for (const g of facets.groups) {
    const selected = new Set(
      g.facet === "brands" ? filters.brands : g.facet === "colors" ? filters.colors : g.facet === "coatings" ? filters.coatings.map(String) : (filters.attrs[g.facet.attr] ?? []),
    );
    for (const o of g.options) if (selected.has(o.value)) titles.push(g.facet === "brands" ? o.title : o.title.toLowerCase());
  }
  return titles.length > limit ? `${titles.slice(0, limit).join(", ")} и др.` : titles.join(", ");
}

// ───────────────────────────── Steps 4–6: data ─────────────────────────────

export interface LoadedListing {
  view: ListingView;
  /** The raw filter data (breadcrumb counters, subcategories), null when it failed. */
  filterData: FilterData | null;
}

interface LoadListingArgs {
  context: AppLoadContext;
  scope: ListingScope;
  filters: CatalogFilters;
  segments: string[];
  /** The request path, for the 404 message. */
  pathname: string;
  /**
   * Colours the cards show when no colour filter is chosen: the search page's colour words ("ручка
   * синяя", issue 25), known once search/global answers (asked at the same time).
   */
  cardColors?: Promise<readonly string[]>;
}

function scopeQueries(scope: ListingScope, filters: CatalogFilters) {
  const apiFilters = scope.kind === "brand" ? { ...filters, brands: [scope.slug] } : filters;
  const base = scope.kind === "category" ? { category: scope.slug } : scope.kind === "search" ? { search: scope.text } : {};
  const list = scope.kind === "list" ? scope.list : undefined;
  return {
    list: toListQuery(apiFilters, { ...base, pageLimit: scope.kind === "search" ? SEARCH_PAGE_SIZE : PAGE_SIZE }),
    facets: toFilterQuery(apiFilters, { ...base, list }),
    /** The facets of the whole scope: every value that exists in it. */
    scopeFacets: toFilterQuery(scope.kind === "brand" ? { ...emptyFilters(), brands: [scope.slug] } : emptyFilters(), { ...base, list }),
  };
}

/**
 * What exists for the filters to pick: values with at least one match. filter/all also lists every
 * selected value (with 0 when nothing matches, even a made-up attribute value), so a 0 can't prove
 * existence; the scope's own answer then decides (see loadListing).
 */
function knownFor(scope: ListingScope, fd: FilterData): KnownFacets {
  const some = <T extends { count: number }>(values: T[]) => values.filter((v) => v.count > 0);
  const known = knownFacetsOf({
    brands: some(fd.brands),
    colors: some(fd.colors),
    coatings: some(fd.coatings),
    attributes: fd.attributes.map((a) => ({ ...a, values: some(a.values) })).filter((a) => a.values.length > 0),
  });
  return scopeAllowsBrandFacet(scope) ? known : { ...known, brands: new Set() };
}

export async function loadListing({ context, scope, filters, segments, pathname, cardColors }: LoadListingArgs): Promise<LoadedListing> {
  const queries = scopeQueries(scope, filters);
  const listCall =
    scope.kind === "list"
      ? context.api.call(endpoints.productListKind, { params: { x: scope.list }, query: queries.list })
      : scope.kind === "search"
        ? context.api.call(endpoints.productSearch, { query: { ...queries.list, search: scope.text } })
        : context.api.call(endpoints.productList, { query: queries.list });
  const [list, facets, colorWords] = await Promise.all([listCall, context.api.call(endpoints.filterAll, { query: queries.facets }), cardColors]);
  if (!list.ok) mainContentError(list.error, pathname);

  let filterData = facets.ok ? facets.data : null;
  let titles: TitleLookup | undefined;
  if (filterData && filterDepth(filters) > 0 && !parseFilterPath(segments, knownFor(scope, filterData)).ok) {
    // A value may be missing from the narrowed answer only because the other filters exclude it:
    // the facets of the whole scope decide whether it exists at all.
    const whole = await context.api.call(endpoints.filterAll, { query: queries.scopeFacets });
    if (whole.ok) {
      if (!parseFilterPath(segments, knownFor(scope, whole.data)).ok) notFound(pathname);
      titles = facetTitles(whole.data);
    } else {
      filterData = null;
    }
  }

  const page = filters.page ?? 1;
  const pageCount = Math.max(1, list.data.countPages);
  if (page > pageCount) notFound(pathname);

  const view: ListingView = {
    base: scopeBase(scope),
    filterWord: scopeFilterWord(scope),
    lead: scopeLead(scope),
    filters,
    // A colour filter shows each card in the chosen colour (§3 issue 16), and so do colour words.
    cards: list.data.elements.map((group) =>
      toCardView(group, { colors: filters.colors.length ? filters.colors : colorWords, priceFrom: filters.priceFrom, priceTo: filters.priceTo }),
    ),
    total: list.data.countItems,
    page,
    pageCount,
    facets: filterData ? buildFacetsView(filterData, filters, { hideBrands: !scopeAllowsBrandFacet(scope), titles }) : null,
  };
  return { view, filterData };
}

// ───────────────────────────── SEO ─────────────────────────────

export interface ListingSeoInput {
  entries: SeoEntry[];
  origin: string;
  /** The visitor's city: SEO texts name it (§3 title forms). */
  city: City;
  view: ListingView;
  canonicalPath: string;
  /** What the listing is called: the category, brand or list title. */
  name: string;
  fallback: { title: string; description: string };
}

/**
 * Title, description, canonical (regional host, canonical filter path) and robots of a listing.
 * The /api/seo/list entry of the exact path wins; else that of the unfiltered listing, with the
 * selected values and the page number added so filtered pages don't repeat the listing's title.
 * Pages that shouldn't be indexed (shouldIndex) and empty results get "noindex,follow".
 */
export function listingSeo({ entries, origin, view, canonicalPath, name, fallback }: ListingSeoInput): { seo: PageSeo; h1: string } {
  const baseEntry = entries.find((e) => e.slug === view.base);
  const h1 = baseEntry?.h1 || name;
  const exact = canonicalPath !== view.base ? entries.find((e) => e.slug === canonicalPath) : undefined;
  let seo: PageSeo;
  if (exact) {
    seo = resolveSeo(entries, canonicalPath, origin, fallback);
  } else {
    seo = { ...resolveSeo(entries, view.base, origin, fallback), canonical: origin + canonicalPath };
    const summary = selectedSummary(view.facets, view.filters);
    const extra = [summary, view.page > 1 ? `страница ${view.page}` : ""].filter(Boolean).join(", ");
    if (extra) {
      seo.title = `${h1}: ${extra} | ${SITE_NAME}`;
      seo.description = `${h1}: ${extra}. ${seo.description}`;
    }
  }
  if (!shouldIndex(view.filters) || view.cards.length === 0) seo.robots = ROBOTS_NOINDEX;
  return { seo, h1: exact?.h1 || h1 };
}

// ───────────────────────────── Brands ─────────────────────────────

export interface BrandLetterGroup {
  letter: string;
  /** Anchor id, unique across alphabets (Latin "A" and Cyrillic "А" look alike but differ). */
  id: string;
  brands: { title: string; slug: string }[];
}

export interface BrandAlphabet {
  script: "latin" | "cyrillic" | "other";
  /** "A–Z", "А–Я" or "0–9": what the letter bar's row is called. */
  title: string;
  groups: BrandLetterGroup[];
}

const ALPHABETS: readonly Omit<BrandAlphabet, "groups">[] = [
  { script: "latin", title: "A–Z" },
  { script: "cyrillic", title: "А–Я" },
  { script: "other", title: "0–9" },
];

function scriptOf(letter: string): BrandAlphabet["script"] {
  if (/^[A-Z]$/.test(letter)) return "latin";
  if (/^[А-ЯЁ]$/.test(letter)) return "cyrillic";
  return "other";
}

/**
 * §3 "brands (grouped …)": by letter, the Latin and the Cyrillic alphabet apart (look-alikes such
 * as A/А or C/С would otherwise sit side by side in one bar). The letter is the API's `letter`, or
 * the title's first character; brands keep the API's (title) order within a letter.
 */
export function groupBrandsByLetter(brands: readonly Pick<Brand, "letter" | "title" | "slug">[]): BrandAlphabet[] {
  const byScript = new Map<BrandAlphabet["script"], Map<string, BrandLetterGroup>>();
  for (const brand of brands) {
    const letter = (brand.letter.trim() || brand.title.trim()).charAt(0).toUpperCase() || "#";
    const script = scriptOf(letter);
    let groups = byScript.get(script);
    if (!groups) byScript.set(script, (groups = new Map()));
    let group = groups.get(letter);
    if (!group) groups.set(letter, (group = { letter, id: `brands-${script}-${groups.size + 1}`, brands: [] }));
    group.brands.push({ title: brand.title, slug: brand.slug });
  }
  return ALPHABETS.flatMap((alphabet) => {
    const groups = byScript.get(alphabet.script);
    if (!groups) return [];
    const sorted = [...groups.values()].sort((a, b) => a.letter.localeCompare(b.letter, "ru"));
    return [{ ...alphabet, groups: sorted }];
  });
}
