/**
 * The browser's side of a logged-in visitor's list (ADR 034): a `RemoteList` over our own resource
 * route (/favorites/sync, /comparison/sync; the browser never calls /api, ADR 003), and the §4
 * start/merge that runs once after login and again on every page load while guest leftovers
 * remain in local storage (so a reload half-way resumes it).
 */
import { createLocalIds } from "./local-ids.ts";
import { mergeOnLogin, type ListIds, type RemoteList, type SavedList } from "./saved-list.ts";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface LoadedList {
  ids: number[];
  missing: number[];
  localMissing: number[];
}

export interface SyncedRemote extends RemoteList {
  load(local: readonly number[]): Promise<LoadedList>;
  clear(): Promise<unknown>;
}

async function answer<T>(response: Promise<Response>, fallback: string): Promise<T> {
  let res: Response;
  try {
    res = await response;
  } catch {
    throw new Error(fallback);
  }
  const body = (await res.json().catch(() => null)) as ({ ok: boolean; message?: string } & T) | null;
  if (!res.ok || !body?.ok) throw new Error(body?.message || fallback);
  return body;
}

/** A RemoteList over `path` (GET = load, POST intent=add|delete|clear). Each call rejects with a message on failure. */
export function createRemoteList(path: string, fallbackMessage: string, fetchImpl: FetchLike = (i, init) => fetch(i, init)): SyncedRemote {
  const post = (intent: string, ids: readonly number[]) =>
    answer<{ ids: number[] }>(
      fetchImpl(path, { method: "POST", body: new URLSearchParams({ intent, ids: ids.join(",") }), credentials: "same-origin" }),
      fallbackMessage,
    );
  return {
    add: (ids) => post("add", ids),
    remove: (ids) => post("delete", ids),
    clear: () => post("clear", []),
    load: (local) =>
      answer<LoadedList>(fetchImpl(`${path}?local=${local.join(",")}`, { credentials: "same-origin", headers: { Accept: "application/json" } }), fallbackMessage),
  };
}

/** A remote whose `remove` of the whole list clears it server-side in one call (§4 clear). */
function withClear(remote: SyncedRemote, list: () => readonly number[] | null): RemoteList {
  return {
    add: remote.add,
    remove: (ids) => {
      const all = list() ?? [];
      return ids.length > 1 && ids.length === all.length && all.every((id) => ids.includes(id)) ? remote.clear() : remote.remove(ids);
    },
  };
}

export type StartResult = { ok: true; ids: readonly number[]; pushed: number[] } | { ok: false; message: string };

/**
 * §4 for a logged-in visitor: the list starts from the server's ids (404 ids already removed by the
 * route); the guest's local ids (those the catalogue still has) are merged by `mergeOnLogin` — all of
 * them, trimmed by the limit, when the server has none, else the local-only ones — and pushed; then
 * local storage is cleared. The list then holds the server's answer in memory with the remote
 * plugged in. Local storage is cleared only once the server has the items: a failure (or a reload)
 * before that leaves the guest's ids to be merged on the next page load. While this runs the list
 * is "not known" (null): buttons inert, counters empty.
 */
export async function startSyncedList(
  list: SavedList,
  remote: SyncedRemote,
  max: number,
  { memory = createLocalIds("", max, () => null, null), current = () => true }: { memory?: ListIds; current?: () => boolean } = {},
): Promise<StartResult> {
  list.setRemote(null);
  list.useIds(null);
  const local = list.local.getSnapshot() ?? [];
  try {
    const loaded = await remote.load(local);
    const gone = new Set(loaded.localMissing);
    const { push, merged } = mergeOnLogin(local.filter((id) => !gone.has(id)), loaded.ids, max);
    const ids = push.length ? ((await remote.add(push)) as { ids: number[] }).ids : merged;
    // Logged out meanwhile: the guest's list stays as it is.
    if (!current()) return { ok: false, message: "logged out" };
    memory.set(ids);
    list.useIds(memory);
    list.setRemote(withClear(remote, memory.getSnapshot));
    if (local.length) list.local.set([]);
    return { ok: true, ids, pushed: push };
  } catch (error) {
    // The server cannot be reached: the visitor keeps working on the local list (merged next time).
    if (current()) list.useIds(list.local);
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Back to the guest's local list (logout): nothing of the account stays in the page. */
export function stopSyncedList(list: SavedList): void {
  list.setRemote(null);
  list.useIds(list.local);
}
