/**
 * §7 search/global and search/fast. §3 Search results: brands, categories, products,
 * categoriesBreadCrumbsItems, searchHistory — the element shapes are designed here.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id, limitQuery } from "./common.ts";
import { CategoryLink } from "./content.ts";
import { Brand, ProductGroup } from "./catalog.ts";

/** A category matching the text, with how many matching groups it holds. */
export const CategoryHit = CategoryLink.extend({ count: z.number().int().nonnegative() });
export type CategoryHit = z.infer<typeof CategoryHit>;

/** The root-first chain of one found category, to print "Сувениры / Ручки / Металлические". */
export const CategoryBreadcrumbs = z.object({ categoryId: id(), items: z.array(CategoryLink) });
export type CategoryBreadcrumbs = z.infer<typeof CategoryBreadcrumbs>;

export const SearchResults = z.object({
  brands: z.array(Brand),
  categories: z.array(CategoryHit),
  /** Best matching groups (typo-tolerant); the full paged list is product/search. */
  products: z.array(ProductGroup),
  /** One entry per item of `categories`, same order. */
  categoriesBreadCrumbsItems: z.array(CategoryBreadcrumbs),
  /** The user's recent queries, newest first; empty for anonymous visitors. */
  searchHistory: z.array(z.string()),
  /** Totals beyond the returned slices, for "показать все (N)". */
  total: z.object({
    brands: z.number().int().nonnegative(),
    categories: z.number().int().nonnegative(),
    products: z.number().int().nonnegative(),
  }),
});
export type SearchResults = z.infer<typeof SearchResults>;

const text = () => z.string().trim().min(1).max(200);

/** §9 "search page limit default 10": the number of products returned. */
export const GlobalSearchQuery = z.object({ text: text(), limit: limitQuery(10, 50) });
export type GlobalSearchQuery = z.input<typeof GlobalSearchQuery>;

/** §7: entityType defaults to "any"; other values restrict the answer to one kind (the rest come back empty). */
export const SearchEntityType = z.enum(["any", "product", "category", "brand"]);
export type SearchEntityType = z.infer<typeof SearchEntityType>;

export const FastSearchQuery = z.object({ text: text(), entityType: SearchEntityType.default("any"), limit: limitQuery(5, 20) });
export type FastSearchQuery = z.input<typeof FastSearchQuery>;

const tag = "search";

export const searchEndpoints = {
  searchGlobal: endpoint({
    id: "searchGlobal",
    method: "GET",
    path: "/search/global",
    tag,
    summary: "Search over brands, categories and products; records the query in the user's history",
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
};
