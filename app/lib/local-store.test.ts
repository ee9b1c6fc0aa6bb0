/** The one localStorage-backed external store under the id lists and the cart. */
import { describe, expect, it, vi } from "vitest";
import { createLocalStore } from "./local-store.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const words = (storage: () => ReturnType<typeof fakeStorage> | null, events: EventTarget | null = null) =>
  createLocalStore<string[]>("k", (raw) => (raw ? raw.split(",") : []), (v) => (v.length ? v.join(",") : null), storage, events);

describe("createLocalStore", () => {
  it("parses once per stored string (a stable snapshot), writes, removes for null, notifies this tab", () => {
    const storage = fakeStorage({ k: "a,b" });
    const store = words(() => storage);
    const first = store.getSnapshot();
    expect(first).toEqual(["a", "b"]);
    expect(store.getSnapshot()).toBe(first);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(["c"]);
    expect(storage.data.get("k")).toBe("c");
    expect(store.getSnapshot()).toEqual(["c"]);
    store.set([]);
    expect(storage.data.has("k")).toBe(false);
    store.clear(); // nothing stored: no write, no notification
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("follows another tab: its key and storage.clear() (key null), not other keys; unsubscribes", () => {
    const storage = fakeStorage();
    const events = new EventTarget();
    const store = words(() => storage, events);
    const listener = vi.fn();
    const off = store.subscribe(listener);
    for (const key of ["k", null, "other"]) events.dispatchEvent(Object.assign(new Event("storage"), { key }));
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "k" }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps the value in memory when storage throws or is missing", () => {
    const store = words(() => {
      throw new Error("denied");
    });
    store.set(["x"]);
    expect(store.getSnapshot()).toEqual(["x"]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    const none = words(() => null);
    none.set(["y"]);
    expect(none.getSnapshot()).toEqual(["y"]);
  });
});
