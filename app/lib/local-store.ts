/**
 * One value kept in localStorage under one key, shaped for React's useSyncExternalStore: the
 * viewed products, favourites, comparison (lists of ids), the anonymous cart and the search history
 * use it. The page's stores are created once by the personal-state provider (ADR 045), not held here.
 *
 * - Other tabs' writes arrive through the `storage` event (it fires only in OTHER tabs; `key` null
 *   is a `storage.clear()`); this tab's writes notify the subscribers directly.
 * - Storage that throws (disabled, private mode, quota) degrades to an in-memory value for the page.
 * - The snapshot is parsed once per stored string, so it keeps its reference while the stored value
 *   is unchanged (useSyncExternalStore requires it).
 * - What is stored is the visitor's to edit: `parse` must turn anything into a value, never throw.
 */

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
export type EventSource = Pick<EventTarget, "addEventListener" | "removeEventListener">;

export interface LocalStore<T> {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged. */
  getSnapshot(): T;
  /** Stores the value (`serialize` → null removes the key) and notifies this tab's subscribers. */
  set(value: T): void;
  /** Removes the key (when it is there) and notifies. */
  clear(): void;
}

export function createLocalStore<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string | null,
  storage: () => StorageLike | null,
  events: EventSource | null,
): LocalStore<T> {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let cachedRaw: string | null | undefined;
  let cached: T;

  const read = (): string | null => {
    try {
      const s = storage();
      return s ? s.getItem(key) : memory;
    } catch {
      return memory;
    }
  };
  const write = (raw: string | null) => {
    memory = raw;
    try {
      const s = storage();
      if (raw === null) s?.removeItem(key);
      else s?.setItem(key, raw);
    } catch {
      // not persisted (quota, private mode): this tab keeps the in-memory value
    }
    listeners.forEach((l) => l());
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      const onStorage = (e: Event) => {
        const changed = (e as StorageEvent).key;
        if (changed === key || changed === null) onChange();
      };
      events?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(onChange);
        events?.removeEventListener("storage", onStorage);
      };
    },
    getSnapshot() {
      const raw = read();
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cached = parse(raw);
      }
      return cached;
    },
    set(value) {
      write(serialize(value));
    },
    clear() {
      if (read() !== null) write(null);
    },
  };
}
