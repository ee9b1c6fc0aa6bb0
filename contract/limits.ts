/**
 * §9 list limits, without zod: the browser's favourites and comparison stores import them, and
 * the contract (favorites.ts, comparison.ts) re-exports them, so each is defined once.
 */

/** §9: favourites hold at most 300 product groups. */
export const MAX_FAVORITES = 300;

/** §9: the comparison holds at most 150 products (variations). */
export const MAX_COMPARISON = 150;
