/**
 * A small in-process TTL cache with stale-while-revalidate and in-flight de-duplication.
 * Used for shared, non-personal content (menus, cities, SEO entries, static pages).
 */
interface Entry<T> {
  value: T;
  freshUntil: number;
  staleUntil: number;
}

export interface TtlCache {
  /**
   * The cached value of `key`: fresh for `ttlMs`, then served stale (while one background load
   * refreshes it) for `staleMs` more. Concurrent loads of one key share one `load()` call.
   * A result with `cacheable: false` (a failure) is returned but never stored.
   */
  get<T>(key: string, load: () => Promise<{ value: T; cacheable: boolean }>, ttlMs: number, staleMs?: number): Promise<T>;
  /** Drops every entry; loads already running are not stored. */
  clear(): void;
  size(): number;
}

export function createTtlCache(maxEntries = 1000, now: () => number = Date.now): TtlCache {
  const limit = Math.max(1, maxEntries);
  /** Map order is recency order: the first key is the least recently used. */
  const entries = new Map<string, Entry<unknown>>();
  const pending = new Map<string, Promise<unknown>>();
  /** Bumped by clear(), so a load started before it cannot store pre-clear data. */
  let generation = 0;

  function store<T>(key: string, value: T, ttlMs: number, staleMs: number): void {
    entries.delete(key);
    while (entries.size >= limit) entries.delete(entries.keys().next().value as string);
    const t = now();
    entries.set(key, { value, freshUntil: t + ttlMs, staleUntil: t + ttlMs + staleMs });
  }

  function fill<T>(key: string, load: () => Promise<{ value: T; cacheable: boolean }>, ttlMs: number, staleMs: number): Promise<T> {
    const existing = pending.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const startedIn = generation;
    const promise: Promise<T> = new Promise<{ value: T; cacheable: boolean }>((resolve) => resolve(load()))
      .then(({ value, cacheable }) => {
        if (cacheable && startedIn === generation) store(key, value, ttlMs, staleMs);
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
      if (entry) entries.delete(key);
      return fill(key, load, ttlMs, staleMs);
    },
    clear() {
      generation++;
      entries.clear();
      pending.clear();
    },
    size() {
      return entries.size;
    },
  };
}
