/**
 * §9 list limits, without zod: the browser's favourites and comparison stores import them, and
 * the contract (favorites.ts, comparison.ts) re-exports them, so each is defined once.
 */

/** §9: favourites hold at most 300 product groups. */
export const MAX_FAVORITES = 300;

/** §5: what an add beyond MAX_FAVORITES says (the server's 400 and the store's notice). */
export const FAVORITES_LIMIT_MESSAGE = `В избранное можно добавить не более ${MAX_FAVORITES} групп продуктов`;

/** §9: the comparison holds at most 150 products (variations). */
export const MAX_COMPARISON = 150;

/** §5: what an add beyond MAX_COMPARISON says. */
export const COMPARISON_LIMIT_MESSAGE = `В сравнение можно добавить не более ${MAX_COMPARISON} товаров`;

/**
 * The largest database id (PostgreSQL `integer`, int4). An id above it cannot exist: the contract's
 * `id()` refuses it with a Russian 400 (the database would answer "value out of range", a 500),
 * and lists read from local storage (favourites, comparison) drop such ids silently.
 */
export const MAX_DB_ID = 2_147_483_647;

/** A database id as the browser reads it from storage or a form: a whole number 1..MAX_DB_ID. */
export function isDbId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= MAX_DB_ID;
}
