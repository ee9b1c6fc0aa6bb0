/**
 * Colour and size selectors of the product page. Variations are addressed by `?variant=<product id>`
 * so every choice is a plain link (works without JavaScript). Browser code: types only from contract/.
 */
import type { Product } from "#contract/catalog.ts";

type Variation = Pick<Product, "id" | "color" | "size" | "stock">;

/**
 * The variation the product page opens on without `?variant=`: the first one in stock, else the
 * first; null when there are none. Product cards use the same rule (card-view.ts), so a card's
 * picture, price and stock describe the variation its link opens.
 */
export function defaultVariation<P extends Pick<Variation, "stock">>(products: readonly P[]): P | null {
  return products.find((p) => p.stock > 0) ?? products[0] ?? null;
}

/**
 * The first variation in stock among those `preferences` accept, trying each preference in turn
 * (the strictest first), else the first accepted one; with none accepted, defaultVariation.
 */
export function preferredVariation<P extends Pick<Variation, "stock">>(products: readonly P[], preferences: readonly ((p: P) => boolean)[]): P | null {
  for (const accepts of preferences) {
    const matching = products.filter(accepts);
    if (matching.length) return defaultVariation(matching);
  }
  return defaultVariation(products);
}

/** The variation named by `?variant=`, else defaultVariation; null when there are none. */
export function selectVariation<P extends Variation>(products: readonly P[], variantParam: string | null | undefined): P | null {
  if (products.length === 0) return null;
  if (variantParam && /^\d{1,15}$/.test(variantParam)) {
    const wanted = Number(variantParam);
    const found = products.find((p) => p.id === wanted);
    if (found) return found;
  }
  return defaultVariation(products);
}

/**
 * The product page's query with `?variant=` in its one spelling, or null when it is so already:
 * none, or once, naming one of `ids` in plain digits. A variation that is not the product's (sold
 * out and gone, junk) is dropped: the page then shows its default variation at its own address;
 * "007" becomes "7". Other parameters (campaign tags) stay. The page cache keys the query, so a
 * page answered for every spelling would be a page stored for every spelling (issue 25).
 */
export function canonicalVariantQuery(search: URLSearchParams, ids: readonly number[]): URLSearchParams | null {
  const values = search.getAll("variant");
  if (values.length === 0) return null;
  const first = values[0]!;
  const id = /^\d{1,15}$/.test(first) ? Number(first) : Number.NaN;
  const known = ids.includes(id);
  if (values.length === 1 && known && String(id) === first) return null;
  const next = new URLSearchParams(search);
  next.delete("variant");
  if (known) next.set("variant", String(id));
  return next;
}

export interface ColorChoice {
  slug: string;
  title: string;
  hex: string;
  /** The variation this swatch links to: same size as the current one when it exists in this colour. */
  productId: number;
  selected: boolean;
  inStock: boolean;
}

export interface SizeChoice {
  size: string;
  productId: number;
  selected: boolean;
  inStock: boolean;
}

export interface VariationChoices {
  colors: ColorChoice[];
  sizes: SizeChoice[];
}

const colorKey = (p: Variation) => p.color?.slug ?? "";

/**
 * The swatches (one per colour, first-seen order) and the sizes offered in the current colour.
 * A selector with a single choice is left empty: there is nothing to choose.
 */
export function variationChoices<P extends Variation>(products: readonly P[], current: P | null): VariationChoices {
  if (!current) return { colors: [], sizes: [] };
  const byColor = new Map<string, P[]>();
  for (const p of products) {
    if (!p.color) continue;
    const list = byColor.get(p.color.slug);
    if (list) list.push(p);
    else byColor.set(p.color.slug, [p]);
  }
  const colors: ColorChoice[] = [];
  for (const [slug, list] of byColor) {
    const target = list.find((p) => p.size === current.size && p.stock > 0) ?? list.find((p) => p.size === current.size) ?? list.find((p) => p.stock > 0) ?? list[0];
    colors.push({
      slug,
      title: list[0].color!.title,
      hex: list[0].color!.hex,
      productId: target.id,
      selected: slug === colorKey(current),
      inStock: list.some((p) => p.stock > 0),
    });
  }
  const sizes: SizeChoice[] = [];
  const seen = new Set<string>();
  for (const p of products) {
    if (p.size === null || colorKey(p) !== colorKey(current) || seen.has(p.size)) continue;
    seen.add(p.size);
    sizes.push({ size: p.size, productId: p.size === current.size ? current.id : p.id, selected: p.size === current.size, inStock: p.stock > 0 });
  }
  return { colors: colors.length > 1 ? colors : [], sizes: sizes.length > 1 ? sizes : [] };
}
