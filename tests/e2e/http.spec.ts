/** What the HTTP layer promises: a CSP nonce on every script, immutable hashed assets, gzip for HTML. */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { test, expect } from "#tests/support/fixtures.ts";
import { SHOP_PORT } from "#tests/support/servers.ts";

/** A raw GET, so the test sees the bytes on the wire (the APIRequestContext decompresses). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: SHOP_PORT, path, headers: { host: `localhost:${SHOP_PORT}`, ...headers } }, (response) => {
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
