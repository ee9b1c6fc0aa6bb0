import type { ProductGroup } from "#contract/catalog.ts";
import { defaultVariation, preferredVariation } from "./variant-selection.ts";

/** §9: the fallback product image, a medium default card. */
export const DEFAULT_CARD_IMAGE = "/images/default-card.svg";

/**
 * What a product card needs, and nothing more: loaders map API groups to this before returning,
 * so listings stay small in the HTML and in the hydration data.
 */
export interface ProductCardView {
  /** The product group (§3: favourites are keyed by it). */
  id: number;
  /** The variation the card shows: its picture, price and stock, and the one its link opens. */
  productId: number | null;
  title: string;
  href: string;
  image: string;
  /** The shown variation's price for one item (the product page's price); the group's lowest without variations. */
  price: number;
  /** The group's lowest price when another variation costs less than the shown one, else null. */
  otherPricesFrom: number | null;
  brand: string | null;
  /** Up to six distinct variation colours, the shown one first. */
  colors: { title: string; hex: string }[];
  colorCount: number;
  /** The shown variation is in stock. */
  inStock: boolean;
  badges: ("new" | "best" | "recommended")[];
}

export function productHref(groupId: number, variantId?: number | null): string {
  return variantId ? `/catalog/goods/${groupId}?variant=${variantId}` : `/catalog/goods/${groupId}`;
}

type CardGroup = Pick<ProductGroup, "id" | "title" | "image" | "images" | "minPrice" | "brand" | "products" | "flags">;
type CardProduct = ProductGroup["products"][number];

/** The listing's filters a card follows: its colours and price range. */
export interface CardFilters {
  colors?: readonly string[];
  priceFrom?: number;
  priceTo?: number;
}

/**
 * Which variation a card shows: one matching the listing's colour and price filters (both, else
 * the colour, else the price), the first in stock among them; without filters (or when none
 * matches) the variation the product page opens on by itself (defaultVariation).
 */
export function cardVariation(products: readonly CardProduct[], filters: CardFilters = {}): CardProduct | null {
  const colors = filters.colors?.length ? new Set(filters.colors) : null;
  const { priceFrom, priceTo } = filters;
  const priced = priceFrom !== undefined || priceTo !== undefined;
  const colorOk = (p: CardProduct) => colors !== null && p.color !== null && colors.has(p.color.slug);
  const priceOk = (p: CardProduct) => priced && (priceFrom === undefined || p.price >= priceFrom) && (priceTo === undefined || p.price <= priceTo);
  const preferences: ((p: CardProduct) => boolean)[] = [];
  if (colors && priced) preferences.push((p) => colorOk(p) && priceOk(p));
  if (colors) preferences.push(colorOk);
  if (priced) preferences.push(priceOk);
  return preferredVariation(products, preferences);
}

/**
 * The card of a group. The picture, price and stock line all describe one variation
 * (cardVariation), and the link opens the product page on it: bare when it is the one the page
 * opens on anyway, else with `?variant=`.
 */
export function toCardView(group: CardGroup, filters: CardFilters = {}): ProductCardView {
  const colors = new Map<string, { title: string; hex: string }>();
  for (const product of group.products) {
    if (product.color && !colors.has(product.color.slug)) colors.set(product.color.slug, { title: product.color.title, hex: product.color.hex });
  }
  const shown = cardVariation(group.products, filters);
  const badges: ProductCardView["badges"] = [];
  if (group.flags.isNew) badges.push("new");
  if (group.flags.isBestOffer) badges.push("best");
  if (group.flags.isRecommended) badges.push("recommended");
  const all = [...colors.values()];
  // The shown colour first among the swatches, so the card says which one it shows.
  if (shown?.color) {
    const i = all.findIndex((c) => c.hex === shown.color!.hex && c.title === shown.color!.title);
    if (i > 0) all.unshift(...all.splice(i, 1));
  }
  const price = shown ? shown.price : group.minPrice;
  const lowest = group.products.reduce((min, p) => Math.min(min, p.price), price);
  const opensOn = defaultVariation(group.products);
  return {
    id: group.id,
    productId: shown?.id ?? null,
    title: group.title,
    href: productHref(group.id, shown && shown !== opensOn ? shown.id : null),
    image: shown?.images[0] ?? group.image ?? group.images[0] ?? DEFAULT_CARD_IMAGE,
    price,
    otherPricesFrom: lowest < price ? lowest : null,
    brand: group.brand?.title ?? null,
    colors: all.slice(0, 6),
    colorCount: all.length,
    inStock: shown ? shown.stock > 0 : false,
    badges,
  };
}
