/**
 * Prometheus metrics (prom-client) at /metrics, and `Server-Timing` on pages (ADR 057).
 *
 * - the process: prom-client's default metrics (RSS, heap, GC, handles, event-loop lag sampled every
 *   10 ms), names prefixed `nodejs_`/`process_` as prom-client has them;
 * - `http_request_duration_seconds{method, route, status}`: every request, from its arrival to the end
 *   of its response. `route` is the React Router route id of a page (the deepest match; a single-fetch
 *   `.data` request adds `.data`), or "api", "asset", "other": never the URL, so the series are as
 *   many as the routes whatever the visitors ask for. `status` is the class ("2xx");
 * - `page_cache_requests_total{route, result}`: what the in-process page cache did with a page request
 *   (hit, stale, miss, bypass: its X-Page-Cache). The nginx layer in front reports its own;
 * - `page_cache_entries`, `page_cache_bytes`: what it holds;
 * - `read_cache_requests_total{cache, result}`: the in-process read caches (app/lib/cache.server.ts);
 * - `db_pool_connections{kind, state}`, `db_pool_waiting`, `db_pool_max`: the node-postgres pool of
 *   DATABASE_URL, or of PGlite on its own thread (one session: `waiting` is its queue). None without a pool.
 *
 * /metrics answers only a client on this machine — the socket's peer is loopback and the request came
 * through no proxy (no X-Forwarded-For, Forwarded or X-Real-IP: nginx on the same host connects from
 * loopback too) — or a request with `Authorization: Bearer <METRICS_TOKEN>` when that is set. Every
 * other request goes on as if /metrics did not exist (the shop's 404). Never cached.
 *
 * `Server-Timing` on every answer that reached the page layer: `total` (arrival to headers),
 * `render` (entry.server: the shell's render, after the loaders; total − render is the wait for a
 * render slot plus the loaders), `cache;desc=hit|stale|miss|bypass`. The page cache does not store
 * the header, so a cached page carries only this answer's own timing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { readCacheCounts, type ReadCacheResult } from "#app/lib/cache.server.ts";
import { openPools } from "#api/db/pool-stats.ts";
import { PAGE_CACHE_HEADER, type PageCacheStats } from "./page-cache.ts";

export const METRICS_PATH = "/metrics";

/** The parts of a server build's route manifest the route label needs. */
export type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean } | undefined>;

export interface MetricsOptions {
  /** METRICS_TOKEN: a scraper from elsewhere sends it as a Bearer token. */
  token?: string;
  /** The route manifest (build.routes) once it is loaded; until then pages are labelled "page". */
  routes?: () => RouteManifest | undefined;
  /** The page cache's counts, once it exists. */
  pageCache?: () => PageCacheStats | undefined;
  /** Event-loop lag sampling, ms. Default 10. */
  eventLoopPrecisionMs?: number;
}

export interface Metrics {
  /** Mounted first: times every request, serves /metrics to those allowed. */
  middleware: RequestHandler;
  registry: Registry;
  /** The route label of a request path whose answer came from the page layer. */
  pageRoute(path: string): string;
  /** The route label of a finished request (its path without the query): the request log writes it too. */
  routeOf(path: string, res: Response): string;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Whether the socket's peer is this machine and no proxy forwarded the request. */
export function isLocalClient(req: Pick<Request, "headers"> & { socket: { remoteAddress?: string } }): boolean {
  const peer = req.socket.remoteAddress;
  if (!peer || !LOOPBACK.has(peer)) return false;
  const h = req.headers;
  return h["x-forwarded-for"] === undefined && h.forwarded === undefined && h["x-real-ip"] === undefined;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** `Authorization: Bearer <token>` with this token (compared in constant time); false when no token is configured. */
export function hasMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** Request durations: 5 ms to 10 s (a cached page is a few ms, a slow render seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Route labels of paths already matched (bounded: the labels are few, the paths are not). */
const MEMO_MAX = 2000;

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: options.eventLoopPrecisionMs ?? 10 });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by route (never the URL) and status class.",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pageCacheResults = new Counter({
    name: "page_cache_requests_total",
    help: "Page requests by what the in-process page cache did (X-Page-Cache: hit, stale, miss, bypass).",
    labelNames: ["route", "result"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "page_cache_entries",
    help: "Pages held by the in-process page cache.",
    registers: [registry],
    collect() {
      this.set(options.pageCache?.()?.entries ?? 0);
    },
  });
  new Gauge({
    name: "page_cache_bytes",
    help: "Bytes of the pages held by the in-process page cache.",
    registers: [registry],
    collect() {
      this.set(options.pageCache?.()?.bytes ?? 0);
    },
  });
  new Counter({
    name: "read_cache_requests_total",
    help: "Reads of the in-process read caches (app/lib/cache.server.ts): hit, stale (refreshed behind it), coalesced (joined a load in flight), miss.",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of readCacheCounts()) {
        for (const result of Object.keys(counts) as ReadCacheResult[]) this.inc({ cache, result }, counts[result]);
      }
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Connections of the database pool (kind: postgresql, or pglite on its own thread), total and idle.",
    labelNames: ["kind", "state"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { kind, pool } of openPools()) {
        this.inc({ kind, state: "total" }, pool.totalCount);
        this.inc({ kind, state: "idle" }, pool.idleCount);
      }
    },
  });
  new Gauge({
    name: "db_pool_waiting",
    help: "Queries waiting for a connection of the database pool (for pglite: its queue).",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { kind, pool } of openPools()) this.inc({ kind }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "db_pool_max",
    help: "Upper bound of the database pool's connections.",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { kind, pool } of openPools()) this.inc({ kind }, pool.options.max ?? 10);
    },
  });

  // Route label of a page path: the manifest is compiled once (routeMatcher), a path matched once.
  let match: ((path: string) => string | undefined) | undefined;
  let matchOf: RouteManifest | undefined;
  const memo = new Map<string, string>();
  function pageRoute(path: string): string {
    const manifest = options.routes?.();
    if (!manifest) return "page";
    if (manifest !== matchOf) {
      match = routeMatcher(manifest);
      matchOf = manifest;
      memo.clear();
    }
    let label = memo.get(path);
    if (label === undefined) {
      const data = path.endsWith(".data");
      // Single fetch asks for the home page as /_root.data.
      const target = data ? (path === "/_root.data" ? "/" : path.slice(0, -".data".length)) : path;
      const deepest = match!(target);
      label = deepest ? (data ? `${deepest}.data` : deepest) : "other";
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(path, label);
    }
    return label;
  }

  function routeOf(path: string, res: Response): string {
    if (path === "/api" || path.startsWith("/api/")) return "api";
    // Every request that reached the page cache carries its header: a page (or a resource route).
    if (res.hasHeader(PAGE_CACHE_HEADER)) return pageRoute(path);
    if (path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path)) return path.endsWith(".xml") ? "other" : "asset";
    return "other";
  }

  const serveMetrics = async (req: Request, res: Response) => {
    const body = await registry.metrics();
    res.status(200).set("Cache-Control", "no-store").type(registry.contentType);
    if (req.method === "HEAD") res.end();
    else res.send(body);
  };

  const middleware: RequestHandler = (req, res, next) => {
    const started = performance.now();
    const url = req.originalUrl;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);

    if (path === METRICS_PATH && (req.method === "GET" || req.method === "HEAD")) {
      if (isLocalClient(req) || hasMetricsToken(req.headers.authorization, options.token)) {
        serveMetrics(req, res).catch(next);
        return;
      }
      // Anyone else: the shop's own 404, as for any path it does not have.
    }

    // Added first, so it runs last of the header hooks: X-Page-Cache is final by then.
    onHeaders(res, () => {
      const cache = res.getHeader(PAGE_CACHE_HEADER);
      if (cache === undefined) return;
      const rendered = res.getHeader("server-timing");
      const own = `total;dur=${(performance.now() - started).toFixed(1)}, cache;desc=${String(cache).toLowerCase()}`;
      res.setHeader("Server-Timing", rendered === undefined ? own : `${[rendered].flat().join(", ")}, ${own}`);
    });
    res.once("close", () => {
      const route = routeOf(path, res);
      duration.observe({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` }, (performance.now() - started) / 1000);
      const cache = res.getHeader(PAGE_CACHE_HEADER);
      if (cache !== undefined) pageCacheResults.inc({ route, result: String(cache).toLowerCase() });
    });
    next();
  };

  return { middleware, registry, pageRoute, routeOf };
}

/**
 * The id of the route React Router would render for a path: the deepest route of the best-ranked
 * branch. React Router's matchRoutes flattens and ranks the whole tree on every call (a product
 * URL is new each time, so no memo helps; it cost a few hundred microseconds a request); here the
 * branches are flattened, ranked and compiled once, with React Router's own rules (flattenRoutes,
 * computeScore, compilePath, decodePath; tests/integration/metrics.test.ts compares the two on the
 * real routes). Optional segments (`:id?`) are not expanded: app/routes.ts has none.
 */
export function routeMatcher(manifest: RouteManifest): (path: string) => string | undefined {
  type Route = NonNullable<RouteManifest[string]>;
  const children = new Map<string | undefined, Route[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const branches: { id: string; path: string; score: number; order: number; regex: RegExp }[] = [];
  const flatten = (parentId: string | undefined, parentPath: string) => {
    for (const route of children.get(parentId) ?? []) {
      const relative = route.path ?? "";
      const path = (relative.startsWith("/") ? relative : `${parentPath}/${relative}`).replace(/\/\/+/g, "/");
      flatten(route.id, path);
      if (route.path === undefined && !route.index) continue;
      branches.push({ id: route.id, path, score: score(path, route.index), order: branches.length, regex: compile(path, route.caseSensitive) });
    }
  };
  flatten(undefined, "");
  branches.sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => {
    const path = pathname || "/";
    let decoded = path;
    try {
      decoded = path
        .split("/")
        .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
        .join("/");
    } catch {
      // Malformed escapes: matched as they are, as React Router does.
    }
    return branches.find((branch) => branch.regex.test(decoded))?.id;
  };
}

const isSplat = (segment: string) => segment === "*";

/** React Router's computeScore: static segments outrank dynamic ones, a splat ranks last, an index route gets a bonus. */
function score(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  let total = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

/** React Router's compilePath for a whole branch (end: true). */
function compile(path: string, caseSensitive: boolean | undefined): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)(\?)?/g, (_, _name: string, optional?: string) => (optional ? "/?([^\\/]+)?" : "/([^\\/]+)"));
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}
