/**
 * The storefront's in-process cache of shared, non-personal content (menus, cities, SEO entries,
 * static pages, sitemap files, anonymous catalogue answers): `lru-cache`'s `fetch()` (ADR 049).
 *
 * - fresh for `freshMs`, then served stale for `staleMs` more while one background load refreshes
 *   it; past that window a caller waits for a new value;
 * - concurrent loads of one key share one `load()` call (lru-cache keeps the load in flight as the
 *   entry's value);
 * - a result with `cacheable: false` (a failure the caller turns into a fallback) is returned to
 *   every caller of that load but never stored, and a failed background refresh keeps the stale value;
 * - bounded in bytes (`maxBytes`, each value's `size` or `sizeOf`) and in entries, least recently
 *   used first; a value larger than `maxBytes` on its own is returned but not stored;
 * - every stored value is deep-frozen: one object is shared by every request, so a caller that
 *   would change it fails loudly instead of changing what the next visitor sees.
 *
 * The bounds of every cache of the shop are listed in docs/architecture.md ("Caches and their bounds").
 */
import { LRUCache } from "lru-cache";

/** What a load gives the cache: the value, whether it may be stored, and its size in bytes. */
export interface Loaded<T> {
  value: T;
  cacheable: boolean;
  /** Bytes counted against `maxBytes`; the cache's `sizeOf` when omitted. */
  size?: number;
}

export interface SharedCacheOptions {
  /** Upper bound of the stored values' sizes, bytes. */
  maxBytes: number;
  /** Upper bound of the entries (lru-cache preallocates nothing for it). Default 10 000. */
  maxEntries?: number;
  /** How long a loaded value is fresh, ms (≥ 1). */
  freshMs: number;
  /** How long after that it is served stale while one load refreshes it. Default ten `freshMs`. */
  staleMs?: number;
  /** Bytes of a value whose load gave no `size`. Default: UTF-16 length of its JSON (a string: its own length). */
  sizeOf?: (value: unknown) => number;
  /** Clock (tests). */
  now?: () => number;
  /** Its name in the counts of readCacheCounts() (/metrics). Default "shared". */
  name?: string;
}

/** How a get() was answered: a fresh value, a stale one (refreshed behind it), another caller's load, or a load of its own. */
export type ReadCacheResult = "hit" | "stale" | "coalesced" | "miss";

const counts = new Map<string, Record<ReadCacheResult, number>>();

/** Every cache's answers since the process started, by cache name (server/metrics.ts). */
export function readCacheCounts(): ReadonlyMap<string, Readonly<Record<ReadCacheResult, number>>> {
  return counts;
}

export interface SharedCache {
  /** The value of `key`: cached, or loaded by `load` (once for every concurrent caller). */
  get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T>;
  /** Drops every entry; loads already running still answer their callers but are not stored. */
  clear(): void;
  size(): number;
  /** Sum of the stored values' sizes, bytes. */
  bytes(): number;
}

/** A load's result that must not be stored: carried to every caller of that load as a rejection. */
class Uncacheable {
  constructor(readonly value: unknown) {}
}

/** Bytes of a value as the cache counts them by default: its JSON in UTF-16 (2 bytes a character). */
export function jsonSize(value: unknown): number {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return (text?.length ?? 0) * 2;
}

export function createSharedCache(options: SharedCacheOptions): SharedCache {
  const freshMs = Math.max(1, Math.round(options.freshMs));
  const staleMs = options.staleMs ?? freshMs * 10;
  const sizeOf = options.sizeOf ?? jsonSize;
  const name = options.name ?? "shared";
  const counted = counts.get(name) ?? { hit: 0, stale: 0, coalesced: 0, miss: 0 };
  counts.set(name, counted);
  type Context = () => Promise<Loaded<unknown>>;
  const cache = new LRUCache<string, object, Context>({
    max: Math.max(1, options.maxEntries ?? 10_000),
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (box) => Math.max(1, Math.ceil(sizeOf((box as { value: unknown }).value))),
    ttl: freshMs,
    // Stale entries stay until evicted: get() decides per call whether one may still be served.
    allowStale: true,
    // A failed refresh (a rejection or `cacheable: false`) leaves the stale value in place.
    noDeleteOnFetchRejection: true,
    // clear() aborts loads in flight: they still answer their callers, and are not stored.
    ignoreFetchAbort: true,
    // Every check reads the clock (lru-cache otherwise reuses one reading for 1 ms).
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
    async fetchMethod(_key, _stale, { options: setOptions, context: load }) {
      const loaded = await load();
      if (!loaded.cacheable) throw new Uncacheable(loaded.value);
      if (loaded.size !== undefined) setOptions.size = Math.max(1, Math.ceil(loaded.size));
      // lru-cache keeps objects only; a primitive is boxed (and frozen) as { value }.
      return deepFreeze({ value: loaded.value });
    },
  });

  return {
    async get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
      // A value older than freshMs + staleMs is not served: the caller waits for the load.
      // (getRemainingTTL: negative once stale, 0 for a key the cache does not hold.)
      const allowStale = cache.getRemainingTTL(key) > -staleMs;
      const status: LRUCache.Status<string, object> = {};
      try {
        const pending = cache.fetch(key, { context: load as Context, allowStale, status });
        // Set synchronously by fetch(): "refresh" is a value too old to serve, loaded again.
        const result = status.fetch;
        counted[result === "hit" || result === "stale" ? result : result === "inflight" ? "coalesced" : "miss"]++;
        const entry = (await pending) as { value: T } | undefined;
        // undefined only when a load was aborted and ignored without a value (never with ignoreFetchAbort).
        if (!entry) throw new Error(`cache: no value for ${key}`);
        return entry.value;
      } catch (error) {
        if (error instanceof Uncacheable) return error.value as T;
        throw error;
      }
    },
    clear: () => cache.clear(),
    size: () => cache.size,
    bytes: () => cache.calculatedSize,
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
