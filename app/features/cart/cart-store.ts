/**
 * The localStorage-backed anonymous cart (§4 tmg_cart), shaped for React's useSyncExternalStore,
 * on the same generic store as the id lists (app/lib/local-store.ts): other tabs' writes arrive
 * through the `storage` event (so the header counter and an open cart page follow them), this
 * tab's writes notify directly, and storage that throws degrades to an in-memory cart.
 */
import { browserLocalStore, createLocalStore, type EventSource, type StorageLike } from "#app/lib/local-store.ts";
import { createSwitch } from "#app/lib/switch-source.ts";
import { CART_STORAGE_KEY, EMPTY_LOCAL_CART, parseCart, serializeCart, type LocalCart } from "./cart.ts";

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

/**
 * The page's cart: the guest's tmg_cart, or (logged in, ADR 034) the server cart's mirror; null
 * backing while the server cart loads ("not known": the counter empty, the cart pages wait).
 */
export interface SwitchCartStore extends CartStore {
  /** The guest cart in local storage. */
  readonly local: CartStore;
  use(next: CartStore | null): void;
  current(): CartStore | null;
}

export function createSwitchCartStore(local: CartStore): SwitchCartStore {
  const source = createSwitch<CartStore>(local);
  return {
    ...source,
    local,
    getSnapshot: () => source.current()?.getSnapshot() ?? EMPTY_LOCAL_CART,
    update: (change) => source.current()?.update(change) ?? EMPTY_LOCAL_CART,
    clear: () => source.current()?.clear(),
  };
}

const browserStores = new Map<string, SwitchCartStore>();

/** The page's store; null on the server. */
export function getBrowserCartStore(): SwitchCartStore | null {
  return browserLocalStore(browserStores, CART_STORAGE_KEY, (storage, events) => createSwitchCartStore(createCartStore(storage, events)));
}
