import { describe, expect, it } from "vitest";
import { createPngRenderer, PngRendererBusy } from "./png";
import { renderMedia } from "./svg";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe("PNG renderer", () => {
  it("draws the SVG at its own size", async () => {
    const renderer = createPngRenderer();
    const png = await renderer.render("og/1.png", renderMedia("og", "1")!);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(size(png)).toEqual([1200, 630]);
    expect(size(await renderer.render("mug/1-d32f2f.png", renderMedia("mug", "1-d32f2f")!))).toEqual([600, 600]);
  });

  it("draws a picture once: concurrent and later requests share it", async () => {
    const renderer = createPngRenderer();
    const svg = renderMedia("slide", "2")!;
    const [a, b] = await Promise.all([renderer.render("slide/2.png", svg), renderer.render("slide/2.png", svg)]);
    expect(a).toBe(b);
    expect(await renderer.render("slide/2.png", svg)).toBe(a);
    expect(renderer.stats()).toEqual({ entries: 1, bytes: a.byteLength });
  });

  it("keeps the cache within its byte bound, dropping the least recently used", async () => {
    const renderer = createPngRenderer({ maxBytes: 100_000 });
    for (let id = 1; id <= 8; id++) await renderer.render(`og/${id}.png`, renderMedia("og", `${id}`)!);
    const { entries, bytes } = renderer.stats();
    expect(bytes).toBeLessThanOrEqual(100_000);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(8);
  });

  it("refuses new drawings while too many wait, and serves cached ones meanwhile", async () => {
    const renderer = createPngRenderer({ concurrency: 1, maxQueue: 2 });
    const cached = await renderer.render("og/0.png", renderMedia("og", "0")!);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => renderer.render(`og/${i + 100}.png`, renderMedia("og", `${i + 100}`)!)),
    );
    const busy = results.filter((r) => r.status === "rejected");
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((r) => r.status === "rejected" && r.reason instanceof PngRendererBusy)).toBe(true);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    expect(await renderer.render("og/0.png", "<svg/>")).toBe(cached);
  });
});
