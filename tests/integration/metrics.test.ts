/**
 * /metrics and Server-Timing (server/metrics.ts, ADR 057) in a real Express pipeline: the metrics
 * middleware first, as server.ts mounts it, then the security headers, compression, the city
 * middleware, the real page cache and a fake page that streams HTML with a render timing, as
 * entry.server does. Route labels come from the real route manifest (app/routes.ts). Requests go
 * over real sockets from 127.0.0.1.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import compression from "compression";
import { securityHeaders } from "#server/security.ts";
import { createContextFactory } from "#server/load-context.ts";
import { createPageCache, type PageCache } from "#server/page-cache.ts";
import { matchRoutes, type RouteObject } from "react-router";
import { createMetrics, hasMetricsToken, isLocalClient, routeMatcher, type Metrics, type RouteManifest } from "#server/metrics.ts";
import routeConfig from "#app/routes.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { createSharedCache } from "#app/lib/cache.server.ts";
import { SHARED_PAGE_CACHE } from "#app/lib/cache-control.ts";
import { routeManifest } from "#tests/support/route-manifest.ts";

const TOKEN = "metrics-token-0123456789abcdef0123456789";

const backend: Backend = {
  baseUrl: "http://fake.internal/api",
  fetch: async (request) =>
    new URL(request.url).pathname.startsWith("/api/city")
      ? Response.json({ data: [{ id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null }] })
      : Response.json({ message: "Не найдено", errors: [] }, { status: 404 }),
  ping: async () => true,
  close: async () => {},
  onChange: () => {},
  describe: "fake",
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let port: number;
let metrics: Metrics;
let cache: PageCache;
let renders = 0;

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, agent: false, headers: { host: `localhost:${port}`, "accept-encoding": "gzip", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("latin1") }));
        response.on("error", reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${path}: no answer in 10 s`)));
    req.on("error", reject);
    req.end();
  });
}

/** The value of one series in the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]!.split(",");
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

const scrape = async () => {
  const answer = await get("/metrics");
  expect(answer.status).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  const manifest = (await routeManifest()) as unknown as RouteManifest;
  const env = parseEnv({});
  const context = createContextFactory(env, backend);
  cache = createPageCache({});
  metrics = createMetrics({ token: TOKEN, routes: () => manifest, pageCache: () => cache.stats() });
  const app = express();
  app.use(metrics.middleware);
  app.use(securityHeaders());
  app.use(compression());
  app.use(context.resolveCity);
  app.use(cache.middleware);
  // The fake page: shared like a catalogue page, with entry.server's render timing; any path the
  // shop has no page for (/metrics included) is its 404.
  app.all("/{*splat}", async (req, res) => {
    renders++;
    if (req.path === "/metrics") return res.status(404).type("html").send("<!DOCTYPE html><p>Страница не найдена</p>");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", SHARED_PAGE_CACHE);
    res.setHeader("Server-Timing", "render;dur=1.5");
    res.write(`<!DOCTYPE html><html lang="ru"><head><script nonce="${String(res.locals.nonce)}">1</script></head><body>`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    res.end(`<p>${"Подарки с логотипом. ".repeat(60)}</p></body></html>`);
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cache.attach(server);
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("/metrics", () => {
  it("answers a loopback client in Prometheus text, with the page's request in the histogram", async () => {
    const page = await get("/catalog/goods/1");
    expect(page.status).toBe(200);
    const answer = await get("/metrics");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-page-cache"]).toBeUndefined();
    expect(answer.body).toContain("# TYPE http_request_duration_seconds histogram");
    expect(sample(answer.body, "http_request_duration_seconds_count", { method: "GET", route: "routes/product", status: "2xx" })).toBeGreaterThanOrEqual(1);
    expect(sample(answer.body, "http_request_duration_seconds_bucket", { route: "routes/product", le: "+Inf" })).toBeGreaterThanOrEqual(1);
    // The process: RSS, heap, event-loop lag.
    expect(answer.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(answer.body).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(answer.body).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+/m);
    expect(answer.body).toMatch(/^page_cache_entries \d+/m);
  });

  it("is the shop's 404 for a request that came through a proxy, even from loopback", async () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const before = renders;
      const answer = await get("/metrics", { [header]: header === "forwarded" ? "for=203.0.113.7" : "203.0.113.7" });
      expect(answer.status, header).toBe(404);
      expect(answer.body).not.toContain("http_request_duration_seconds");
      // It went on to the pages, as any unknown path does.
      expect(renders).toBe(before + 1);
    }
  });

  it("answers with the token, and is a 404 with a wrong or malformed one", async () => {
    const proxied = { "x-forwarded-for": "203.0.113.7" };
    const good = await get("/metrics", { ...proxied, authorization: `Bearer ${TOKEN}` });
    expect(good.status).toBe(200);
    expect(good.body).toContain("http_request_duration_seconds");
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, "Bearer", `Bearer ${TOKEN} ${TOKEN}`, "Bearer " + "x".repeat(10_000)]) {
      const answer = await get("/metrics", { ...proxied, authorization });
      expect(answer.status, authorization.slice(0, 40)).toBe(404);
      expect(answer.body).not.toContain("http_request_duration_seconds");
    }
  });

  it("the guard reads the socket's address, never a header", () => {
    const req = (remoteAddress: string | undefined, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers });
    expect(isLocalClient(req("127.0.0.1"))).toBe(true);
    expect(isLocalClient(req("::1"))).toBe(true);
    expect(isLocalClient(req("::ffff:127.0.0.1"))).toBe(true);
    expect(isLocalClient(req("203.0.113.7"))).toBe(false);
    expect(isLocalClient(req("10.0.0.5"))).toBe(false);
    expect(isLocalClient(req("127.0.0.2"))).toBe(false);
    expect(isLocalClient(req(undefined))).toBe(false);
    // A header cannot make a remote client local.
    expect(isLocalClient(req("203.0.113.7", { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" }))).toBe(false);
    expect(isLocalClient(req("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }))).toBe(false);
    expect(hasMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasMetricsToken(`Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(hasMetricsToken("Bearer ", "")).toBe(false);
    expect(hasMetricsToken(undefined, TOKEN)).toBe(false);
  });

  it("a route is one label whatever the URL: 1000 product pages, junk paths and data requests", async () => {
    const before = new Set(labels(await scrape()));
    for (let i = 0; i < 1000; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => get(`/catalog/goods/${i + j + 1000}?utm=${i + j}`)));
    await Promise.all(["/%D0%B0%D0%B1%D0%B2", "/no/such/page/at/all", "/catalog/goods/5.data", "/_root.data", "/api/city/"].map((p) => get(p)));
    const text = await scrape();
    const routes = labels(text);
    const added = routes.filter((route) => !before.has(route));
    expect(new Set(added)).toEqual(new Set(["routes/static-page", "routes/not-found", "routes/product.data", "routes/home.data", "api"].filter((r) => !before.has(r))));
    expect(sample(text, "http_request_duration_seconds_count", { route: "routes/product", status: "2xx" })).toBeGreaterThanOrEqual(1000);
    expect(routes.some((route) => route.includes("goods") || /\d{3,}/.test(route))).toBe(false);
    expect(metrics.pageRoute("/catalog/goods/123456")).toBe("routes/product");
    expect(metrics.pageRoute("/msk-only/unknown")).toBe("routes/not-found");
  });

  it("counts page-cache results: a miss, then hits", async () => {
    const count = (text: string, result: string) => sample(text, "page_cache_requests_total", { route: "news-item", result }) ?? 0;
    const before = await scrape();
    const miss = await get("/news/77");
    expect(miss.headers["x-page-cache"]).toBe("MISS");
    const hit = await get("/news/77");
    expect(hit.headers["x-page-cache"]).toBe("HIT");
    await get("/news/77");
    const after = await scrape();
    expect(count(after, "miss") - count(before, "miss")).toBe(1);
    expect(count(after, "hit") - count(before, "hit")).toBe(2);
  });

  it("counts the read caches' answers", async () => {
    const readCache = createSharedCache({ name: "metrics-test", maxBytes: 10_000, freshMs: 60_000 });
    const load = async () => ({ value: "ответ", cacheable: true });
    await Promise.all([readCache.get("k", load), readCache.get("k", load)]);
    await readCache.get("k", load);
    const text = await scrape();
    expect(sample(text, "read_cache_requests_total", { cache: "metrics-test", result: "miss" })).toBe(1);
    expect(sample(text, "read_cache_requests_total", { cache: "metrics-test", result: "coalesced" })).toBe(1);
    expect(sample(text, "read_cache_requests_total", { cache: "metrics-test", result: "hit" })).toBe(1);
  });
});

describe("Server-Timing", () => {
  const timing = (a: Answer) => String(a.headers["server-timing"] ?? "");

  it("a rendered page: the render, the total and cache;desc=miss; a cached hit: its own total and desc=hit, no replayed render", async () => {
    const miss = await get("/catalog/goods/4242");
    expect(miss.headers["x-page-cache"]).toBe("MISS");
    expect(timing(miss)).toMatch(/^render;dur=1\.5, total;dur=\d+(\.\d)?, cache;desc=miss$/);
    // Streaming is untouched: no Content-Length on the rendered page.
    expect(miss.headers["content-length"]).toBeUndefined();
    const hit = await get("/catalog/goods/4242");
    expect(hit.headers["x-page-cache"]).toBe("HIT");
    expect(timing(hit)).toMatch(/^total;dur=\d+(\.\d)?, cache;desc=hit$/);
    expect(hit.body.length).toBeGreaterThan(0);
    // A query the cache does not key on: rendered, not stored.
    const bypass = await get("/catalog/goods/4242?junk=1");
    expect(timing(bypass)).toMatch(/cache;desc=bypass$/);
  });

  it("is not on answers that never reach the pages", async () => {
    expect((await get("/metrics")).headers["server-timing"]).toBeUndefined();
  });
});

describe("route labels", () => {
  /** The manifest as the nested routes React Router's matchRoutes takes. */
  function routeTree(manifest: RouteManifest, parentId?: string): RouteObject[] {
    return Object.values(manifest)
      .filter((route) => route && route.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: routeTree(manifest, route!.id) },
      );
  }

  it("are the route React Router renders, for every route's path and for junk", async () => {
    const manifest = (await routeManifest()) as unknown as RouteManifest;
    const match = routeMatcher(manifest);
    const tree = routeTree(manifest);
    // Every path of app/routes.ts with its parameters filled in, and paths no route has.
    const paths = new Set(["/", "", "/x", "/x/", "/about", "/ABOUT", "/catalog/", "/catalog/goods", "/catalog/goods/", "/catalog/goods/12/extra", "/catalog/ruchki/filter/color-red/material-metal",
      "/catalog/%D1%80%D1%83%D1%87%D0%BA%D0%B8", "/a%2Fb", "/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0", "/search/filter/text=x/price-1-2", "/brands/bic", "/brands/bic/page-2",
      "/news/1", "/news/1/2", "/cp/edit/new", "/cp/edit/5", "/cp/5", "/cp/hidden", "/kp/abc", "/robots.txt", "/sitemap.xml", "/cart/upload", "/favorites/sync", "//double//slash", "/profile/cp/"]);
    const walk = (entries: typeof routeConfig, prefix: string) => {
      for (const entry of entries) {
        const path = entry.path === undefined ? prefix : `${prefix}/${entry.path.replace(/:[\w-]+/g, "42").replace(/\*$/, "a/b")}`;
        paths.add(path || "/");
        walk(entry.children ?? [], path);
      }
    };
    walk(routeConfig, "");
    for (const path of paths) expect(match(path), path).toBe(matchRoutes(tree, path)?.at(-1)?.route.id);
    // A malformed escape is matched as it is (React Router does the same, with a warning).
    expect(match("/%E0%A4%A")).toBe("routes/static-page");
  });
});

function labels(text: string): string[] {
  return [...new Set([...text.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]!))];
}
