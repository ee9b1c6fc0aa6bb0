/**
 * Cart pricing: one service for cart/unauth and order/create_unauth, so an order is always priced
 * exactly as the cart page showed it, from the database, never from prices the client sent.
 *
 * One round trip per cart, whatever its size: the variations (with colour, price tiers, their
 * group and the coatings the group accepts) and the coatings the lines name (with variants and
 * options) are read as JSON by one statement, every lookup by primary key or an index starting
 * with the key. So the cost follows the number of lines, not the size of the catalogue.
 *
 * Per line (contract CartLine):
 *   unitPrice  = price of the highest tier whose minQty ≤ count (the variation's price below the
 *                first tier or without tiers)
 *   itemsPrice = unitPrice × count
 *   printPrice = Σ coating lines, each priced by catalog/pricing.ts (coating/recalculate's rules)
 *                for `count` items
 *   price      = itemsPrice + printPrice;  weight = grams × count
 * Every step is rounded to kopecks (roundMoney).
 *
 * Decision (§5, documented in contract PricedCoatingLine): a coating line that is not complete
 * (a coating with variants and no variant), names an unknown variant, option or coating, exceeds
 * the coating's print area or is not offered for the product is NOT a reason to fail pricing the
 * cart: §8 resets the cart page to zeros on any cart call error, so one unfinished line would hide
 * the whole cart. It comes back with `problems`, priced 0, outside printPrice. The same problems,
 * with full field paths (`variations.N.coatings.M.variant`), are handed to the caller: the order
 * refuses them (api/order/service.ts).
 *
 * Variations that do not exist or whose group is out of sale (not active) are listed in
 * `unavailableVariations` and not priced.
 */
import { sql } from "drizzle-orm";
import type { Cart, CartCoatingLine, CartLine, Coating, CoatingLineProblem, PricedCoatingLine, Product } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import type { FieldError } from "../http/errors";
import { COATING_JSON, COATING_NOT_FOUND } from "../catalog/coatings";
import { intArray } from "../catalog/filters";
import { PRODUCT_JSON } from "../catalog/groups";
import { priceCoatingLine, roundMoney, validateCoatingLine } from "../catalog/pricing";

/** A cart line as the contract parses it (CartItemInput output). */
export interface PricingItem {
  variation: number;
  count: number;
  comment: string | null;
  coatings: CartCoatingLine[];
}

export interface PricedCart {
  cart: Cart;
  /**
   * Coating lines that could not be priced, with their full field path in the request
   * (`variations.N.coatings.M.<field>`, N and M the positions as sent).
   */
  problems: FieldError[];
}

export const COATING_NOT_OFFERED = "Это нанесение недоступно для выбранного товара";

interface LineRow {
  /** 1-based position in the request. */
  ord: number;
  product: Product;
  group: CartLine["group"];
  /** Coating ids the variation's group accepts. */
  accepts: number[];
}

/** The tier reached by `count`: tiers are ascending by minQty; below the first (or none) the variation's price. */
export function unitPriceFor(product: Pick<Product, "price" | "priceTiers">, count: number): number {
  let price = product.price;
  for (const tier of product.priceTiers) {
    if (tier.minQty <= count) price = tier.price;
    else break;
  }
  return price;
}

function priceCoatings(
  lines: readonly CartCoatingLine[],
  count: number,
  accepts: ReadonlySet<number>,
  coatings: ReadonlyMap<number, Coating>,
): PricedCoatingLine[] {
  return lines.map((line) => {
    const coating = coatings.get(line.coating);
    const problems: CoatingLineProblem[] = [];
    if (!coating) {
      problems.push({ field: "coating", message: COATING_NOT_FOUND });
    } else {
      if (!accepts.has(coating.id)) problems.push({ field: "coating", message: COATING_NOT_OFFERED });
      problems.push(...validateCoatingLine(coating, { ...line, quantity: count }));
    }
    const variantTitle = coating?.variants.find((v) => v.id === line.variant)?.title ?? null;
    const base = { ...line, coatingTitle: coating?.title ?? "", variantTitle };
    if (!coating || problems.length) return { ...base, priceWithoutDiscount: 0, price: 0, problems };
    const priced = priceCoatingLine(coating, { ...line, quantity: count });
    return { ...base, priceWithoutDiscount: priced.priceWithoutDiscount, price: priced.price, problems };
  });
}

export function createCartPricing(db: Db) {
  /** One statement: the lines' variations and the coatings they name. */
  async function load(items: readonly PricingItem[]): Promise<{ lines: LineRow[]; coatings: Coating[] }> {
    const coatingIds = [...new Set(items.flatMap((item) => item.coatings.map((c) => c.coating)))];
    const [row] = await queryRows<{ lines: LineRow[]; coatings: Coating[] }>(
      db,
      sql`SELECT
        (SELECT COALESCE(json_agg(json_build_object(
            'ord', x.ord,
            'product', ${PRODUCT_JSON},
            'group', json_build_object('id', g.id, 'title', g.title, 'slug', g.slug, 'image', g.image),
            'accepts', COALESCE((SELECT json_agg(pc.coating_id) FROM product_group_coatings pc WHERE pc.group_id = g.id), '[]'::json)
          ) ORDER BY x.ord), '[]'::json)
          FROM unnest(${intArray(items.map((item) => item.variation))}) WITH ORDINALITY AS x(id, ord)
          JOIN products p ON p.id = x.id
          JOIN product_groups g ON g.id = p.group_id AND g.is_active
          LEFT JOIN colors col ON col.id = p.color_id) AS lines,
        (SELECT COALESCE(json_agg(${COATING_JSON} ORDER BY co.id), '[]'::json)
          FROM coatings co WHERE co.id = ANY(${intArray(coatingIds)})) AS coatings`,
    );
    return { lines: row?.lines ?? [], coatings: row?.coatings ?? [] };
  }

  return {
    /** Prices `items` (already validated by the contract: counts 1..999999, ≤ MAX_CART_ITEMS, no repeats). */
    async price(items: readonly PricingItem[], comment = ""): Promise<PricedCart> {
      const { lines: rows, coatings } = items.length ? await load(items) : { lines: [], coatings: [] };
      const coatingById = new Map(coatings.map((c) => [c.id, c]));
      const rowByOrd = new Map(rows.map((r) => [r.ord, r]));
      const cartItems: CartLine[] = [];
      const unavailableVariations: number[] = [];
      const problems: FieldError[] = [];
      let itemsPrice = 0;
      let printPrice = 0;
      let totalCount = 0;
      let weight = 0;
      items.forEach((item, index) => {
        const row = rowByOrd.get(index + 1);
        if (!row) {
          unavailableVariations.push(item.variation);
          return;
        }
        const coatingLines = priceCoatings(item.coatings, item.count, new Set(row.accepts), coatingById);
        coatingLines.forEach((line, m) => {
          for (const p of line.problems) problems.push({ field: `variations.${index}.coatings.${m}.${p.field}`, message: p.message });
        });
        const unitPrice = unitPriceFor(row.product, item.count);
        const lineItems = roundMoney(unitPrice * item.count);
        const linePrint = roundMoney(coatingLines.reduce((sum, line) => sum + line.price, 0));
        const lineWeight = row.product.weight * item.count;
        cartItems.push({
          variation: item.variation,
          count: item.count,
          comment: item.comment,
          coatings: coatingLines,
          product: row.product,
          group: row.group,
          unitPrice,
          itemsPrice: lineItems,
          printPrice: linePrint,
          price: roundMoney(lineItems + linePrint),
          weight: lineWeight,
        });
        itemsPrice = roundMoney(itemsPrice + lineItems);
        printPrice = roundMoney(printPrice + linePrint);
        totalCount += item.count;
        weight += lineWeight;
      });
      return {
        cart: {
          cartItems,
          itemsPrice,
          printPrice,
          price: roundMoney(itemsPrice + printPrice),
          totalCount,
          weight,
          comment,
          images: [],
          unavailableVariations,
        },
        problems,
      };
    },
  };
}

export type CartPricing = ReturnType<typeof createCartPricing>;
