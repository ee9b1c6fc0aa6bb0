/**
 * What the cart and ordering pages show of a priced cart (contract Cart), and the answer of the
 * pricing action. Browser code: types only from contract/.
 */
import type { Cart, CartLine } from "#contract/cart.ts";
import type { PriceTier } from "#contract/catalog.ts";

export interface CartLineView {
  variation: number;
  count: number;
  groupId: number;
  title: string;
  image: string | null;
  sku: string;
  color: { title: string; hex: string } | null;
  size: string | null;
  /** Per item, the tier `count` reached. */
  unitPrice: number;
  /** The tier reached (minQty), null when the product has no tiers. */
  tierFrom: number | null;
  /** The next tier, to say how many more items make each cheaper. */
  nextTier: PriceTier | null;
  itemsPrice: number;
  printPrice: number;
  price: number;
  /** Grams. */
  weight: number;
  /** Count above the stock: the rest is made to order (contract CartLine.stockNote, ADR 025). */
  stockNote: string | null;
  coatings: { id: string; title: string; variantTitle: string | null; width: number; height: number; options: string[]; price: number; problems: string[] }[];
}

export interface CartView {
  lines: CartLineView[];
  itemsPrice: number;
  printPrice: number;
  price: number;
  totalCount: number;
  /** Grams. */
  weight: number;
}

export const EMPTY_CART_VIEW: CartView = { lines: [], itemsPrice: 0, printPrice: 0, price: 0, totalCount: 0, weight: 0 };

/** Coating lines the server could not price (cart/unauth `problems`): ordering waits for them (§5). */
export function coatingProblemCount(view: CartView): number {
  return view.lines.reduce((n, l) => n + l.coatings.filter((c) => c.problems.length > 0).length, 0);
}

/** The pricing action's answer. */
export interface CartPriceAnswer {
  intent: "price";
  /** The key the page sent: the answer is shown only while the cart still has those lines. */
  key: string;
  /** §8: on an error, zeros (EMPTY_CART) and the message. */
  cart: CartView;
  error: string | null;
  /** Variations that are gone (§4): the page drops them from tmg_cart and says so. */
  unavailable: { variation: number }[];
}

function tierOf(line: Pick<CartLine, "count" | "product">): { tierFrom: number | null; nextTier: PriceTier | null } {
  const tiers = [...line.product.priceTiers].sort((a, b) => a.minQty - b.minQty);
  let reached: PriceTier | null = null;
  for (const tier of tiers) if (tier.minQty <= line.count) reached = tier;
  const next = tiers.find((t) => t.minQty > line.count && (!reached || t.price < reached.price)) ?? null;
  return { tierFrom: tiers.length > 1 && reached ? reached.minQty : null, nextTier: next };
}

export function toCartView(cart: Cart): CartView {
  return {
    lines: cart.cartItems.map((line) => ({
      variation: line.variation,
      count: line.count,
      groupId: line.group.id,
      title: line.group.title || line.product.title,
      image: line.product.images[0] ?? line.group.image ?? null,
      sku: line.product.sku,
      color: line.product.color ? { title: line.product.color.title, hex: line.product.color.hex } : null,
      size: line.product.size,
      unitPrice: line.unitPrice,
      ...tierOf(line),
      itemsPrice: line.itemsPrice,
      printPrice: line.printPrice,
      price: line.price,
      weight: line.weight,
      stockNote: line.stockNote ?? null,
      coatings: line.coatings.map((c) => ({
        id: c.id,
        title: c.coatingTitle,
        variantTitle: c.variantTitle,
        width: c.width,
        height: c.height,
        options: c.options,
        price: c.price,
        problems: c.problems.map((p) => p.message),
      })),
    })),
    itemsPrice: cart.itemsPrice,
    printPrice: cart.printPrice,
    price: cart.price,
    totalCount: cart.totalCount,
    weight: cart.weight,
  };
}

/** "1,25 кг" from grams. */
export function formatWeight(grams: number): string {
  const kg = Math.round(Math.max(0, grams) / 10) / 100;
  return `${String(kg).replace(".", ",")}\u00a0кг`;
}

/** A short stable key of a string (FNV-1a, 32 bits, hex): which lines an answer priced. */
export function linesKey(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16)}-${value.length}`;
}
