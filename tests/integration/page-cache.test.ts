/**
 * The anonymous page cache (server/page-cache.ts) in a real Express pipeline: the real
 * security headers (CSP nonce), compression, the real city middleware (server/load-context.ts, §4,
 * over a fake backend) and a fake page handler that streams HTML in chunks, counts its renders
 * and prints who it rendered for. Requests go over real sockets.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import express, { type RequestHandler } from "express";
import compression from "compression";
import { securityHeaders } from "#server/security.ts";
import { createContextFactory } from "#server/load-context.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { readCookies } from "#app/lib/cookies.server.ts";
import { isLongTailPath } from "#app/features/catalog/long-tail.ts";
import { createPageCache, PAGE_CACHE_HEADER, sharedLifetimes, type PageCache, type PageCacheOptions } from "#server/page-cache.ts";
import { noVarySearch, SHARED_PAGE_CACHE } from "#app/lib/cache-control.ts";
import type { City } from "#contract/content.ts";

const CITIES: City[] = [
  { id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null },
  { id: 2, title: "Москва", titlePrepositional: "Москве", titleDative: "Москве", domainPrefix: "msk" },
  { id: 3, title: "Россия", titlePrepositional: "России", titleDative: "России", domainPrefix: null },
];

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

/** A backend that answers the city list and lets the test announce a data change. */
function fakeBackend() {
  const listeners: (() => void)[] = [];
  const backend: Backend = {
    baseUrl: "http://fake.internal/api",
    fetch: async (request) => {
      if (new URL(request.url).pathname.startsWith("/api/city")) return Response.json({ data: CITIES });
      return Response.json({ message: "Не найдено", errors: [] }, { status: 404 });
    },
    ping: async () => true,
    close: async () => {},
    onChange: (listener) => {
      listeners.push(listener);
    },
    describe: "fake",
  };
  return { backend, change: () => listeners.forEach((l) => l()) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The "/large" page's text: random hex, so that compressed (br, deflate) it is still far larger
 * than a socket's 16 KiB write buffer, as a real catalogue page is.
 */
const LARGE_TEXT = randomBytes(100_000).toString("hex");

/** The body as the client reads it, whatever the Content-Encoding. */
function decode(raw: Buffer, encoding: string | undefined): string {
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "deflate") return inflateSync(raw).toString("utf8");
  if (encoding === undefined) return raw.toString("utf8");
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  raw: Buffer;
}

interface Setup {
  /** A header given as undefined is not sent. Rejects when no complete answer came within `timeoutMs`. */
  get(path: string, options?: { host?: string; headers?: Record<string, string | undefined>; method?: string; timeoutMs?: number }): Promise<Answer>;
  /** Renders per path. */
  renders: Map<string, number>;
  cache: PageCache;
  change(): void;
  clock: { advance(ms: number): void };
  /** Set by the /stream handler: resolves its last chunk. `open`: /stream holds no more. */
  release: { next?: () => void; open?: boolean };
  /** Status a path answers from now on (default 200). */
  statuses: Map<string, number>;
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/**
 * The fake page: it streams a document (three chunks) whose scripts carry res.locals.nonce, with
 * the city, the visitor kind, the render number and, for a token cookie, personal data.
 */
function page(renders: Map<string, number>, release: Setup["release"], statuses: Map<string, number>): RequestHandler {
  return async (req, res) => {
    const n = (renders.get(req.path) ?? 0) + 1;
    renders.set(req.path, n);
    // Like the post lists (`page`) and the product page (`variant`): what a page reads it checks,
    // and it says so (No-Vary-Search); the other pages read no query parameter.
    const query = new URL(req.originalUrl, "http://x").searchParams;
    if (req.path === "/goods" && query.has("variant") && !["1", "2"].includes(query.get("variant")!)) return res.redirect(301, "/goods");
    if (req.path === "/news" && query.has("page") && !["2", "3"].includes(query.get("page")!)) return res.status(404).type("html").send("<p>Не найдено</p>");
    res.setHeader("No-Vary-Search", noVarySearch(req.path === "/goods" ? ["variant"] : req.path === "/news" ? ["page"] : []));
    const nonce = String(res.locals.nonce);
    const city = (res.locals.city as { city: City }).city.title;
    const token = readCookies(req.headers.cookie).token;
    const bot = /bot/i.test(req.get("user-agent") ?? "");
    const status = statuses.get(req.path) ?? (req.path === "/missing" ? 404 : req.path === "/broken" ? 500 : 200);
    res.status(status);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Pages opt in to sharing (ADR 023); "/ordinary" says nothing, "/short" asks for 1 s.
    const cacheControl =
      { "/private": "private, no-cache", "/public": "public, max-age=3600", "/ordinary": "no-cache", "/short": "public, s-maxage=1" }[req.path] ??
      SHARED_PAGE_CACHE;
    res.setHeader("Cache-Control", cacheControl);
    if (req.path === "/sets-cookie") res.append("Set-Cookie", "promo=1; Path=/");
    // Like the /city switch: the page sets the city cookie itself.
    if (req.path === "/switch") res.append("Set-Cookie", "cityId=1; Path=/");
    res.write(`<!DOCTYPE html><html lang="ru"><head><script nonce="${nonce}">window.n=1</script></head><body>`);
    await wait(5);
    res.write(`<p>Город: ${city}</p><p>Для: ${bot ? "робота" : "человека"}</p><p>Рендер №${n} ${req.originalUrl}</p>`);
    if (token) res.write(`<p>Личные данные пользователя ${token}</p>`);
    if (req.path === "/errored") res.write("<!--$!--><template data-msg=\"boom\"></template><!--/$-->");
    if (req.path === "/stream" && !release.open) await new Promise<void>((resolve) => (release.next = resolve));
    if (req.path === "/large") res.write(`<p>${LARGE_TEXT}</p>`);
    // Multi-byte text split across chunks must survive the tee; the page is over the 1 KiB compression threshold.
    const tree = Buffer.from("Ёлка ");
    res.write(tree.subarray(0, 1));
    res.write(tree.subarray(1));
    res.write(`<p>${"Подарки с логотипом. ".repeat(60)}</p>`);
    // Like React Router's streamed loader data, which carries the root loader's nonce.
    res.end(`<script nonce="${nonce}" type="module">window.ctx={"nonce":"${nonce}"};import("/a.js")</script></body></html>`);
  };
}

/** `first`: a middleware in front of everything (tests that watch the server's responses). */
async function setup(options: PageCacheOptions = {}, env = parseEnv({}), first?: RequestHandler): Promise<Setup> {
  let time = 1_000_000;
  const { backend, change } = fakeBackend();
  const context = createContextFactory(env, backend);
  const cache = createPageCache({ now: () => time, enabled: env.PAGE_CACHE === "on", ...options });
  backend.onChange(() => cache.clear());
  const renders = new Map<string, number>();
  const release: Setup["release"] = {};
  const statuses = new Map<string, number>();

  const app = express();
  app.set("trust proxy", true);
  if (first) app.use(first);
  app.use(securityHeaders({ edgeSecret: env.EDGE_SECRET }));
  app.use(compression());
  app.use(context.resolveCity);
  app.use(cache.middleware);
  app.all("/{*splat}", page(renders, release, statuses));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cache.attach(server);
  const { port } = server.address() as AddressInfo;

  const get: Setup["get"] = (path, { host = `localhost:${port}`, headers = {}, method = "GET", timeoutMs = 10_000 } = {}) =>
    new Promise((resolve, reject) => {
      const sent = Object.fromEntries(
        Object.entries({ host, "user-agent": PERSON, "accept-encoding": "identity", ...headers }).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const req = httpRequest({ host: "127.0.0.1", port, path, method, agent: false, headers: sent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => {
          clearTimeout(timer);
          const raw = Buffer.concat(chunks);
          try {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decode(raw, response.headers["content-encoding"]), raw });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on("error", reject);
      });
      // A hung answer fails here, with what arrived, instead of at the test's own timeout.
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`${path} (accept-encoding ${sent["accept-encoding"] ?? "not sent"}): no complete answer in ${timeoutMs} ms`));
      }, timeoutMs);
      req.on("error", reject);
      req.end();
    });

  return { get, renders, cache, change, clock: { advance: (ms) => (time += ms) }, release, statuses, server };
}

/** Waits until the /stream page is holding its last chunk; returns what lets it finish (once). */
async function held(t: Setup): Promise<() => void> {
  while (!t.release.next) await wait(2);
  const finish = t.release.next;
  t.release.next = undefined;
  return finish;
}

const cacheStatus = (a: Answer) => a.headers[PAGE_CACHE_HEADER.toLowerCase()];
const cspNonce = (a: Answer) => /'nonce-([^']+)'/.exec(String(a.headers["content-security-policy"]))?.[1];
const bodyNonces = (a: Answer) => [...a.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
const setCookies = (a: Answer) => a.headers["set-cookie"] ?? [];

/** Every nonce in the body is this response's CSP nonce. */
function expectOwnNonce(a: Answer) {
  const nonce = cspNonce(a);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  const inBody = bodyNonces(a);
  expect(inBody.length).toBe(2);
  for (const n of inBody) expect(n).toBe(nonce);
  // The one in the data too.
  expect(a.body.split(nonce!).length - 1).toBe(3);
  return nonce!;
}

describe("anonymous page cache", () => {
  it("stores an anonymous page and serves it again with a fresh nonce each time", async () => {
    const t = await setup();
    const first = await t.get("/about");
    expect(first.status).toBe(200);
    expect(cacheStatus(first)).toBe("MISS");
    const n1 = expectOwnNonce(first);

    const second = await t.get("/about");
    const third = await t.get("/about");
    expect(cacheStatus(second)).toBe("HIT");
    expect(cacheStatus(third)).toBe("HIT");
    const n2 = expectOwnNonce(second);
    const n3 = expectOwnNonce(third);
    expect(new Set([n1, n2, n3]).size).toBe(3);
    // No nonce outlives its response: neither hit carries the first one anywhere.
    expect(second.body).not.toContain(n1);
    expect(third.body).not.toContain(n2);
    expect(t.renders.get("/about")).toBe(1);
    // Same document apart from the nonce, multi-byte text intact; headers of the page replayed.
    expect(second.body.replaceAll(n2, "N")).toBe(first.body.replaceAll(n1, "N"));
    expect(second.body).toContain("Ёлка");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    // The directives meant for this cache are not passed on: the page carries a nonce and a city.
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(t.cache.stats()).toMatchObject({ entries: 1, hits: 2, misses: 1, stores: 1 });
  });

  it("never serves or stores a page for a request with the auth cookie", async () => {
    const t = await setup();
    const personal = await t.get("/about", { headers: { cookie: "token=ivanov; refreshToken=r1" } });
    expect(cacheStatus(personal)).toBe("BYPASS");
    expect(personal.body).toContain("Личные данные пользователя ivanov");

    // Not stored: the next anonymous visitor renders their own page and never sees ivanov's.
    const anonymous = await t.get("/about");
    expect(cacheStatus(anonymous)).toBe("MISS");
    expect(anonymous.body).not.toContain("Личные данные");
    expect(anonymous.body).not.toContain("ivanov");
    expect(cacheStatus(await t.get("/about"))).toBe("HIT");

    // Not served: with an anonymous copy stored, the signed-in visitor still gets their own render.
    const again = await t.get("/about", { headers: { cookie: "token=petrov" } });
    expect(cacheStatus(again)).toBe("BYPASS");
    expect(again.body).toContain("Личные данные пользователя petrov");
    const refreshOnly = await t.get("/about", { headers: { cookie: "refreshToken=r2" } });
    expect(cacheStatus(refreshOnly)).toBe("BYPASS");
    const bearer = await t.get("/about", { headers: { authorization: "Bearer x" } });
    expect(cacheStatus(bearer)).toBe("BYPASS");
    expect(t.renders.get("/about")).toBe(5);
    const stored = await t.get("/about");
    expect(cacheStatus(stored)).toBe("HIT");
    expect(stored.body).not.toContain("Личные данные");
  });

  it("does not store an answer that sets a cookie, is private, not 200, or ended in an error boundary", async () => {
    const t = await setup();
    for (const path of ["/sets-cookie", "/private", "/ordinary", "/missing", "/broken", "/errored"]) {
      const first = await t.get(path);
      const second = await t.get(path);
      // Rendered both times. The answer says it is not kept, unless that shows only after the
      // headers went out (an error boundary in the streamed body).
      const expected = path === "/errored" ? "MISS" : "BYPASS";
      expect(cacheStatus(first), path).toBe(expected);
      expect(cacheStatus(second), path).toBe(expected);
      expect(t.renders.get(path), path).toBe(2);
      if (path === "/sets-cookie") expect(String(setCookies(second))).toContain("promo=1");
    }
    expect((await t.get("/missing")).status).toBe(404);
    expect(t.cache.stats().entries).toBe(0);
  });

  it("writes the city cookie on every answer that needs it, outside the cached page", async () => {
    const t = await setup();
    const first = await t.get("/delivery");
    expect(cacheStatus(first)).toBe("MISS");
    expect(String(setCookies(first))).toContain("cityId=3");
    // The first visit was stored even though its answer set the city cookie…
    const second = await t.get("/delivery");
    expect(cacheStatus(second)).toBe("HIT");
    // …and a hit still carries the cookie for a visitor who has none.
    expect(String(setCookies(second))).toContain("cityId=3");
    // A visitor whose cookie already says 3 gets the same page and no cookie.
    const withCookie = await t.get("/delivery", { headers: { cookie: "cityId=3" } });
    expect(cacheStatus(withCookie)).toBe("HIT");
    expect(setCookies(withCookie)).toEqual([]);
    expect(t.renders.get("/delivery")).toBe(1);
  });

  it("leaves the city cookie out of public answers and of answers that set it themselves", async () => {
    const t = await setup();
    // A shared cache must not replay a cookie (sitemaps and robots.txt are public).
    const crawlerFile = await t.get("/public");
    expect(crawlerFile.headers["cache-control"]).toBe("public, max-age=3600");
    expect(setCookies(crawlerFile)).toEqual([]);
    // The page's own choice wins over the write-back of the current one.
    const switched = await t.get("/switch");
    expect(setCookies(switched)).toEqual(["cityId=1; Path=/"]);
  });

  it("keeps hosts and cities apart (msk. vs the plain host, cityId cookie)", async () => {
    const t = await setup();
    const port = (t.server.address() as AddressInfo).port;
    const msk = { host: `msk.localhost:${port}` };
    const spb = { headers: { cookie: "cityId=1" } };
    const m1 = await t.get("/faq", msk);
    const d1 = await t.get("/faq");
    const s1 = await t.get("/faq", spb);
    expect([m1, d1, s1].map(cacheStatus)).toEqual(["MISS", "MISS", "MISS"]);
    expect(m1.body).toContain("Город: Москва");
    expect(String(setCookies(m1))).toContain("cityId=2");
    expect(d1.body).toContain("Город: Россия");
    expect(s1.body).toContain("Город: Санкт-Петербург");

    const m2 = await t.get("/faq", msk);
    const d2 = await t.get("/faq");
    const s2 = await t.get("/faq", spb);
    // A stale cityId=1 cookie on the msk. host still means Москва (§4).
    const m3 = await t.get("/faq", { ...msk, headers: { cookie: "cityId=1" } });
    expect([m2, d2, s2, m3].map(cacheStatus)).toEqual(["HIT", "HIT", "HIT", "HIT"]);
    expect(m2.body).toContain("Город: Москва");
    expect(m3.body).toContain("Город: Москва");
    expect(d2.body).toContain("Город: Россия");
    expect(s2.body).toContain("Город: Санкт-Петербург");
    expect(t.renders.get("/faq")).toBe(3);

    // The protocol is part of the key too (canonical URLs carry it).
    expect(cacheStatus(await t.get("/faq", { headers: { "x-forwarded-proto": "https" } }))).toBe("MISS");
  });

  it("keeps crawlers and people apart", async () => {
    const t = await setup();
    const bot = await t.get("/payment", { headers: { "user-agent": GOOGLEBOT } });
    const person = await t.get("/payment");
    expect([cacheStatus(bot), cacheStatus(person)]).toEqual(["MISS", "MISS"]);
    const bot2 = await t.get("/payment", { headers: { "user-agent": GOOGLEBOT } });
    const person2 = await t.get("/payment");
    expect([cacheStatus(bot2), cacheStatus(person2)]).toEqual(["HIT", "HIT"]);
    expect(bot2.body).toContain("Для: робота");
    expect(person2.body).toContain("Для: человека");
  });

  it("keeps a page only as long as its route asked (s-maxage, stale-while-revalidate)", async () => {
    const t = await setup();
    expect(cacheStatus(await t.get("/short"))).toBe("MISS");
    expect(cacheStatus(await t.get("/short"))).toBe("HIT");
    t.clock.advance(1_001);
    // No stale-while-revalidate: past s-maxage it renders again.
    expect(cacheStatus(await t.get("/short"))).toBe("MISS");
    expect(t.renders.get("/short")).toBe(2);
    // A page that did not opt in is never stored, and its Cache-Control is its own.
    const ordinary = await t.get("/ordinary");
    expect(ordinary.headers["cache-control"]).toBe("no-cache");
    expect(cacheStatus(await t.get("/ordinary"))).toBe("BYPASS");
  });

  it("reads the lifetimes of the shared directive, and nothing from other answers", () => {
    expect(sharedLifetimes("public, s-maxage=5, stale-while-revalidate=60")).toEqual({ freshMs: 5_000, staleMs: 60_000 });
    expect(sharedLifetimes("S-MAXAGE=2,PUBLIC")).toEqual({ freshMs: 2_000, staleMs: 0 });
    for (const value of ["public, max-age=3600", "no-cache", "private, s-maxage=5", "public, s-maxage=0", "public, no-store, s-maxage=5", "public, s-maxage=abc", ""]) {
      expect(sharedLifetimes(value), value).toBeNull();
    }
  });

  it("is fresh for 5 s, then stale for 60 s while one background render refreshes it", async () => {
    const t = await setup();
    expect((await t.get("/about")).body).toContain("Рендер №1");
    t.clock.advance(4_900);
    const fresh = await t.get("/about");
    expect(cacheStatus(fresh)).toBe("HIT");
    expect(fresh.body).toContain("Рендер №1");

    t.clock.advance(200);
    const stale = await t.get("/about");
    expect(cacheStatus(stale)).toBe("STALE");
    expect(stale.body).toContain("Рендер №1");
    expectOwnNonce(stale);
    await t.cache.idle();
    expect(t.renders.get("/about")).toBe(2);
    // The background render replaced the entry (and its nonce is gone with its response).
    const refreshed = await t.get("/about");
    expect(cacheStatus(refreshed)).toBe("HIT");
    expect(refreshed.body).toContain("Рендер №2");
    expectOwnNonce(refreshed);

    // Past fresh + stale the entry is not served at all.
    t.clock.advance(5_000 + 60_000);
    const expired = await t.get("/about");
    expect(cacheStatus(expired)).toBe("MISS");
    expect(expired.body).toContain("Рендер №3");
  });

  it("keeps serving the stale copy while background renders fail, and drops a page that is gone", async () => {
    const t = await setup();
    await t.get("/flaky");
    await t.get("/gone");
    t.statuses.set("/flaky", 503);
    t.statuses.set("/gone", 404);
    t.clock.advance(6_000);
    expect(cacheStatus(await t.get("/flaky"))).toBe("STALE");
    expect(cacheStatus(await t.get("/gone"))).toBe("STALE");
    await t.cache.idle();
    // The backend is down: the last good page is still served (and refreshed again).
    const stillStale = await t.get("/flaky");
    expect(cacheStatus(stillStale)).toBe("STALE");
    expect(stillStale.status).toBe(200);
    expect(stillStale.body).toContain("Рендер №1");
    // The page no longer exists: the old copy is dropped.
    const gone = await t.get("/gone");
    expect(gone.status).toBe(404);
    expect(cacheStatus(gone)).toBe("BYPASS");
    await t.cache.idle();
    t.statuses.delete("/flaky");
    await t.get("/flaky");
    await t.cache.idle();
    const back = await t.get("/flaky");
    expect(cacheStatus(back)).toBe("HIT");
    expect(back.body).toContain(`Рендер №${t.renders.get("/flaky")}`);
  });

  it("drops everything when the backend reports a data change", async () => {
    const t = await setup();
    await t.get("/about");
    await t.get("/faq");
    expect(cacheStatus(await t.get("/about"))).toBe("HIT");
    t.change();
    expect(t.cache.stats().entries).toBe(0);
    const after = await t.get("/about");
    expect(cacheStatus(after)).toBe("MISS");
    expect(after.body).toContain("Рендер №2");
    expect(cacheStatus(await t.get("/faq"))).toBe("MISS");
  });

  it("does not store a render that started before a data change", async () => {
    const t = await setup();
    const pending = t.get("/stream");
    const finish = await held(t);
    t.change();
    finish();
    expect(cacheStatus(await pending)).toBe("MISS");
    const next = t.get("/stream");
    (await held(t))();
    expect(cacheStatus(await next)).toBe("MISS");
  });

  it("PAGE_CACHE=off renders every request", async () => {
    expect(() => parseEnv({ PAGE_CACHE: "sometimes" })).toThrow(/PAGE_CACHE/);
    expect(parseEnv({}).PAGE_CACHE).toBe("on");
    const t = await setup({}, parseEnv({ PAGE_CACHE: "off" }));
    const answers = [await t.get("/about"), await t.get("/about"), await t.get("/about")];
    expect(answers.map(cacheStatus)).toEqual(["BYPASS", "BYPASS", "BYPASS"]);
    expect(t.renders.get("/about")).toBe(3);
    expect(t.cache.stats().entries).toBe(0);
  });

  it("bypasses other methods and unknown query parameters; keys allowed ones", async () => {
    const t = await setup();
    expect(cacheStatus(await t.get("/about", { method: "POST" }))).toBe("BYPASS");
    expect(cacheStatus(await t.get("/about?utm_source=x"))).toBe("BYPASS");
    expect(cacheStatus(await t.get("/about?utm_source=x"))).toBe("BYPASS");
    expect(cacheStatus(await t.get("/about?page=1&page=2"))).toBe("BYPASS");
    expect(cacheStatus(await t.get(`/about?page=${"9".repeat(1100)}`))).toBe("BYPASS");
    expect(cacheStatus(await t.get("/news?page=2"))).toBe("MISS");
    const page2 = await t.get("/news?page=2");
    expect(cacheStatus(page2)).toBe("HIT");
    expect(page2.body).toContain("/news?page=2");
    expect(cacheStatus(await t.get("/news"))).toBe("MISS");
  });

  it("answers HEAD from a stored page without a body, and never stores HEAD", async () => {
    const t = await setup();
    const headFirst = await t.get("/vacancy", { method: "HEAD" });
    expect(cacheStatus(headFirst)).toBe("BYPASS");
    expect(cacheStatus(await t.get("/vacancy"))).toBe("MISS");
    const head = await t.get("/vacancy", { method: "HEAD" });
    expect(cacheStatus(head)).toBe("HIT");
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("stores the plain body and serves gzip hits compressed once, each with its own nonce", async () => {
    const t = await setup();
    // The miss is compressed by the compression middleware (which would pick br over gzip).
    const first = await t.get("/about", { headers: { "accept-encoding": "gzip" } });
    expect(first.headers["content-encoding"]).toBe("gzip");
    // A hit offers gzip only, precompressed.
    const gzip = { headers: { "accept-encoding": "gzip, deflate, br" } };
    const hit = await t.get("/about", gzip);
    expect(cacheStatus(hit)).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(hit.headers.vary).toBe("Accept-Encoding");
    expect(Number(hit.headers["content-length"])).toBe(hit.raw.length);
    const again = await t.get("/about", gzip);
    // Same page, different nonce: everything but the nonces is identical.
    expect(expectOwnNonce(again)).not.toBe(expectOwnNonce(hit));
    expect(again.body.split(cspNonce(again)!).join("")).toBe(hit.body.split(cspNonce(hit)!).join(""));
    expect(again.body.split(cspNonce(again)!).join("")).toBe(first.body.split(cspNonce(first)!).join(""));
    const refused = await t.get("/about", { headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expectOwnNonce(refused);
    const plain = await t.get("/about");
    expect(cacheStatus(plain)).toBe("HIT");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<!DOCTYPE html>");
  });

  it("streams a miss to the client before the page has finished", async () => {
    const t = await setup();
    const port = (t.server.address() as AddressInfo).port;
    const firstBytes = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/stream", agent: false, headers: { host: `localhost:${port}`, "user-agent": PERSON } }, (response) => {
        response.once("data", async (chunk: Buffer) => {
          resolve(chunk.toString("utf8"));
          // Only now may the page finish.
          (await held(t))();
          response.resume();
        });
      });
      req.on("error", reject);
      req.end();
    });
    expect(firstBytes).toContain("<!DOCTYPE html>");
    expect(firstBytes).not.toContain("</html>");
    await wait(20);
    const hit = await t.get("/stream");
    expect(cacheStatus(hit)).toBe("HIT");
    expect(hit.body).toContain("</html>");
  });

  it("renders a page once for concurrent first visitors", async () => {
    const t = await setup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.get("/faq")));
    expect(t.renders.get("/faq")).toBe(1);
    expect(answers.map(cacheStatus).sort()).toEqual(["HIT", "HIT", "HIT", "HIT", "MISS"]);
    for (const a of answers) expectOwnNonce(a);
  });

  it("is bounded: the least recently used page goes first", async () => {
    const t = await setup({ maxEntries: 2 });
    await t.get("/a");
    await t.get("/b");
    expect(cacheStatus(await t.get("/a"))).toBe("HIT");
    await t.get("/c");
    expect(t.cache.stats().entries).toBe(2);
    expect(cacheStatus(await t.get("/a"))).toBe("HIT");
    expect(cacheStatus(await t.get("/b"))).toBe("MISS");
  });
});

describe("the `__Secure-` auth cookies (issue 25)", () => {
  it("a request with __Secure-token or __Secure-refreshToken is personal: neither served nor stored", async () => {
    const t = await setup();
    expect(cacheStatus(await t.get("/about"))).toBe("MISS");
    for (const cookie of ["__Secure-token=sidorov", "__Secure-refreshToken=r3"]) {
      const personal = await t.get("/about", { headers: { cookie } });
      expect(cacheStatus(personal), cookie).toBe("BYPASS");
    }
    expect(cacheStatus(await t.get("/about"))).toBe("HIT");
  });
});

/**
 * Issue 25: with `Accept-Encoding: br` the second request of a page (a hit) never got a byte, and
 * each such request kept its memory. Every Accept-Encoding a client may send gets the whole page,
 * fresh and stale, with its own nonce; the "/large" page compresses to more than a socket's
 * write buffer, as real pages do.
 */
describe("anonymous page cache: every Accept-Encoding", () => {
  /** Accept-Encoding (undefined: none sent) → the Content-Encoding of a stored page's answer. */
  const ENCODINGS: [string | undefined, string | undefined][] = [
    ["br", "br"],
    ["deflate", "deflate"],
    ["gzip", "gzip"],
    ["identity", undefined],
    ["*", "gzip"],
    ["gzip, deflate, br, zstd", "gzip"],
    ["br;q=1.0, gzip;q=0.5", "gzip"],
    ["gzip;q=0, deflate;q=0.8, br;q=0.5", "deflate"],
    ["gzip;q=0, br", "br"],
    ["identity;q=0, *;q=0", undefined],
    ["compress, x-unknown", undefined],
    [";;, =q, gzip;q=abc, ,", undefined],
    ["", undefined],
    [undefined, undefined],
  ];

  it.each(ENCODINGS)("Accept-Encoding %j: a miss, a hit and a stale answer, each whole and with its own nonce", async (acceptEncoding, encoding) => {
    const t = await setup();
    const headers = { "accept-encoding": acceptEncoding };
    const answers: Answer[] = [];
    for (const expected of ["MISS", "HIT", "STALE"]) {
      if (expected === "STALE") t.clock.advance(6_000);
      const answer = await t.get("/large", { headers, timeoutMs: 5_000 });
      expect(cacheStatus(answer), expected).toBe(expected);
      expect(answer.status).toBe(200);
      if (expected !== "MISS") expect(answer.headers["content-encoding"], expected).toBe(encoding);
      const length = answer.headers["content-length"];
      if (length !== undefined) expect(Number(length)).toBe(answer.raw.length);
      expectOwnNonce(answer);
      expect(answer.body).toContain(LARGE_TEXT);
      expect(answer.body.endsWith("</body></html>")).toBe(true);
      answers.push(answer);
    }
    // The same document every time, apart from the nonce.
    const [miss, ...served] = answers.map((a) => a.body.replaceAll(cspNonce(a)!, "N"));
    for (const body of served) expect(body).toBe(miss);
    await t.cache.idle();
    expect(t.renders.get("/large")).toBe(2);
    expect(t.cache.stats()).toMatchObject({ entries: 1, inflight: 0, refreshing: 0 });
  });

  it("frees what an aborted request held: no response, entry, render in flight or listener stays behind", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const responses: WeakRef<object>[] = [];
    const paths: string[] = [];
    let closed = 0;
    let onClosed = () => {};
    const watch: RequestHandler = (req, res, next) => {
      responses.push(new WeakRef(res));
      paths.push(`${req.originalUrl} (accept-encoding ${req.get("accept-encoding")})`);
      res.once("close", () => {
        closed++;
        onClosed();
      });
      next();
    };
    // Followers wait for the leader as long as the test takes (the 3 s default could run out on a
    // loaded machine and start renders of their own).
    const t = await setup({ coalesceMs: 120_000 }, parseEnv({}), watch);
    const port = (t.server.address() as AddressInfo).port;
    await t.get("/large");
    await t.get("/faq");
    const before = { ...t.cache.stats(), request: t.server.listenerCount("request"), connection: t.server.listenerCount("connection") };

    /** Sends a request and goes away: when the answer's headers arrive, or at its first byte. */
    const abandon = (path: string, acceptEncoding: string, at: "headers" | "data") =>
      new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, path, agent: false, headers: { host: `localhost:${port}`, "user-agent": PERSON, "accept-encoding": acceptEncoding } },
          (response) => {
            if (at === "headers") {
              req.destroy();
              return resolve();
            }
            response.once("data", () => {
              req.destroy();
              resolve();
            });
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error(`${path} (accept-encoding ${acceptEncoding}): nothing came in 5 s`));
        }, 5_000);
        req.once("close", () => clearTimeout(timer));
        req.on("error", () => {});
        req.end();
      });

    const encodings = ["br", "deflate", "gzip", "identity"];
    const abandoned = Array.from({ length: 200 }, (_, i) =>
      abandon(i % 3 === 0 ? "/faq" : "/large", encodings[i % encodings.length], i % 2 === 0 ? "headers" : "data"),
    );
    // A render in flight whose visitor and the visitors waiting for it all leave before it ends.
    const open = (path: string) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, agent: false, headers: { host: `localhost:${port}`, "user-agent": PERSON } });
      req.on("response", (response) => response.resume());
      req.on("error", () => {});
      req.end();
      return req;
    };
    const leader = open("/stream");
    const release = await held(t);
    const followers = Array.from({ length: 20 }, () => open("/stream"));
    await Promise.all(abandoned);
    while (t.cache.stats().waiting < followers.length) await wait(5);
    for (const req of [leader, ...followers]) req.destroy();
    const total = 2 + abandoned.length + 1 + followers.length;
    await new Promise<void>((resolve) => {
      onClosed = () => closed === total && resolve();
      onClosed();
    });
    // The render the visitors left goes on to its end, into a closed response; so does one a
    // follower started if it was still there when the leader's visitor left (the others wait for it).
    t.release.open = true;
    release();
    t.release.next?.();
    await t.cache.idle();
    const after = { ...t.cache.stats(), request: t.server.listenerCount("request"), connection: t.server.listenerCount("connection") };
    expect(after).toMatchObject({ entries: before.entries, bytes: before.bytes, inflight: 0, waiting: 0, refreshing: 0, request: before.request, connection: before.connection });
    expect(await new Promise<number>((resolve, reject) => t.server.getConnections((e, n) => (e ? reject(e) : resolve(n))))).toBe(0);
    // Nothing keeps a response of a visitor who left: each can be collected. The render they left
    // unwinds in its own time (its last writes, the socket's teardown), so collect until it has:
    // a response something still holds stays, however long this waits.
    const alive = () => responses.flatMap((r, i) => (r.deref() === undefined ? [] : [paths[i]]));
    for (let i = 0; i < 100 && alive().length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
    }
    expect(alive()).toEqual([]);
    // And the pages are still whole for the next visitor.
    const next = await t.get("/large", { headers: { "accept-encoding": "br" }, timeoutMs: 5_000 });
    expect(cacheStatus(next)).toBe("HIT");
    expect(next.body).toContain(LARGE_TEXT);
  });
});

/**
 * Issue 25: any `?sort=`/`?variant=` value and any `?page=N` was its own entry; 600 random `?sort=`
 * values evicted `/`, `/catalog` and a product page. A page is stored for a URL with a query only
 * when it read every parameter in it (No-Vary-Search), and what it reads it checks.
 */
describe("anonymous page cache: visitors waiting for one render", () => {
  it("when the visitor of the render they wait for leaves, one of them renders and the others wait for it", async () => {
    const t = await setup({ coalesceMs: 120_000 });
    const port = (t.server.address() as AddressInfo).port;
    const leader = httpRequest({ host: "127.0.0.1", port, path: "/stream", agent: false, headers: { host: `localhost:${port}`, "user-agent": PERSON } });
    leader.on("error", () => {});
    leader.end();
    const first = await held(t);
    const followers = Array.from({ length: 5 }, () => t.get("/stream", { timeoutMs: 10_000 }));
    while (t.cache.stats().waiting < 5) await wait(5);
    leader.destroy();
    // One follower renders the page again; the other four wait for that render, not start their own.
    const second = await held(t);
    first();
    await wait(50);
    expect(t.renders.get("/stream")).toBe(2);
    expect(t.cache.stats().waiting).toBe(4);
    second();
    const answers = await Promise.all(followers);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map(cacheStatus).sort()).toEqual(["HIT", "HIT", "HIT", "HIT", "MISS"]);
    expect(t.renders.get("/stream")).toBe(2);
  });
});

describe("anonymous page cache: junk in the query", () => {
  it("search texts and free price ranges are kept apart: 600 of them never evict the shared pages (the long tail)", async () => {
    const t = await setup({ maxEntries: 20, tail: { match: isLongTailPath, maxEntries: 5 } });
    const valid = ["/", "/catalog", "/goods", "/news", "/catalog/ruchki/filter/brand=bic"];
    for (const url of valid) expect(cacheStatus(await t.get(url)), url).toBe("MISS");
    const tail = Array.from({ length: 600 }, (_, i) =>
      i % 2 === 0 ? `/search/text=${Math.random().toString(36).slice(2)}` : `/catalog/ruchki/filter/price=${i}-${i * 7 + 1}`,
    );
    for (let i = 0; i < tail.length; i += 25) {
      const answers = await Promise.all(tail.slice(i, i + 25).map((url) => t.get(url)));
      for (const answer of answers) expect(answer.status).toBe(200);
    }
    expect(t.cache.stats().entries).toBe(valid.length + 5);
    for (const url of valid) expect(cacheStatus(await t.get(url)), url).toBe("HIT");
    // The newest of the tail are kept and served.
    expect(cacheStatus(await t.get(tail.at(-1)!))).toBe("HIT");
    expect(cacheStatus(await t.get(tail[0]!))).toBe("MISS");
  });

  it("a page is not stored for a query parameter it does not read, nor for a value it refuses", async () => {
    const t = await setup();
    for (const url of ["/about?page=2", "/catalog?variant=7", "/goods?page=2", "/news?variant=1"]) {
      const first = await t.get(url);
      expect(first.status, url).toBe(200);
      expect([cacheStatus(first), cacheStatus(await t.get(url))], url).toEqual(["BYPASS", "BYPASS"]);
    }
    // Not in the allow-list at all (no shared page reads `?sort=`: listings turn it into their path).
    expect(cacheStatus(await t.get("/about?sort=price_asc"))).toBe("BYPASS");
    // Refused values: a redirect and a 404, never stored.
    expect((await t.get("/goods?variant=99")).status).toBe(301);
    expect((await t.get("/news?page=29584")).status).toBe(404);
    expect(t.cache.stats().entries).toBe(0);
    // What the page reads and knows is stored, each value its own page.
    for (const url of ["/goods?variant=1", "/goods?variant=2", "/news?page=2"]) {
      expect(cacheStatus(await t.get(url)), url).toBe("MISS");
      expect(cacheStatus(await t.get(url)), url).toBe("HIT");
    }
    expect(t.cache.stats().entries).toBe(3);
  });

  it("600 random sort, page and variant values neither grow the cache nor evict the pages in it", async () => {
    const t = await setup();
    const valid = ["/", "/catalog", "/goods", "/goods?variant=1", "/news", "/news?page=2"];
    for (const url of valid) expect(cacheStatus(await t.get(url)), url).toBe("MISS");
    const before = { entries: t.cache.stats().entries, renders: new Map(t.renders) };
    expect(before.entries).toBe(valid.length);

    const random = () => Math.floor(Math.random() * 1e9).toString(36);
    const junk = Array.from({ length: 600 }, (_, i) => {
      const path = ["/", "/catalog", "/goods", "/news"][i % 4];
      const name = ["sort", "page", "variant"][i % 3];
      // Numbers past the few the pages know (variant 1–2, page 2–3), and words.
      return `${path}?${name}=${i % 2 === 0 ? 4 + Math.floor(Math.random() * 100_000) : random()}`;
    });
    for (let i = 0; i < junk.length; i += 25) {
      const answers = await Promise.all(junk.slice(i, i + 25).map((url) => t.get(url)));
      for (const answer of answers) expect([200, 301, 404]).toContain(answer.status);
    }
    expect(t.cache.stats().entries).toBe(before.entries);
    for (const url of valid) expect(cacheStatus(await t.get(url)), url).toBe("HIT");
  });
});

describe("behind the nginx edge (EDGE_SECRET, ADR 060)", () => {
  const SECRET = "EdgeSecret0123456789abcdefABCDEF0123456789";
  const edge = (headers: Record<string, string> = {}) => ({ headers: { "x-edge-secret": SECRET, ...headers } });

  it("a request with the secret gets it as its nonce, keeps the shared directives and its city cookie in X-Edge-City-Cookie; this cache stands aside", async () => {
    const t = await setup({}, parseEnv({ EDGE_SECRET: SECRET }));
    for (let i = 1; i <= 2; i++) {
      const answer = await t.get("/about", edge());
      expect(answer.status).toBe(200);
      expect(cspNonce(answer)).toBe(SECRET);
      expect(bodyNonces(answer)).toEqual([SECRET, SECRET]);
      expect(answer.headers["cache-control"]).toBe(SHARED_PAGE_CACHE);
      expect(answer.headers["x-edge-city-cookie"]).toMatch(/^cityId=3;/);
      expect(setCookies(answer)).toEqual([]);
      expect(cacheStatus(answer)).toBe("BYPASS");
      expect(t.renders.get("/about")).toBe(i);
    }
    // A visitor whose cookie already names the city: nothing to set.
    const spb = await t.get("/about", edge({ cookie: "cityId=1" }));
    expect(spb.headers["cache-control"]).toBe(SHARED_PAGE_CACHE);
    expect(spb.headers["x-edge-city-cookie"]).toBeUndefined();
  });

  it("a wrong, empty or missing secret is an ordinary request: a random nonce, private, no-cache and Set-Cookie", async () => {
    const t = await setup({}, parseEnv({ EDGE_SECRET: SECRET }));
    for (const secret of [SECRET.slice(0, -1) + "x", SECRET + "x", "", undefined]) {
      const answer = await t.get("/about", { headers: { "x-edge-secret": secret } });
      expectOwnNonce(answer);
      expect(cspNonce(answer)).not.toBe(SECRET);
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(answer.headers["x-edge-city-cookie"]).toBeUndefined();
      expect(setCookies(answer)).toEqual([expect.stringMatching(/^cityId=3;/)]);
    }
    // Without EDGE_SECRET no request is the edge's, whatever it sends.
    const plain = await setup();
    const answer = await plain.get("/about", edge());
    expect(cspNonce(answer)).not.toBe(SECRET);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
  });

  it("what nginx must not store leaves private: a session, Authorization, a junk or unknown city, a query the page did not read, a page that sets a cookie or did not opt in", async () => {
    const t = await setup({}, parseEnv({ EDGE_SECRET: SECRET }));
    const cases: [string, Record<string, string>][] = [
      ["/about", { cookie: "token=abc" }],
      ["/about", { cookie: "__Secure-refreshToken=abc" }],
      ["/about", { authorization: "Bearer abc" }],
      ["/about", { cookie: "cityId=abc" }],
      ["/about", { cookie: "cityId=98765" }],
      ["/about?utm_source=x", {}],
      ["/about?page=2", {}],
      ["/news?page=2&page=3", {}],
      ["/sets-cookie", {}],
      ["/private", {}],
      ["/missing", {}],
    ];
    for (const [path, headers] of cases) {
      const answer = await t.get(path, edge(headers));
      expect(answer.headers["cache-control"], `${path} ${JSON.stringify(headers)}`).toMatch(/^(private|no-cache)/);
      expect(answer.headers["x-edge-city-cookie"]).toBeUndefined();
      // Still the edge's nonce: nginx replaces it in every answer.
      expect(cspNonce(answer)).toBe(SECRET);
    }
    // A parameter the page reads, with a value it knows, is shared.
    expect((await t.get("/news?page=2", edge())).headers["cache-control"]).toBe(SHARED_PAGE_CACHE);
    expect((await t.get("/goods?variant=1", edge())).headers["cache-control"]).toBe(SHARED_PAGE_CACHE);
  });
});
