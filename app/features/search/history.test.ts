/** Search history (issue 18): the last 10 distinct queries, newest first, in local storage. */
import { describe, expect, it, vi } from "vitest";
import { addQuery, createSearchHistory, MAX_SEARCH_HISTORY, parseHistory, removeQuery, SEARCH_HISTORY_KEY } from "./history.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

describe("addQuery / removeQuery", () => {
  it("puts the newest first, normalised, without its older copy (any case), at most 10", () => {
    let list: readonly string[] = [];
    for (let i = 1; i <= 12; i++) list = addQuery(list, ` запрос  ${i} `);
    expect(list).toHaveLength(MAX_SEARCH_HISTORY);
    expect(list[0]).toBe("запрос 12");
    expect(list.at(-1)).toBe("запрос 3");
    list = addQuery(list, "ЗАПРОС 5");
    expect(list[0]).toBe("ЗАПРОС 5");
    expect(list.filter((q) => q.toLowerCase() === "запрос 5")).toHaveLength(1);
    expect(list).toHaveLength(MAX_SEARCH_HISTORY);
  });
  it("an empty or blank query changes nothing (same list)", () => {
    const list = ["ручка"];
    expect(addQuery(list, "  \u0000 ")).toBe(list);
    expect(addQuery(list, "ручка")).toBe(list);
  });
  it("removes one entry; an absent one changes nothing", () => {
    const list = ["a1", "b2"];
    expect(removeQuery(list, "a1")).toEqual(["b2"]);
    expect(removeQuery(list, "zz")).toBe(list);
  });
});

describe("parseHistory: what is stored is the visitor's to edit", () => {
  it.each([null, "", "not json", "{}", '"ручка"', "42", "null"])("junk reads as empty: %s", (raw) => {
    expect(parseHistory(raw)).toEqual([]);
  });
  it("keeps strings only, normalised and distinct, at most 10; huge entries are cut", () => {
    const raw = JSON.stringify([" ручка ", 5, null, "Ручка", "<script>alert(1)</script>", "x".repeat(1000), ...Array.from({ length: 30 }, (_, i) => `q${i}`)]);
    const list = parseHistory(raw);
    expect(list).toHaveLength(MAX_SEARCH_HISTORY);
    expect(list.slice(0, 3)).toEqual(["ручка", "<script>alert(1)</script>", "x".repeat(200)]);
  });
});

describe("createSearchHistory", () => {
  it("stores under its key, notifies, removes and clears", () => {
    const storage = fakeStorage();
    const history = createSearchHistory(() => storage, null);
    const listener = vi.fn();
    history.subscribe(listener);
    history.add("кружка");
    history.add("ручка");
    expect(JSON.parse(storage.data.get(SEARCH_HISTORY_KEY)!)).toEqual(["ручка", "кружка"]);
    history.add("ручка"); // already first: no write
    expect(listener).toHaveBeenCalledTimes(2);
    history.remove("кружка");
    expect(history.getSnapshot()).toEqual(["ручка"]);
    history.clear();
    expect(storage.data.has(SEARCH_HISTORY_KEY)).toBe(false);
    expect(history.getSnapshot()).toEqual([]);
  });
  it("works in memory when storage throws (private mode)", () => {
    const history = createSearchHistory(() => {
      throw new Error("denied");
    }, null);
    history.add("блокнот");
    expect(history.getSnapshot()).toEqual(["блокнот"]);
  });
});
