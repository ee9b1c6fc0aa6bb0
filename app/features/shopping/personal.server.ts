/**
 * A logged-in visitor's personal state on the server (§4, ADR 045): what the root loader hands the
 * page (favourites, comparison, the priced cart, the search history) and the one login merge
 * action. Everything goes through the request's API client (ADR 003); a failed part is that part's
 * failure (an empty list or the cart's §8 answer), never a rejected promise or a 5xx.
 */
import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import { loadServerCart, mergeServerCart } from "#app/features/cart/cart.server.ts";
import { mergeList, postedIds, readList } from "./list-sync.server.ts";
import type { MergeAnswer, Personal } from "./personal.ts";

type Ctx = Pick<AppLoadContext, "api" | "isAuthenticated">;

async function history(context: Ctx): Promise<string[] | null> {
  const result = await context.api.call(endpoints.searchHistoryList, {});
  return result.ok ? result.data.map((e) => e.text) : null;
}

/** The root loader's personal data for a logged-in visitor (all four calls at once). */
export async function loadPersonal(context: Ctx): Promise<Personal> {
  const [favorites, comparison, cart, queries] = await Promise.all([
    readList(context, "favorites"),
    readList(context, "comparison"),
    loadServerCart(context),
    history(context),
  ]);
  return {
    favorites: favorites.ok ? favorites.ids : null,
    comparison: comparison.ok ? comparison.ids : null,
    cart,
    history: queries,
  };
}

/**
 * POST /account/merge (§4 "sync on login", ADR 034/045): the guest's favourites, comparison and
 * cart, as local storage holds them, merged into the account's in one action. Each part answers on
 * its own; the browser clears a part of local storage only when its merge succeeded, so a failure
 * (or a reload half-way) keeps the guest's items for the next try, and both merges are idempotent.
 */
export async function mergePersonal(context: Ctx, form: FormData | null): Promise<MergeAnswer> {
  const favorites = postedIds(form, "favorites", "favorites");
  const comparison = postedIds(form, "comparison", "comparison");
  const hasCart = typeof form?.get("lines") === "string" && form.get("lines") !== "";
  const [fav, cmp, cart] = await Promise.all([
    favorites.length ? mergeList(context, "favorites", favorites) : null,
    comparison.length ? mergeList(context, "comparison", comparison) : null,
    hasCart && form ? mergeServerCart(context, form) : null,
  ]);
  const failed = [fav, cmp].find((r) => r && !r.ok);
  const message = failed && !failed.ok ? failed.message : cart && !cart.ok ? (cart.answer.error ?? undefined) : undefined;
  return {
    ok: (fav?.ok ?? true) && (cmp?.ok ?? true) && (cart?.ok ?? true),
    favorites: fav?.ok ?? null,
    comparison: cmp?.ok ?? null,
    cart: cart?.ok ?? null,
    message,
  };
}
