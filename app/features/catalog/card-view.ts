import type { ProductGroup } from "#contract/catalog.ts";

/** §9: the fallback product image, a medium default card. */
export const DEFAULT_CARD_IMAGE = "/images/default-card.svg";

/**
 * What a product card needs, and nothing more: loaders map API groups to this before returning,
 * so listings stay small in the HTML and in the hydration data.
 */
export interface ProductCardView {
  /** The product group (§3: favourites are keyed by it). */
  id: number;
  /** The variation the card shows (the default one, or the one matching a colour filter). */
  productId: number | null;
  title: string;
  href: string;
  image: string;
  minPrice: number;
  brand: string | null;
  /** Up to six distinct variation colours. */
  colors: { title: string; hex: string }[];
  colorCount: number;
  inStock: boolean;
  badges: ("new" | "best" | "recommended")[];
}

export function productHref(groupId: number, variantId?: number | null): string {
  return variantId ? `/catalog/goods/${groupId}?variant=${variantId}` : `/catalog/goods/${groupId}`;
}

type CardGroup = Pick<ProductGroup, "id" | "title" | "image" | "images" | "minPrice" | "brand" | "products" | "flags">;

/**
 * The card of a group. With `colors` (the listing's colour filter), the card shows the first
 * variation of one of those colours: its picture, and a link that opens the product on it.
 */
export function toCardView(group: CardGroup, options: { colors?: readonly string[] } = {}): ProductCardView {
  const colors = new Map<string, { title: string; hex: string }>();
  let stock = 0;
  for (const product of group.products) {
    stock += product.stock;
    if (product.color && !colors.has(product.color.slug)) colors.set(product.color.slug, { title: product.color.title, hex: product.color.hex });
  }
  const wanted = options.colors?.length ? new Set(options.colors) : null;
  const matching = wanted ? group.products.find((p) => p.color && wanted.has(p.color.slug)) : undefined;
  const badges: ProductCardView["badges"] = [];
  if (group.flags.isNew) badges.push("new");
  if (group.flags.isBestOffer) badges.push("best");
  if (group.flags.isRecommended) badges.push("recommended");
  const all = [...colors.values()];
  // The matching colour first among the swatches, so the card says which one it shows.
  if (matching?.color) {
    const i = all.findIndex((c) => c.hex === matching.color!.hex && c.title === matching.color!.title);
    if (i > 0) all.unshift(...all.splice(i, 1));
  }
  return {
    id: group.id,
    productId: matching?.id ?? group.products[0]?.id ?? null,
    title: group.title,
    href: productHref(group.id, matching?.id),
    image: matching?.images[0] ?? group.image ?? group.images[0] ?? DEFAULT_CARD_IMAGE,
    minPrice: matching ? matching.price : group.minPrice,
    brand: group.brand?.title ?? null,
    colors: all.slice(0, 6),
    colorCount: all.length,
    inStock: matching ? matching.stock > 0 : stock > 0,
    badges,
  };
}
