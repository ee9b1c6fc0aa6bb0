/**
 * Search history (issue 18): the last MAX_SEARCH_HISTORY distinct queries, newest first, in local
 * storage for guests; a logged-in visitor's is the server's, from the root loader (ADR 045: both
 * behind `useSearchHistory`, app/features/shopping/personal-state.tsx). Recorded when a search page is shown and when a suggestion is chosen; shown under the
 * empty header field; each entry removable, and "Очистить историю".
 */
import { createLocalStore, type EventSource, type LocalStore, type StorageLike } from "#app/lib/local-store.ts";
import { normalizeSearchText } from "./search-text.ts";

export const SEARCH_HISTORY_KEY = "tmg_search_history";
export const MAX_SEARCH_HISTORY = 10;

const EMPTY: readonly string[] = Object.freeze([]);

/** Two spellings of one query ("Ручка", "ручка") are one entry: the newest spelling stays. */
function sameQuery(a: string, b: string): boolean {
  return a.toLocaleLowerCase("ru") === b.toLocaleLowerCase("ru");
}

/** Adds a query in front (normalised; an empty one changes nothing), dropping its older copy and the oldest beyond the limit. */
export function addQuery(list: readonly string[], raw: string): readonly string[] {
  const text = normalizeSearchText(raw);
  if (!text) return list;
  if (list[0] === text) return list;
  return [text, ...list.filter((q) => !sameQuery(q, text))].slice(0, MAX_SEARCH_HISTORY);
}

export function removeQuery(list: readonly string[], text: string): readonly string[] {
  const next = list.filter((q) => q !== text);
  return next.length === list.length ? list : next;
}

/** What is stored is the visitor's to edit: anything that is not a list of strings reads as empty; entries are normalised again. */
export function parseHistory(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(value)) return EMPTY;
  let list: readonly string[] = [];
  for (const item of value.slice(0, MAX_SEARCH_HISTORY * 2)) {
    if (typeof item !== "string") continue;
    const text = normalizeSearchText(item);
    if (text && !list.some((q) => sameQuery(q, text))) list = [...list, text];
  }
  return list.length ? list.slice(0, MAX_SEARCH_HISTORY) : EMPTY;
}

export interface SearchHistory {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): readonly string[];
  add(text: string): void;
  remove(text: string): void;
  clear(): void;
}

export function createSearchHistory(storage: () => StorageLike | null, events: EventSource | null): SearchHistory {
  const store: LocalStore<readonly string[]> = createLocalStore(
    SEARCH_HISTORY_KEY,
    parseHistory,
    (list) => (list.length ? JSON.stringify(list) : null),
    storage,
    events,
  );
  const update = (next: readonly string[]) => {
    if (next !== store.getSnapshot()) store.set(next);
  };
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    add: (text) => update(addQuery(store.getSnapshot(), text)),
    remove: (text) => update(removeQuery(store.getSnapshot(), text)),
    clear: store.clear,
  };
}
