/**
 * What the HTTP layer promises: a CSP nonce on every script, immutable hashed assets, gzip for
 * HTML, every page whole whatever the Accept-Encoding (cached pages included), no page-cache
 * entries for junk in the query, chunked request bodies read up to their limits.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { test, expect } from "#tests/support/fixtures.ts";
import { SHOP_PORT } from "#tests/support/servers.ts";

/** A raw GET, so the test sees the bytes on the wire (the APIRequestContext decompresses). */
function rawGet(path: string, headers: Record<string, string | undefined> = {}): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = Object.fromEntries(Object.entries({ host: `localhost:${SHOP_PORT}`, ...headers }).filter((e): e is [string, string] => e[1] !== undefined));
    const req = httpRequest({ host: "127.0.0.1", port: SHOP_PORT, path, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

test("the CSP carries a per-request nonce and every <script> in the HTML has it", async () => {
  const first = await rawGet("/about");
  const csp = String(first.response.headers["content-security-policy"] ?? "");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp, "scripts must not be unsafe-inline").not.toMatch(/script-src[^;]*'unsafe-inline'/);

  const html = first.body.toString("utf8");
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
  // Under 'strict-dynamic' 'self' is ignored: a module preload without the nonce would be refused.
  for (const tag of html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) expect(tag, tag).toContain(`nonce="${nonce}"`);

  const second = await rawGet("/about");
  expect(String(second.response.headers["content-security-policy"])).not.toContain(nonce!);
});

test("the 404 page's scripts carry the nonce too", async () => {
  const { response, body } = await rawGet("/no-such-page");
  expect(response.statusCode).toBe(404);
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeTruthy();
  for (const [tag] of body.toString("utf8").matchAll(/<script\b[^>]*>/g)) expect(tag, tag).toContain(`nonce="${nonce}"`);
});

test("hashed assets under /assets/ are immutable, with and without gzip", async () => {
  const html = (await rawGet("/about")).body.toString("utf8");
  const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    for (const acceptEncoding of ["gzip", "identity"]) {
      const { response, body } = await rawGet(asset, { "accept-encoding": acceptEncoding });
      expect(response.statusCode, asset).toBe(200);
      expect(String(response.headers["cache-control"]), `${asset} (${acceptEncoding})`).toContain("immutable");
      expect(body.length).toBeGreaterThan(0);
    }
  }
});

test("HTML is gzip-compressed when the client accepts gzip", async () => {
  const { response, body } = await rawGet("/about", { "accept-encoding": "gzip" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-encoding"]).toBe("gzip");
  expect(String(response.headers["vary"] ?? "")).toMatch(/accept-encoding/i);
  const html = gunzipSync(body).toString("utf8");
  expect(html).toContain('<html lang="ru"');
  expect(html).toContain("О компании");

  const plain = await rawGet("/about", { "accept-encoding": "identity" });
  expect(plain.response.headers["content-encoding"]).toBeUndefined();
});

test("the usual security headers are set", async () => {
  const { response } = await rawGet("/about");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBeTruthy();
  expect(response.headers["x-powered-by"]).toBeUndefined();
});

/** The body as the client reads it. */
function decoded(response: IncomingMessage, body: Buffer): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  if (encoding === "deflate") return inflateSync(body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  expect(encoding).toBeUndefined();
  return body.toString("utf8");
}

/** The first product group's address on the home page. */
async function productPath(): Promise<string> {
  const html = (await rawGet("/", { "accept-encoding": "identity" })).body.toString("utf8");
  const found = /href="(\/catalog\/goods\/\d+)(?:\?variant=\d+)?"/.exec(html)?.[1];
  expect(found, "a product link on the home page").toBeTruthy();
  return found!;
}

test("issue 25: a cached page is whole for every Accept-Encoding (br and deflate hits hung), with its own nonce", async () => {
  test.setTimeout(60_000);
  const paths = ["/", "/recommended", "/catalog/ruchki", await productPath()];
  const encodings = ["br", "deflate", "gzip", "identity", "*", "br;q=1, gzip;q=0.5", "gzip;q=0, deflate", "x-junk;;q=", "", undefined];
  for (const path of paths) {
    // Stored first (a miss), then every encoding from the cache.
    await rawGet(path, { "accept-encoding": "identity" });
    for (const acceptEncoding of encodings) {
      const { response, body } = await rawGet(path, { "accept-encoding": acceptEncoding });
      const label = `${path} (Accept-Encoding ${JSON.stringify(acceptEncoding)})`;
      expect(response.statusCode, label).toBe(200);
      expect(["HIT", "STALE"], label).toContain(response.headers["x-page-cache"]);
      const html = decoded(response, body);
      expect(html.trimEnd().endsWith("</html>"), label).toBe(true);
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
      const nonces = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(nonces.length, label).toBeGreaterThan(0);
      expect(new Set(nonces), label).toEqual(new Set([nonce]));
    }
  }
});

test("issue 25: junk in the query is no page of its own: redirected, 404, or never stored, and evicts nothing", async () => {
  test.setTimeout(60_000);
  const product = await productPath();
  const status = async (path: string) => {
    const { response } = await rawGet(path, { "accept-encoding": "identity" });
    return { status: response.statusCode, location: response.headers.location, cache: response.headers["x-page-cache"] };
  };
  // A page number in the query of a listing goes into its path; past the last page it is the §2 404.
  expect(await status("/catalog/ruchki?page=29584")).toMatchObject({ status: 301, location: "/catalog/ruchki/filter/page=29584" });
  const past = await rawGet("/catalog/ruchki/filter/page=29584", { "accept-encoding": "identity" });
  expect(past.response.statusCode).toBe(404);
  expect(past.body.toString("utf8")).toContain("Похоже, что такой страницы не существует.");
  expect(await status("/catalog/ruchki?page=abc")).toMatchObject({ status: 404 });
  expect(await status("/news?page=29584")).toMatchObject({ status: 404 });
  // An unknown variant goes to the product's own address; "007" is product 7's.
  expect(await status(`${product}?variant=999999999&utm_source=mail`)).toMatchObject({ status: 301, location: `${product}?utm_source=mail` });
  expect(await status(product.replace(/(\d+)$/, "00$1"))).toMatchObject({ status: 301, location: product });
  // A parameter a page does not read: the page, never stored.
  for (const path of ["/?sort=price_asc", "/?page=3", "/catalog?variant=5"]) {
    expect(await status(path), path).toMatchObject({ status: 200, cache: "BYPASS" });
    expect(await status(path), path).toMatchObject({ status: 200, cache: "BYPASS" });
  }
  // The pages in the cache stay there through a storm of junk values.
  const kept = ["/", "/catalog", product];
  for (const path of kept) await status(path);
  for (let i = 0; i < 60; i++) {
    const path = kept[i % kept.length]!;
    const name = ["sort", "page", "variant"][i % 3];
    expect([200, 301, 404]).toContain((await status(`${path}?${name}=${(i * 7919).toString(36)}x`)).status);
  }
  for (const path of kept) expect(["HIT", "STALE"], path).toContain((await status(path)).cache);
});

/** A POST whose body goes out chunked (Transfer-Encoding: chunked), as Node's own client streams one. */
function postChunked(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: SHOP_PORT, path, method: "POST", headers: { host: `localhost:${SHOP_PORT}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`POST ${path} timed out`)));
    req.on("error", (error) => reject(error));
    for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.subarray(i, i + 256 * 1024));
    req.end();
  });
}

function multipart(name: string, type: string, content: Buffer): { headers: Record<string, string>; body: Buffer } {
  const boundary = "----tmg-e2e-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body };
}

test("issue 25: chunked request bodies are read and held to their limits (they were refused with 411)", async () => {
  test.setTimeout(60_000);
  // An /api JSON write.
  const json = await postChunked("/api/subscription", { "content-type": "application/json" }, Buffer.from(JSON.stringify({ email: "chunked-e2e@example.ru" })));
  expect(json.status, json.text).toBe(200);
  expect(JSON.parse(json.text)).toMatchObject({ data: { success: true } });
  const tooBig = await postChunked("/api/subscription", { "content-type": "application/json" }, Buffer.alloc(1024 * 1024 + 1, " "));
  expect(tooBig).toEqual({ status: 413, text: "Слишком большой запрос: не больше 1 МБ" });
  // A page action (the subscription form without JavaScript).
  const form = await postChunked("/subscribe", { "content-type": "application/x-www-form-urlencoded" }, Buffer.from("email=chunked-form%40example.ru"));
  expect(form.status).toBe(200);
  expect(form.text).toContain("Откройте его, чтобы получать рассылку");
  expect((await postChunked("/subscribe", { "content-type": "application/x-www-form-urlencoded" }, Buffer.alloc(1024 * 1024 + 1, "a"))).status).toBe(413);
  // The upload: a file within its 10 MB, and one past it.
  const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size, "x"), Buffer.from("\n%%EOF\n")]);
  const small = multipart("layout.pdf", "application/pdf", pdf(200_000));
  const uploaded = await postChunked("/api/file/upload", small.headers, small.body);
  expect(uploaded.status, uploaded.text).toBe(200);
  expect(JSON.parse(uploaded.text)).toMatchObject({ data: { originalName: "layout.pdf", mimeType: "application/pdf" } });
  const large = multipart("layout.pdf", "application/pdf", pdf(10 * 1024 * 1024 + 100 * 1024));
  expect(await postChunked("/api/file/upload", large.headers, large.body)).toEqual({ status: 413, text: "Файл больше 10 МБ" });
});
