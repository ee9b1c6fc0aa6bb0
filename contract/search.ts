/**
 * §7 search/global and search/fast. §3 Search results: brands, categories, products,
 * categoriesBreadCrumbsItems, searchHistory — the element shapes are designed here.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { IdParams, id, isoDateTime, limitQuery, pageQuery } from "./common.ts";
import { CategoryLink } from "./content.ts";
import { Brand, ProductGroup } from "./catalog.ts";

/** A category matching the text, with how many matching groups it holds. */
export const CategoryHit = CategoryLink.extend({ count: z.number().int().nonnegative() });
export type CategoryHit = z.infer<typeof CategoryHit>;

/** The root-first chain of one found category, to print "Сувениры / Ручки / Металлические". */
export const CategoryBreadcrumbs = z.object({ categoryId: id(), items: z.array(CategoryLink) });
export type CategoryBreadcrumbs = z.infer<typeof CategoryBreadcrumbs>;

/**
 * How the engine read the text (issue 25), for the search page to say so: the colours and sizes its
 * words name (the products are narrowed to them; `words` are the text's words that named them,
 * normalised, so a "remove" link can drop them), the words no product has (left out: the products
 * match the others), and whether no product has all the words at once (then those with most of
 * them are shown, more first).
 */
export const SearchReading = z.object({
  colors: z.array(z.object({ slug: z.string(), title: z.string(), words: z.array(z.string()) })),
  sizes: z.array(z.object({ size: z.string(), words: z.array(z.string()) })),
  missing: z.array(z.string()),
  partial: z.boolean(),
});
export type SearchReading = z.infer<typeof SearchReading>;

/**
 * For a text that finds no product (issue 25): the nearest categories (by trigram similarity to the
 * words; the main sections when none is near) and queries (catalogue words spelt nearly like the
 * typed ones; the catalogue's most used words when none is near), for the no-results page.
 */
export const SearchSuggestions = z.object({
  categories: z.array(CategoryLink),
  queries: z.array(z.string()),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

export const SearchResults = z.object({
  brands: z.array(Brand),
  categories: z.array(CategoryHit),
  /** Best matching groups (typo-tolerant); the full paged list is product/search. */
  products: z.array(ProductGroup),
  /** One entry per item of `categories`, same order. */
  categoriesBreadCrumbsItems: z.array(CategoryBreadcrumbs),
  /** The logged-in user's recent queries (this one included), newest first, at most 10; empty for guests and in search/fast. */
  searchHistory: z.array(z.string()),
  /**
   * Set when the text is exactly one product's SKU (a variation's "PB-000123-01" or its group's
   * article "PB-000123"): the search page goes straight to /catalog/goods/{groupId}.
   */
  exactProduct: z.object({ groupId: id() }).nullable(),
  /** How the text was read; optional for backends without it (then nothing is said about it). */
  reading: SearchReading.optional(),
  /** search/global without products: where to go instead; absent otherwise and in search/fast. */
  suggestions: SearchSuggestions.optional(),
  /** Totals beyond the returned slices, for "показать все (N)". */
  total: z.object({
    brands: z.number().int().nonnegative(),
    categories: z.number().int().nonnegative(),
    products: z.number().int().nonnegative(),
  }),
});
export type SearchResults = z.infer<typeof SearchResults>;

/** The longest query text accepted (the header field has the same maxlength). */
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_TEXT_EMPTY_MESSAGE = "Введите, что нужно найти";
export const SEARCH_TEXT_TOO_LONG_MESSAGE = `Запрос слишком длинный: не больше ${SEARCH_TEXT_MAX} символов`;

const text = () =>
  z
    .string({ error: SEARCH_TEXT_EMPTY_MESSAGE })
    .trim()
    .min(1, SEARCH_TEXT_EMPTY_MESSAGE)
    .max(SEARCH_TEXT_MAX, SEARCH_TEXT_TOO_LONG_MESSAGE);

/** §9 "search page limit default 10": the products of one page. */
export const GlobalSearchQuery = z.object({
  text: text(),
  page: pageQuery(),
  limit: limitQuery(10, 50),
  /**
   * "0": search without remembering the text in the logged-in caller's history (the storefront
   * sends it for a page request that did not start on its own site, issue 25: a GET from another
   * site must not change state). Unset or "1": remembered, as search/global always did: a caller
   * of the API who sends the bearer searches on purpose.
   */
  remember: z.enum(["0", "1"], "remember: 0 или 1").optional(),
});
export type GlobalSearchQuery = z.input<typeof GlobalSearchQuery>;

/** §7: entityType defaults to "any"; other values restrict the answer to one kind (the rest come back empty). */
export const SearchEntityType = z.enum(["any", "product", "category", "brand"]);
export type SearchEntityType = z.infer<typeof SearchEntityType>;

export const FastSearchQuery = z.object({ text: text(), entityType: SearchEntityType.default("any"), limit: limitQuery(5, 20) });
export type FastSearchQuery = z.input<typeof FastSearchQuery>;

/** A logged-in user's server history keeps the newest 10 queries (the guests' local one keeps as many). */
export const MAX_SEARCH_HISTORY = 10;

/** One remembered query of the logged-in user (the id is what DELETE /search/history/{id} takes). */
export const SearchHistoryEntry = z.object({ id: id(), text: z.string(), createdAt: isoDateTime() });
export type SearchHistoryEntry = z.infer<typeof SearchHistoryEntry>;

const tag = "search";
const historyTag = "searchHistory";

export const searchEndpoints = {
  searchGlobal: endpoint({
    id: "searchGlobal",
    method: "GET",
    path: "/search/global",
    tag,
    summary:
      "Search over brands, categories and products (paged); for a logged-in user the text is remembered (a repeat moves to the top, the newest 10 kept; not with remember=0) and searchHistory lists them (none for guests)",
    timeout: "catalog",
    query: GlobalSearchQuery,
    response: SearchResults,
  }),
  searchFast: endpoint({
    id: "searchFast",
    method: "GET",
    path: "/search/fast",
    tag,
    summary: "Autocomplete under the search field (few results, no history recorded)",
    timeout: "catalog",
    query: FastSearchQuery,
    response: SearchResults,
  }),
  searchHistoryList: endpoint({
    id: "searchHistoryList",
    method: "GET",
    path: "/search/history",
    tag: historyTag,
    summary: "The logged-in user's recent queries, newest first (at most 10)",
    auth: true,
    timeout: "default",
    response: z.array(SearchHistoryEntry),
  }),
  searchHistoryDelete: endpoint({
    id: "searchHistoryDelete",
    method: "DELETE",
    path: "/search/history/{id}",
    tag: historyTag,
    summary: "Forget one query of the caller's history (404 for an id that is not theirs); answers the rest",
    auth: true,
    timeout: "default",
    params: IdParams,
    response: z.array(SearchHistoryEntry),
  }),
  searchHistoryClear: endpoint({
    id: "searchHistoryClear",
    method: "DELETE",
    path: "/search/history",
    tag: historyTag,
    summary: "Forget the caller's whole search history; answers the empty list",
    auth: true,
    timeout: "default",
    response: z.array(SearchHistoryEntry),
  }),
};
