/**
 * Facet codes: a product group's facet membership as one sorted int[] (product_groups.facet_codes),
 * so a colour / coating / attribute filter is `facet_codes && '{…}'` and facet counts are one
 * `unnest(facet_codes)` — both evaluated on the INCLUDE columns of the covering listing indexes
 * (migration 0003), without joins or heap visits.
 *
 *   colour c           → 1 000 000 + colors.id       (any variation of the group has it)
 *   coating k          → 2 000 000 + coatings.id     (product_group_coatings)
 *   attribute value v  → 3 000 000 + attribute_values.id
 *
 * Writers of products, product_group_coatings or product_group_attributes call
 * refreshCatalogFacets (refresh.ts); the seed computes the same codes while generating.
 */

export const COLOR_CODE = 1_000_000;
export const COATING_CODE = 2_000_000;
export const ATTRIBUTE_VALUE_CODE = 3_000_000;
/** The codes below are not stored in facet_codes; only the facet bitmaps (facet-bitmaps.ts) use them. */
export const BRAND_CODE = 4_000_000;
/** Every active group of a bitmap scope. */
export const SCOPE_CODE = 5_000_000;
export const LIST_CODE = { bestoffers: 5_000_001, newones: 5_000_002, recommended: 5_000_003 } as const;
/** Direct child category of a bitmap scope (the sidebar counters). */
export const CHILD_CATEGORY_CODE = 6_000_000;
/** Bit slices (facet_bsi_* SQL functions): + i = bit i of the card price in kopecks / of the total stock. */
export const PRICE_SLICE_CODE = 7_000_000;
export const STOCK_SLICE_CODE = 8_000_000;
const CODE_RANGE = 1_000_000;

export const colorCode = (colorId: number) => COLOR_CODE + colorId;
export const coatingCode = (coatingId: number) => COATING_CODE + coatingId;
export const attributeValueCode = (attributeValueId: number) => ATTRIBUTE_VALUE_CODE + attributeValueId;
export const brandCode = (brandId: number) => BRAND_CODE + brandId;
export const childCategoryCode = (categoryId: number) => CHILD_CATEGORY_CODE + categoryId;

export type FacetCodeKind = "color" | "coating" | "attribute" | "brand" | "category";

const KINDS: [number, FacetCodeKind][] = [
  [COLOR_CODE, "color"],
  [COATING_CODE, "coating"],
  [ATTRIBUTE_VALUE_CODE, "attribute"],
  [BRAND_CODE, "brand"],
  [CHILD_CATEGORY_CODE, "category"],
];

export function decodeFacetCode(code: number): { kind: FacetCodeKind; id: number } | null {
  for (const [base, kind] of KINDS) if (code > base && code < base + CODE_RANGE) return { kind, id: code - base };
  return null;
}

/** Sorted, without duplicates: the stored form. */
export function facetCodes(colorIds: readonly number[], coatingIds: readonly number[], attributeValueIds: readonly number[]): number[] {
  const codes = new Set([...colorIds.map(colorCode), ...coatingIds.map(coatingCode), ...attributeValueIds.map(attributeValueCode)]);
  return [...codes].sort((a, b) => a - b);
}
