/** §4 synced lists (ADR 034): the start/merge after login, the fetch adapter, rollback, limits, 404 ids, clear-after-server. */
import { describe, expect, it, vi } from "vitest";
import { createLocalIds } from "./local-ids.ts";
import { createSavedList } from "./saved-list.ts";
import { createRemoteList, startSyncedList, stopSyncedList, type FetchLike, type SyncedRemote } from "./remote-list.ts";

const KEY = "tmg_favorites";
const LIMIT_MESSAGE = "В избранное можно добавить не более 3 групп продуктов";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

function setup(local: number[], max = 3) {
  const storage = fakeStorage(local.length ? { [KEY]: JSON.stringify(local) } : {});
  const notify = vi.fn();
  const list = createSavedList({ ids: createLocalIds(KEY, max, () => storage, null), max, limitMessage: LIMIT_MESSAGE, errorMessage: "Не удалось изменить избранное", notify, warn: () => {} });
  return { list, storage, notify };
}

/** An in-memory server list behind the SyncedRemote interface, recording the calls. */
function fakeServer(initial: number[], { gone = [] as number[], max = 3 } = {}) {
  let ids = [...initial];
  const calls: string[] = [];
  let failNext: string | null = null;
  const maybeFail = () => {
    if (failNext) {
      const m = failNext;
      failNext = null;
      throw new Error(m);
    }
  };
  const remote: SyncedRemote = {
    async load(local) {
      calls.push(`load ${local.join(",")}`);
      maybeFail();
      // The route removes the 404 ids from the server list (list-sync.server.ts).
      const missing = ids.filter((id) => gone.includes(id));
      ids = ids.filter((id) => !gone.includes(id));
      return { ids, missing, localMissing: local.filter((id) => gone.includes(id)) };
    },
    async add(add) {
      calls.push(`add ${add.join(",")}`);
      maybeFail();
      const next = [...add, ...ids.filter((id) => !add.includes(id))];
      if (next.length > max) throw new Error(LIMIT_MESSAGE);
      ids = next;
      return { ids };
    },
    async remove(remove) {
      calls.push(`delete ${remove.join(",")}`);
      maybeFail();
      ids = ids.filter((id) => !remove.includes(id));
      return { ids };
    },
    async clear() {
      calls.push("clear");
      maybeFail();
      ids = [];
      return { ids };
    },
  };
  return { remote, calls, ids: () => ids, failNext: (m: string) => void (failNext = m) };
}

describe("startSyncedList (§4 login merge)", () => {
  it("server empty: the local items are pushed, trimmed by the limit, and local storage is cleared", async () => {
    const { list, storage } = setup([5, 4, 3, 2]);
    const server = fakeServer([]);
    const result = await startSyncedList(list, server.remote, 3);
    expect(result).toEqual({ ok: true, ids: [5, 4, 3], pushed: [5, 4, 3] });
    expect(server.ids()).toEqual([5, 4, 3]);
    expect(list.getSnapshot()).toEqual([5, 4, 3]);
    expect(storage.data.has(KEY)).toBe(false);
  });

  it("server has items: only local-only items are pushed, then merged with the server's", async () => {
    const { list } = setup([7, 1]);
    const server = fakeServer([1, 2]);
    await startSyncedList(list, server.remote, 3);
    expect(server.calls).toEqual(["load 7,1", "add 7"]);
    expect(list.getSnapshot()).toEqual([7, 1, 2]);
  });

  it("nothing local: the list starts from the server ids, nothing is pushed", async () => {
    const { list } = setup([]);
    const server = fakeServer([9, 8]);
    await startSyncedList(list, server.remote, 3);
    expect(server.calls).toEqual(["load "]);
    expect(list.getSnapshot()).toEqual([9, 8]);
  });

  it("404 ids: groups that no longer exist are not pushed and leave the list", async () => {
    const { list } = setup([6, 5]);
    const server = fakeServer([4, 3], { gone: [3, 6] });
    const result = await startSyncedList(list, server.remote, 3);
    expect(server.calls).toEqual(["load 6,5", "add 5"]);
    expect(result.ok && result.ids).toEqual([5, 4]);
  });

  it("a failed push keeps the guest's items in local storage for the next page load (a reload half-way resumes)", async () => {
    const { list, storage } = setup([7, 1]);
    const server = fakeServer([2]);
    server.failNext("Сервер недоступен");
    const failed = await startSyncedList(list, server.remote, 3);
    expect(failed).toEqual({ ok: false, message: "Сервер недоступен" });
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual([7, 1]);
    expect(list.getSnapshot()).toEqual([7, 1]);
    // The next page load merges them, once (the merge is idempotent).
    await startSyncedList(list, server.remote, 3);
    await startSyncedList(list, server.remote, 3);
    expect(server.ids()).toEqual([7, 1, 2]);
    expect(server.calls.filter((c) => c.startsWith("add"))).toEqual(["add 7,1"]);
  });

  it("is 'not known' (null) while the server list loads: adds are ignored", async () => {
    const { list } = setup([]);
    let release!: () => void;
    const server = fakeServer([1]);
    const slow: SyncedRemote = { ...server.remote, load: (l) => new Promise((r) => (release = () => r(server.remote.load(l)))) };
    const started = startSyncedList(list, slow, 3);
    expect(list.getSnapshot()).toBeNull();
    expect(await list.add(5)).toEqual({ ok: true });
    release();
    await started;
    expect(list.getSnapshot()).toEqual([1]);
  });

  it("logged out before the server answered: the guest list is left alone", async () => {
    const { list } = setup([4]);
    const server = fakeServer([1]);
    const result = await startSyncedList(list, server.remote, 3, { current: () => false });
    expect(result.ok).toBe(false);
  });
});

describe("a synced list after login", () => {
  async function loggedIn(serverIds: number[]) {
    const s = setup([]);
    const server = fakeServer(serverIds);
    await startSyncedList(s.list, server.remote, 3);
    return { ...s, server };
  }

  it("add and remove go to the server; local storage stays empty (the server is the list)", async () => {
    const { list, server, storage } = await loggedIn([1]);
    await list.add(2);
    await list.remove(1);
    expect(server.ids()).toEqual([2]);
    expect(list.getSnapshot()).toEqual([2]);
    expect(storage.data.has(KEY)).toBe(false);
  });

  it("a refused add is rolled back with the server's message (§8)", async () => {
    const { list, server, notify } = await loggedIn([1]);
    server.failNext(LIMIT_MESSAGE);
    expect(await list.add(2)).toEqual({ ok: false, message: LIMIT_MESSAGE });
    expect(list.getSnapshot()).toEqual([1]);
    expect(notify).toHaveBeenCalledWith(LIMIT_MESSAGE);
  });

  it("the §5 limit is checked before calling the server", async () => {
    const { list, server, notify } = await loggedIn([1, 2, 3]);
    expect((await list.add(4)).ok).toBe(false);
    expect(server.calls.filter((c) => c.startsWith("add"))).toEqual([]);
    expect(notify).toHaveBeenCalledWith(LIMIT_MESSAGE);
  });

  it("a refused remove restores the item where it was", async () => {
    const { list, server } = await loggedIn([1, 2, 3]);
    server.failNext("Ошибка");
    await list.remove(2);
    expect(list.getSnapshot()).toEqual([1, 2, 3]);
  });

  it("clear empties the list only once the server agreed (§4), in one call", async () => {
    const { list, server } = await loggedIn([1, 2]);
    server.failNext("Ошибка");
    expect((await list.clear()).ok).toBe(false);
    expect(list.getSnapshot()).toEqual([1, 2]);
    expect((await list.clear()).ok).toBe(true);
    expect(list.getSnapshot()).toEqual([]);
    expect(server.calls.slice(-2)).toEqual(["clear", "clear"]);
  });

  it("logout: the list is the (emptied) local one again, without a remote", async () => {
    const { list, server } = await loggedIn([1, 2]);
    stopSyncedList(list);
    expect(list.getSnapshot()).toEqual([]);
    await list.add(5);
    expect(server.calls.filter((c) => c.startsWith("add"))).toEqual([]);
  });

  it("subscribers are told when the backing switches (the header counter follows)", async () => {
    const { list } = setup([4]);
    const seen: (readonly number[] | null)[] = [];
    list.subscribe(() => seen.push(list.getSnapshot()));
    await startSyncedList(list, fakeServer([1, 2]).remote, 3);
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).toEqual([4, 1, 2]);
  });
});

describe("createRemoteList (fetch to our own route)", () => {
  function fetchAnswering(status: number, body: unknown) {
    const seen: { url: string; init?: RequestInit }[] = [];
    const fetchImpl: FetchLike = async (url, init) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    };
    return { fetchImpl, seen };
  }

  it("posts intent and ids, answers the server's ids", async () => {
    const { fetchImpl, seen } = fetchAnswering(200, { ok: true, ids: [3, 1] });
    const remote = createRemoteList("/favorites/sync", "Не удалось", fetchImpl);
    expect(await remote.add([3])).toEqual({ ok: true, ids: [3, 1] });
    expect(seen[0]!.url).toBe("/favorites/sync");
    expect(String(seen[0]!.init?.body)).toBe("intent=add&ids=3");
  });

  it("rejects with the server's message (the §5 limit), or the default when there is none", async () => {
    const refused = createRemoteList("/favorites/sync", "Не удалось", fetchAnswering(400, { ok: false, message: LIMIT_MESSAGE }).fetchImpl);
    await expect(refused.add([1])).rejects.toThrow(LIMIT_MESSAGE);
    const junk: FetchLike = async () => new Response("<html>", { status: 502 });
    await expect(createRemoteList("/x", "Не удалось", junk).remove([1])).rejects.toThrow("Не удалось");
    const offline: FetchLike = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(createRemoteList("/x", "Не удалось", offline).load([])).rejects.toThrow("Не удалось");
  });

  it("load sends the guest's ids for the 404 check", async () => {
    const { fetchImpl, seen } = fetchAnswering(200, { ok: true, ids: [], missing: [], localMissing: [] });
    await createRemoteList("/comparison/sync", "x", fetchImpl).load([5, 6]);
    expect(seen[0]!.url).toBe("/comparison/sync?local=5,6");
  });
});
