/**
 * Favourites and comparison (§3, §4, §5, §8): an id list in local storage with a limit, changed
 * optimistically. A change is written at once (the buttons and counters follow it), then sent to the
 * `remote` adapter when there is one (the accounts issue plugs in /api/favorite/add|delete and
 * /api/comparing/add|delete; anonymous visitors have none); a remote failure rolls the change back
 * and says why. Beyond the limit an add is dropped, the §5 message shown and logged.
 */
import { isId } from "./local-ids.ts";
import { createSwitch } from "#app/lib/switch-source.ts";

/**
 * Where a list's ids are held: local storage (guests), memory mirroring the server (logged-in
 * visitors, ADR 034), or null while the server's list is on its way ("not known": buttons inert).
 */
export interface ListIds {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): readonly number[] | null;
  set(ids: readonly number[]): void;
}

/** ListIds whose backing can be swapped (guest ↔ logged-in) with subscribers kept and told. */
export interface SwitchIds extends ListIds {
  use(next: ListIds | null): void;
  current(): ListIds | null;
}

export function createSwitchIds(initial: ListIds | null): SwitchIds {
  const source = createSwitch(initial);
  return {
    ...source,
    getSnapshot: () => source.current()?.getSnapshot() ?? null,
    set(ids) {
      source.current()?.set(ids);
    },
  };
}

/** The server side of a list (logged-in visitors). Each call rejects on failure (an Error's message is shown). */
export interface RemoteList {
  add(ids: readonly number[]): Promise<unknown>;
  remove(ids: readonly number[]): Promise<unknown>;
}

export type ChangeResult = { ok: true } | { ok: false; message: string };

export interface SavedList {
  subscribe(onChange: () => void): () => void;
  /** Null while not known (server render, hydration, a logged-in list still loading). */
  getSnapshot(): readonly number[] | null;
  add(id: number): Promise<ChangeResult>;
  remove(id: number): Promise<ChangeResult>;
  toggle(id: number): Promise<ChangeResult>;
  /** §4: with a remote, the local list is cleared only once the server has cleared it. */
  clear(): Promise<ChangeResult>;
  /** §4 404 ids: drops ids the catalogue no longer has; answers the ids it dropped. */
  dropMissing(ids: readonly number[]): number[];
  setRemote(remote: RemoteList | null): void;
  /** Swaps where the ids are held (ADR 034: local storage for guests, the server's mirror after login). */
  useIds(ids: ListIds | null): void;
  /** The local-storage list (guests' ids, or a guest's leftovers to merge after login). */
  readonly local: ListIds;
}

export interface SavedListOptions {
  ids: ListIds;
  max: number;
  /** §5, e.g. "В избранное можно добавить не более 300 групп продуктов". */
  limitMessage: string;
  /** Shown when the server refuses a change without a message of its own (§8 default). */
  errorMessage: string;
  remote?: RemoteList | null;
  /** Shows a message to the visitor (the toast). */
  notify?: (message: string) => void;
  /** Logs (console.warn by default). */
  warn?: (message: string) => void;
}

const OK: ChangeResult = { ok: true };

export function createSavedList(options: SavedListOptions): SavedList {
  const { max, limitMessage, errorMessage } = options;
  const ids = createSwitchIds(options.ids);
  let remote = options.remote ?? null;
  const notify = options.notify ?? (() => {});
  const warn = options.warn ?? ((message: string) => console.warn(message));

  const fail = (message: string): ChangeResult => {
    notify(message);
    return { ok: false, message };
  };
  const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : errorMessage);

  async function add(id: number): Promise<ChangeResult> {
    if (!isId(id)) return OK;
    const before = ids.getSnapshot();
    if (before === null || before.includes(id)) return OK;
    if (before.length >= max) {
      warn(limitMessage);
      return fail(limitMessage);
    }
    ids.set([id, ...before]);
    if (!remote) return OK;
    try {
      await remote.add([id]);
      return OK;
    } catch (error) {
      // Roll back this add only: changes made meanwhile (another button, another tab) stay.
      ids.set((ids.getSnapshot() ?? []).filter((x) => x !== id));
      return fail(messageOf(error));
    }
  }

  async function remove(id: number): Promise<ChangeResult> {
    const before = ids.getSnapshot();
    const index = before?.indexOf(id) ?? -1;
    if (before === null || index < 0) return OK;
    ids.set(before.filter((x) => x !== id));
    if (!remote) return OK;
    try {
      await remote.remove([id]);
      return OK;
    } catch (error) {
      // §8: the item is restored where it was, unless it is back already.
      const now = ids.getSnapshot() ?? [];
      if (!now.includes(id) && now.length < max) ids.set([...now.slice(0, index), id, ...now.slice(index)]);
      return fail(messageOf(error));
    }
  }

  return {
    subscribe: ids.subscribe,
    getSnapshot: ids.getSnapshot,
    add,
    remove,
    toggle: (id) => (ids.getSnapshot()?.includes(id) ? remove(id) : add(id)),
    async clear() {
      const before = ids.getSnapshot();
      if (!before?.length) return OK;
      if (remote) {
        try {
          await remote.remove(before);
        } catch (error) {
          return fail(messageOf(error));
        }
        // Only what the server cleared: an add made while waiting stays.
        ids.set((ids.getSnapshot() ?? []).filter((x) => !before.includes(x)));
        return OK;
      }
      ids.set([]);
      return OK;
    },
    dropMissing(missing) {
      const gone = new Set(missing);
      const before = ids.getSnapshot() ?? [];
      const dropped = before.filter((x) => gone.has(x));
      if (!dropped.length) return [];
      ids.set(before.filter((x) => !gone.has(x)));
      // The server forgets them too; nothing to restore if it fails (they are gone either way).
      remote?.remove(dropped).catch(() => {});
      return dropped;
    },
    setRemote(next) {
      remote = next;
    },
    useIds(next) {
      ids.use(next);
    },
    local: options.ids,
  };
}

/**
 * §4 "Sync on login", pure: what to push to the server and the merged list. Local-only ids are
 * pushed (all of the local list when the server's is empty), newest first, as many as fit under the
 * limit; the merged list is the pushed ids followed by the server's, trimmed to the limit.
 * (§4 notes that the original's comparison sync added local-only items to FAVOURITES, "possibly a
 * defect": each list here merges into itself.)
 */
export function mergeOnLogin(local: readonly number[], server: readonly number[], max: number): { push: number[]; merged: number[] } {
  const serverIds = [...new Set(server.filter(isId))];
  const onServer = new Set(serverIds);
  const localOnly = [...new Set(local.filter((id) => isId(id) && !onServer.has(id)))];
  const push = localOnly.slice(0, Math.max(0, max - serverIds.length));
  return { push, merged: [...push, ...serverIds].slice(0, max) };
}
