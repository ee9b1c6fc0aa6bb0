/**
 * A list of ids kept in localStorage under one key, shaped for React's useSyncExternalStore: the
 * viewed products, favourites and comparison all use it. Other tabs' writes arrive through the
 * `storage` event; this tab's writes notify the subscribers directly (the event only fires in OTHER
 * tabs). Storage that throws (disabled, private mode, quota) degrades to an in-memory list for the
 * page. What is stored is the visitor's to edit: anything malformed is skipped, never thrown.
 */

export interface LocalIds {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged (useSyncExternalStore requires it). */
  getSnapshot(): readonly number[];
  /** Writes the list ([] removes the key) and notifies this tab's subscribers. */
  set(ids: readonly number[]): void;
}

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
export type EventSource = Pick<EventTarget, "addEventListener" | "removeEventListener">;

export const EMPTY_IDS: readonly number[] = Object.freeze([]);

/** Positive safe integers: what an id of the shop can be. */
export const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** The stored value → ids: a JSON array's valid ids, first occurrence kept, at most `max`. */
export function parseIds(raw: string | null | undefined, max: number): number[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = new Set<number>();
  for (const v of value) {
    if (ids.size >= max) break;
    if (isId(v)) ids.add(v);
  }
  return [...ids];
}

export function createLocalIds(key: string, max: number, storage: () => StorageLike | null, events: EventSource | null): LocalIds {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let cachedRaw: string | null | undefined;
  let cached: readonly number[] = EMPTY_IDS;

  const read = (): string | null => {
    try {
      const s = storage();
      return s ? s.getItem(key) : memory;
    } catch {
      return memory;
    }
  };

  const getSnapshot = () => {
    const raw = read();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      const ids = parseIds(raw, max);
      cached = ids.length ? ids : EMPTY_IDS;
    }
    return cached;
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      const onStorage = (e: Event) => {
        const changed = (e as StorageEvent).key;
        // key null = storage.clear() in another tab
        if (changed === key || changed === null) onChange();
      };
      events?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(onChange);
        events?.removeEventListener("storage", onStorage);
      };
    },
    getSnapshot,
    set(ids) {
      const raw = ids.length ? JSON.stringify(ids.slice(0, max)) : null;
      memory = raw;
      try {
        const s = storage();
        if (raw === null) s?.removeItem(key);
        else s?.setItem(key, raw);
      } catch {
        // not persisted; this tab keeps the in-memory value
      }
      listeners.forEach((l) => l());
    },
  };
}

const browserLists = new Map<string, LocalIds>();

/** The page's list under `key`; null on the server. */
export function browserLocalIds(key: string, max: number): LocalIds | null {
  if (typeof window === "undefined") return null;
  let ids = browserLists.get(key);
  if (!ids) {
    ids = createLocalIds(key, max, () => window.localStorage, window);
    browserLists.set(key, ids);
  }
  return ids;
}
