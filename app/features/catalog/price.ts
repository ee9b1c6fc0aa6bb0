/**
 * Catalogue price helpers (§3 filter data, product cards). Browser code: types only from contract/.
 */
import type { PriceTier } from "#contract/catalog.ts";

/** §3 Filter data: priceRange min rounded DOWN, max rounded UP, to whole rubles. Non-numbers → 0. */
export function roundPriceRange(range: { min: number; max: number }): { min: number; max: number } {
  const safe = (n: number) => (Number.isFinite(n) ? n : 0);
  return { min: Math.floor(safe(range.min)), max: Math.ceil(safe(range.max)) };
}

const WHOLE = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const KOPECKS = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const NBSP = "\u00a0";

/**
 * Rubles in Russian format: "1 234 ₽", "1 234,50 ₽" — kopecks only when non-zero (after rounding to
 * kopecks), digit groups and the gap before "₽" are non-breaking spaces. ICU versions differ in the
 * group separator (U+00A0 / U+202F), so every space is normalised to U+00A0: the server and the
 * browser render the same string (no hydration mismatch).
 */
export function formatPrice(n: number): string {
  const kopecks = Math.round(n * 100);
  const text = (kopecks % 100 === 0 ? WHOLE : KOPECKS).format(kopecks / 100);
  return `${text.replace(/\s/g, NBSP)}${NBSP}₽`;
}

/**
 * The per-item price for a quantity: the tier with the largest minQty ≤ qty (tiers come ascending by
 * minQty, but the order isn't relied on); `basePrice` when no tier applies (empty list). A quantity
 * below 1 or not a number is treated as 1.
 */
export function priceForQuantity(priceTiers: readonly PriceTier[], basePrice: number, qty: number): number {
  const q = Number.isFinite(qty) && qty >= 1 ? qty : 1;
  let best: PriceTier | undefined;
  for (const tier of priceTiers) {
    if (tier.minQty <= q && (!best || tier.minQty > best.minQty)) best = tier;
  }
  return best ? best.price : basePrice;
}

/** §3 Filter data: categoryAncestorCounters arrive deepest first; the breadcrumbs need root first. Not mutating. */
export function reverseAncestors<T>(counters: readonly T[]): T[] {
  return [...counters].reverse();
}
