/**
 * The localStorage-backed store behind useViewedProducts (§3/§4 viewed products, persisted locally):
 * the shared id list (features/shopping/local-ids.ts) with the §4 viewed rules on top.
 */
import { createLocalIds, EMPTY_IDS, type EventSource, type StorageLike } from "#app/features/shopping/local-ids.ts";
import { addViewed, MAX_VIEWED, VIEWED_STORAGE_KEY } from "./viewed.ts";

export interface ViewedStore {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged (useSyncExternalStore requires it). */
  getSnapshot(): readonly number[];
  add(id: number): void;
  clear(): void;
}

export const EMPTY_VIEWED: readonly number[] = EMPTY_IDS;

export function createViewedStore(storage: () => StorageLike | null, events: EventSource | null): ViewedStore {
  const ids = createLocalIds(VIEWED_STORAGE_KEY, MAX_VIEWED, storage, events);
  return {
    subscribe: ids.subscribe,
    getSnapshot: ids.getSnapshot,
    add(id) {
      const current = ids.getSnapshot();
      const next = addViewed(current, id);
      if (next !== current) ids.set(next);
    },
    clear() {
      if (ids.getSnapshot().length) ids.set([]);
    },
  };
}
