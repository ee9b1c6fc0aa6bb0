/**
 * Catalogue filters (contract ProductFilterQuery) as SQL conditions on `product_groups g`.
 *
 * Slugs are resolved against the small dictionaries first (dictionaries.ts), so every condition
 * is on a column of the covering listing indexes (migration 0003): the scope (active + curated
 * list + category subtree) is the index key, brand / price / quantity are INCLUDE columns, and
 * colour / coating / attribute filters are overlaps with the INCLUDEd facet_codes array
 * (facet-codes.ts). A filtered count is one index-only range scan, no joins, no heap.
 *
 * Semantics (docs/api-contract.md, catalogue):
 * - category: the category and its whole subtree (unknown slug → 404);
 * - brands[] / colors[] / coatings[]: any of the values (a colour matches when any variation has it);
 * - attrs[] "attr:value": values of one attribute OR-ed, different attributes AND-ed;
 * - unknown brand / colour / coating / attribute values match nothing;
 * - priceFrom / priceTo: inclusive bounds on the group's card price (min_price, "от …");
 * - quantity: total stock of the group ≥ quantity;
 * - search: the search module's matching (api/search, ADR 028: word forms, typos, layout,
 *   synonyms, articles), the same as search/global's, resolved by withSearch before the SQL is built.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ProductListKind } from "../../contract/index";
import { attributeValueCode, coatingCode, colorCode } from "./facet-codes";
import type { Dictionaries, DictCategory } from "./dictionaries";
import type { SearchEngine, TextMatch } from "../search/index";

/** A category resolved from its slug, with the ids of its subtree (itself included). */
export interface ScopeCategory extends DictCategory {
  /** The category and all its descendants. */
  subtree: number[];
}

export interface FilterInput {
  list?: ProductListKind;
  category?: string;
  brands?: readonly string[];
  colors?: readonly string[];
  attrs?: readonly string[];
  coatings?: readonly number[];
  priceFrom?: number;
  priceTo?: number;
  quantity?: number;
  search?: string;
}

/** Filters resolved to ids and facet codes; `selected` keeps what was asked for (facets list it). */
export interface CatalogFilters {
  list?: ProductListKind;
  category?: ScopeCategory;
  /** null = no filter; [] = a filter that matches nothing (unknown values only). */
  brandIds: number[] | null;
  colorCodes: number[] | null;
  coatingCodes: number[] | null;
  /** Attribute slug → codes of the selected values. */
  attrCodes: Map<string, number[]>;
  priceFrom?: number;
  priceTo?: number;
  quantity?: number;
  /** The search text; undefined = no text filter. */
  search?: string;
  /** The text resolved by the search engine (withSearch); required when `search` is set. */
  match?: TextMatch;
  selected: { brands: string[]; colors: string[]; coatings: number[]; attrs: Map<string, string[]> };
}

/** The facets that are left out when counting that facet's own values. */
export type FacetKey = "brand" | "color" | "coating" | "price" | `attr:${string}`;

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** "material:metall" entries → Map(attribute → values); the contract regex guarantees the format. */
export function parseAttrs(attrs: readonly string[] | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of attrs ?? []) {
    const colon = entry.indexOf(":");
    const slug = entry.slice(0, colon);
    const value = entry.slice(colon + 1);
    const values = out.get(slug) ?? [];
    if (!values.includes(value)) values.push(value);
    out.set(slug, values);
  }
  return out;
}

/** Resolves the text filter through the search engine (an async vocabulary lookup, cached). */
export async function withSearch(filters: CatalogFilters, search: SearchEngine): Promise<CatalogFilters> {
  return filters.search === undefined ? filters : { ...filters, match: await search.match(filters.search) };
}

export function toScope(categories: readonly DictCategory[], c: DictCategory): ScopeCategory {
  return { ...c, subtree: categories.filter((s) => s.path.startsWith(c.path)).map((s) => s.id) };
}

/** Resolves the query against the dictionaries. The category must exist (the caller answers 404). */
export function resolveFilters(dict: Dictionaries, query: FilterInput, category: ScopeCategory | undefined): CatalogFilters {
  const brands = unique(query.brands ?? []);
  const colors = unique(query.colors ?? []);
  const coatings = unique(query.coatings ?? []);
  const attrs = parseAttrs(query.attrs);
  const search = query.search?.trim();

  const attrCodes = new Map<string, number[]>();
  for (const [slug, values] of attrs) {
    const attribute = dict.attributes.find((a) => a.slug === slug);
    const codes = attribute
      ? dict.attributeValues.filter((v) => v.attributeId === attribute.id && values.includes(v.slug)).map((v) => attributeValueCode(v.id))
      : [];
    attrCodes.set(slug, codes);
  }
  return {
    list: query.list,
    category,
    brandIds: brands.length ? dict.brands.filter((b) => brands.includes(b.slug)).map((b) => b.id) : null,
    colorCodes: colors.length ? dict.colors.filter((c) => colors.includes(c.slug)).map((c) => colorCode(c.id)) : null,
    coatingCodes: coatings.length ? dict.coatings.filter((c) => coatings.includes(c.id)).map((c) => coatingCode(c.id)) : null,
    attrCodes,
    priceFrom: query.priceFrom,
    priceTo: query.priceTo,
    quantity: query.quantity,
    search: search || undefined,
    selected: { brands, colors, coatings, attrs },
  };
}

/** A JS int array as one PostgreSQL array parameter (drizzle would expand it into a list of params). */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::int[]`;
}

const LIST_FLAG: Record<ProductListKind, SQL | null> = {
  bestoffers: sql`g.is_best_offer`,
  newones: sql`g.is_new`,
  recommended: sql`g.is_recommended`,
  popular: null,
};

/**
 * Category subtree condition. A root uses root_category_id (its own indexes), a leaf
 * category_id; an inner category (none in the demo tree) the subtree id list.
 */
export function categoryCondition(category: ScopeCategory): SQL {
  if (category.parentId === null) return sql`g.root_category_id = ${category.id}`;
  if (category.subtree.length === 1) return sql`g.category_id = ${category.id}`;
  return sql`g.category_id = ANY(${intArray(category.subtree)})`;
}

/** Active + curated list + category: what a listing is "of". */
export function scopeConditions(f: CatalogFilters, category: ScopeCategory | undefined = f.category): SQL[] {
  const out: SQL[] = [sql`g.is_active`];
  const flag = f.list ? LIST_FLAG[f.list] : null;
  if (flag) out.push(flag);
  if (category) out.push(categoryCondition(category));
  return out;
}

/** Quantity and text: filters without a facet of their own, applied everywhere. */
export function fixedConditions(f: CatalogFilters): SQL[] {
  const out: SQL[] = [];
  if (f.quantity !== undefined) out.push(sql`g.total_stock >= ${f.quantity}`);
  if (f.search !== undefined) {
    if (!f.match) throw new Error("The search text must be resolved (withSearch) before building SQL");
    out.push(f.match.where);
  }
  return out;
}

const overlaps = (codes: number[]) => (codes.length ? sql`g.facet_codes && ${intArray(codes)}` : sql`false`);

/** Each facet filter's condition on `g`, keyed by facet. */
export function facetConditions(f: CatalogFilters): Map<FacetKey, SQL> {
  const out = new Map<FacetKey, SQL>();
  if (f.brandIds) out.set("brand", f.brandIds.length ? sql`g.brand_id = ANY(${intArray(f.brandIds)})` : sql`false`);
  if (f.colorCodes) out.set("color", overlaps(f.colorCodes));
  if (f.coatingCodes) out.set("coating", overlaps(f.coatingCodes));
  for (const [slug, codes] of f.attrCodes) out.set(`attr:${slug}`, overlaps(codes));
  const bounds: SQL[] = [];
  if (f.priceFrom !== undefined) bounds.push(sql`g.min_price >= ${f.priceFrom}`);
  if (f.priceTo !== undefined) bounds.push(sql`g.min_price <= ${f.priceTo}`);
  if (bounds.length) out.set("price", sql.join(bounds, sql` AND `));
  return out;
}

export function and(conditions: readonly SQL[]): SQL {
  return conditions.length ? sql.join(conditions.map((c) => sql`(${c})`), sql` AND `) : sql`true`;
}

/** All filters of a listing as one WHERE condition on `g`. */
export function listingWhere(f: CatalogFilters): SQL {
  return and([...scopeConditions(f), ...fixedConditions(f), ...facetConditions(f).values()]);
}
