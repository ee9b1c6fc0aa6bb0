/**
 * Search history (issue 18): the last MAX_SEARCH_HISTORY distinct queries, newest first, in local
 * storage for guests (the accounts issue moves them to the server's `searchHistory` for logged-in
 * users). Recorded when a search page is shown and when a suggestion is chosen; shown under the
 * empty header field; each entry removable, and "Очистить историю".
 */
import { useSyncExternalStore } from "react";
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

/** The page's history: the guest's local one, or (logged in, ADR 034) the server's; swapped with subscribers kept. */
export interface SwitchHistory extends SearchHistory {
  readonly local: SearchHistory;
  use(next: SearchHistory): void;
  current(): SearchHistory;
}

export function createSwitchHistory(local: SearchHistory): SwitchHistory {
  let backing = local;
  const listeners = new Map<() => void, () => void>();
  return {
    local,
    subscribe(onChange) {
      listeners.set(onChange, backing.subscribe(onChange));
      return () => {
        listeners.get(onChange)?.();
        listeners.delete(onChange);
      };
    },
    getSnapshot: () => backing.getSnapshot(),
    add: (text) => backing.add(text),
    remove: (text) => backing.remove(text),
    clear: () => backing.clear(),
    current: () => backing,
    use(next) {
      if (next === backing) return;
      backing = next;
      for (const [onChange, unsubscribe] of listeners) {
        unsubscribe();
        listeners.set(onChange, next.subscribe(onChange));
      }
      for (const onChange of [...listeners.keys()]) onChange();
    },
  };
}

/**
 * A logged-in visitor's history while the server's copy loads (ADR 034): kept in memory only, so a
 * query searched in that moment never lands in the guest's local storage. The server records
 * searches itself; what is added here is shown at once and carried into the server's list
 * when it arrives (startServerHistory).
 */
export interface PendingHistory extends SearchHistory {
  readonly pending: true;
}

export function createPendingHistory(): PendingHistory {
  let list: readonly string[] = EMPTY;
  const listeners = new Set<() => void>();
  const set = (next: readonly string[]) => {
    if (next === list) return;
    list = next.length ? next : EMPTY;
    listeners.forEach((l) => l());
  };
  return {
    pending: true,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    getSnapshot: () => list,
    add: (text) => set(addQuery(list, text)),
    remove: (text) => set(removeQuery(list, text)),
    clear: () => set(EMPTY),
  };
}

/** Logged in (or logging in): stop writing to local storage at once, before the server's history loads. */
export function holdAccountHistory(): void {
  const history = searchHistory();
  if (history && history.current() === history.local) history.use(createPendingHistory());
}

let browserHistory: SwitchHistory | null = null;

/** The page's history; null on the server. */
export function searchHistory(): SwitchHistory | null {
  if (typeof window === "undefined") return null;
  browserHistory ??= createSwitchHistory(createSearchHistory(() => window.localStorage, window));
  return browserHistory;
}

const noop = () => () => {};
const empty = () => EMPTY;

/** The queries, newest first; empty on the server and in the first render (hydration matches). */
export function useSearchHistory(): readonly string[] {
  const store = searchHistory();
  return useSyncExternalStore(store ? store.subscribe : noop, store ? store.getSnapshot : empty, empty);
}
