/**
 * The localStorage-backed anonymous cart (§4 tmg_cart), shaped for React's useSyncExternalStore,
 * like the viewed products' store. Other tabs' writes arrive through the `storage` event (so the
 * header counter and an open cart page follow them); this tab's writes notify directly. Storage
 * that throws (disabled, private mode, quota) degrades to an in-memory cart for this page.
 */
import { CART_STORAGE_KEY, EMPTY_LOCAL_CART, parseCart, serializeCart, type LocalCart } from "./cart.ts";

export interface CartStore {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged (useSyncExternalStore requires it). */
  getSnapshot(): LocalCart;
  /** Applies a change; writes only when it returns another cart. */
  update(change: (cart: LocalCart) => LocalCart): LocalCart;
  clear(): void;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type EventSource = Pick<EventTarget, "addEventListener" | "removeEventListener">;

export function createCartStore(storage: () => StorageLike | null, events: EventSource | null, now: () => number = Date.now): CartStore {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let cachedRaw: string | null | undefined;
  let cached: LocalCart = EMPTY_LOCAL_CART;

  const read = (): string | null => {
    try {
      const s = storage();
      return s ? s.getItem(CART_STORAGE_KEY) : memory;
    } catch {
      return memory;
    }
  };
  const write = (raw: string | null) => {
    memory = raw;
    try {
      const s = storage();
      if (raw === null) s?.removeItem(CART_STORAGE_KEY);
      else s?.setItem(CART_STORAGE_KEY, raw);
    } catch {
      // not persisted (quota, private mode): this tab keeps the in-memory value
    }
    listeners.forEach((l) => l());
  };

  const getSnapshot = () => {
    const raw = read();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parseCart(raw);
    }
    return cached;
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      const onStorage = (e: Event) => {
        const key = (e as StorageEvent).key;
        // key null = storage.clear() in another tab
        if (key === CART_STORAGE_KEY || key === null) onChange();
      };
      events?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(onChange);
        events?.removeEventListener("storage", onStorage);
      };
    },
    getSnapshot,
    update(change) {
      const current = getSnapshot();
      const next = change(current);
      if (next !== current) write(serializeCart(next, now()));
      return getSnapshot();
    },
    clear() {
      if (read() !== null) write(null);
    },
  };
}

let browserStore: CartStore | null = null;

/** The page's store; null on the server. */
export function getBrowserCartStore(): CartStore | null {
  if (typeof window === "undefined") return null;
  browserStore ??= createCartStore(() => window.localStorage, window);
  return browserStore;
}
