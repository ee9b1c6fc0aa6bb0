/**
 * A list of ids kept in localStorage under one key (the generic store: app/lib/local-store.ts):
 * the viewed products, favourites and comparison all use it. What is stored is the visitor's to
 * edit: anything malformed is skipped, never thrown.
 */
import { createLocalStore, type EventSource, type StorageLike } from "#app/lib/local-store.ts";

export type { EventSource, StorageLike };

export interface LocalIds {
  subscribe(onChange: () => void): () => void;
  /** Stable reference while the stored value is unchanged (useSyncExternalStore requires it). */
  getSnapshot(): readonly number[];
  /** Writes the list ([] removes the key) and notifies this tab's subscribers. */
  set(ids: readonly number[]): void;
}

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
  const store = createLocalStore<readonly number[]>(
    key,
    (raw) => {
      const ids = parseIds(raw, max);
      return ids.length ? ids : EMPTY_IDS;
    },
    (ids) => (ids.length ? JSON.stringify(ids.slice(0, max)) : null),
    storage,
    events,
  );
  return { subscribe: store.subscribe, getSnapshot: store.getSnapshot, set: store.set };
}
