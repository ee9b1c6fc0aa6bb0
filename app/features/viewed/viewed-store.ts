/**
 * The localStorage-backed store behind useViewedProducts (§3/§4 viewed products, persisted locally),
 * shaped for React's useSyncExternalStore. Other tabs' writes arrive through the `storage` event;
 * this tab's writes notify the subscribers directly (the event only fires in OTHER tabs).
 * Storage that throws (disabled, private mode, quota) degrades to an in-memory list for this page.
 */
import { addViewed, parseViewed, serializeViewed, VIEWED_STORAGE_KEY } from "./viewed.ts";

export interface ViewedStore {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged (useSyncExternalStore requires it). */
  getSnapshot(): readonly number[];
  add(id: number): void;
  clear(): void;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type EventSource = Pick<EventTarget, "addEventListener" | "removeEventListener">;

export const EMPTY_VIEWED: readonly number[] = Object.freeze([]);

export function createViewedStore(storage: () => StorageLike | null, events: EventSource | null): ViewedStore {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let cachedRaw: string | null | undefined;
  let cached: readonly number[] = EMPTY_VIEWED;

  const read = (): string | null => {
    try {
      const s = storage();
      return s ? s.getItem(VIEWED_STORAGE_KEY) : memory;
    } catch {
      return memory;
    }
  };
  const write = (raw: string | null) => {
    memory = raw;
    try {
      const s = storage();
      if (raw === null) s?.removeItem(VIEWED_STORAGE_KEY);
      else s?.setItem(VIEWED_STORAGE_KEY, raw);
    } catch {
      // not persisted; this tab keeps the in-memory value
    }
    listeners.forEach((l) => l());
  };

  const getSnapshot = () => {
    const raw = read();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      const ids = parseViewed(raw);
      cached = ids.length ? ids : EMPTY_VIEWED;
    }
    return cached;
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      const onStorage = (e: Event) => {
        const key = (e as StorageEvent).key;
        // key null = storage.clear() in another tab
        if (key === VIEWED_STORAGE_KEY || key === null) onChange();
      };
      events?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(onChange);
        events?.removeEventListener("storage", onStorage);
      };
    },
    getSnapshot,
    add(id) {
      const current = getSnapshot();
      const next = addViewed(current, id);
      if (next !== current) write(serializeViewed(next));
    },
    clear() {
      if (getSnapshot().length) write(null);
    },
  };
}

let browserStore: ViewedStore | null = null;

/** The page's store; null on the server. */
export function getBrowserViewedStore(): ViewedStore | null {
  if (typeof window === "undefined") return null;
  browserStore ??= createViewedStore(() => window.localStorage, window);
  return browserStore;
}
