/**
 * The localStorage-backed anonymous cart (§4 tmg_cart), shaped for React's useSyncExternalStore,
 * on the same generic store as the id lists (app/lib/local-store.ts): other tabs' writes arrive
 * through the `storage` event (so the header counter and an open cart page follow them), this
 * tab's writes notify directly, and storage that throws degrades to an in-memory cart. A guest's
 * only: a logged-in visitor's cart is the server's (ADR 045).
 */
import { createLocalStore, type EventSource, type StorageLike } from "#app/lib/local-store.ts";
import { CART_STORAGE_KEY, parseCart, serializeCart, type LocalCart } from "./cart.ts";

export interface CartStore {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged (useSyncExternalStore requires it). */
  getSnapshot(): LocalCart;
  /** Applies a change; writes only when it returns another cart. */
  update(change: (cart: LocalCart) => LocalCart): LocalCart;
  clear(): void;
}

export function createCartStore(storage: () => StorageLike | null, events: EventSource | null, now: () => number = Date.now): CartStore {
  const store = createLocalStore<LocalCart>(CART_STORAGE_KEY, parseCart, (cart) => serializeCart(cart, now()), storage, events);
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    update(change) {
      const current = store.getSnapshot();
      const next = change(current);
      if (next !== current) store.set(next);
      return store.getSnapshot();
    },
    clear: store.clear,
  };
}
