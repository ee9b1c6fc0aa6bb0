import { describe, expect, it, vi } from "vitest";
import { createLocalIds } from "./local-ids.ts";
import { createSavedList, mergeOnLogin, type RemoteList } from "./saved-list.ts";
import { FAVORITES_LIMIT_MESSAGE } from "../favorites/favorites.ts";
import { COMPARISON_LIMIT_MESSAGE } from "../comparison/comparison.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const KEY = "tmg_favorites";

function setup(stored: unknown = undefined, remote: RemoteList | null = null, max = 300) {
  const storage = fakeStorage(stored === undefined ? {} : { [KEY]: typeof stored === "string" ? stored : JSON.stringify(stored) });
  const notify = vi.fn();
  const warn = vi.fn();
  const list = createSavedList({
    ids: createLocalIds(KEY, max, () => storage, null),
    max,
    limitMessage: FAVORITES_LIMIT_MESSAGE,
    errorMessage: "Не удалось",
    remote,
    notify,
    warn,
  });
  const stored$ = () => JSON.parse(storage.data.get(KEY) ?? "[]") as number[];
  return { list, storage, notify, warn, stored: stored$ };
}

/** A remote whose calls fail (after a tick, like a network call). */
function failingRemote(message = "Сервер недоступен"): RemoteList & { add: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> } {
  const fail = () => new Promise((_, reject) => setTimeout(() => reject(new Error(message)), 1));
  return { add: vi.fn(fail), remove: vi.fn(fail) };
}

describe("saved lists: order and duplicates", () => {
  it("add puts the id first and persists", async () => {
    const { list, stored } = setup([2, 1]);
    expect(await list.add(3)).toEqual({ ok: true });
    expect(list.getSnapshot()).toEqual([3, 2, 1]);
    expect(stored()).toEqual([3, 2, 1]);
  });

  it("adding an id already there changes nothing; toggle removes it", async () => {
    const { list } = setup([2, 1]);
    const before = list.getSnapshot();
    await list.add(1);
    expect(list.getSnapshot()).toBe(before);
    await list.toggle(1);
    expect(list.getSnapshot()).toEqual([2]);
    await list.toggle(1);
    expect(list.getSnapshot()).toEqual([1, 2]);
  });

  it("ignores ids that cannot be ids", async () => {
    const { list } = setup([2]);
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) await list.add(id);
    expect(list.getSnapshot()).toEqual([2]);
  });

  it("clear empties the list and removes the key", async () => {
    const { list, storage } = setup([2, 1]);
    await list.clear();
    expect(list.getSnapshot()).toEqual([]);
    expect(storage.data.has(KEY)).toBe(false);
  });
});

describe("saved lists: limits (§5, §9)", () => {
  it("the 301st favourite is not added; the message is shown and logged", async () => {
    const full = Array.from({ length: 300 }, (_, i) => i + 1);
    const { list, notify, warn, stored } = setup(full);
    const result = await list.add(1000);
    expect(result).toEqual({ ok: false, message: "В избранное можно добавить не более 300 групп продуктов" });
    expect(notify).toHaveBeenCalledWith("В избранное можно добавить не более 300 групп продуктов");
    expect(warn).toHaveBeenCalledWith("В избранное можно добавить не более 300 групп продуктов");
    expect(list.getSnapshot()).toHaveLength(300);
    expect(list.getSnapshot()).not.toContain(1000);
    expect(stored()).toEqual(full);
  });

  it("the 300th is added; after a removal there is room again", async () => {
    const { list, notify } = setup(Array.from({ length: 299 }, (_, i) => i + 1));
    expect((await list.add(1000)).ok).toBe(true);
    expect(list.getSnapshot()?.[0]).toBe(1000);
    expect((await list.add(1001)).ok).toBe(false);
    await list.remove(5);
    expect((await list.add(1001)).ok).toBe(true);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("the comparison message names 150", () => {
    expect(COMPARISON_LIMIT_MESSAGE).toBe("В сравнение можно добавить не более 150 товаров");
  });
});

describe("saved lists: junk in local storage", () => {
  it.each([["invalid JSON", "{oops"], ["a string", '"1,2,3"'], ["an object", '{"1":true}'], ["a number", "7"]])("%s reads as empty, and the next add overwrites it", async (_, raw) => {
    const { list, stored } = setup(raw);
    expect(list.getSnapshot()).toEqual([]);
    await list.add(4);
    expect(stored()).toEqual([4]);
  });

  it("negative, zero, fractional, string and duplicate ids are skipped", () => {
    const { list } = setup([5, -3, 0, 1.5, "7", 5, 8]);
    expect(list.getSnapshot()).toEqual([5, 8]);
  });

  it("10 000 stored ids read as the newest 300: the list is full", async () => {
    const { list, notify } = setup(Array.from({ length: 10_000 }, (_, i) => i + 1));
    expect(list.getSnapshot()).toHaveLength(300);
    expect((await list.add(20_000)).ok).toBe(false);
    expect(notify).toHaveBeenCalledWith(FAVORITES_LIMIT_MESSAGE);
  });
});

describe("saved lists: optimistic changes and rollback (§4, §8)", () => {
  it("without a remote (anonymous visitor) nothing is sent", async () => {
    const { list } = setup([1]);
    expect(await list.add(2)).toEqual({ ok: true });
    expect(await list.remove(1)).toEqual({ ok: true });
    expect(list.getSnapshot()).toEqual([2]);
  });

  it("a remote add is sent after the optimistic write", async () => {
    const remote: RemoteList = { add: vi.fn(async () => []), remove: vi.fn(async () => []) };
    const { list } = setup([1], remote);
    const pending = list.add(2);
    expect(list.getSnapshot()).toEqual([2, 1]); // optimistic: before the server answers
    expect(await pending).toEqual({ ok: true });
    expect(remote.add).toHaveBeenCalledWith([2]);
    expect(list.getSnapshot()).toEqual([2, 1]);
  });

  it("a failed add rolls back and says why", async () => {
    const remote = failingRemote();
    const { list, notify, stored } = setup([1], remote);
    const pending = list.add(2);
    expect(list.getSnapshot()).toEqual([2, 1]);
    expect(await pending).toEqual({ ok: false, message: "Сервер недоступен" });
    expect(list.getSnapshot()).toEqual([1]);
    expect(stored()).toEqual([1]);
    expect(notify).toHaveBeenCalledWith("Сервер недоступен");
  });

  it("a failed add rolls back only itself: an add made meanwhile stays", async () => {
    let rejectFirst: (e: Error) => void = () => {};
    const remote: RemoteList = {
      add: vi.fn((ids: readonly number[]) => (ids[0] === 2 ? new Promise((_, reject) => (rejectFirst = reject)) : Promise.resolve([]))),
      remove: vi.fn(async () => []),
    };
    const { list } = setup([1], remote);
    const first = list.add(2);
    await list.add(3);
    rejectFirst(new Error(""));
    expect(await first).toEqual({ ok: false, message: "Не удалось" }); // no server text: the default
    expect(list.getSnapshot()).toEqual([3, 1]);
  });

  it("a failed remove restores the item where it was", async () => {
    const remote = failingRemote();
    const { list, notify } = setup([3, 2, 1], remote);
    const pending = list.remove(2);
    expect(list.getSnapshot()).toEqual([3, 1]);
    expect((await pending).ok).toBe(false);
    expect(list.getSnapshot()).toEqual([3, 2, 1]);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("with a remote, clear empties the local list only once the server has", async () => {
    const failing = failingRemote();
    const { list } = setup([2, 1], failing);
    expect((await list.clear()).ok).toBe(false);
    expect(list.getSnapshot()).toEqual([2, 1]);

    const working: RemoteList = { add: vi.fn(async () => []), remove: vi.fn(async () => []) };
    list.setRemote(working);
    expect(await list.clear()).toEqual({ ok: true });
    expect(working.remove).toHaveBeenCalledWith([2, 1]);
    expect(list.getSnapshot()).toEqual([]);
  });
});

describe("saved lists: groups that no longer exist (§3 productsGroups404Ids)", () => {
  it("dropMissing removes them, keeps the order of the rest, and answers what it dropped", () => {
    const { list, stored } = setup([5, 4, 3, 2, 1]);
    expect(list.dropMissing([4, 2, 99])).toEqual([4, 2]);
    expect(list.getSnapshot()).toEqual([5, 3, 1]);
    expect(stored()).toEqual([5, 3, 1]);
    expect(list.dropMissing([4, 2])).toEqual([]); // said once: nothing left to drop
  });

  it("tells the remote, and ignores its failure", async () => {
    const remote = failingRemote();
    const { list } = setup([2, 1], remote);
    list.dropMissing([1]);
    expect(remote.remove).toHaveBeenCalledWith([1]);
    await new Promise((r) => setTimeout(r, 5));
    expect(list.getSnapshot()).toEqual([2]);
  });
});

describe("mergeOnLogin (§4 sync on login)", () => {
  it("local items and an empty server: push the local list", () => {
    expect(mergeOnLogin([3, 2, 1], [], 300)).toEqual({ push: [3, 2, 1], merged: [3, 2, 1] });
  });

  it("otherwise pushes local-only items and merges them before the server's", () => {
    expect(mergeOnLogin([4, 2, 1], [2, 9], 300)).toEqual({ push: [4, 1], merged: [4, 1, 2, 9] });
  });

  it("nothing local: nothing to push, the server's list", () => {
    expect(mergeOnLogin([], [5, 6], 300)).toEqual({ push: [], merged: [5, 6] });
  });

  it("trims to the limit: the local list of an empty server, and local-only items beyond the room left", () => {
    const local = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(mergeOnLogin(local, [], 150).push).toHaveLength(150);
    const server = Array.from({ length: 140 }, (_, i) => 1000 + i);
    const { push, merged } = mergeOnLogin(local, server, 150);
    expect(push).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(merged).toHaveLength(150);
    expect(merged.slice(10)).toEqual(server);
  });

  it("a server list already over the limit is trimmed and gets nothing pushed", () => {
    const server = Array.from({ length: 310 }, (_, i) => i + 1);
    const { push, merged } = mergeOnLogin([999], server, 300);
    expect(push).toEqual([]);
    expect(merged).toEqual(server.slice(0, 300));
  });

  it("drops junk and duplicates on both sides", () => {
    expect(mergeOnLogin([2, 2, -1, 0, 1.5, 3], [3, 3, 4], 300)).toEqual({ push: [2], merged: [2, 3, 4] });
  });
});
