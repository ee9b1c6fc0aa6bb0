/**
 * Where the §4 login sync runs (ADR 034): once per page load in the browser, and again whenever
 * the root data says the visitor logged in or out. Logged in: favourites, comparison and the cart
 * start from the server and take in what the guest left in local storage (mergeOnLogin,
 * mergeCarts), which is cleared once the server has it; a reload half-way runs the same steps
 * again (both merges are idempotent), so nothing is lost or doubled. Logged out: the stores go back
 * to local storage (emptied by the merge: nothing of the account stays on the page).
 */
import { MAX_COMPARISON, MAX_FAVORITES } from "#contract/limits.ts";
import { favorites, FAVORITES_ERROR_MESSAGE } from "#app/features/favorites/favorites.ts";
import { comparison, COMPARISON_ERROR_MESSAGE } from "#app/features/comparison/comparison.ts";
import { createRemoteList, startSyncedList, stopSyncedList, type FetchLike } from "#app/features/shopping/remote-list.ts";
import { notices } from "#app/features/shopping/notice.ts";
import { getBrowserCartStore } from "#app/features/cart/cart-store.ts";
import { startServerCart } from "#app/features/cart/server-cart.ts";
import { startServerHistory, stopServerHistory } from "#app/features/search/server-history.ts";

export const FAVORITES_SYNC_PATH = "/favorites/sync";
export const COMPARISON_SYNC_PATH = "/comparison/sync";
export const CART_LOAD_FAILED = "Не удалось загрузить корзину из личного кабинета. Пока она хранится в этом браузере.";

let mode: "guest" | "user" | null = null;
let generation = 0;

/** Called with the root data's login state after hydration and after each change of it. */
export function syncAccount(authenticated: boolean, fetchImpl: FetchLike = (input, init) => fetch(input, init)): Promise<void> {
  const next = authenticated ? "user" : "guest";
  if (next === mode) return Promise.resolve();
  mode = next;
  const mine = ++generation;
  const current = () => generation === mine;
  const fav = favorites();
  const cmp = comparison();
  const cart = getBrowserCartStore();
  if (!authenticated) {
    if (fav) stopSyncedList(fav);
    if (cmp) stopSyncedList(cmp);
    cart?.use(cart.local);
    stopServerHistory();
    return Promise.resolve();
  }
  const tasks: Promise<unknown>[] = [];
  if (fav) tasks.push(startSyncedList(fav, createRemoteList(FAVORITES_SYNC_PATH, FAVORITES_ERROR_MESSAGE, fetchImpl), MAX_FAVORITES, { current }));
  // Comparison merges into itself only (§4 notes the old app added it to favourites: ADR 034).
  if (cmp) tasks.push(startSyncedList(cmp, createRemoteList(COMPARISON_SYNC_PATH, COMPARISON_ERROR_MESSAGE, fetchImpl), MAX_COMPARISON, { current }));
  if (cart) {
    cart.use(null);
    tasks.push(
      startServerCart(cart.local, fetchImpl).then((result) => {
        if (!current()) return;
        if (result.ok) cart.use(result.store);
        else {
          cart.use(cart.local);
          notices.show(CART_LOAD_FAILED);
        }
      }),
    );
  }
  tasks.push(startServerHistory(fetchImpl, current));
  return Promise.all(tasks).then(() => {});
}

/** Tests: forget the mode (a new page). */
export function resetAccountSync(): void {
  mode = null;
  generation++;
}
