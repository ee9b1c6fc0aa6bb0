/**
 * A logged-in visitor's search history (issue 19, ADR 034): the server's recent queries, shown by
 * the header's suggestions like the guest's local ones. Loaded through GET /search/history (our
 * resource route; the browser never calls /api), removed and cleared through POST /search/history
 * (intent=delete|clear): a removal is optimistic and comes back on a refusal (with the message), a
 * clear empties the list only once the server agreed (§4). Queries are recorded by the server when
 * a search runs; `add` shows a query at once (the server has it after the search page loads).
 */
import { notices } from "#app/features/shopping/notice.ts";
import { addQuery, holdAccountHistory, removeQuery, searchHistory, type SearchHistory } from "./history.ts";

export const SEARCH_HISTORY_PATH = "/search/history";
export const HISTORY_CHANGE_FAILED = "Не удалось изменить историю поиска. Попробуйте ещё раз.";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

type HistoryAnswer = { ok: true; history: string[] } | { ok: false; message?: string };

async function call(fetchImpl: FetchLike, init?: RequestInit): Promise<HistoryAnswer> {
  try {
    const res = await fetchImpl(SEARCH_HISTORY_PATH, { credentials: "same-origin", ...init });
    const body = (await res.json().catch(() => null)) as HistoryAnswer | null;
    if (body && typeof body === "object" && "ok" in body) return res.ok || !body.ok ? body : { ok: false };
  } catch {
    // no answer
  }
  return { ok: false };
}

const EMPTY: readonly string[] = Object.freeze([]);

export function createServerHistory(initial: readonly string[], fetchImpl: FetchLike, notify: (message: string) => void = notices.show): SearchHistory {
  let list: readonly string[] = initial.length ? initial : EMPTY;
  const listeners = new Set<() => void>();
  const set = (next: readonly string[]) => {
    if (next === list) return;
    list = next.length ? next : EMPTY;
    listeners.forEach((l) => l());
  };
  const post = (body: Record<string, string>) => call(fetchImpl, { method: "POST", body: new URLSearchParams(body) });
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    getSnapshot: () => list,
    add: (text) => set(addQuery(list, text)),
    remove(text) {
      const before = list;
      const index = before.indexOf(text);
      if (index < 0) return;
      set(removeQuery(before, text));
      void post({ intent: "delete", text }).then((answer) => {
        if (answer.ok) return;
        if (!list.includes(text)) set([...list.slice(0, index), text, ...list.slice(index)]);
        notify(answer.message || HISTORY_CHANGE_FAILED);
      });
    },
    clear() {
      if (!list.length) return;
      const before = list;
      void post({ intent: "clear" }).then((answer) => {
        if (!answer.ok) return notify(answer.message || HISTORY_CHANGE_FAILED);
        // Only what the server cleared: a query added meanwhile stays.
        set(list.filter((q) => !before.includes(q)));
      });
    },
  };
}

/** Logged in: the header shows the server's history (the local one stays for when the visitor logs out). */
export async function startServerHistory(fetchImpl: FetchLike, current: () => boolean = () => true): Promise<void> {
  const history = searchHistory();
  if (!history) return;
  holdAccountHistory();
  const answer = await call(fetchImpl, { headers: { Accept: "application/json" } });
  if (!current()) return;
  // A failed load shows no history rather than the guest's (§8: list failures give empty results).
  let list: readonly string[] = answer.ok ? answer.history : [];
  // Queries searched while it loaded: the server has them too (or will, once their page loads).
  const held = history.current();
  if (held !== history.local) for (const text of [...held.getSnapshot()].reverse()) list = addQuery(list, text);
  history.use(createServerHistory(list, fetchImpl));
}

export function stopServerHistory(): void {
  const history = searchHistory();
  history?.use(history.local);
}
