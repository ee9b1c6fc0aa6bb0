import { describe, expect, it, vi } from "vitest";
import { createViewedStore, EMPTY_VIEWED } from "./viewed-store.ts";
import { VIEWED_STORAGE_KEY } from "./viewed.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** A `storage` event as another tab's write produces it. */
function storageEvent(key: string | null): Event {
  return Object.assign(new Event("storage"), { key });
}

describe("createViewedStore", () => {
  it("reads the stored ids and keeps the snapshot reference stable while unchanged", () => {
    const store = createViewedStore(() => fakeStorage({ [VIEWED_STORAGE_KEY]: "[3,2]" }), null);
    const first = store.getSnapshot();
    expect(first).toEqual([3, 2]);
    expect(store.getSnapshot()).toBe(first);
  });

  it("gives the shared empty list for nothing or garbage", () => {
    expect(createViewedStore(() => fakeStorage(), null).getSnapshot()).toBe(EMPTY_VIEWED);
    expect(createViewedStore(() => fakeStorage({ [VIEWED_STORAGE_KEY]: "{oops" }), null).getSnapshot()).toBe(EMPTY_VIEWED);
  });

  it("add persists newest first and notifies this tab's subscribers", () => {
    const storage = fakeStorage({ [VIEWED_STORAGE_KEY]: "[1]" });
    const store = createViewedStore(() => storage, null);
    const listener = vi.fn();
    store.subscribe(listener);
    store.add(2);
    expect(storage.data.get(VIEWED_STORAGE_KEY)).toBe("[2,1]");
    expect(store.getSnapshot()).toEqual([2, 1]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("skips the write and the notification when the id is already first", () => {
    const storage = fakeStorage({ [VIEWED_STORAGE_KEY]: "[1]" });
    const setItem = vi.spyOn(storage, "setItem");
    const store = createViewedStore(() => storage, null);
    const listener = vi.fn();
    store.subscribe(listener);
    store.add(1);
    expect(setItem).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });

  it("clear removes the key", () => {
    const storage = fakeStorage({ [VIEWED_STORAGE_KEY]: "[1]" });
    const store = createViewedStore(() => storage, null);
    store.clear();
    expect(storage.data.has(VIEWED_STORAGE_KEY)).toBe(false);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("follows other tabs through the storage event (its key, or null for clear()), and unsubscribes", () => {
    const storage = fakeStorage();
    const events = new EventTarget();
    const store = createViewedStore(() => storage, events);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    storage.data.set(VIEWED_STORAGE_KEY, "[9]"); // another tab wrote
    events.dispatchEvent(storageEvent(VIEWED_STORAGE_KEY));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual([9]);

    events.dispatchEvent(storageEvent("tmg_cart"));
    expect(listener).toHaveBeenCalledTimes(1);
    events.dispatchEvent(storageEvent(null));
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    events.dispatchEvent(storageEvent(VIEWED_STORAGE_KEY));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps working in memory when storage throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    const store = createViewedStore(() => broken, null);
    expect(store.getSnapshot()).toEqual([]);
    store.add(5);
    store.add(6);
    expect(store.getSnapshot()).toEqual([6, 5]);
  });
});
