import { describe, expect, it, vi } from "vitest";
import { createSharedCache, type Loaded, type SharedCacheOptions } from "./cache.server.ts";

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

/** Fresh 100 ms, stale 1 000 ms more, on a clock the test moves. */
function setup(options: Partial<SharedCacheOptions> = {}) {
  let time = 1_000_000;
  const clock = {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
  return { cache: createSharedCache({ maxBytes: 1_000_000, freshMs: 100, staleMs: 1_000, now: clock.now, ...options }), clock };
}

/** A loader returning `${name}#${n}` on its n-th call. */
function counter(name = "v", cacheable = true) {
  let n = 0;
  return vi.fn(async (): Promise<Loaded<string>> => ({ value: `${name}#${++n}`, cacheable }));
}

describe("createSharedCache", () => {
  it("loads on a miss and serves from the cache while fresh", async () => {
    const { cache, clock } = setup();
    const load = counter();
    expect(await cache.get("k", load)).toBe("v#1");
    clock.advance(99);
    expect(await cache.get("k", load)).toBe("v#1");
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.size()).toBe(1);
  });

  it("keys are independent", async () => {
    const { cache } = setup();
    expect(await cache.get("a", counter("a"))).toBe("a#1");
    expect(await cache.get("b", counter("b"))).toBe("b#1");
    expect(cache.size()).toBe(2);
  });

  it("stale-while-revalidate: after the TTL the stale value is served at once and refreshed in the background", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter("old"));
    clock.advance(101);
    const next = deferred<Loaded<string>>();
    const load = vi.fn(() => next.promise);

    // The refresh has not answered, yet the stale value comes back.
    expect(await cache.get("k", load)).toBe("old#1");
    expect(await cache.get("k", load)).toBe("old#1");
    expect(load).toHaveBeenCalledTimes(1); // one background refresh for both

    next.resolve({ value: "new", cacheable: true });
    await flush();
    expect(await cache.get("k", load)).toBe("new");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("the refreshed value is fresh for a new TTL", async () => {
    const { cache, clock } = setup();
    const load = counter();
    await cache.get("k", load);
    clock.advance(150);
    await cache.get("k", load); // stale → background refresh v#2
    await flush();
    clock.advance(90);
    expect(await cache.get("k", load)).toBe("v#2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("past the stale window the caller waits for a new value instead of getting the old one", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter("old"));
    clock.advance(1_101);
    const next = deferred<Loaded<string>>();
    let settled = false;
    const result = cache.get("k", () => next.promise).then((v) => {
      settled = true;
      return v;
    });
    await flush();
    expect(settled).toBe(false);
    next.resolve({ value: "new", cacheable: true });
    expect(await result).toBe("new");
  });

  it("the stale window defaults to ten TTLs", async () => {
    const { cache, clock } = setup({ staleMs: undefined });
    const load = counter();
    await cache.get("k", load);
    clock.advance(1_099);
    expect(await cache.get("k", load)).toBe("v#1"); // stale, served
    await flush();
    clock.advance(1_101); // v#2 stored at +1099, now past its 1100 ms window
    expect(await cache.get("k", load)).toBe("v#3");
  });

  it("de-duplicates concurrent loads of one key", async () => {
    const { cache } = setup();
    const next = deferred<Loaded<string>>();
    const load = vi.fn(() => next.promise);
    const first = cache.get("k", load);
    const second = cache.get("k", load);
    next.resolve({ value: "shared", cacheable: true });
    expect(await Promise.all([first, second])).toEqual(["shared", "shared"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not cache a result marked cacheable: false (failures), but returns it", async () => {
    const { cache } = setup();
    const load = counter("fallback", false);
    expect(await cache.get("k", load)).toBe("fallback#1");
    expect(await cache.get("k", load)).toBe("fallback#2");
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size()).toBe(0);
  });

  it("concurrent callers of a failing load share the failure, and the next call loads again", async () => {
    const { cache } = setup();
    const load = vi.fn(async () => ({ value: "fallback", cacheable: false }));
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual(["fallback", "fallback"]);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a rejected load rejects the caller, is not cached and does not stay in flight", async () => {
    const { cache } = setup();
    await expect(cache.get("k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(cache.size()).toBe(0);
    expect(await cache.get("k", counter())).toBe("v#1");
  });

  it("a loader that throws synchronously gives a rejection, not a throw", async () => {
    const { cache } = setup();
    const load = () => {
      throw new Error("sync");
    };
    await expect(cache.get("k", load)).rejects.toThrow("sync");
    expect(await cache.get("k", counter())).toBe("v#1");
  });

  it("a failed background refresh keeps serving the stale value", async () => {
    const { cache, clock } = setup();
    await cache.get("k", counter("old"));
    clock.advance(200);
    const failing = vi.fn(async () => ({ value: "fallback", cacheable: false }));
    expect(await cache.get("k", failing)).toBe("old#1");
    await flush();
    expect(await cache.get("k", failing)).toBe("old#1");
    const rejecting = vi.fn(() => Promise.reject(new Error("down")));
    expect(await cache.get("k", rejecting)).toBe("old#1");
    await flush();
    expect(cache.size()).toBe(1);
  });

  it("clear() drops every entry", async () => {
    const { cache } = setup();
    const load = counter();
    await cache.get("a", load);
    await cache.get("b", load);
    cache.clear();
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
    expect(await cache.get("a", load)).toBe("v#3");
  });

  it("a load running across clear() is not stored, and a get after clear() loads anew", async () => {
    const { cache } = setup();
    const before = deferred<Loaded<string>>();
    const running = cache.get("k", () => before.promise);
    cache.clear(); // e.g. the catalogue changed
    const after = counter("after");
    const fresh = cache.get("k", after);
    before.resolve({ value: "before-clear", cacheable: true });
    expect(await running).toBe("before-clear");
    expect(await fresh).toBe("after#1");
    expect(after).toHaveBeenCalledTimes(1);
    expect(await cache.get("k", counter("later"))).toBe("after#1");
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const { cache } = setup({ maxEntries: 2 });
    await cache.get("a", counter("a"));
    await cache.get("b", counter("b"));
    await cache.get("c", counter("c"));
    expect(cache.size()).toBe(2);
    const reloadA = counter("a2");
    expect(await cache.get("a", reloadA)).toBe("a2#1"); // a was evicted
    expect(reloadA).toHaveBeenCalledTimes(1);
  });

  it("a recently read entry survives eviction", async () => {
    const { cache } = setup({ maxEntries: 2 });
    await cache.get("a", counter("a"));
    await cache.get("b", counter("b"));
    await cache.get("a", counter("unused")); // touch a
    await cache.get("c", counter("c")); // evicts b
    expect(await cache.get("a", counter("unused"))).toBe("a#1");
    expect(await cache.get("b", counter("b2"))).toBe("b2#1");
  });

  it("refreshing an existing key does not evict another entry", async () => {
    const { cache, clock } = setup({ maxEntries: 2, staleMs: 10_000 });
    await cache.get("a", counter("a"));
    clock.advance(50);
    await cache.get("b", counter("b"));
    clock.advance(60); // a stale, b fresh
    await cache.get("a", counter("a2"));
    await flush();
    expect(cache.size()).toBe(2);
    const reloadB = counter("b2");
    expect(await cache.get("b", reloadB)).toBe("b#1");
    expect(reloadB).not.toHaveBeenCalled();
  });

  it("stored values are deep-frozen: a caller cannot change what the next one reads", async () => {
    const { cache } = setup();
    const value = await cache.get("k", async () => ({ value: { list: [{ n: 1 }] }, cacheable: true }));
    expect(Object.isFrozen(value) && Object.isFrozen(value.list) && Object.isFrozen(value.list[0])).toBe(true);
    expect(() => {
      value.list[0]!.n = 2;
    }).toThrow(TypeError);
  });
});

describe("createSharedCache byte bound", () => {
  const sized = (value: string, size: number) => async () => ({ value, cacheable: true, size });

  it("evicts the least recently used entries until the new one fits under maxBytes", async () => {
    const { cache } = setup({ maxBytes: 10 });
    await cache.get("a", sized("a", 4));
    await cache.get("b", sized("b", 4));
    expect(cache.bytes()).toBe(8);
    await cache.get("c", sized("c", 4)); // a goes
    expect(cache.size()).toBe(2);
    expect(cache.bytes()).toBe(8);
    const reloadA = vi.fn(sized("a2", 4));
    expect(await cache.get("a", reloadA)).toBe("a2");
    expect(reloadA).toHaveBeenCalledTimes(1);
  });

  it("an entry larger than maxBytes is returned but not stored", async () => {
    const { cache } = setup({ maxBytes: 10 });
    await cache.get("small", sized("s", 2));
    expect(await cache.get("huge", sized("h", 11))).toBe("h");
    expect(cache.size()).toBe(1);
    expect(cache.bytes()).toBe(2);
  });

  it("without a size from the load, a value counts as its JSON in UTF-16", async () => {
    const { cache } = setup();
    await cache.get("s", async () => ({ value: "абв", cacheable: true }));
    expect(cache.bytes()).toBe(6);
    await cache.get("o", async () => ({ value: { a: 1 }, cacheable: true }));
    expect(cache.bytes()).toBe(6 + '{"a":1}'.length * 2);
  });

  it("clear() resets the bytes", async () => {
    const { cache } = setup({ maxBytes: 10 });
    await cache.get("a", sized("a", 5));
    cache.clear();
    expect(cache.bytes()).toBe(0);
  });
});
