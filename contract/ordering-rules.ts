/**
 * §4 ordering rules both sides apply, without zod (the cart page imports them): the cart page
 * blocks "Оформить заказ" with them, and order/create(_unauth) refuses with the same answer, so
 * what the page lets through the API accepts.
 */

/** §9: the minimal order price when init (settings.minimalOrderPrice) gives none. */
export const DEFAULT_MINIMAL_ORDER_PRICE = 10_000;

/** The minimal order price from a setting: a finite, non-negative number, else the default. */
export function minimalOrderPrice(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : DEFAULT_MINIMAL_ORDER_PRICE;
}

/**
 * §4: how much is still missing to the minimal order, or 0 when nothing is. A line priced 0 (a
 * price on request: the total is not the whole sum) lifts the minimum for the whole cart. An
 * empty cart is the caller's own check ("Корзина пуста").
 *
 * @param linePrices each priced line's `price` (itemsPrice + printPrice)
 * @param total the cart's `price`
 * @param minimal the shop's minimal order price (see minimalOrderPrice)
 */
export function minimalOrderMissing(linePrices: readonly number[], total: number, minimal: number): number {
  if (linePrices.some((price) => price === 0)) return 0;
  if (total >= minimal) return 0;
  return Math.round((minimal - total) * 100) / 100;
}
