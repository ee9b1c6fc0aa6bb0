/**
 * The storefront's one process: health probes, request checks (methods, hosts, proxies,
 * cross-site writes, body sizes), security headers, compression, static assets, the embedded
 * reference /api (unless API_URL is set), the city, the anonymous page cache, the React Router
 * handler, the error handler, graceful shutdown.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { parseEnv, type Env } from "./app/lib/env.server.ts";
import type { Backend } from "./app/lib/backend.server.ts";
import { createBackend } from "./server/backend.ts";
import { securityHeaders } from "./server/security.ts";
import { MAP_WIDGET_ORIGIN } from "./app/features/content/office-map.ts";
import { requestLog } from "./server/request-log.ts";
import { pageGuard, requestGuard } from "./server/request-guard.ts";
import { crossSiteGuard } from "./server/cross-site.ts";
import { bodyLimit, MiB, UPLOAD_RULES } from "./server/body-limit.ts";
import { errorHandler } from "./server/errors.ts";
import { hashedAssets } from "./server/static-assets.ts";
import { createContextFactory } from "./server/load-context.ts";
import { apiListener } from "./server/api-listener.ts";
import { createPageCache } from "./server/page-cache.ts";
import { isLongTailPath } from "./app/features/catalog/long-tail.ts";
import { renderGate } from "./server/render-gate.ts";
import { createServer } from "node:http";
import { SITEMAP_PATH, sitemapHandler } from "./server/sitemaps.ts";
import { FEED_PATH, yandexMarketHandler } from "./server/yandex-market.ts";
import { createYandexMarketFeed } from "./app/features/feed/yandex-market.server.ts";
import { closePrestartedPglite } from "./api/db/pglite-prestart.ts";
import { createLimits } from "./limits/limiter.ts";
import { connectRedis } from "./shared/redis.ts";
import { createChangeEvents } from "./shared/changes.ts";
import { readinessHandler } from "./server/health.ts";
import { createMetrics } from "./server/metrics.ts";
import { startErrorReporting, stopErrorReporting } from "./server/error-reporting.ts";
import { notice, setLogLevel } from "./log/logger.ts";

export async function startServer(env: Env, options: { onSignalsReady?: (shutdown: (signal: string) => Promise<void>) => void } = {}) {
  const startedAt = performance.now();
  // JSON lines on stdout (ADR 056); LOG_LEVEL says which.
  setLogLevel(env.LOG_LEVEL);
  // Error reporting (ADR 058), before anything can fail: only when SENTRY_DSN is set.
  startErrorReporting(env);
  // The route modules load while the backend starts (production; development uses Vite).
  const serverBuild =
    env.NODE_ENV === "development" ? null : (import(/* @vite-ignore */ path.resolve("build/server/index.js")) as Promise<ServerBuild>);
  serverBuild?.catch(() => {});
  // One rate limiter for the pages' writes and the embedded API's (ADR 041) and the change events
  // that drop the read caches (ADR 061): in process, or shared by every instance through one Redis
  // link (REDIS_URL), per process while Redis is down.
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  const limits = createLimits({ redis });
  const changes = createChangeEvents({ redis });
  const backend: Backend = await createBackend(env, limits, changes);
  // The route manifest, for the pages sitemap (the pages' handles); development reads Vite's build.
  let build: ServerBuild | (() => Promise<ServerBuild>) | undefined;
  const routes = async () => (typeof build === "function" ? await build() : (build ?? (await (serverBuild as Promise<ServerBuild>)))).routes;
  const getLoadContext = createContextFactory(env, backend, limits, { routes });
  await getLoadContext.warmUp();
  const app = express();
  app.disable("x-powered-by");
  // Only these peers may set the protocol, host and client IP through X-Forwarded-* (issue 16).
  // Loopback stays trusted beside a list: the page cache refreshes a page with a loopback request
  // that repeats the original's X-Forwarded-Proto and -Host.
  app.set("trust proxy", Array.isArray(env.TRUST_PROXY) ? [...new Set(["loopback", ...env.TRUST_PROXY])] : env.TRUST_PROXY);

  // Request durations by route, /metrics for this machine or METRICS_TOKEN, Server-Timing (ADR 057).
  const metrics = createMetrics({ token: env.METRICS_TOKEN, routes: () => (typeof build === "object" ? build.routes : undefined), pageCache: () => pageCache.stats() });
  // The request's id (X-Request-Id) and context for every line written while it is served, and its
  // own line with the route metrics label it by (ADR 056): before everything else.
  app.use(requestLog({ route: metrics.routeOf }));
  // While draining for shutdown, every response closes its connection.
  let draining = false;
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(metrics.middleware);
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // 503 without the database or while draining; 200 "degraded" while Redis is down (ADR 061).
  app.get("/readyz", readinessHandler({ draining: () => draining, backend, redis }));
  // Methods, the request target, X-Forwarded-* from untrusted peers, Host (ADR 024).
  app.use(requestGuard());
  app.use(securityHeaders({ frameSources: env.YANDEX_MAPS_KEY ? [MAP_WIDGET_ORIGIN] : [], metrika: Boolean(env.METRIKA_ID), reportTo: env.SENTRY_DSN, edgeSecret: env.EDGE_SECRET }));
  // No write from another site; no body over its limit, refused before it is read (ADR 024).
  app.use(crossSiteGuard());
  // File uploads get the upload limit plus multipart overhead (contract/file.ts).
  app.use(bodyLimit({ limit: 1 * MiB, paths: UPLOAD_RULES }));
  app.use(compression());

  // The contract's OpenAPI 3.1 document, generated once from the zod schemas (both modes).
  let openApi: string | null = null;
  app.get("/api/openapi.json", async (_req, res) => {
    openApi ??= JSON.stringify((await import("./contract/openapi.ts")).buildOpenApiDocument());
    res.type("application/json").set("Cache-Control", "public, max-age=300").send(openApi);
  });
  const api = apiListener(backend);
  if (api) app.use(api);

  if (env.NODE_ENV === "development") {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const clientDir = path.resolve("build/client");
    app.use("/assets", hashedAssets(clientDir));
    // public/ holds files (favicon.svg, images/…): a path without an extension is a page, and
    // skipping it here saves a failing stat() on every page request.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
    build = await (serverBuild as Promise<ServerBuild>);
  }

  // Methods and paths no page has stop here, before route modules build headers from them.
  app.use(pageGuard());
  // §4 city (and its cookie) first, outside the cached body; then the anonymous page cache,
  // keyed by host + city + path, dropped whenever the embedded API changes data.
  app.use(getLoadContext.resolveCity);
  // Sitemaps for the requesting host, outside React Router (one route per file would slow every page).
  app.get(SITEMAP_PATH, sitemapHandler(getLoadContext.sitemaps, getLoadContext.cityOrigin));
  // The Yandex Market feed (ADR 031): streamed page by page, kept on disk a few minutes per host.
  const yandexMarket = createYandexMarketFeed({
    backend,
    defaultTimeoutMs: env.REQUEST_TIMEOUT,
    // One directory per port (two servers on one DATA_DIR must not share it), emptied at start.
    cacheDir: path.join(!env.DATA_DIR || env.DATA_DIR.startsWith("memory:") ? os.tmpdir() : env.DATA_DIR, `feed-cache-${env.PORT || process.pid}`),
  });
  backend.onChange(() => yandexMarket.clear());
  app.get(FEED_PATH, yandexMarketHandler(yandexMarket, getLoadContext.cityOrigin));
  const pageCache = createPageCache({
    enabled: env.PAGE_CACHE === "on" && env.NODE_ENV !== "development",
    // Search results and free price/quantity ranges: kept apart, never evicting the shared pages.
    tail: { match: isLongTailPath },
  });
  backend.onChange(() => pageCache.clear());
  app.use(pageCache.middleware);
  // What the page cache did not answer renders a few at a time, in arrival order (ADR 016): two
  // while the CPU is busy, up to the limit while pages in flight wait for I/O (ADR 020).
  const renderConcurrency = env.RENDER_CONCURRENCY ?? (env.apiUrl ? 0 : 8);
  if (renderConcurrency > 0) app.use(renderGate(renderConcurrency, { busy: 2 }));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: build!,
      mode: env.NODE_ENV,
      getLoadContext,
    }),
  );
  // Errors that reach Express: a client's 4xx with one log line, our 500 with its stack.
  app.use(errorHandler());

  const server = createServer(app);
  server.keepAliveTimeout = 5_000;
  let accepted = 0;
  server.on("connection", () => accepted++);
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  pageCache.attach(server);
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  /** SIGTERM: stop accepting, let requests in flight finish, then close the database. */
  function shutdown(signal: string) {
    closing ??= (async () => {
      notice.info(`${signal}: closing, waiting for requests in flight`);
      // Drain first: /readyz answers 503 so the balancer stops sending, responses close their
      // connections, and connections the kernel already accepted are still served. Closing the
      // listener at once would reset those (ECONNRESET).
      draining = true;
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
      const force = setTimeout(() => server.closeAllConnections(), env.SHUTDOWN_TIMEOUT * 1000);
      force.unref();
      // Node accepts one connection per turn of the event loop. A process that got little CPU
      // through the drain (a loaded machine) ends it with connections still in the kernel's
      // backlog, and closing the listener then resets them: ECONNRESET for requests sent before
      // the signal (shutdown.spec's rare failure). So the backlog is emptied first, a turn at a
      // time until a turn accepts nothing; that turn also read the last one's request, so the
      // idle connections closed below are only those between keep-alive requests.
      for (let turn = 0; turn < MAX_ACCEPT_TURNS; turn++) {
        const seen = accepted;
        await nextTurn();
        if (accepted === seen) break;
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      clearTimeout(force);
      await backend.close();
      await limits.close();
      await changes.close();
      await redis?.close();
      await stopErrorReporting();
      notice.info("Closed");
    })();
    return closing;
  }
  // SIGTERM must find its handler from the moment the ready line is out: a supervisor (or a test)
  // may stop the server as soon as it reads it.
  options.onSignalsReady?.(shutdown);
  notice.info(`Storefront ready on http://localhost:${port} in ${Math.round(performance.now() - startedAt)} ms (${backend.describe}; ${limits.describe})`);
  return { server, port, shutdown, backend, pageCache };
}

/** Bounds the backlog's emptying at shutdown (Node's listen backlog is 511). */
const MAX_ACCEPT_TURNS = 1000;

/** After the event loop's next poll for I/O (accepts, reads). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).replace(/\.(ts|mjs|js)$/, "") === path.resolve("server").replace(/\.(ts|mjs|js)$/, "")
  || process.env.STOREFRONT_MAIN === "1";

if (isMain) {
  // An optional .env file; real environment variables win.
  if (existsSync(".env")) process.loadEnvFile(".env");
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    await closePrestartedPglite();
    process.exit(1);
  }
  const installSignals = (shutdown: (signal: string) => Promise<void>) => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        void shutdown(signal).then(() => process.exit(0));
      });
    }
  };
  await startServer(env, { onSignalsReady: installSignals }).catch(async (error: unknown) => {
    // Another process has the PGlite data folder (issue 25): its message, no stack trace.
    if ((error as { code?: unknown } | null)?.code !== "DATA_DIR_BUSY") throw error;
    console.error((error as Error).message);
    await closePrestartedPglite();
    process.exit(1);
  });
}
