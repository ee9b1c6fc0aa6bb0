/**
 * Junk HTTP requests for the fuzz test (tests/e2e/fuzz.spec.ts): methods, request targets, paths,
 * queries, headers, cookies and bodies picked by a seeded PRNG, so a run is reproducible from its
 * seed and a failing request can be sent again by its bytes. Requests go over raw sockets:
 * Node's HTTP client refuses to send much of what a hostile client sends (raw UTF-8 in a header,
 * an absolute request target, a bad Content-Length).
 */
import { connect } from "node:net";

/** mulberry32: small, fast and good enough to pick test cases; the same seed, the same run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  method: string;
  target: string;
  /** Values are byte strings (one char per byte): raw UTF-8 goes through as its bytes. */
  headers: [string, string][];
  body: string;
}

/** UTF-8 text as a byte string, the way a client that ignores the rules sends it in a header. */
const bytes = (text: string) => Buffer.from(text, "utf8").toString("latin1");

const METHODS = [
  ...Array<string>(12).fill("GET"), "HEAD", "HEAD", ...Array<string>(6).fill("POST"), "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "SEARCH", "PURGE",
];

/** Real paths of the shop (§2), its /api, files and resource routes: junk is added to them. */
const PATHS = [
  "/", "/about", "/contacts", "/delivery", "/route", "/catalog", "/catalog/ruchki", "/catalog/ruchki/filter/color=siniy",
  "/catalog/ruchki/filter/brand=bic/price=100-500/sort=price_asc/page=2", "/catalog/goods/1", "/catalog/goods/99999999",
  "/brands", "/brands/bic", "/brands/bic/color=siniy", "/bestoffers", "/newones/page=2", "/recommended", "/print", "/print/1",
  "/city", "/coating-price", "/viewed", "/robots.txt", "/sitemap.xml", "/sitemap-products-1.xml", "/favicon.svg",
  "/assets/app.js", "/api/city/", "/api/init/main", "/api/product/1", "/api/product/list", "/api/brand/list/all",
  "/api/filter/all", "/api/coating/recalculate", "/api/openapi.json", "/api/media/product/1.svg", "/_root.data",
  "/catalog/ruchki.data", "/healthz", "/readyz", "/search/ruchka", "/cart", "/no-such-page",
  // News, blog and promotions (issue 18).
  "/news", "/news/1", "/blog?page=2", "/blog/25", "/actions/43", "/api/blog/news/list?page=2", "/api/promotion/post/detail/43",
  "/api/comment/list/25", "/sitemap-news.xml", "/api/media/post/1-gift.svg",
  // The city suggested from the IP (ADR 062).
  "/city/from-ip",
];

/** Pieces of junk for paths, query values and cookies: encodings, Cyrillic, control characters, traversal. */
const ATOMS = [
  "%FF", "%D0%BA%D1%80", "%00", "%0A", "%0D%0A", "%09", "%20", "a%20b", "%", "%2", "%G1", "%2F", "%5C", "%2e%2e", "..", ".",
  "%3Cscript%3E", "'", "\"", "%22", "~", "filter", "=", ",", "page=0", "sort=", "-", "_", "%E2%80%AE", "%F0%9F%98%80",
  "%C0%AF", "%ED%A0%80", bytes("кружка"), "A".repeat(3000), "1e9", "-1", "0x10", "NaN", "null", "[]", "{}", "%7B%7D",
  "/%09/evil.com", "//evil.com", "/%5Cevil.com", "http://evil.com", "javascript:alert(1)", "/.//evil.com", "/%FF",
];

const QUERY_KEYS = ["sort", "page", "variant", "to", "cityId", "ids", "brand", "color", "attr.material", "priceFrom", "priceTo", "quantity", "coating", "text", "index", "_data", "_routes", "redirectTo", "%FF", bytes("ключ")];

const HOSTS = (port: number) => [
  `localhost:${port}`, `localhost:${port}`, `localhost:${port}`, `msk.localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`,
  "example.ru", "msk.example.ru", "xn--80aswg.xn--p1ai",
  "a_b.example.ru", "-bad-.ru", "a..b.ru", bytes("магазин.рф"), "", " ", "localhost:99999", "localhost:port", "[zz]", "a b",
  "evil.com/path", "user@evil.com", "x".repeat(300), "999.1.1.1", "1.2.3",
];

const COOKIES = [
  "token=%D0%BA", `token=${bytes("к")}`, "token=abc.def", "token=a b", "token=%0A", "refreshToken=%FF; token=x",
  "cityId=%FF", "cityId=2", "cityId=1", "cityId=-1", "cityId=99999999999999999999", "cityId=1e0", "=", ";;;", "cityId",
  `cityId=${"9".repeat(4000)}`, `${bytes("город")}=1`, "token=; cityId=3",
];

const ORIGINS = (port: number) => [`http://localhost:${port}`, `http://msk.localhost:${port}`, "http://evil.com", "null", "", bytes("http://магазин.рф"), "http://localhost"];
const FETCH_SITES = ["same-origin", "same-site", "cross-site", "none", "junk"];
const CONTENT_TYPES = [
  "application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz", "multipart/form-data",
  "text/plain", "application/octet-stream", "junk", "application/json; charset=koi8-r", "",
];
const BODIES = [
  "", "{", '{"cityId":3}', "cityId=1&redirectTo=/about", "cityId=1&redirectTo=/%09/evil.com", "cityId=abc", "cityId=2&redirectTo=%FF",
  "--xyz\r\nContent-Disposition: form-data; name=\"cityId\"\r\n\r\n1\r\n--xyz--\r\n", "--xyz\r\n\r\n", "\u0000\u0001\u0002", "x".repeat(5000),
  '{"items":[' + '{"id":1},'.repeat(50) + "{}]}",
];
const USER_AGENTS = ["Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0", "Googlebot/2.1 (+http://www.google.com/bot.html)", "", bytes("бот"), "x".repeat(2000)];
const EXTRA_HEADERS: [string, string[]][] = [
  ["X-Forwarded-Host", ["example.ru", "a b", "a_b.ru", "evil.com, example.ru", "", bytes("магазин.рф")]],
  ["X-Forwarded-Proto", ["https", "http", "a b", "ftp", "HTTPS", "https, http", ""]],
  ["X-Forwarded-For", ["1.2.3.4", "junk", "1.2.3.4, 5.6.7.8", "::1", "%FF"]],
  ["Accept-Encoding", ["gzip", "identity", "br;q=junk", "*;q=0", "gzip;q=1e9"]],
  ["Accept", ["text/html", "application/json", "*/*", "junk/", ""]],
  ["Authorization", ["Bearer x", "Bearer ", bytes("Bearer к"), "Basic ===", "junk"]],
  ["Range", ["bytes=0-10", "bytes=junk", "bytes=-1", "bytes=10-0"]],
  ["If-None-Match", ["*", "\"x\"", "junk"]],
  ["If-Modified-Since", ["junk", "Thu, 01 Jan 1970 00:00:00 GMT"]],
  ["Accept-Language", ["ru-RU", "junk;q=x", bytes("русский")]],
  ["X-Page-Cache-Revalidate", ["guess"]],
  ["Content-Length", ["2000000", "0"]],
  ["Transfer-Encoding", ["chunked"]],
  ["Expect", ["100-continue", "junk"]],
  ["Connection", ["Upgrade"]],
];

export function generateRequests(seed: number, count: number, port: number): FuzzRequest[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const hosts = HOSTS(port);
  const origins = ORIGINS(port);

  function path(): string {
    let result = pick(PATHS);
    const junk = Math.floor(random() * 3);
    for (let i = 0; i < junk; i++) result += chance(0.7) ? `/${pick(ATOMS)}` : pick(ATOMS);
    return result;
  }

  function query(): string {
    if (!chance(0.5)) return "";
    const pairs: string[] = [];
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) pairs.push(chance(0.9) ? `${pick(QUERY_KEYS)}=${pick(ATOMS)}` : pick(ATOMS));
    return `?${pairs.join("&")}`;
  }

  function target(): string {
    if (chance(0.01)) return pick(["*", "http://evil.com/about", `http://localhost:${port}/about`, "about", "//about"]);
    return path() + query();
  }

  const requests: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const method = pick(METHODS);
    const headers: [string, string][] = [["Host", chance(0.7) ? hosts[0] : pick(hosts)]];
    if (chance(0.3)) headers.push(["Cookie", pick(COOKIES)]);
    if (chance(0.3)) headers.push(["Origin", pick(origins)]);
    if (chance(0.3)) headers.push(["Sec-Fetch-Site", pick(FETCH_SITES)]);
    if (chance(0.5)) headers.push(["User-Agent", pick(USER_AGENTS)]);
    for (const [name, values] of EXTRA_HEADERS) if (chance(0.06)) headers.push([name, pick(values)]);
    let body = "";
    if (method !== "GET" && method !== "HEAD" ? chance(0.8) : chance(0.05)) {
      body = pick(BODIES);
      headers.push(["Content-Type", pick(CONTENT_TYPES)]);
    }
    requests.push({ method, target: target(), headers, body });
  }
  return requests;
}

/** The request's bytes: the request line, the headers, a Content-Length unless one was given, the body. */
export function serialize(request: FuzzRequest): Buffer {
  const body = Buffer.from(request.body, "utf8");
  const named = (name: string) => request.headers.some(([n]) => n.toLowerCase() === name);
  const headers = [...request.headers];
  const chunked = named("transfer-encoding");
  if (!named("content-length") && !chunked && body.length > 0) headers.push(["Content-Length", String(body.length)]);
  headers.push(["Connection", "close"]);
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`;
  const payload = chunked ? Buffer.from(`${body.length.toString(16)}\r\n${request.body}\r\n0\r\n\r\n`) : body;
  return Buffer.concat([Buffer.from(head, "latin1"), payload]);
}

/** How to send it again by hand: the bytes as a JS string, for `printf`/`nc` or `net.connect().end(...)`. */
export function describe(request: FuzzRequest): string {
  return JSON.stringify(serialize(request).toString("latin1"));
}

export interface FuzzOutcome {
  /** The status of the answer; null when the connection closed without one. */
  status: number | null;
  error?: string;
}

/** Sends the bytes on a fresh connection and reads the answer's status line. */
export function send(port: number, request: FuzzRequest, timeoutMs = 15_000): Promise<FuzzOutcome> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (outcome: FuzzOutcome) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    /** The final status: interim answers (100 Continue) come first. */
    const statusOf = () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const statuses = [...text.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].map((m) => Number(m[1]));
      return statuses.find((status) => status >= 200) ?? statuses[0] ?? null;
    };
    socket.setTimeout(timeoutMs, () => finish({ status: statusOf(), error: "timed out" }));
    // Read to the end (the request says Connection: close): a page that fails while streaming
    // shows as a cut-off answer, and the next request waits for the server's work on this one.
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may answer (413) and close before it has read what we sent: a reset after the
    // status line is fine, and a reset before it is reported.
    socket.on("error", (error) => finish({ status: statusOf(), error: error.message }));
    socket.on("close", () => finish({ status: statusOf() }));
    socket.on("connect", () => socket.write(serialize(request)));
  });
}
