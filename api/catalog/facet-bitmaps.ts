/**
 * Facet bitmaps: a bitmap index of the catalogue kept in PostgreSQL (table facet_bitmaps).
 *
 * For every scope — 0 = the whole catalogue, a category with its subtree (its id), or a curated
 * list across the catalogue (LIST_SCOPE, negative) — the active groups of the scope are numbered
 * in id order, and every facet code present in the scope gets a
 * bit string with one bit per group (facet-codes.ts: colours, coatings, attribute values, brands,
 * curated lists, direct child categories, plus SCOPE_CODE = all groups of the scope). Then
 *
 *   filter bits  = bit_or(bitmaps of the selected values)            (OR within a facet)
 *   matching     = scope & list & filter₁ & filter₂ & …                (AND across facets)
 *   total        = bit_count(matching)
 *   facet count  = bit_count(value bitmap & all filters but the value's own facet)
 *
 * The card price (kopecks) and the total stock are kept as bit slices (a bit-sliced index: slice
 * i = groups whose value has bit i set), so `priceFrom`/`priceTo`/`quantity` become bitmaps too
 * (SQL function facet_bsi_ge, migration 0005) and the price range is facet_bsi_min/max over the
 * matching bitmap. Everything is a few hundred ANDs of short bit strings (a 6 000-group category
 * is 750 bytes per bitmap), so totals and facets cost about the same at 2 000 and 100 000 groups.
 * Only the text filter needs rows (facets.ts counts rows then, and for a scope without bitmaps).
 *
 * The bitmaps are derived data, rebuilt as a whole by rebuildFacetBitmaps (the seed, and
 * refreshCatalogFacets after catalogue writes), like an index; answers never load groups.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import {
  ATTRIBUTE_VALUE_CODE,
  BRAND_CODE,
  CHILD_CATEGORY_CODE,
  COATING_CODE,
  LIST_CODE,
  PRICE_SLICE_CODE,
  SCOPE_CODE,
  STOCK_SLICE_CODE,
  brandCode,
  childCategoryCode,
} from "./facet-codes";
import { intArray, type CatalogFilters, type FacetKey } from "./filters";

type Exec = Pick<Db, "execute">;

/**
 * Curated lists are scopes of their own: a list page's facets then AND bitmaps with one bit per
 * group of the list (a few thousand bits at 100k groups) instead of one per group of the whole
 * catalogue (100 000 bits), the heaviest SQL of the catalogue otherwise (ADR 017).
 */
export const LIST_SCOPE = { bestoffers: -1, newones: -2, recommended: -3 } as const satisfies Record<keyof typeof LIST_CODE, number>;
/** Each list scope with the group flag that puts a group in it. */
const LIST_FLAGS = [
  [LIST_SCOPE.bestoffers, "best"],
  [LIST_SCOPE.newones, "new"],
  [LIST_SCOPE.recommended, "rec"],
] as const;

/** Groups read per round trip while building (memory stays flat at 100k groups). */
const READ_CHUNK = 20_000;
/** Bitmaps written per INSERT. */
const WRITE_CHUNK = 200;

interface GroupRow {
  id: number;
  path: string;
  brand_id: number | null;
  best: boolean;
  new: boolean;
  rec: boolean;
  codes: number[] | string;
  /** Card price in kopecks. */
  price: number;
  stock: number;
}

/** Rebuilds every bitmap from product_groups (active groups only). Run inside the writer's transaction. */
export async function rebuildFacetBitmaps(db: Exec): Promise<{ scopes: number; bitmaps: number }> {
  // Scope sizes first: every scope's bit strings have one length.
  const sizes = new Map<number, number>([[0, 0]]);
  const paths = await queryRows<{ path: string; n: number; best: number; new: number; rec: number }>(
    db,
    sql`SELECT c.path, count(*)::int AS n, count(*) FILTER (WHERE g.is_best_offer)::int AS best,
          count(*) FILTER (WHERE g.is_new)::int AS new, count(*) FILTER (WHERE g.is_recommended)::int AS rec
        FROM product_groups g JOIN categories c ON c.id = g.category_id
        WHERE g.is_active GROUP BY c.path`,
  );
  const grow = (scope: number, n: number) => sizes.set(scope, (sizes.get(scope) ?? 0) + Number(n));
  for (const row of paths) {
    for (const scope of [0, ...pathIds(row.path)]) grow(scope, row.n);
    for (const [scope, flag] of LIST_FLAGS) grow(scope, row[flag]);
  }

  const bitmaps = new Map<number, Map<number, Uint8Array>>();
  const position = new Map<number, number>();
  /** Per scope, how many slices each bit-sliced value needs (bit length of its largest value). */
  const sliceCount = new Map<number, { price: number; stock: number }>();
  const bitmap = (scope: number, code: number) => {
    let codes = bitmaps.get(scope);
    if (!codes) bitmaps.set(scope, (codes = new Map()));
    let bits = codes.get(code);
    if (!bits) codes.set(code, (bits = new Uint8Array(Math.ceil(sizes.get(scope)! / 8))));
    return bits;
  };
  const set = (scope: number, code: number, at: number) => {
    bitmap(scope, code)[at >> 3] |= 0x80 >> (at & 7);
  };
  const setSlices = (scope: number, base: number, value: number, at: number) => {
    for (let bit = 0, v = value; v > 0; bit++, v = Math.floor(v / 2)) if (v % 2 === 1) set(scope, base + bit, at);
  };

  for (let after = 0; ; ) {
    const rows = await queryRows<GroupRow>(
      db,
      sql`SELECT g.id, c.path, g.brand_id, g.is_best_offer AS best, g.is_new AS new, g.is_recommended AS rec,
            g.facet_codes AS codes, round(g.min_price * 100)::float8 AS price, g.total_stock AS stock
          FROM product_groups g JOIN categories c ON c.id = g.category_id
          WHERE g.is_active AND g.id > ${after} ORDER BY g.id LIMIT ${READ_CHUNK}`,
    );
    for (const row of rows) {
      const chain = pathIds(row.path);
      const price = Math.max(0, Number(row.price));
      const stock = Math.max(0, Number(row.stock));
      // Each scope with the depth of its direct child on the way to the group's category: the
      // catalogue and the curated lists start at the top-level category.
      const scopes: [scope: number, depth: number][] = [[0, 0], ...chain.map((id, i): [number, number] => [id, i + 1])];
      for (const [scope, flag] of LIST_FLAGS) if (row[flag]) scopes.push([scope, 0]);
      for (const [scope, depth] of scopes) {
        const at = position.get(scope) ?? 0;
        position.set(scope, at + 1);
        set(scope, SCOPE_CODE, at);
        if (row.brand_id !== null) set(scope, brandCode(row.brand_id), at);
        if (row.best) set(scope, LIST_CODE.bestoffers, at);
        if (row.new) set(scope, LIST_CODE.newones, at);
        if (row.rec) set(scope, LIST_CODE.recommended, at);
        for (const code of parseCodes(row.codes)) set(scope, code, at);
        // The scope's direct child on the way to the group's category (none for the category itself).
        if (depth < chain.length) set(scope, childCategoryCode(chain[depth]), at);
        setSlices(scope, PRICE_SLICE_CODE, price, at);
        setSlices(scope, STOCK_SLICE_CODE, stock, at);
        const slices = sliceCount.get(scope) ?? { price: 0, stock: 0 };
        slices.price = Math.max(slices.price, bitLength(price));
        slices.stock = Math.max(slices.stock, bitLength(stock));
        sliceCount.set(scope, slices);
      }
    }
    if (rows.length < READ_CHUNK) break;
    after = rows[rows.length - 1].id;
  }
  // facet_bsi_* need every slice below the top one, zeros included; slice 0 always exists (the
  // queries take a scope without it for one built before slices existed, and count rows).
  for (const [scope, slices] of sliceCount) {
    for (let bit = 0; bit < Math.max(1, slices.price); bit++) bitmap(scope, PRICE_SLICE_CODE + bit);
    for (let bit = 0; bit < Math.max(1, slices.stock); bit++) bitmap(scope, STOCK_SLICE_CODE + bit);
  }

  await db.execute(sql`DELETE FROM facet_bitmaps`);
  const out: { scope_id: number; code: number; bits: string }[] = [];
  for (const [scope, codes] of bitmaps) {
    for (const [code, bits] of codes) out.push({ scope_id: scope, code, bits: `x${Buffer.from(bits).toString("hex")}` });
  }
  for (let i = 0; i < out.length; i += WRITE_CHUNK) {
    await db.execute(
      sql`INSERT INTO facet_bitmaps (scope_id, code, bits)
          SELECT scope_id, code, bits FROM json_populate_recordset(NULL::facet_bitmaps, ${JSON.stringify(out.slice(i, i + WRITE_CHUNK))}::json)`,
    );
  }
  return { scopes: bitmaps.size, bitmaps: out.length };
}

function bitLength(value: number): number {
  return value > 0 ? Math.floor(Math.log2(value)) + 1 : 0;
}

/** "/1/5/" → [1, 5] */
function pathIds(path: string): number[] {
  return path.split("/").filter(Boolean).map(Number);
}

/** node-postgres parses int[]; PGlite too, but a text form ("{1,2}") is accepted as well. */
function parseCodes(codes: number[] | string): number[] {
  if (Array.isArray(codes)) return codes.map(Number);
  return codes.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

/** Bitmaps answer every filter but the text search. */
export function bitmapsApply(f: CatalogFilters): boolean {
  return f.search === undefined;
}

/**
 * The scope of a listing in the bitmap table: the category, else the curated list, else 0 for the
 * whole catalogue. A list inside a category stays in the category's scope (its list bitmap narrows
 * the base), and so does a list scope's own list bitmap (all ones there).
 */
export function bitmapScope(f: CatalogFilters): number {
  if (f.category) return f.category.id;
  return f.list && f.list !== "popular" ? LIST_SCOPE[f.list] : 0;
}

/** Inclusive ruble bounds → kopeck bounds (prices are stored with kopecks). */
const kopecksFrom = (rubles: number) => Math.ceil(Number((rubles * 100).toFixed(6)));
const kopecksTo = (rubles: number) => Math.floor(Number((rubles * 100).toFixed(6)));

/**
 * The bitmap CTEs of one scope: `p` has `p_all` (every filter) and `p<i>` (every filter but the
 * i-th of `filters`). Missing value bitmaps count as all zeros; a scope without bitmaps yields no
 * `p` row, so every scalar built on it is NULL.
 */
function bitmapCtes(scope: number, f: CatalogFilters, forFacets: boolean): { ctes: SQL; filters: { key: FacetKey; column: SQL }[] } {
  const selections: { key: FacetKey; bits: SQL }[] = [];
  const anyOf = (codes: number[]) => sql`COALESCE((SELECT bit_or(bm.bits) FROM bm WHERE bm.code = ANY(${intArray(codes)})), z.zero)`;
  if (f.brandIds) selections.push({ key: "brand", bits: anyOf(f.brandIds.map(brandCode)) });
  if (f.colorCodes) selections.push({ key: "color", bits: anyOf(f.colorCodes) });
  if (f.coatingCodes) selections.push({ key: "coating", bits: anyOf(f.coatingCodes) });
  for (const [slug, codes] of f.attrCodes) selections.push({ key: `attr:${slug}`, bits: anyOf(codes) });
  if (f.priceFrom !== undefined || f.priceTo !== undefined) {
    const parts: SQL[] = [sql`z.one`];
    if (f.priceFrom !== undefined) parts.push(sql`facet_bsi_ge(s.price, ${kopecksFrom(f.priceFrom)}, z.one)`);
    if (f.priceTo !== undefined) parts.push(sql`~facet_bsi_ge(s.price, ${kopecksTo(f.priceTo) + 1}, z.one)`);
    selections.push({ key: "price", bits: sql.join(parts, sql` & `) });
  }

  // Curated list and quantity narrow the base (they have no facet of their own).
  const base: SQL[] = [sql`z.one`];
  if (f.list && f.list !== "popular") base.push(sql`COALESCE((SELECT bm.bits FROM bm WHERE bm.code = ${sql.raw(String(LIST_CODE[f.list]))}), z.zero)`);
  if (f.quantity !== undefined) base.push(sql`facet_bsi_ge(s.stock, ${f.quantity}, z.one)`);

  const columns = selections.map((_, i) => sql.raw(`f${i}`));
  const and = (cols: SQL[]) => sql.join([sql`f.base`, ...cols], sql` & `);
  const excepts = forFacets ? selections.map((_, i) => sql`, ${and(columns.filter((_, j) => j !== i))} AS ${sql.raw(`p${i}`)}`) : [];
  // A total needs only the scope, the list, the selected values and the slices in use (slice 0
  // of each always: z checks it); facets need every bitmap of the scope.
  const needed = [SCOPE_CODE, PRICE_SLICE_CODE, STOCK_SLICE_CODE, ...(f.brandIds ?? []).map(brandCode)];
  if (f.list && f.list !== "popular") needed.push(LIST_CODE[f.list]);
  needed.push(...(f.colorCodes ?? []), ...(f.coatingCodes ?? []), ...[...f.attrCodes.values()].flat());
  const sliceRange = (from: number) => sql`OR code BETWEEN ${sql.raw(String(from))} AND ${sql.raw(String(from + 63))}`;
  const only = forFacets
    ? sql``
    : sql`AND (code = ANY(${intArray(needed)})
          ${f.priceFrom !== undefined || f.priceTo !== undefined ? sliceRange(PRICE_SLICE_CODE) : sql``}
          ${f.quantity !== undefined ? sliceRange(STOCK_SLICE_CODE) : sql``})`;
  const slices = (from: number) =>
    sql`ARRAY(SELECT bm.bits FROM bm WHERE bm.code >= ${sql.raw(String(from))} AND bm.code < ${sql.raw(String(from + 64))} ORDER BY bm.code)`;
  return {
    filters: selections.map((selection, i) => ({ key: selection.key, column: sql.raw(`p.p${i}`) })),
    ctes: sql`bm AS MATERIALIZED (SELECT code, bits || B'' AS bits FROM facet_bitmaps WHERE scope_id = ${sql.raw(String(scope))} ${only}),
      z AS (SELECT bits AS one, bits # bits AS zero FROM bm WHERE code = ${sql.raw(String(SCOPE_CODE))}
              AND EXISTS (SELECT 1 FROM bm WHERE code = ${sql.raw(String(PRICE_SLICE_CODE))})
              AND EXISTS (SELECT 1 FROM bm WHERE code = ${sql.raw(String(STOCK_SLICE_CODE))})),
      s AS (SELECT ${slices(PRICE_SLICE_CODE)} AS price, ${slices(STOCK_SLICE_CODE)} AS stock),
      f AS (SELECT ${sql.join(base, sql` & `)} AS base
              ${sql.join(selections.map((selection, i) => sql`, ${selection.bits} AS ${columns[i]}`), sql``)}
            FROM z, s),
      p AS (SELECT ${and(columns)} AS p_all ${sql.join(excepts, sql``)} FROM f)`,
  };
}

/** Scalar SQL: the number of groups matching the filters in the scope; NULL without bitmaps. */
export function bitmapTotalSql(scope: number, f: CatalogFilters): SQL {
  const { ctes } = bitmapCtes(scope, f, false);
  return sql`(WITH ${ctes} SELECT bit_count(p.p_all)::int FROM p)`;
}

/**
 * Scalar SQL: JSON `{ total, min, max, codes: [[code, count], …] }` for the scope — every code's
 * count with all filters but its own facet's (attribute codes by attribute), and the price
 * bounds (kopecks) of the groups matching all filters but the price; NULL without bitmaps.
 * `attributeCodes` lists every value code of each filtered attribute (to tell attributes apart).
 */
export function bitmapFacetsSql(scope: number, f: CatalogFilters, attributeCodes: Map<string, number[]>): SQL {
  const { ctes, filters } = bitmapCtes(scope, f, true);
  const except = (key: FacetKey) => filters.find((x) => x.key === key)?.column ?? sql`p.p_all`;
  const attributeCases = filters.flatMap(({ key }) => {
    if (!key.startsWith("attr:")) return [];
    const codes = attributeCodes.get(key.slice(5)) ?? [];
    return codes.length ? [sql`WHEN bm.code = ANY(${intArray(codes)}) THEN ${except(key)}`] : [];
  });
  const code = (value: number) => sql.raw(String(value));
  const mask = sql`CASE
      WHEN bm.code < ${code(COATING_CODE)} THEN ${except("color")}
      WHEN bm.code < ${code(ATTRIBUTE_VALUE_CODE)} THEN ${except("coating")}
      ${sql.join(attributeCases, sql` `)}
      WHEN bm.code BETWEEN ${code(BRAND_CODE)} AND ${code(SCOPE_CODE - 1)} THEN ${except("brand")}
      ELSE p.p_all END`;
  // Counted: colours, coatings, attribute values, brands and child categories (not the scope,
  // lists or slices).
  return sql`(WITH ${ctes},
      counts AS MATERIALIZED (SELECT bm.code, bit_count(bm.bits & ${mask})::int AS n FROM bm, p
                 WHERE bm.code < ${code(SCOPE_CODE)} OR bm.code BETWEEN ${code(CHILD_CATEGORY_CODE)} AND ${code(PRICE_SLICE_CODE - 1)})
    SELECT json_build_object(
      'total', bit_count(p.p_all)::int,
      'min', facet_bsi_min(s.price, ${except("price")}),
      'max', facet_bsi_max(s.price, ${except("price")}),
      'codes', (SELECT COALESCE(json_agg(json_build_array(code, n)), '[]'::json) FROM counts WHERE n > 0))
    FROM p, s)`;
}
