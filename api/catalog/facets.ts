/**
 * filter/all (§3 "Filter data"): price range, total, category counters and the brand, colour,
 * coating and attribute facets.
 *
 * Standard faceted search: the count of a facet value is the number of groups that match every
 * filter except the facet's own one and have that value — what the listing's countItems becomes
 * when the value is the facet's only selection. Each attribute is its own facet. The price range
 * likewise ignores the price filter itself (so the slider can widen again); {0, 0} when nothing
 * matches. Selected values are always listed, with count 0 when nothing matches.
 *
 * Two engines, same answers (the integration tests compare them):
 * - bitmaps (facet-bitmaps.ts) for every filter but the text search: counts and the price range
 *   are bit operations, about the same cost at 2 000 and at 100 000 groups;
 * - rows otherwise (a text filter, or a scope without bitmaps): the scope is
 *   read once from a covering index (index-only: brand, price, stock and facet codes are INCLUDE
 *   columns), one boolean per facet filter, and every facet is aggregated from that set.
 */
import { sql, type SQL } from "drizzle-orm";
import { searchEngineFor, type SearchEngine } from "../search/index";
import type { AttributeFacet, BrandFacet, CategoryCounter, CoatingFacet, ColorFacet, FilterData } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { ancestorsOf, findCategory, loadDictionaries, type DictCategory, type Dictionaries } from "./dictionaries";
import { bitmapFacetsSql, bitmapScope, bitmapsApply, bitmapTotalSql } from "./facet-bitmaps";
import {
  ATTRIBUTE_VALUE_CODE,
  COATING_CODE,
  attributeValueCode,
  brandCode,
  childCategoryCode,
  decodeFacetCode,
} from "./facet-codes";
import {
  and,
  facetConditions,
  fixedConditions,
  intArray,
  listingWhere,
  resolveFilters,
  scopeConditions,
  toScope,
  withSearch,
  type CatalogFilters,
  type FacetKey,
  type FilterInput,
  type ScopeCategory,
} from "./filters";

/** What either engine computes; `codes` holds facet codes, brand codes and child category codes. */
interface Counts {
  total: number;
  price: { min: number | null; max: number | null };
  codes: Map<number, number>;
  /** Totals of the proper ancestors of the current category (their whole subtrees). */
  ancestors: Map<number, number>;
}

export interface FacetServiceOptions {
  /** The search engine resolving `search` (the same as product/search's); default: the database's. */
  search?: SearchEngine;
  /** "auto" (default): bitmaps when they apply, else rows. The others force one (tests compare them). */
  engine?: "auto" | "bitmaps" | "rows";
}

export function createFacetService(db: Db, options: FacetServiceOptions = {}) {
  const engine = options.engine ?? "auto";
  const search = options.search ?? searchEngineFor(db);
  return {
    async filterAll(query: FilterInput): Promise<FilterData> {
      const dict = await loadDictionaries(db);
      const filters = await withSearch(resolveFilters(dict, query, findCategory(dict, query.category)), search);
      let counts = engine !== "rows" && bitmapsApply(filters) ? await bitmapCounts(db, dict, filters) : null;
      if (!counts && engine === "bitmaps") throw new Error("Facet bitmaps do not apply to these filters or are missing");
      counts ??= await rowCounts(db, dict, filters);
      return assemble(dict, filters, counts);
    },
  };
}

/** Every value code of each filtered attribute: tells an attribute's codes from the others'. */
function attributeCodes(dict: Dictionaries, f: CatalogFilters): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const slug of f.attrCodes.keys()) {
    const attribute = dict.attributes.find((a) => a.slug === slug);
    out.set(slug, attribute ? dict.attributeValues.filter((v) => v.attributeId === attribute.id).map((v) => attributeValueCode(v.id)) : []);
  }
  return out;
}

const properAncestors = (dict: Dictionaries, f: CatalogFilters) =>
  f.category ? ancestorsOf(dict, f.category).filter((a) => a.id !== f.category!.id) : [];

/** Ancestor totals (bitmaps, or rows where an ancestor has none) as a JSON array of [id, n]. */
function ancestorTotalsSql(dict: Dictionaries, f: CatalogFilters, viaBitmaps: boolean): SQL {
  const ancestors = properAncestors(dict, f);
  if (!ancestors.length) return sql`NULL::json`;
  return sql`json_build_array(${sql.join(
    ancestors.map((a) => {
      const scoped: CatalogFilters = { ...f, category: toScope(dict.categories, a) };
      const rows = sql`(SELECT count(*)::int FROM product_groups g WHERE ${listingWhere(scoped)})`;
      const total = viaBitmaps ? sql`COALESCE(${bitmapTotalSql(a.id, scoped)}, ${rows})` : rows;
      return sql`json_build_array(${sql.raw(String(a.id))}, ${total})`;
    }),
    sql`, `,
  )})`;
}

async function bitmapCounts(db: Db, dict: Dictionaries, f: CatalogFilters): Promise<Counts | null> {
  const [row] = await queryRows<{
    f: {
      bitmaps: { total: number; min: number | null; max: number | null; codes: [number, number][] } | null;
      ancestors: [number, number][] | null;
    };
  }>(
    db,
    sql`WITH bf AS (SELECT ${bitmapFacetsSql(bitmapScope(f), f, attributeCodes(dict, f))} AS b)
      SELECT json_build_object(
        'bitmaps', bf.b,
        'ancestors', CASE WHEN bf.b IS NOT NULL THEN ${ancestorTotalsSql(dict, f, true)} END
      ) AS f FROM bf`,
  );
  const { bitmaps, ancestors } = row.f;
  if (!bitmaps) return null;
  const rubles = (kopecks: number | null) => (kopecks === null ? null : Number(kopecks) / 100);
  return {
    total: bitmaps.total,
    price: { min: rubles(bitmaps.min), max: rubles(bitmaps.max) },
    codes: new Map(bitmaps.codes),
    ancestors: new Map(ancestors ?? []),
  };
}

async function rowCounts(db: Db, dict: Dictionaries, f: CatalogFilters): Promise<Counts> {
  const conditions = facetConditions(f);
  const keys = [...conditions.keys()];
  const column = (key: FacetKey) => sql.raw(`f${keys.indexOf(key)}`);
  /** All facet filters but `except` hold for the row `alias`. */
  const passing = (except?: FacetKey, alias = "b") =>
    and(keys.filter((k) => k !== except).map((k) => sql`${sql.raw(alias)}.${column(k)}`));
  const flags = sql.join(keys.map((k) => sql`, ${sql.raw("b")}.${column(k)}`), sql``);

  const base = sql`SELECT g.category_id, g.brand_id, g.min_price, g.facet_codes
      ${sql.join(keys.map((k) => sql`, (${conditions.get(k)!}) AS ${column(k)}`), sql``)}
    FROM product_groups g
    WHERE ${and([...scopeConditions(f), ...fixedConditions(f)])}`;

  // Which facet a code belongs to decides which filter its count leaves out.
  const attributeCases = [...attributeCodes(dict, f)].flatMap(([slug, codes]) =>
    codes.length ? [sql`WHEN u.code = ANY(${intArray(codes)}) THEN ${passing(`attr:${slug}`, "u")}`] : [],
  );
  const codeCondition = sql`CASE
      WHEN u.code < ${sql.raw(String(COATING_CODE))} THEN ${passing(conditions.has("color") ? "color" : undefined, "u")}
      WHEN u.code < ${sql.raw(String(ATTRIBUTE_VALUE_CODE))} THEN ${passing(conditions.has("coating") ? "coating" : undefined, "u")}
      ${sql.join(attributeCases, sql` `)}
      ELSE ${passing(undefined, "u")} END`;
  // Only rows failing at most one filter can count anywhere: skip the rest before unnesting.
  const nearlyPassing =
    keys.length >= 2 ? sql`(${sql.join(keys.map((k) => sql`b.${column(k)}::int`), sql` + `)}) >= ${sql.raw(String(keys.length - 1))}` : sql`true`;

  const [row] = await queryRows<{
    f: {
      total: number;
      price: { min: number | null; max: number | null };
      categories: [number, number][] | null;
      brands: [number, number][] | null;
      codes: [number, number][] | null;
      ancestors: [number, number][] | null;
    };
  }>(
    db,
    sql`WITH base AS MATERIALIZED (${base})
      SELECT json_build_object(
        'total', (SELECT count(*)::int FROM base b WHERE ${passing()}),
        'price', (SELECT json_build_object('min', min(b.min_price), 'max', max(b.min_price)) FROM base b WHERE ${passing("price")}),
        'categories', (SELECT json_agg(json_build_array(x.category_id, x.n)) FROM (
            SELECT b.category_id, count(*)::int AS n FROM base b WHERE ${passing()} GROUP BY b.category_id) x),
        'ancestors', ${ancestorTotalsSql(dict, f, false)},
        'brands', (SELECT json_agg(json_build_array(x.brand_id, x.n)) FROM (
            SELECT b.brand_id, count(*)::int AS n FROM base b
            WHERE b.brand_id IS NOT NULL AND ${passing("brand")} GROUP BY b.brand_id) x),
        'codes', (SELECT json_agg(json_build_array(x.code, x.n)) FROM (
            SELECT u.code, count(*)::int AS n
            FROM (SELECT unnest(b.facet_codes) AS code ${flags} FROM base b WHERE ${nearlyPassing}) u
            WHERE ${codeCondition} GROUP BY u.code) x)
      ) AS f`,
  );
  const r = row.f;
  const codes = new Map<number, number>(r.codes ?? []);
  for (const [brandId, n] of r.brands ?? []) codes.set(brandCode(brandId), n);
  // Per-category counts → the scope's direct children (subtree sums).
  const scopeDepth = f.category ? f.category.depth + 1 : 0;
  const byId = new Map(dict.categories.map((c) => [c.id, c]));
  for (const [categoryId, n] of r.categories ?? []) {
    const path = byId.get(categoryId)?.path;
    const child = path?.split("/").filter(Boolean).map(Number)[scopeDepth];
    if (child !== undefined) codes.set(childCategoryCode(child), (codes.get(childCategoryCode(child)) ?? 0) + n);
  }
  return { total: r.total, price: r.price, codes, ancestors: new Map(r.ancestors ?? []) };
}

function assemble(dict: Dictionaries, filters: CatalogFilters, counts: Counts): FilterData {
  const category: ScopeCategory | undefined = filters.category;
  const selected = filters.selected;
  const byKind = { color: new Map<number, number>(), coating: new Map<number, number>(), attribute: new Map<number, number>(), brand: new Map<number, number>(), category: new Map<number, number>() };
  for (const [code, n] of counts.codes) {
    const decoded = decodeFacetCode(code);
    if (decoded && n > 0) byKind[decoded.kind].set(decoded.id, n);
  }

  const counter = (c: DictCategory, count: number): CategoryCounter => ({ id: c.id, title: c.title, slug: c.slug, parentId: c.parentId, count });
  const categoryAncestorCounters = category
    ? ancestorsOf(dict, category).map((a) => counter(a, a.id === category.id ? counts.total : (counts.ancestors.get(a.id) ?? 0)))
    : [];
  const categories = dict.categories
    .filter((c) => c.parentId === (category?.id ?? null) && byKind.category.has(c.id))
    .map((c) => counter(c, byKind.category.get(c.id)!));

  const brands: BrandFacet[] = dict.brands
    .filter((b) => byKind.brand.has(b.id) || selected.brands.includes(b.slug))
    .map((b) => ({ id: b.id, slug: b.slug, title: b.title, count: byKind.brand.get(b.id) ?? 0 }));
  const colors: ColorFacet[] = dict.colors
    .filter((c) => byKind.color.has(c.id) || selected.colors.includes(c.slug))
    .map((c) => ({ id: c.id, slug: c.slug, title: c.title, hex: c.hex, count: byKind.color.get(c.id) ?? 0 }));
  const coatings: CoatingFacet[] = dict.coatings
    .filter((c) => byKind.coating.has(c.id) || selected.coatings.includes(c.id))
    .map((c) => ({ id: c.id, slug: c.slug, title: c.title, count: byKind.coating.get(c.id) ?? 0 }));

  // Attribute values keep the dictionary order (e.g. capacities ascending, formats A4 → A7).
  const attributes: AttributeFacet[] = [];
  for (const a of dict.attributes) {
    const chosen = selected.attrs.get(a.slug) ?? [];
    if (!a.isFilter && chosen.length === 0) continue;
    const values = dict.attributeValues
      .filter((v) => v.attributeId === a.id && (byKind.attribute.has(v.id) || chosen.includes(v.slug)))
      .map((v) => ({ slug: v.slug, title: v.title, count: byKind.attribute.get(v.id) ?? 0 }));
    if (values.length) attributes.push({ slug: a.slug, title: a.title, values });
  }

  const { min, max } = counts.price;
  return {
    priceRange: min !== null && max !== null ? { min: Number(min), max: Number(max) } : { min: 0, max: 0 },
    total: counts.total,
    categoryAncestorCounters,
    categories,
    brands,
    colors,
    coatings,
    attributes,
  };
}
