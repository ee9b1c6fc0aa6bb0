import type { ProductGroup } from "#contract/catalog.ts";

/** §9: the fallback product image, a medium default card. */
export const DEFAULT_CARD_IMAGE = "/images/default-card.svg";

/**
 * What a product card needs, and nothing more: loaders map API groups to this before returning,
 * so listings stay small in the HTML and in the hydration data.
 */
export interface ProductCardView {
  id: number;
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

export function productHref(groupId: number): string {
  return `/catalog/goods/${groupId}`;
}

export function toCardView(group: Pick<ProductGroup, "id" | "title" | "image" | "images" | "minPrice" | "brand" | "products" | "flags">): ProductCardView {
  const colors = new Map<string, { title: string; hex: string }>();
  let stock = 0;
  for (const product of group.products) {
    stock += product.stock;
    if (product.color && !colors.has(product.color.slug)) colors.set(product.color.slug, { title: product.color.title, hex: product.color.hex });
  }
  const badges: ProductCardView["badges"] = [];
  if (group.flags.isNew) badges.push("new");
  if (group.flags.isBestOffer) badges.push("best");
  if (group.flags.isRecommended) badges.push("recommended");
  const all = [...colors.values()];
  return {
    id: group.id,
    title: group.title,
    href: productHref(group.id),
    image: group.image ?? group.images[0] ?? DEFAULT_CARD_IMAGE,
    minPrice: group.minPrice,
    brand: group.brand?.title ?? null,
    colors: all.slice(0, 6),
    colorCount: all.length,
    inStock: stock > 0,
    badges,
  };
}
