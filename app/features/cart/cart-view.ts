/**
 * What the cart and ordering pages show of a priced cart (contract Cart), and the answer of the
 * pricing action. Browser code: types only from contract/.
 */
import type { Cart, CartLine } from "#contract/cart.ts";
import type { PriceTier } from "#contract/catalog.ts";
import { isLineComplete, type CartIssues, type CoatingVariantsOf, type LocalCartItem, type LocalCoatingLine } from "./cart.ts";

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
  /** The coatings the product takes (contract CartLine.group.coatings); null when the API did not say. */
  coatingIds: number[] | null;
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

/** What a coating definition needs for the line's state: completeness and a title to name it. */
type CoatingOf = CoatingVariantsOf & { title: string };

/**
 * One coating line as the cart page shows it and the summary counts it (one rule for both):
 * - `not-offered`: the product does not take this coating (the product page would not offer it);
 * - `incomplete`: §5 — coating, width, height and, when it has variants, a variant;
 * - `refused`: complete, but the server could not price it (too large, an unknown option…);
 * - `ok`.
 */
export type CoatingLineState =
  | { kind: "ok" }
  | { kind: "incomplete" }
  | { kind: "not-offered"; message: string }
  | { kind: "refused"; message: string };

export function coatingLineState(
  line: LocalCoatingLine,
  coatings: ReadonlyMap<number, CoatingOf>,
  priced: Pick<CartLineView, "coatingIds" | "coatings"> | null,
): CoatingLineState {
  if (line.coating !== null && priced?.coatingIds && !priced.coatingIds.includes(line.coating)) {
    const title = coatings.get(line.coating)?.title;
    return {
      kind: "not-offered",
      message: `${title ? `Нанесение «${title}»` : "Это нанесение"} для этого товара недоступно — выберите другое или удалите его.`,
    };
  }
  if (!isLineComplete(line, coatings)) return { kind: "incomplete" };
  const problems = priced?.coatings.find((c) => c.id === line.id)?.problems ?? [];
  return problems.length > 0 ? { kind: "refused", message: problems.join(" ") } : { kind: "ok" };
}

/**
 * The cart's issues by kind (cart.ts orderingBlock): each coating line's state as its editor
 * shows it, plus the counts being typed that are not valid (`badCounts`, from the page).
 */
export function cartIssues(items: readonly LocalCartItem[], coatings: ReadonlyMap<number, CoatingOf>, view: CartView, badCounts = 0): CartIssues {
  const issues: CartIssues = { incomplete: 0, notOffered: 0, refused: 0, badCounts };
  for (const item of items) {
    const priced = view.lines.find((l) => l.variation === item.variation) ?? null;
    for (const line of item.coatings) {
      const state = coatingLineState(line, coatings, priced);
      if (state.kind === "incomplete") issues.incomplete++;
      else if (state.kind === "not-offered") issues.notOffered++;
      else if (state.kind === "refused") issues.refused++;
    }
  }
  return issues;
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
      coatingIds: line.group.coatings ?? null,
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
