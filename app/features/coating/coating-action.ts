/**
 * The resource route the live print calculator posts to (app/routes/coating-price.ts). A module of
 * its own: the root's shouldRevalidate reads it, and everything the root imports ships on every
 * first visit (the calculator's form code stays with the pages that show it).
 */
export const COATING_PRICE_ACTION = "/coating-price";
