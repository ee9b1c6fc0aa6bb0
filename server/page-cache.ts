/**
 * Anonymous page micro-cache (in process). Anonymous visitors of one host and city get the same
 * HTML (their cart, favourites and comparison live in local storage, §4), so such pages are kept
 * for a few seconds and served stale while one background render refreshes them.
 *
 * Opt-in (ADR 023): only a page whose route says so through its own `headers` export —
 * `Cache-Control: public, s-maxage=N, stale-while-revalidate=M` (app/lib/cache-control.ts) — is
 * stored, N seconds fresh and M more stale. Those two directives are addressed to this cache, the
 * shared cache in front of the renderer: every answer that carries `s-maxage` leaves with
 * `Cache-Control: private, no-cache` instead (stored or not, cached or not), since each document
 * carries its own CSP nonce and the visitor's city cookie. Everything else is never stored.
 *
 * Key: bot-or-person (crawlers get the complete document, people the streamed one), protocol,
 * Host (+ X-Forwarded-Host), the resolved city id (res.locals.city, set by the city middleware
 * that runs before this one) and the path with its query string. Only a small allow-list of query
 * parameters is cached; any other query bypasses the cache, so random queries cannot flood it. And
 * a URL with a query is stored only when the page says, in its No-Vary-Search, that it read every
 * parameter in it (a page checks what it reads: an unknown value redirects or is a 404, never a
 * 200), so `?page=29584` on a page that pages in its path, or `?variant=junk`, is never an entry.
 *
 * Never stored: requests with an auth cookie or an Authorization header, methods other than
 * GET (HEAD is served from a GET entry but never stored), statuses other than 200, non-HTML
 * answers, answers that set a cookie or say Cache-Control private / no-store, Vary: Cookie,
 * documents whose streaming ended in an error boundary, bodies over the size limit.
 *
 * The CSP nonce (res.locals.nonce) is replaced by a secret per-process placeholder when a body is
 * stored, and the new request's nonce is put back when it is served: no nonce outlives its response.
 * On a miss the body streams to the client as usual and is teed into a buffer; it is stored
 * after `finish` (a complete response only). The stored body is uncompressed. A hit for a client
 * that accepts gzip is built from parts compressed once per entry, with the nonce between them as
 * stored deflate blocks (gzipWithNonce); the compression middleware compresses everything else.
 *
 * Rendered pages must therefore depend only on those key parts. A loader that renders something
 * else (personal data, another cookie) must answer Cache-Control: private or no-store.
 */
import { randomBytes } from "node:crypto";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { isbot } from "isbot";
import { CITY_COOKIE } from "#app/lib/city.ts";
import { AUTH_COOKIE_NAMES, readCookies } from "#app/lib/cookies.server.ts";
import { isEdgeResponse } from "./edge.ts";

export const PAGE_CACHE_HEADER = "X-Page-Cache";
export type PageCacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

export interface PageCacheOptions {
  /** Off: every request goes through (answers say BYPASS). Default on. */
  enabled?: boolean;
  /** Upper bound of the page's s-maxage (how long an entry is served as HIT). Default 10 min. */
  freshMs?: number;
  /** Upper bound of its stale-while-revalidate (served as STALE while a background render refreshes it). Default 1 h. */
  staleMs?: number;
  /** Bounds: entries (LRU) and bytes of stored bodies. Default 500 entries, 32 MiB. */
  maxEntries?: number;
  maxBytes?: number;
  /** A body larger than this is not stored. Default 2 MiB. */
  maxBodyBytes?: number;
  /** Path + query longer than this is not cached. Default 1024. */
  maxUrlLength?: number;
  /**
   * The long tail: paths whose values are free text or free numbers (a search query, a price range)
   * are countless, each one valid. They are kept, but apart: at most `maxEntries` of them (LRU among
   * themselves, default 100), and they go first when bytes run short, so a stream of such URLs
   * never evicts the shared pages everyone opens (issue 25).
   */
  tail?: { match: (path: string) => boolean; maxEntries?: number };
  /**
   * Query parameters a cached page may have (each once); any other bypasses. A page is stored for
   * a URL with a query only when it says it read those parameters (No-Vary-Search).
   */
  queryAllowList?: readonly string[];
  /** A request carrying any of these cookies is personal. Default: the auth cookies, plain and `__Secure-` (AUTH_COOKIE_NAMES). */
  privateCookies?: readonly string[];
  /** While one render of a key is in flight, the same key waits for it up to this long. Default 3 s. */
  coalesceMs?: number;
  /** The city id of this response; undefined = not cacheable. Default: res.locals.city.city.id. */
  cityOf?: (res: Response) => string | undefined;
  /** Clock (tests). */
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  stale: number;
  misses: number;
  bypasses: number;
  stores: number;
  revalidations: number;
  /** Renders other requests of their key may wait for, requests waiting for them, and background refreshes, now. */
  inflight: number;
  waiting: number;
  refreshing: number;
}

export interface PageCache {
  middleware: RequestHandler;
  /** Drops every entry; renders already running are not stored. */
  clear(): void;
  /** The listening server: stale entries are refreshed with a loopback request through it. */
  attach(server: Server): void;
  /** Resolves when no background refresh is running (tests, shutdown). */
  idle(): Promise<void>;
  stats(): PageCacheStats;
}

/** The query parameters shared pages read (post lists' `page`, the product's `variant`). */
export const DEFAULT_QUERY_ALLOW_LIST = ["page", "variant"] as const;

/** Headers of a stored answer that must not be replayed (or are set fresh per response). */
const UNSTORED_HEADERS = new Set([
  "set-cookie",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  // This render's timing (entry.server, server/metrics.ts): a hit gets its own, not the original's.
  "server-timing",
  PAGE_CACHE_HEADER.toLowerCase(),
]);

/** Fizz's marks of a boundary that failed on the server and is left to the client. */
const ERRORED_BOUNDARY = /<!--\$!-->|\$RX\(/;

interface Entry {
  status: number;
  headers: [string, string | string[]][];
  /** The body split at the nonce placeholder: the new nonce goes between the parts. */
  parts: Buffer[];
  /** Each part as raw deflate ending in a full flush, made on the first gzip hit (gzipParts). */
  deflated?: Buffer[];
  bytes: number;
  freshUntil: number;
  staleUntil: number;
  /** How to render this key again in the background. */
  origin: RenderTarget;
  /** A long-tail page (options.tail): kept apart, evicted first. */
  tail: boolean;
}

interface RenderTarget {
  url: string;
  /** The names of its query parameters. */
  query: string[];
  host: string;
  forwardedHost: string | undefined;
  protocol: string;
  userAgent: string;
  cityId: string;
}

type HeaderValue = string | number | string[] | undefined;

function headerList(value: HeaderValue): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const enabled = options.enabled ?? true;
  const maxFreshMs = options.freshMs ?? 600_000;
  const maxStaleMs = options.staleMs ?? 3_600_000;
  const maxEntries = Math.max(1, options.maxEntries ?? 500);
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const maxUrlLength = options.maxUrlLength ?? 1024;
  const allowList = new Set(options.queryAllowList ?? DEFAULT_QUERY_ALLOW_LIST);
  // Every auth cookie name: the plain pair (http) and the `__Secure-` pair (https).
  const privateCookies = options.privateCookies ?? AUTH_COOKIE_NAMES;
  const coalesceMs = options.coalesceMs ?? 3_000;
  const cityOf = options.cityOf ?? ((res: Response) => {
    const id = (res.locals.city as { city?: { id?: unknown } } | undefined)?.city?.id;
    return id === undefined || id === null ? undefined : String(id);
  });
  const now = options.now ?? Date.now;

  /** Secret per process: page content cannot spell it, so it cannot get a real nonce put in. */
  const placeholder = `\u0000nonce-${randomBytes(12).toString("hex")}\u0000`;
  /** Marks our own background render requests (never sent anywhere but loopback). */
  const revalidateToken = randomBytes(18).toString("base64url");
  const REVALIDATE_HEADER = "x-page-cache-revalidate";

  /** Map order is recency: the first key is the least recently used. */
  const entries = new Map<string, Entry>();
  const isTail = options.tail?.match ?? (() => false);
  const maxTailEntries = Math.max(1, options.tail?.maxEntries ?? 100);
  let tailEntries = 0;
  let bytes = 0;
  /** Bumped by clear(): a render started before it is not stored. */
  let generation = 0;
  /** Renders in flight per key (the leader); followers wait on them. */
  const inflight = new Map<string, Promise<void>>();
  const revalidating = new Map<string, Promise<void>>();
  /** Requests waiting for another request's render of their key. */
  let waiting = 0;
  let server: Server | null = null;
  const counters = { hits: 0, stale: 0, misses: 0, bypasses: 0, stores: 0, revalidations: 0 };

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    if (entry.tail) tailEntries--;
  }

  /** The least recently used key of the tail (Map order is recency), if any. */
  function oldestTail(): string | undefined {
    if (tailEntries === 0) return undefined;
    for (const [key, entry] of entries) if (entry.tail) return key;
    return undefined;
  }

  function store(key: string, entry: Entry): void {
    remove(key);
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    if (entry.tail && ++tailEntries > maxTailEntries) remove(oldestTail()!);
    // Over a bound: the tail gives way first, then the least recently used page.
    while (entries.size > maxEntries || bytes > maxBytes) remove(oldestTail() ?? (entries.keys().next().value as string));
    counters.stores++;
  }

  /** "?sort=price&page=2" kept as is when every parameter is allowed and appears once; else null. */
  function cacheableQuery(search: string): string | null {
    if (search === "" || search === "?") return "";
    const seen = new Set<string>();
    for (const [name] of new URLSearchParams(search)) {
      if (!allowList.has(name) || seen.has(name)) return null;
      seen.add(name);
    }
    return search;
  }

  /** The cache key, or null when this request must not use the cache. */
  function keyFor(req: Request, res: Response): { key: string; target: RenderTarget } | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (req.headers.authorization) return null;
    const cookies = readCookies(req.headers.cookie);
    if (privateCookies.some((name) => cookies[name] !== undefined && cookies[name] !== "")) return null;
    const cityId = cityOf(res);
    if (cityId === undefined) return null;
    const url = req.originalUrl;
    if (url.length > maxUrlLength) return null;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const query = cacheableQuery(q === -1 ? "" : url.slice(q));
    if (query === null) return null;
    const userAgent = req.get("user-agent") ?? "";
    const host = (req.get("host") ?? "").toLowerCase();
    const forwardedHost = req.get("x-forwarded-host")?.toLowerCase();
    const bot = isbot(userAgent);
    const key = [bot ? "bot" : "person", req.protocol, host, forwardedHost ?? "", cityId, path + query].join("\n");
    const names = [...new URLSearchParams(query).keys()];
    return { key, target: { url: path + query, query: names, host, forwardedHost, protocol: req.protocol, userAgent, cityId } };
  }

  function serve(req: Request, res: Response, entry: Entry, status: PageCacheStatus): void {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader(PAGE_CACHE_HEADER, status);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    const nonce = Buffer.from(String(res.locals.nonce ?? ""));
    if (req.acceptsEncodings("gzip", "identity") === "gzip") {
      // Compressed once per entry, not per hit: the compression middleware leaves an answer
      // that already has a Content-Encoding alone.
      const body = gzipWithNonce((entry.deflated ??= entry.parts.map(deflatePart)), entry.parts, nonce);
      res.setHeader("Content-Encoding", "gzip");
      res.vary("Accept-Encoding");
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return;
    }
    // The parts go out as they are stored, with the nonce between them: no copy of the page per
    // hit; Content-Length, so without chunked framing. Corked only while they are written (a
    // plain answer leaves in one write): the cork is undone in this same turn. When the
    // compression middleware answers (br, deflate), write() feeds its compressor and the
    // compressed bytes reach the socket later; it pauses the compressor while the socket's buffer
    // is full until the socket emits "drain", and its end() ends the response only once the
    // compressor has drained. Left for end() to undo, the cork stopped the socket from ever
    // draining: a page that compressed to more than its 16 KiB buffer never sent a byte and kept
    // its response, compressor and socket until the client went away (issue 25).
    res.setHeader("Content-Length", entry.parts.reduce((n, part) => n + part.length, nonce.length * (entry.parts.length - 1)));
    res.cork();
    try {
      entry.parts.forEach((part, i) => {
        if (i > 0) res.write(nonce);
        res.write(part);
      });
    } finally {
      res.uncork();
    }
    res.end();
  }

  /**
   * The lifetimes the page asked for, when the answer, as it stands when its headers are written,
   * may be stored: a 200 HTML document that opted in (public + s-maxage) and sets no cookie of its own.
   */
  function storable(res: Response, cookiesBefore: string[], query: readonly string[]): { freshMs: number; staleMs: number } | null {
    const shared = sharedAnswer(res, cookiesBefore, query);
    if (!shared) return null;
    return { freshMs: Math.min(shared.freshMs, maxFreshMs), staleMs: Math.min(shared.staleMs, maxStaleMs) };
  }

  /**
   * Lets the answer stream to the client and keeps a copy; stores it when it finished completely.
   * Resolves when the response is over (stored or not).
   */
  function renderAndStore(req: Request, res: Response, next: NextFunction, key: string, target: RenderTarget, forced: boolean): Promise<void> {
    const startedIn = generation;
    const cookiesBefore = headerList(res.getHeader("set-cookie"));
    const headersBefore = new Map(Object.entries(res.getHeaders()).map(([k, v]) => [k, headerList(v as HeaderValue)]));
    const chunks: Buffer[] = [];
    let size = 0;
    let decided: boolean | null = null;
    let lifetimes: { freshMs: number; staleMs: number } | null = null;
    let headers: [string, string | string[]][] = [];

    const decide = () => {
      if (decided !== null) return;
      lifetimes = req.method === "GET" ? storable(res, cookiesBefore, target.query) : null;
      decided = lifetimes !== null;
      if (!decided) {
        // Rendered, but this answer will not be kept.
        if (!res.headersSent) res.setHeader(PAGE_CACHE_HEADER, "BYPASS");
        return;
      }
      // Only what the page itself set; headers of earlier middleware are set again on every answer.
      headers = Object.entries(res.getHeaders())
        .filter(([name]) => !UNSTORED_HEADERS.has(name))
        .filter(([name, value]) => !sameList(headersBefore.get(name) ?? [], headerList(value as HeaderValue)))
        .map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : String(value)]);
    };
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!decided || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxBodyBytes) {
        decided = false;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };

    // Decided when the headers go out (before their Cache-Control is made private), or at the first write.
    beforeHeaders(res, decide);
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      decide();
      collect(args[0], args[1]);
      return write(...args);
    }) as Response["write"];
    res.end = ((...args: unknown[]) => {
      decide();
      collect(args[0], args[1]);
      return end(...args);
    }) as Response["end"];

    const over = new Promise<void>((resolve) => {
      res.once("finish", () => {
        const nonce = String(res.locals.nonce ?? "");
        const body = decided ? Buffer.concat(chunks).toString("utf8") : "";
        const current = startedIn === generation;
        const errored = ERRORED_BOUNDARY.test(body);
        if (decided && lifetimes && current && !errored) {
          const template = nonce ? body.split(nonce).join(placeholder) : body;
          const parts = template.split(placeholder).map((part) => Buffer.from(part));
          const t = now();
          store(key, {
            status: res.statusCode,
            headers,
            parts,
            bytes: parts.reduce((n, p) => n + p.length, 0) + key.length,
            freshUntil: t + lifetimes.freshMs,
            staleUntil: t + lifetimes.freshMs + lifetimes.staleMs,
            origin: target,
            tail: isTail(target.url.split("?", 1)[0]!),
          });
        } else if (req.method === "GET" && current && !(forced && (res.statusCode >= 500 || errored))) {
          // The page no longer answers a storable 200 (say it is gone now): stop serving the old
          // one. A failing background render (5xx, an errored boundary) keeps the stale copy.
          remove(key);
        }
        resolve();
      });
      res.once("close", () => resolve());
    });
    next();
    return over;
  }

  /** One background render of `key` through the server itself (a loopback request). */
  function revalidate(key: string, target: RenderTarget): boolean {
    if (revalidating.has(key)) return true;
    const address = server?.address() as AddressInfo | string | null | undefined;
    if (!address || typeof address === "string") return false;
    const host = address.address === "::" ? "::1" : address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
    counters.revalidations++;
    const done = new Promise<void>((resolve) => {
      const headers: Record<string, string> = {
        host: target.host,
        "user-agent": target.userAgent,
        cookie: `${CITY_COOKIE}=${target.cityId}`,
        "accept-encoding": "identity",
        "x-forwarded-proto": target.protocol,
        [REVALIDATE_HEADER]: revalidateToken,
      };
      if (target.forwardedHost) headers["x-forwarded-host"] = target.forwardedHost;
      const request = httpRequest({ host, port: address.port, method: "GET", path: target.url, headers, agent: false }, (response) => {
        response.resume();
        response.once("end", () => resolve());
        response.once("error", () => resolve());
      });
      request.setTimeout(30_000, () => request.destroy());
      request.once("error", () => resolve());
      request.end();
    }).finally(() => revalidating.delete(key));
    revalidating.set(key, done);
    return true;
  }

  function bypass(res: Response, next: () => void): void {
    counters.bypasses++;
    res.setHeader(PAGE_CACHE_HEADER, "BYPASS");
    next();
  }

  const middleware: RequestHandler = (req, res, next) => {
    // A request of the nginx edge (ADR 060): nginx is the shared cache, this one stands aside, and
    // an answer nginx may store keeps its directives for it (nginx sends browsers `private, no-cache`).
    const edge = isEdgeResponse(res);
    const cookiesBefore = edge ? headerList(res.getHeader("set-cookie")) : [];
    // Whatever happens below, the directives meant for this cache are not passed on.
    beforeHeaders(res, () => {
      if (!edge || !edgeMayStore(req, res, cookiesBefore, { allowList, privateCookies, maxUrlLength })) keepPrivate(res);
    });
    if (!enabled || edge) return bypass(res, next);
    const keyed = keyFor(req, res);
    if (!keyed) return bypass(res, next);
    const { key, target } = keyed;
    // Our own background render: always render, and store (or drop) the result.
    const forced = req.get(REVALIDATE_HEADER) === revalidateToken;

    const lookup = (): "served" | "render" => {
      const entry = entries.get(key);
      if (!entry || forced) return "render";
      const t = now();
      if (t < entry.freshUntil || (t < entry.staleUntil && revalidate(key, entry.origin))) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, entry);
        const status = t < entry.freshUntil ? "HIT" : "STALE";
        counters[status === "HIT" ? "hits" : "stale"]++;
        serve(req, res, entry, status);
        return "served";
      }
      remove(key);
      return "render";
    };

    const render = () => {
      counters.misses++;
      res.setHeader(PAGE_CACHE_HEADER, "MISS");
      const finished = renderAndStore(req, res, next, key, target, forced);
      if (req.method === "GET" && !inflight.has(key)) {
        inflight.set(key, finished);
        void finished.finally(() => {
          if (inflight.get(key) === finished) inflight.delete(key);
        });
      }
    };

    if (lookup() === "served") return;
    const leader = forced ? undefined : inflight.get(key);
    if (!leader) return render();
    // Another request is rendering this very page: wait for it rather than render it twice, and
    // stop waiting when this visitor goes away.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = () => {};
    const stop = new Promise<"stop">((resolve) => {
      timer = setTimeout(() => resolve("stop"), coalesceMs);
      gone = () => resolve("stop");
      res.once("close", gone);
    });
    waiting++;
    const follow = (current: Promise<void>): void => {
      void Promise.race([current, stop]).then((why) => {
        if (res.destroyed || res.headersSent || lookup() === "served") return done();
        // The render it waited for ended without a page to serve (its visitor left, say), and
        // another waiting visitor has started one since: wait for that one rather than add another.
        const next = inflight.get(key);
        if (why !== "stop" && next && next !== current) return follow(next);
        done();
        render();
      });
    };
    const done = () => {
      waiting--;
      clearTimeout(timer);
      res.off("close", gone);
    };
    follow(leader);
  };

  return {
    middleware,
    clear() {
      generation++;
      entries.clear();
      bytes = 0;
      tailEntries = 0;
    },
    attach(listening) {
      server = listening;
    },
    async idle() {
      while (revalidating.size > 0) await Promise.all([...revalidating.values()]);
    },
    stats: () => ({ entries: entries.size, bytes, ...counters, inflight: inflight.size, waiting, refreshing: revalidating.size }),
  };
}

/**
 * `s-maxage` (required) and `stale-while-revalidate` of a Cache-Control that says `public`, in ms;
 * null when the answer did not opt in to sharing.
 */
export function sharedLifetimes(cacheControl: string): { freshMs: number; staleMs: number } | null {
  const directives = cacheControl.toLowerCase();
  if (!/(^|[\s,])public([\s,]|$)/.test(directives) || /(^|[\s,])(private|no-store)([\s,=]|$)/.test(directives)) return null;
  const seconds = (name: string) => {
    const match = new RegExp(`(?:^|[\\s,])${name}=(\\d{1,9})(?:[\\s,]|$)`).exec(directives);
    return match ? Number(match[1]) * 1000 : null;
  };
  const freshMs = seconds("s-maxage");
  if (freshMs === null || freshMs === 0) return null;
  return { freshMs, staleMs: seconds("stale-while-revalidate") ?? 0 };
}

/**
 * The query parameters a page's HTML depends on, from its `No-Vary-Search` (app/lib/cache-control.ts):
 * `params` → none, `params, except=("page")` → page. Anything else (no header: every parameter may
 * matter; `params=(…)`: all but those) → the empty set, so only the URL without a query is stored.
 */
export function queryParamsRead(noVarySearch: string): Set<string> {
  const members = noVarySearch.split(/,(?![^(]*\))/).map((m) => m.trim());
  if (!members.some((m) => m.toLowerCase() === "params")) return new Set();
  const except = members.find((m) => /^except\s*=/i.test(m));
  if (!except) return new Set();
  return new Set([...except.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1")));
}

/**
 * The lifetimes of an answer a shared cache may store, as it stands when its headers are written:
 * a 200 HTML document that opted in (public + s-maxage), read every query parameter in its URL
 * (No-Vary-Search), sets no cookie of its own (`cookiesBefore`: those set before the page ran) and
 * does not vary by cookie or authorization.
 */
function sharedAnswer(res: Response, cookiesBefore: string[], query: readonly string[]): { freshMs: number; staleMs: number } | null {
  if (res.statusCode !== 200) return null;
  // A parameter the page did not read is junk to it (the same page for every value): not an entry of its own.
  if (query.length > 0) {
    const read = queryParamsRead(headerList(res.getHeader("no-vary-search")).join(","));
    if (!query.every((name) => read.has(name))) return null;
  }
  if (!/^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""))) return null;
  if (!sameList(headerList(res.getHeader("set-cookie")), cookiesBefore)) return null;
  if (/(^|,)\s*(\*|cookie|authorization)\s*(,|$)/i.test(headerList(res.getHeader("vary")).join(","))) return null;
  return sharedLifetimes(headerList(res.getHeader("cache-control")).join(","));
}

/**
 * Whether nginx may store this answer of the edge's (ADR 060): the same rules as this cache's
 * (GET or HEAD, no auth cookie or Authorization, allowed query parameters each once, a URL of
 * bounded length, a storable answer) — nginx keeps its own copy of the first four checks — and a
 * city cookie that is absent or names a city: nginx keys on the cookie's value, so an entry per
 * junk value is never made (the visitor's cookie is corrected on a private answer).
 */
function edgeMayStore(
  req: Request,
  res: Response,
  cookiesBefore: string[],
  rules: { allowList: ReadonlySet<string>; privateCookies: readonly string[]; maxUrlLength: number },
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  const cookies = readCookies(req.headers.cookie);
  if (rules.privateCookies.some((name) => cookies[name] !== undefined && cookies[name] !== "")) return false;
  const resolved = res.locals.city as { cities?: { id: unknown }[] } | undefined;
  const storedCity = cookies[CITY_COOKIE];
  if (!resolved?.cities || (storedCity && !resolved.cities.some((city) => String(city.id) === storedCity))) return false;
  const url = req.originalUrl;
  if (url.length > rules.maxUrlLength) return false;
  const q = url.indexOf("?");
  const names = q === -1 ? [] : [...new URLSearchParams(url.slice(q)).keys()];
  if (names.some((name, i) => !rules.allowList.has(name) || names.indexOf(name) !== i)) return false;
  return sharedAnswer(res, cookiesBefore, names) !== null;
}

/** An answer with directives for this cache (`s-maxage`) leaves as `private, no-cache` (ADR 023). */
function keepPrivate(res: Response): void {
  const cacheControl = headerList(res.getHeader("cache-control")).join(",");
  if (/(^|[\s,])s-maxage=/i.test(cacheControl)) res.setHeader("Cache-Control", PRIVATE_DOCUMENT);
}

/** What browsers and proxies are told about a page this cache may share. */
export const PRIVATE_DOCUMENT = "private, no-cache";

/**
 * Runs `hook` just before the response's headers are written (once; `on-headers`). A hook added
 * later runs earlier, and all of them before the city middleware's cookie write-back.
 */
function beforeHeaders(res: Response, hook: () => void): void {
  onHeaders(res, hook);
}

/** A part compressed on its own (no references into other parts), ending byte-aligned and not final. */
function deflatePart(part: Buffer): Buffer {
  return deflateRawSync(part, { level: 6, finishFlush: zlibConstants.Z_FULL_FLUSH });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * A gzip member from precompressed parts with the nonce between them as stored (uncompressed)
 * deflate blocks (RFC 1951 §3.2.4): each request gets its own nonce without compressing the page
 * again. Only the CRC-32 of the whole body is computed per answer.
 */
export function gzipWithNonce(deflated: readonly Buffer[], parts: readonly Buffer[], nonce: Buffer): Buffer {
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  deflated.forEach((segment, i) => {
    if (i > 0) {
      chunks.push(stored, nonce);
      if (nonce.length > 0) crc = crc32(nonce, crc);
      size += nonce.length;
    }
    chunks.push(segment);
    // Node 20's crc32 answers 0 for an empty buffer without memory behind it: skip empty parts.
    if (parts[i].length > 0) crc = crc32(parts[i], crc);
    size += parts[i].length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(DEFLATE_END, trailer);
  return Buffer.concat(chunks);
}
