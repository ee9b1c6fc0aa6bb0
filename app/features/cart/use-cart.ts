/**
 * §4 anonymous cart in React. useSyncExternalStore with an EMPTY server snapshot: pages are
 * shared by the page cache, so the server and the hydrating render both see an empty cart (no
 * hydration mismatch) and the stored cart comes right after hydration. `hydrated` tells "empty"
 * from "not read yet".
 */
import { useSyncExternalStore } from "react";
import { EMPTY_LOCAL_CART, type LocalCart } from "./cart.ts";
import { getBrowserCartStore } from "./cart-store.ts";
import type { ServerCartStore, SyncState } from "./server-cart.ts";

const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY_LOCAL_CART;
const yes = () => true;
const no = () => false;

export interface UseCart {
  cart: LocalCart;
  /** False on the server and during hydration: the stored cart is not known yet (useCartPage only). */
  hydrated: boolean;
  update(change: (cart: LocalCart) => LocalCart): void;
  clear(): void;
}

export function useCart(): UseCart {
  const store = getBrowserCartStore();
  const cart = useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.getSnapshot ?? emptySnapshot, emptySnapshot);
  return { cart, hydrated: true, update: store?.update ?? noop, clear: store?.clear ?? noop };
}

/**
 * The cart with `hydrated`: false on the server and during hydration (the cart pages show a
 * placeholder then, not "empty"). Buttons and counters use `useCart`, which costs no second
 * render after hydration for an empty cart.
 */
export function useCartPage(): UseCart {
  const cart = useCart();
  const store = getBrowserCartStore();
  // Known once hydrated and, for a logged-in visitor, once the server cart has arrived (ADR 034).
  const known = useSyncExternalStore(store?.subscribe ?? noSubscribe, store ? () => store.current() !== null : no, no);
  const hydrated = useSyncExternalStore(noSubscribe, yes, no);
  return { ...cart, hydrated: hydrated && known };
}

const noSync = () => null;

/** The logged-in visitor's cart: its server answer (null for a guest, whose page prices through /cart). */
export function useServerCartSync(): SyncState | null {
  const store = getBrowserCartStore();
  const getSync = () => {
    const current = store?.current();
    return current && "getSync" in current ? (current as ServerCartStore).getSync() : null;
  };
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, getSync, noSync);
}

/** The retry of a logged-in visitor's cart (writes it again). */
export function retryServerCart(): void {
  const current = getBrowserCartStore()?.current();
  if (current && "flush" in current) void (current as ServerCartStore).flush();
}

function noop() {}
