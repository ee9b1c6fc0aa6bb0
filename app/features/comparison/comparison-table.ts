/**
 * The comparison table (§3): one column per product, one row per property, the rows whose values
 * differ marked. Pure, shared by the /comparison/products loader (which builds ComparedProduct from
 * the API) and the page (rows of the chosen category).
 */

/** One compared product (variation), only what the table shows. */
export interface ComparedProduct {
  id: number;
  groupId: number;
  title: string;
  href: string;
  image: string;
  sku: string;
  price: number;
  /** Property title → value (attributes with several values joined). */
  properties: Record<string, string>;
}

export interface ComparisonRow {
  title: string;
  /** One per product, "—" when a product has no value. */
  values: string[];
  /** Values differ between the products (never with one product). */
  differs: boolean;
}

export const NO_VALUE = "—";

/** The properties in the order of their first appearance across the products; none without a value. */
export function comparisonRows(products: readonly ComparedProduct[]): ComparisonRow[] {
  const titles: string[] = [];
  const seen = new Set<string>();
  for (const p of products) {
    for (const title of Object.keys(p.properties)) {
      if (!seen.has(title)) {
        seen.add(title);
        titles.push(title);
      }
    }
  }
  return titles.flatMap((title) => {
    const values = products.map((p) => p.properties[title] || NO_VALUE);
    // A property none of them has says nothing.
    if (values.every((v) => v === NO_VALUE)) return [];
    return [{ title, values, differs: products.length > 1 && new Set(values).size > 1 }];
  });
}
