/**
 * Issue 16 in a real Express pipeline, in server.ts's order: the request log, the request guard,
 * the security headers, the cross-site guard, the body limit, the page guard, the real city
 * middleware (server/load-context.ts over a fake backend), a page that echoes what it saw, and the
 * error handler. Requests go over raw sockets, so the test sends what a hostile client sends.
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import express, { type RequestHandler } from "express";
import { createContextFactory } from "#server/load-context.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import type { City } from "#contract/content.ts";
import { requestLog } from "#server/request-log.ts";
import { pageGuard, requestGuard } from "#server/request-guard.ts";
import { securityHeaders } from "#server/security.ts";
import { crossSiteGuard } from "#server/cross-site.ts";
import { bodyLimit, MiB } from "#server/body-limit.ts";
import { errorHandler } from "#server/errors.ts";

const CITIES: City[] = [
  { id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null },
  { id: 2, title: "Москва", titlePrepositional: "Москве", titleDative: "Москве", domainPrefix: "msk" },
  { id: 3, title: "Россия", titlePrepositional: "России", titleDative: "России", domainPrefix: null },
];

const backend: Backend = {
  baseUrl: "http://fake.internal/api",
  fetch: async () => Response.json({ data: CITIES }),
  ping: async () => true,
  close: async () => {},
  onChange: () => {},
  describe: "fake",
};

/** What the page saw, as JSON; some paths misbehave on purpose. */
const page: RequestHandler = (req, res) => {
  if (req.path === "/throws-uri") throw new URIError("URI malformed");
  if (req.path === "/throws") throw new Error("our bug");
  if (req.path === "/bad-header") {
    res.setHeader("Location", "/a\nb");
    return;
  }
  const read = () => new Promise<number>((resolve) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => resolve(size));
  });
  void read().then((bodyBytes) =>
    res.json({
      protocol: req.protocol,
      host: req.host,
      ip: req.ip,
      city: (res.locals.city as { city: City }).city.id,
      bodyBytes,
      contentLength: req.headers["content-length"] ?? null,
      transferEncoding: req.headers["transfer-encoding"] ?? null,
      rawLength: req.rawHeaders.find((_, i, all) => i > 0 && all[i - 1]!.toLowerCase() === "content-length") ?? null,
    }),
  );
};

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function setup({ trustProxy = "loopback" as string, uploadLimit = 4 * MiB } = {}) {
  const env = parseEnv({ TRUST_PROXY: trustProxy, LOG_LEVEL: "info" });
  const context = createContextFactory(env, backend);
  const app = express();
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(requestLog());
  app.use(requestGuard());
  app.use(securityHeaders());
  app.use(crossSiteGuard());
  app.use(bodyLimit({ limit: 1 * MiB, paths: [{ path: "/upload", limit: uploadLimit }] }));
  app.use(pageGuard());
  app.use(context.resolveCity);
  app.all("/{*splat}", page);
  app.use(errorHandler());
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

/**
 * Sends `head` (the request line and headers, byte for byte) and `body`, reads the whole answer.
 * `body` may be shorter than the Content-Length the head declares: a server that answers before
 * reading the body does not wait for the rest.
 */
function raw(port: number, head: string, body: string | Buffer = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => socket.write(Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(body)])));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [top, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = top.split("\r\n");
      const headers: Record<string, string[]> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        (headers[line.slice(0, i).toLowerCase()] ??= []).push(line.slice(i + 1).trim());
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error("timed out")));
  });
}

/** A request head with `Connection: close`; `headers` are sent as they are (one char per byte). */
const request = (method: string, target: string, headers: Record<string, string>) =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries({ ...headers, Connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

const get = (port: number, target: string, headers: Record<string, string> = {}) => raw(port, request("GET", target, { Host: `localhost:${port}`, ...headers }));
const post = (port: number, target: string, headers: Record<string, string>, body: string) =>
  raw(port, request("POST", target, { Host: `localhost:${port}`, "Content-Length": String(Buffer.byteLength(body)), ...headers }), body);

/**
 * What the pipeline logged (JSON lines on stdout, ADR 056): `out`, the request lines' text
 * (`msg`); `errors`, the error lines as "METHOD URL stack"; `raw`, every line as written.
 */
function captureLogs() {
  const out: string[] = [];
  const errors: string[] = [];
  const raw: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    const line = String(chunk);
    raw.push(line);
    const entry = JSON.parse(line) as { level: string; msg: string; method?: string; url?: string; err?: { stack: string } };
    if (entry.level === "error") errors.push(`${entry.method} ${entry.url} ${entry.err?.stack}`);
    else out.push(`${entry.msg}\n`);
    return true;
  });
  return { out, errors, raw };
}

describe("hosts (issue 16: a bad Host killed the process)", () => {
  it.each(["a_b.example.ru", "-bad-.ru", "a..b.ru", Buffer.from("магазин.рф").toString("latin1"), "localhost:99999", "a b"])(
    "Host %j: 400 with a Russian text, the server still answers",
    async (host) => {
      const port = await setup();
      const answer = await get(port, "/about", { Host: host });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("Неверный адрес сайта (Host)");
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect((await get(port, "/about")).status).toBe(200);
    },
  );

  it("a valid host gets its page and a cookie Domain only when it is a real domain", async () => {
    const port = await setup();
    const real = await get(port, "/about", { Host: "msk.example.ru" });
    expect(real.status).toBe(200);
    expect(JSON.parse(real.body)).toMatchObject({ host: "msk.example.ru", city: 2 });
    expect(real.headers["set-cookie"]).toEqual(["cityId=2; Max-Age=2678400; Domain=example.ru; Path=/; Secure; SameSite=Lax"]);
    const local = await get(port, "/about", { Host: `msk.localhost:${port}` });
    expect(local.headers["set-cookie"]).toEqual(["cityId=2; Max-Age=2678400; Path=/; SameSite=Lax"]);
  });

  it("a host is one spelling from the guard on: the page sees it in lower case (the page cache keys it so)", async () => {
    const port = await setup({ trustProxy: "loopback" });
    expect(JSON.parse((await get(port, "/about", { Host: `LocalHost:${port}` })).body)).toMatchObject({ host: `localhost:${port}` });
    expect(JSON.parse((await get(port, "/about", { Host: `MSK.Example.RU` })).body)).toMatchObject({ host: "msk.example.ru", city: 2 });
    expect(JSON.parse((await get(port, "/about", { "X-Forwarded-Host": "Shop.Example.RU" })).body)).toMatchObject({ host: "shop.example.ru" });
  });

  it("the city middleware on its own survives a bad host (no Domain), so nothing outside the guard can throw there", async () => {
    const context = createContextFactory(parseEnv({}), backend);
    const headers: string[] = [];
    const res = { locals: {}, writeHead: () => res, getHeader: () => undefined, append: (_: string, v: string) => headers.push(v) };
    const req = { host: "a_b.example.ru", headers: { host: "a_b.example.ru" } };
    const next = vi.fn();
    await context.resolveCity(req as never, res as never, next);
    expect(next).toHaveBeenCalledWith();
    // on-headers runs the cookie's listener when the headers go out.
    (res.writeHead as () => unknown).call(res);
    expect(headers).toEqual(["cityId=3; Max-Age=2678400; Path=/; Secure; SameSite=Lax"]);
  });
});

describe("proxies (TRUST_PROXY, loopback by default)", () => {
  it("a trusted proxy sets the protocol, host and IP; https gets HSTS", async () => {
    const port = await setup();
    const answer = await get(port, "/about", { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example.ru", "X-Forwarded-For": "203.0.113.7" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ protocol: "https", host: "shop.example.ru", ip: "203.0.113.7" });
    expect(answer.headers["strict-transport-security"]).toEqual(["max-age=31536000; includeSubDomains"]);
    expect(answer.headers["content-security-policy"]?.[0]).toContain("form-action 'self' https://shop.example.ru https://msk.shop.example.ru;");
  });

  it("from a peer that is not trusted, X-Forwarded-* mean nothing (and no HSTS over http)", async () => {
    const port = await setup({ trustProxy: "10.0.0.1" });
    const answer = await get(port, "/about", { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "203.0.113.7" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ protocol: "http", host: `localhost:${port}`, ip: "127.0.0.1" });
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    // Junk in them is no reason to refuse either: they are dropped unread.
    expect((await get(port, "/about", { "X-Forwarded-Proto": "a b", "X-Forwarded-Host": "a b" })).status).toBe(200);
  });

  it.each([
    ["X-Forwarded-Host", "a b", "Неверный адрес сайта (X-Forwarded-Host)"],
    ["X-Forwarded-Host", "a_b.example.ru", "Неверный адрес сайта (X-Forwarded-Host)"],
    ["X-Forwarded-Proto", "a b", "Неверный протокол (X-Forwarded-Proto)"],
    ["X-Forwarded-Proto", "ftp", "Неверный протокол (X-Forwarded-Proto)"],
  ])("a trusted %s of %j: 400 (it was a 500: an invalid URL)", async (name, value, text) => {
    const port = await setup();
    const answer = await get(port, "/about", { [name]: value });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(text);
  });
});

describe("methods and request targets", () => {
  it("TRACE and other methods no route has: 405 with Allow (TRACE was a 500)", async () => {
    const port = await setup();
    for (const method of ["TRACE", "PROPFIND", "PURGE"]) {
      const answer = await raw(port, request(method, "/", { Host: `localhost:${port}` }));
      expect(answer.status, method).toBe(405);
      expect(answer.body).toBe("Метод не поддерживается");
      expect(answer.headers.allow).toEqual(["GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"]);
    }
  });

  it("pages answer GET, HEAD and POST: PUT or OPTIONS on a page is 405 before React Router", async () => {
    const port = await setup();
    const answer = await raw(port, request("PUT", "/about", { Host: `localhost:${port}`, "Content-Length": "0" }));
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toEqual(["GET, HEAD, POST"]);
  });

  it("an absolute or relative request target: 400; OPTIONS *: the methods", async () => {
    const port = await setup();
    expect((await get(port, "http://evil.example/about")).status).toBe(400);
    expect((await get(port, "about")).status).toBe(400);
    const star = await raw(port, request("OPTIONS", "*", { Host: `localhost:${port}` }));
    expect(star.status).toBe(204);
    expect(star.headers.allow).toEqual(["GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"]);
  });
});

describe("page paths (issue 16: /brands/%D0%BA%D1%80 was a 500, /brands/a%20b a redirect loop)", () => {
  // The route modules check their params and answer the §2 404 page (tests/e2e/catalog-listing.spec.ts).
  it.each(["/brands/%D0%BA%D1%80", "/catalog/%D0%BA%D1%80?sort=new", "/brands/a%20b", "/a%0Ab", "/a%3Fb", "/a%23b", "/a%25b"])(
    "%s decodes: the pages decide",
    async (target) => {
      const port = await setup();
      expect((await get(port, target)).status).toBe(200);
    },
  );

  it.each(["/%FF", "/%", "/%G1", "/brands/%C0%AF"])("%s is no percent-encoding: 400", async (target) => {
    const port = await setup();
    const answer = await get(port, target);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("Неверный адрес страницы");
  });

  it("every character a page URL may have passes", async () => {
    const port = await setup();
    expect((await get(port, "/catalog/ruchki/filter/brand=bic,parker/price=100-500/sort=price_asc")).status).toBe(200);
    expect((await get(port, "/a-b_c.d~e!$&'()*+,;=:@/%2C%3D")).status).toBe(200);
  });
});

describe("cross-site writes (403 when Origin or Sec-Fetch-Site says another site)", () => {
  const form = "cityId=1";
  const type = { "Content-Type": "application/x-www-form-urlencoded" };

  it.each([
    [{ Origin: "http://evil.example" }],
    [{ Origin: "null" }],
    [{ Origin: "http://localhost" }],
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ "Sec-Fetch-Site": "same-site" }],
    [{ Origin: "http://evil.example", "Sec-Fetch-Site": "same-origin" }],
  ])("%j: 403", async (headers) => {
    const port = await setup();
    const answer = await post(port, "/city", { ...type, ...headers }, form);
    expect(answer.status).toBe(403);
    expect(answer.body).toBe("Запрос с другого сайта отклонён");
  });

  it("JSON too, unlike Hono's csrf(), and on /api", async () => {
    const port = await setup();
    const answer = await post(port, "/api/cart/recalculate", { "Content-Type": "application/json", Origin: "http://evil.example" }, "{}");
    expect(answer.status).toBe(403);
  });

  it("this origin, its regional variant (whatever Sec-Fetch-Site says), or no browser headers at all: through", async () => {
    const port = await setup();
    const sameSite: Record<string, string>[] = [
      { Origin: `http://localhost:${port}` },
      { Origin: `http://msk.localhost:${port}`, "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-origin" },
      {},
    ];
    for (const headers of sameSite) {
      expect((await post(port, "/city", { ...type, ...headers }, form)).status, JSON.stringify(headers)).toBe(200);
    }
    // And from the regional variant's side: the plain host is its variant too.
    const fromPlain = await post(port, "/city", { ...type, Host: `msk.localhost:${port}`, Origin: `http://localhost:${port}` }, form);
    expect(fromPlain.status).toBe(200);
  });

  it("GET never needs an Origin check", async () => {
    const port = await setup();
    expect((await get(port, "/about", { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
  });
});

describe("body limits (issue 16: six 40 MB bodies took the process from 253 to 720 MB)", () => {
  it("a body declared over 1 MB: 413 before a byte of it is read, and the connection closes", async () => {
    const port = await setup();
    // Only the head and a few bytes of the 40 MB are sent: the answer must not wait for the rest.
    const answer = await raw(port, request("POST", "/api/cart/recalculate", { Host: `localhost:${port}`, "Content-Type": "application/json", "Content-Length": String(40 * MiB) }), "[1,2,3");
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("Слишком большой запрос: не больше 1 МБ");
    expect(answer.headers.connection).toEqual(["close"]);
  });

  it("1 MB is allowed; a path with its own limit allows more", async () => {
    const port = await setup();
    const mb = "x".repeat(MiB);
    expect(JSON.parse((await post(port, "/city", {}, mb)).body).bodyBytes).toBe(MiB);
    expect((await post(port, "/city", {}, `${mb}x`)).status).toBe(413);
    expect(JSON.parse((await post(port, "/upload/file", {}, `${mb}${mb}`)).body).bodyBytes).toBe(2 * MiB);
    const over = await raw(port, request("POST", "/upload", { Host: `localhost:${port}`, "Content-Length": String(4 * MiB + 1) }));
    expect(over.status).toBe(413);
    expect(over.body).toBe("Слишком большой запрос: не больше 4 МБ");
  });

  /** A chunked request: the body in chunks of at most `chunk` bytes, then the last chunk. */
  const chunked = (port: number, target: string, body: Buffer | string, { chunk = 64 * 1024, headers = {} as Record<string, string> } = {}) => {
    const bytes = Buffer.from(body);
    const parts: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunk) {
      const part = bytes.subarray(i, i + chunk);
      parts.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n"));
    }
    parts.push(Buffer.from("0\r\n\r\n"));
    return raw(port, request("POST", target, { Host: `localhost:${port}`, "Transfer-Encoding": "chunked", ...headers }), Buffer.concat(parts));
  };

  it.each([
    ["a page action", "/city", MiB, "Слишком большой запрос: не больше 1 МБ"],
    ["its single-fetch URL", "/city.data", MiB, "Слишком большой запрос: не больше 1 МБ"],
    ["an /api JSON write", "/api/cart/recalculate", MiB, "Слишком большой запрос: не больше 1 МБ"],
    ["the upload", "/upload", 4 * MiB, "Слишком большой запрос: не больше 4 МБ"],
  ])("a chunked body on %s is read up to its limit and passed on whole, with its length (it was a 411)", async (_name, target, limit) => {
    const port = await setup();
    for (const size of [0, 3, 100_000, limit]) {
      const answer = await chunked(port, target, Buffer.alloc(size, "x"), { headers: { "Content-Type": "application/json" } });
      expect(answer.status, `${size} bytes`).toBe(200);
      expect(JSON.parse(answer.body), `${size} bytes`).toMatchObject({ bodyBytes: size, contentLength: String(size), rawLength: String(size), transferEncoding: null });
    }
    // Small chunks too: a byte at a time adds up the same.
    expect(JSON.parse((await chunked(port, target, "{\"a\":1}", { chunk: 1 })).body)).toMatchObject({ bodyBytes: 7 });
  });

  it.each([
    ["a page action", "/city", MiB, "Слишком большой запрос: не больше 1 МБ"],
    ["an /api JSON write", "/api/cart/recalculate", MiB, "Слишком большой запрос: не больше 1 МБ"],
    ["the upload", "/upload", 4 * MiB, "Слишком большой запрос: не больше 4 МБ"],
  ])("a chunked body on %s one byte over its limit: 413, the connection closes, the page never sees it", async (_name, target, limit, text) => {
    const port = await setup();
    const logs = captureLogs();
    const answer = await chunked(port, target, Buffer.alloc(limit + 1, "x"));
    vi.restoreAllMocks();
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(text);
    expect(answer.headers.connection).toEqual(["close"]);
    expect(logs.out).toEqual([expect.stringMatching(new RegExp(`^POST ${target.replace(/[/.]/g, "\\$&")} 413 [\\d.]+ms \\(chunked body over ${limit} bytes \\(\\d+ read\\)\\)\\n$`))]);
    expect((await get(port, "/about")).status).toBe(200);
  });

  it("a chunked body far over the limit is refused without reading it all: the answer comes before the rest is sent", async () => {
    const port = await setup();
    // The head and 2 MB of a body that never ends: the 413 must come anyway.
    const part = Buffer.alloc(64 * 1024, "x");
    const chunk = Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]);
    const head = request("POST", "/city", { Host: `localhost:${port}`, "Transfer-Encoding": "chunked" });
    const answer = await raw(port, head, Buffer.concat(Array.from({ length: 32 }, () => chunk)));
    expect(answer.status).toBe(413);
  });
});

describe("errors and the log", () => {
  it("one line per bad request, with a short reason and no stack", async () => {
    const port = await setup();
    const logs = captureLogs();
    await get(port, "/about", { Host: "a_b.example.ru" });
    await raw(port, request("TRACE", "/", { Host: `localhost:${port}` }));
    await get(port, "/throws-uri");
    vi.restoreAllMocks();
    expect(logs.out).toEqual([
      expect.stringMatching(/^GET \/about 400 [\d.]+ms \(invalid Host "a_b\.example\.ru"\)\n$/),
      expect.stringMatching(/^TRACE \/ 405 [\d.]+ms \(method "TRACE"\)\n$/),
      expect.stringMatching(/^GET \/throws-uri 400 [\d.]+ms \("URIError: URI malformed"\)\n$/),
    ]);
    expect(logs.errors).toEqual([]);
  });

  it("link tokens and capability addresses never reach the log (issue 25)", async () => {
    const port = await setup();
    const secret = "Zq3k8YfV0pXb2LmN4sRt6uWy9aCdEfGh";
    const logs = captureLogs();
    const targets = [
      `/reset-password?token=${secret}`,
      `/reset-password/${secret}`,
      `/api/auth/reset-password/${secret}`,
      `/email/confirm?token=${secret}`,
      `/subscribe/confirm?utm_source=mail&token=${secret}`,
      `/api/file/${secret}/thumbnail`,
      `/throws?token=${secret}`,
      `http://evil.example/reset-password?token=${secret}`,
      `/reset-password/${secret}%ZZ`,
    ];
    const statuses = [];
    for (const target of targets) statuses.push((await get(port, target)).status);
    vi.restoreAllMocks();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 500, 400, 400]);
    expect(logs.raw.length).toBe(targets.length + 1);
    for (const line of logs.raw) expect(line).not.toContain(secret);
    expect(logs.out).toEqual([
      expect.stringMatching(/^GET \/reset-password\?token=\[скрыто\] 200 /),
      expect.stringMatching(/^GET \/reset-password\/\[скрыто\] 200 /),
      expect.stringMatching(/^GET \/api\/auth\/reset-password\/\[скрыто\] 200 /),
      expect.stringMatching(/^GET \/email\/confirm\?token=\[скрыто\] 200 /),
      expect.stringMatching(/^GET \/subscribe\/confirm\?utm_source=mail&token=\[скрыто\] 200 /),
      expect.stringMatching(/^GET \/api\/file\/\[скрыто\]\/thumbnail 200 /),
      expect.stringMatching(/^GET \/throws\?token=\[скрыто\] 500 /),
      expect.stringMatching(/^GET http:\/\/evil\.example\/reset-password\?token=\[скрыто\] 400 [\d.]+ms \(request target "http:\/\/evil\.example\/reset-password\?token=\[скрыто\]"\)\n$/),
      expect.stringMatching(/^GET \/reset-password\/\[скрыто\] 400 [\d.]+ms \(bad percent-encoding in "\/reset-password\/\[скрыто\]"\)\n$/),
    ]);
    expect(logs.errors).toEqual([expect.stringMatching(/^GET \/throws\?token=\[скрыто\] Error: our bug/)]);
  });

  it("a value that cannot go into a header is the client's 400; our own bug is a 500 with its stack", async () => {
    const port = await setup();
    const logs = captureLogs();
    const bug = await get(port, "/throws");
    const header = await get(port, "/bad-header");
    vi.restoreAllMocks();
    expect(bug.status).toBe(500);
    expect(bug.body).toBe("Внутренняя ошибка сервера");
    expect(header.status).toBe(400);
    expect(logs.errors).toHaveLength(1);
    expect(logs.errors[0]).toContain("Error: our bug");
    expect(logs.errors[0]).toContain("request-hardening.test.ts");
  });
});
