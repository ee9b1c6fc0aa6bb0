import { describe, expect, it, vi } from "vitest";
import { createTtlCache } from "./cache.server.ts";

/** A promise settled from outside, to hold a load in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets queued promise callbacks (background refreshes) run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(maxEntries = 1000) {
  let time = 1_000_000;
  const clock = {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
  return { cache: createTtlCache(maxEntries, clock.now), clock };
}

/** A loader returning `${name}#${n}` on its n-th call. */
function counter(name = "v", cacheable = true) {
  let n = 0;
  return vi.fn(async () => ({ value: `${name}#${++n}`, cacheable }));
}

describe("createTtlCache", () => {
  it("loads on a miss and serves from the cache while fresh", async () => {
    const { cache, clock } = setup();
    const load = counter();
    expect(await cache.get("k", load, 100)).toBe("v#1");
    clock.advance(99);
    expect(await cache.get("k", load, 100)).toBe("v#1");
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.size()).toBe(1);
  });

  it("keys are independent", async () => {
    const { cache } = setup();
    expect(await cache.get("a", counter("a"), 100)).toBe("a#1");
    expect(await cache.get("b", counter("b"), 100)).toBe("b#1");
    expect(cache.size()).toBe(2);
  });

  it("stale-while-revalidate: after the TTL the stale value is served at once and refreshed in the background", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter("old"), 100, 1_000);
    clock.advance(100);
    const next = deferred<{ value: string; cacheable: boolean }>();
    const load = vi.fn(() => next.promise);

    // The refresh has not answered, yet the stale value comes back.
    expect(await cache.get("k", load, 100, 1_000)).toBe("old#1");
    expect(await cache.get("k", load, 100, 1_000)).toBe("old#1");
    expect(load).toHaveBeenCalledTimes(1); // one background refresh for both

    next.resolve({ value: "new", cacheable: true });
    await flush();
    expect(await cache.get("k", load, 100, 1_000)).toBe("new");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("the refreshed value is fresh for a new TTL", async () => {
    const { cache, clock } = setup();
    const load = counter();
    await cache.get("k", load, 100, 1_000);
    clock.advance(150);
    await cache.get("k", load, 100, 1_000); // stale → background refresh v#2
    await flush();
    clock.advance(90);
    expect(await cache.get("k", load, 100, 1_000)).toBe("v#2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("past the stale window the caller waits for a new value instead of getting the old one", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter("old"), 100, 1_000);
    clock.advance(1_100);
    const next = deferred<{ value: string; cacheable: boolean }>();
    let settled = false;
    const result = cache.get("k", () => next.promise, 100, 1_000).then((v) => {
      settled = true;
      return v;
    });
    await flush();
    expect(settled).toBe(false);
    next.resolve({ value: "new", cacheable: true });
    expect(await result).toBe("new");
  });

  it("the stale window defaults to ten TTLs", async () => {
    const { cache, clock } = setup();
    const load = counter();
    await cache.get("k", load, 100);
    clock.advance(1_099);
    expect(await cache.get("k", load, 100)).toBe("v#1"); // stale, served
    await flush();
    clock.advance(1_100); // v#2 stored at +1099, now past its 1100 ms window
    expect(await cache.get("k", load, 100)).toBe("v#3");
  });

  it("de-duplicates concurrent loads of one key", async () => {
    const { cache } = setup();
    const next = deferred<{ value: string; cacheable: boolean }>();
    const load = vi.fn(() => next.promise);
    const first = cache.get("k", load, 100);
    const second = cache.get("k", load, 100);
    next.resolve({ value: "shared", cacheable: true });
    expect(await Promise.all([first, second])).toEqual(["shared", "shared"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not cache a result marked cacheable: false (failures), but returns it", async () => {
    const { cache } = setup();
    const load = counter("fallback", false);
    expect(await cache.get("k", load, 100)).toBe("fallback#1");
    expect(await cache.get("k", load, 100)).toBe("fallback#2");
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size()).toBe(0);
  });

  it("concurrent callers of a failing load share the failure, and the next call loads again", async () => {
    const { cache } = setup();
    const load = vi.fn(async () => ({ value: "fallback", cacheable: false }));
    expect(await Promise.all([cache.get("k", load, 100), cache.get("k", load, 100)])).toEqual(["fallback", "fallback"]);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get("k", load, 100);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a rejected load rejects the caller, is not cached and does not stay in flight", async () => {
    const { cache } = setup();
    await expect(cache.get("k", () => Promise.reject(new Error("boom")), 100)).rejects.toThrow("boom");
    expect(cache.size()).toBe(0);
    expect(await cache.get("k", counter(), 100)).toBe("v#1");
  });

  it("a loader that throws synchronously gives a rejection, not a throw", async () => {
    const { cache } = setup();
    const load = () => {
      throw new Error("sync");
    };
    await expect(cache.get("k", load, 100)).rejects.toThrow("sync");
    expect(await cache.get("k", counter(), 100)).toBe("v#1");
  });

  it("a failed background refresh keeps serving the stale value", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter("old"), 100, 1_000);
    clock.advance(200);
    const failing = vi.fn(async () => ({ value: "fallback", cacheable: false }));
    expect(await cache.get("k", failing, 100, 1_000)).toBe("old#1");
    await flush();
    expect(await cache.get("k", failing, 100, 1_000)).toBe("old#1");
    const rejecting = vi.fn(() => Promise.reject(new Error("down")));
    expect(await cache.get("k", rejecting, 100, 1_000)).toBe("old#1");
    await flush();
    expect(cache.size()).toBe(1);
  });

  it("clear() drops every entry", async () => {
    const { cache } = setup();
    const load = counter();
    await cache.get("a", load, 100);
    await cache.get("b", load, 100);
    cache.clear();
    expect(cache.size()).toBe(0);
    expect(await cache.get("a", load, 100)).toBe("v#3");
  });

  it("a load running across clear() is not stored, and a get after clear() loads anew", async () => {
    const { cache } = setup();
    const before = deferred<{ value: string; cacheable: boolean }>();
    const running = cache.get("k", () => before.promise, 100);
    cache.clear(); // e.g. the catalogue changed
    const after = counter("after");
    const fresh = cache.get("k", after, 100);
    before.resolve({ value: "before-clear", cacheable: true });
    expect(await running).toBe("before-clear");
    expect(await fresh).toBe("after#1");
    expect(after).toHaveBeenCalledTimes(1);
    expect(await cache.get("k", counter("later"), 100)).toBe("after#1");
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const { cache } = setup(2);
    await cache.get("a", counter("a"), 100);
    await cache.get("b", counter("b"), 100);
    await cache.get("c", counter("c"), 100);
    expect(cache.size()).toBe(2);
    const reloadA = counter("a2");
    expect(await cache.get("a", reloadA, 100)).toBe("a2#1"); // a was evicted
    expect(reloadA).toHaveBeenCalledTimes(1);
  });

  it("a recently read entry survives eviction", async () => {
    const { cache } = setup(2);
    await cache.get("a", counter("a"), 100);
    await cache.get("b", counter("b"), 100);
    await cache.get("a", counter("unused"), 100); // touch a
    await cache.get("c", counter("c"), 100); // evicts b
    expect(await cache.get("a", counter("unused"), 100)).toBe("a#1");
    expect(await cache.get("b", counter("b2"), 100)).toBe("b2#1");
  });

  it("refreshing an existing key does not evict another entry", async () => {
    const { cache, clock } = setup(2);
    await cache.get("a", counter("a"), 1_000);
    clock.advance(500);
    await cache.get("b", counter("b"), 100, 10_000);
    clock.advance(200); // b stale, a fresh
    await cache.get("b", counter("b2"), 100, 10_000);
    await flush();
    expect(cache.size()).toBe(2);
    const reloadA = counter("a2");
    expect(await cache.get("a", reloadA, 1_000)).toBe("a#1");
    expect(reloadA).not.toHaveBeenCalled();
  });
});

describe("createTtlCache weight bound", () => {
  const weighted = (value: string, weight: number) => async () => ({ value, cacheable: true, weight });

  it("evicts the least recently used entries until the new one fits under maxWeight", async () => {
    const cache = createTtlCache(100, Date.now, 10);
    await cache.get("a", weighted("a", 4), 60_000);
    await cache.get("b", weighted("b", 4), 60_000);
    expect(cache.weight()).toBe(8);
    await cache.get("c", weighted("c", 4), 60_000); // a goes
    expect(cache.size()).toBe(2);
    expect(cache.weight()).toBe(8);
    const reloadA = vi.fn(weighted("a2", 4));
    expect(await cache.get("a", reloadA, 60_000)).toBe("a2");
    expect(reloadA).toHaveBeenCalledTimes(1);
  });

  it("an entry heavier than maxWeight is returned but not stored", async () => {
    const cache = createTtlCache(100, Date.now, 10);
    await cache.get("small", weighted("s", 2), 60_000);
    expect(await cache.get("huge", weighted("h", 11), 60_000)).toBe("h");
    expect(cache.size()).toBe(1);
    expect(cache.weight()).toBe(2);
  });

  it("clear() resets the weight", async () => {
    const cache = createTtlCache(100, Date.now, 10);
    await cache.get("a", weighted("a", 5), 60_000);
    cache.clear();
    expect(cache.weight()).toBe(0);
  });
});
