/**
 * A small in-process TTL cache with stale-while-revalidate and in-flight de-duplication.
 * Used for shared, non-personal content (menus, cities, SEO entries, static pages).
 */
interface Entry<T> {
  value: T;
  freshUntil: number;
  staleUntil: number;
  weight: number;
}

/** What a load gives the cache: the value, whether it may be stored, and its size (any unit). */
export interface Loaded<T> {
  value: T;
  cacheable: boolean;
  /** Counted against `maxWeight` (e.g. bytes); 0 when omitted. */
  weight?: number;
}

export interface TtlCache {
  /**
   * The cached value of `key`: fresh for `ttlMs`, then served stale (while one background load
   * refreshes it) for `staleMs` more. Concurrent loads of one key share one `load()` call.
   * A result with `cacheable: false` (a failure) is returned but never stored.
   */
  get<T>(key: string, load: () => Promise<Loaded<T>>, ttlMs: number, staleMs?: number): Promise<T>;
  /** Drops every entry; loads already running are not stored. */
  clear(): void;
  size(): number;
  /** Sum of the stored entries' weights. */
  weight(): number;
}

/**
 * `maxEntries` and `maxWeight` both bound the cache: the least recently used entries go first.
 * An entry heavier than `maxWeight` on its own is returned but never stored.
 */
export function createTtlCache(maxEntries = 1000, now: () => number = Date.now, maxWeight = Number.POSITIVE_INFINITY): TtlCache {
  const limit = Math.max(1, maxEntries);
  let totalWeight = 0;
  /** Map order is recency order: the first key is the least recently used. */
  const entries = new Map<string, Entry<unknown>>();
  const pending = new Map<string, Promise<unknown>>();
  /** Bumped by clear(), so a load started before it cannot store pre-clear data. */
  let generation = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
  }

  function store<T>(key: string, value: T, ttlMs: number, staleMs: number, weight: number): void {
    remove(key);
    if (weight > maxWeight) return;
    while (entries.size > 0 && (entries.size >= limit || totalWeight + weight > maxWeight)) remove(entries.keys().next().value as string);
    const t = now();
    entries.set(key, { value, freshUntil: t + ttlMs, staleUntil: t + ttlMs + staleMs, weight });
    totalWeight += weight;
  }

  function fill<T>(key: string, load: () => Promise<Loaded<T>>, ttlMs: number, staleMs: number): Promise<T> {
    const existing = pending.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const startedIn = generation;
    const promise: Promise<T> = new Promise<Loaded<T>>((resolve) => resolve(load()))
      .then(({ value, cacheable, weight = 0 }) => {
        if (cacheable && startedIn === generation) store(key, value, ttlMs, staleMs, weight);
        return value;
      })
      .finally(() => {
        if (pending.get(key) === promise) pending.delete(key);
      });
    pending.set(key, promise);
    return promise;
  }

  return {
    async get(key, load, ttlMs, staleMs = ttlMs * 10) {
      const entry = entries.get(key) as Entry<never> | undefined;
      const t = now();
      if (entry && t < entry.staleUntil) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, entry);
        // Serve stale now, refresh in the background.
        if (t >= entry.freshUntil) void fill(key, load, ttlMs, staleMs).catch(() => {});
        return entry.value;
      }
      if (entry) remove(key);
      return fill(key, load, ttlMs, staleMs);
    },
    clear() {
      generation++;
      entries.clear();
      pending.clear();
      totalWeight = 0;
    },
    size() {
      return entries.size;
    },
    weight() {
      return totalWeight;
    },
  };
}

/** Freezes `value` and every object in it (stopping at what is frozen already); returns it. For shared answers: plain JSON only, never promises. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
