/**
 * Offer lines priced on the server (ADR 051): the variations, their tiers and the print lines are
 * read and priced by the cart pricing (one statement, the same coating rules, api/cart/pricing.ts);
 * the offer's own rule (manual price, discount/markup, delay surcharge, VAT) is
 * contract/kp-pricing.ts, which the editor runs too.
 */
import type { z } from "zod";
import type { KpCalculateRequest, KpItemInput, KpItemPriced } from "../../contract/index";
import { describeVariation, kpTotals, priceKpLine, type KpTotals } from "../../contract/kp-pricing";
import type { CartPricing } from "../cart/pricing";
import type { FieldError } from "../http/errors";

export type ItemInput = z.output<typeof KpItemInput>;

export interface PricedOffer {
  items: KpItemPriced[];
  /** Field errors with the request's paths (items.N.coatings.M.variant, items.N.productId). */
  problems: FieldError[];
  unavailableProducts: number[];
}

export const PRODUCT_UNAVAILABLE = "Товар не найден или снят с продажи";

/** Prices `items` in the order sent; `fresh` reads the database, not the read cache (saves). */
export async function priceOfferItems(pricing: CartPricing, items: readonly ItemInput[], fresh: boolean): Promise<PricedOffer> {
  const { cart, problems } = await pricing.price(
    items.map((item) => ({ variation: item.productId, count: item.count, comment: item.comment, coatings: item.coatings })),
    "",
    { fresh },
  );
  const lines = new Map(cart.cartItems.map((line) => [line.variation, line]));
  const errors: FieldError[] = problems.map((p) => ({ field: p.field.replace(/^variations\./, "items."), message: p.message }));
  const priced: KpItemPriced[] = [];
  items.forEach((item, index) => {
    const line = lines.get(item.productId);
    if (!line) {
      errors.push({ field: `items.${index}.productId`, message: PRODUCT_UNAVAILABLE });
      return;
    }
    const price = priceKpLine({
      listUnitPrice: line.unitPrice,
      count: item.count,
      manualPrice: item.price ?? null,
      discountPercent: item.discountPercent ?? null,
      printPrices: line.coatings.map((c) => c.price),
    });
    priced.push({
      productId: line.product.id,
      groupId: line.group.id,
      sku: line.product.sku,
      title: line.product.title,
      variation: describeVariation(line.product),
      image: line.product.images[0] ?? line.group.image,
      count: item.count,
      listPrice: line.unitPrice,
      manualPrice: item.price ?? null,
      discountPercent: item.price !== undefined && item.price !== null ? null : (item.discountPercent ?? null),
      price: price.unitPrice,
      printPrice: price.print,
      totalPrice: price.total,
      coatings: line.coatings,
      comment: item.comment,
    });
  });
  return { items: priced, problems: errors, unavailableProducts: cart.unavailableVariations };
}

/** The totals of priced lines (contract/kp-pricing.ts). */
export function totalsOf(
  items: readonly Pick<KpItemPriced, "count" | "price" | "listPrice" | "printPrice">[],
  options: { surchargePercent: number; vatRate: number | null; vatIncluded: boolean },
): KpTotals {
  return kpTotals(
    items.map((i) =>
      priceKpLine({ listUnitPrice: i.listPrice, count: i.count, manualPrice: i.price, printPrices: [i.printPrice] }),
    ),
    options,
  );
}

export type CalculateInput = z.output<typeof KpCalculateRequest>;
