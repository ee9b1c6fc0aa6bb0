/**
 * GET /api/media/{kind}/{name}.svg|.png through the whole API app: every kind as PNG with the
 * SVG's size, immutable caching, and junk, huge, missing or hostile names answered 4xx (never
 * 5xx, nothing logged). The media routes use no database.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import sharp from "sharp";
import { ApiErrorBody } from "../../contract/index";
import { createApp } from "../../api/app";
import { errorResponse } from "../../api/http/errors";
import { mediaRoutes } from "../../api/media/routes";
import { MEDIA_KINDS } from "../../api/media/urls";

const logged: unknown[] = [];
const sessionKeys = { key: async () => new TextEncoder().encode("media-test-key-media-test-key-0123") };
const app = createApp({ db: {} as never, notifyChange() {}, validateResponses: false, sessionKeys }, { logError: (error) => logged.push(error) });
const get = (path: string, init?: RequestInit) => app.fetch(new Request(`http://x${path}`, init));
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
};

afterEach(() => {
  expect(logged).toEqual([]);
});

describe("media PNG", () => {
  it.each([...MEDIA_KINDS])("%s/4.png is the SVG drawn at its size, cached as immutable", async (kind) => {
    const svg = await get(`/api/media/${kind}/4.svg`);
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(await svg.text())!;
    const response = await get(`/api/media/${kind}/4.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(pngSize(png)).toEqual([Number(width), Number(height)]);
  });

  it("answers the og preview (1200×630), a sized banner and the map of a city", async () => {
    for (const [path, size] of [
      ["/api/media/og/0.png", [1200, 630]],
      ["/api/media/banner/1-580x290.png", [580, 290]],
      ["/api/media/map/2-800x400.png", [800, 400]],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual(size);
    }
  });

  it("gives the same bytes every time, and HEAD answers without a body", async () => {
    const first = new Uint8Array(await (await get("/api/media/og/3.png")).arrayBuffer());
    const second = new Uint8Array(await (await get("/api/media/og/3.png")).arrayBuffer());
    expect(second).toEqual(first);
    const head = await get("/api/media/og/3.png", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it.each([
    ["unknown kind", "/api/media/rocket/1.png"],
    ["missing name", "/api/media/og/.png"],
    ["missing file", "/api/media/og/"],
    ["no extension", "/api/media/og/1"],
    ["other extension", "/api/media/og/1.jpg"],
    ["upper-case extension", "/api/media/og/1.PNG"],
    ["double extension", "/api/media/og/1.svg.png"],
    ["absurd size", "/api/media/slide/1-99999x99999.png"],
    ["size over the side cap", "/api/media/slide/1-9999x9999.png"],
    ["size over the pixel cap", "/api/media/slide/1-2000x2000.png"],
    ["zero size", "/api/media/og/1-0x0.png"],
    ["negative id", "/api/media/og/-1.png"],
    ["exponent id", "/api/media/og/1e9.png"],
    ["id too long", `/api/media/og/${"9".repeat(10)}.png`],
    ["huge name", `/api/media/og/${"1".repeat(20_000)}.png`],
    ["encoded traversal in the name", "/api/media/og/..%2F..%2Fpackage.json"],
    ["encoded traversal as the kind", "/api/media/..%2F..%2Fetc/passwd.png"],
    ["dot segments", "/api/media/og/../../package.json"],
    ["NUL byte", "/api/media/og/1%00.png"],
    ["markup", "/api/media/og/%3Cscript%3E.png"],
    ["broken percent-encoding", "/api/media/og/%E0%A4%A.png"],
    ["prototype key as kind", "/api/media/__proto__/1.png"],
  ])("%s → 404 with the error body", async (_, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(ApiErrorBody.parse(await response.json()).message).toMatch(/[а-яё]/i);
  });

  it("answers methods other than GET/HEAD with a 4xx", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await get("/api/media/og/1.png", { method, body: method === "DELETE" ? undefined : "x" });
      expect(response.status, method).toBeGreaterThanOrEqual(400);
      expect(response.status, method).toBeLessThan(500);
    }
  });
});

describe("media PNG under load", () => {
  it("answers 503 with Retry-After when too many drawings wait, and never a 500", async () => {
    const busyApp = new Hono().basePath("/api");
    busyApp.route("/", mediaRoutes({ png: { concurrency: 1, maxQueue: 1 } }));
    busyApp.onError((error, c) => errorResponse(error, c, (e) => logged.push(e)));
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => busyApp.fetch(new Request(`http://x/api/media/og/${200 + i}.png`))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const busy = responses.find((r) => r.status === 503)!;
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(ApiErrorBody.parse(await busy.json()).message).toMatch(/[а-яё]/i);
  });
});

describe("favicon files (scripts/make-favicons.mjs)", () => {
  it("public/favicon.ico holds the red Т mark at 16, 32 and 48 px", () => {
    const ico = readFileSync("public/favicon.ico");
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const entries = Array.from({ length: count }, (_, i) => ({ size: ico[6 + 16 * i]!, offset: ico.readUInt32LE(6 + 16 * i + 12) }));
    expect(entries.map((e) => e.size)).toEqual([16, 32, 48]);
    for (const { size, offset } of entries) {
      // 32-bit BMP rows are stored bottom-up as BGRA after a 40-byte header.
      const pixel = (x: number, y: number) => offset + 40 + ((size - 1 - y) * size + x) * 4;
      const corner = pixel(Math.floor(size * 0.15), Math.floor(size * 0.85));
      expect([ico[corner + 2], ico[corner + 1], ico[corner]], `${size} px red`).toEqual([0xe3, 0x06, 0x13]);
      // The Т's stem in the middle is white.
      const stem = pixel(Math.floor(size / 2), Math.floor(size * 0.6));
      expect(ico[stem]! + ico[stem + 1]! + ico[stem + 2]!, `${size} px white stem`).toBeGreaterThan(700);
    }
  });

  it("public/apple-touch-icon.png is 180×180, full bleed (opaque corners)", async () => {
    const { data, info } = await sharp("public/apple-touch-icon.png").ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([180, 180]);
    expect([...data.subarray(0, 4)]).toEqual([0xe3, 0x06, 0x13, 255]);
  });
});
