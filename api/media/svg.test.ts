/**
 * The generated pictures, looked at as a shopper sees them: drawn to pixels by sharp (the PNG
 * route's renderer). Slides and banners leave a calm, dark caption zone for the storefront's
 * white title, subtitle and button; og pictures and maps are deterministic and text-free.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { captionZone, MAX_MEDIA_PIXELS, MAX_MEDIA_SIDE, renderMedia, type Zone } from "./svg";
import { MEDIA_KINDS } from "./urls";

/** RGBA pixels of a picture. */
async function draw(kind: string, name: string) {
  const svg = renderMedia(kind, name);
  expect(svg, `${kind}/${name}`).not.toBeNull();
  const { data, info } = await sharp(Buffer.from(svg!)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  return { svg: svg!, width: info.width, height: info.height, pixels: data };
}

/** WCAG relative luminance of an sRGB pixel. */
function luminance(pixels: Buffer, i: number): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(pixels[i]!) + 0.7152 * channel(pixels[i + 1]!) + 0.0722 * channel(pixels[i + 2]!);
}

function luminanceRange(image: { width: number; pixels: Buffer }, zone: Zone): { min: number; max: number } {
  let min = 1;
  let max = 0;
  for (let y = zone.y; y < zone.y + zone.height; y++) {
    for (let x = zone.x; x < zone.x + zone.width; x++) {
      const l = luminance(image.pixels, (y * image.width + x) * 4);
      min = Math.min(min, l);
      max = Math.max(max, l);
    }
  }
  return { min, max };
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe("slide, banner and post compositions", () => {
  const cases = [
    ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((id) => [
      ["slide", `${id}`],
      ["slide-mobile", `${id}`],
    ]),
    ["banner", "1-580x290"],
    ["banner", "2-580x290"],
    ["banner", "3-1180x240"],
    ["post", "5"],
  ];

  it.each(cases)("%s/%s: white caption text reads on a calm zone with nothing drawn in it", async (kind, name) => {
    const image = await draw(kind, name);
    const zone = captionZone(image.width, image.height);
    const { min, max } = luminanceRange(image, zone);
    // WCAG AA for normal text, against the lightest pixel of the zone.
    expect(contrast(1, max)).toBeGreaterThanOrEqual(4.5);
    // A bar, a circle or a product would make a spread well above a gentle gradient's.
    expect(contrast(min, max)).toBeLessThan(1.5);
    // The product and its light disc are outside the zone.
    const whole = luminanceRange(image, { x: 0, y: 0, width: image.width, height: image.height });
    expect(whole.max).toBeGreaterThan(0.8);
    expect(image.svg).not.toMatch(/<text|<script|<foreignObject/i);
  });

  it("puts the caption zone on the left of wide pictures and in the lower half of the mobile slide", () => {
    expect(captionZone(1920, 600)).toEqual({ x: 0, y: 0, width: 1056, height: 600 });
    expect(captionZone(580, 290)).toEqual({ x: 0, y: 0, width: 319, height: 290 });
    expect(captionZone(750, 750)).toEqual({ x: 0, y: 375, width: 750, height: 375 });
  });

  it("differs by id and repeats for the same id", () => {
    expect(renderMedia("slide", "1")).toBe(renderMedia("slide", "1"));
    expect(renderMedia("slide", "1")).not.toBe(renderMedia("slide", "2"));
  });
});

describe("og picture", () => {
  it("is 1200×630 by default, on the brand's red, without text, one per id", async () => {
    const image = await draw("og", "0");
    expect([image.width, image.height]).toEqual([1200, 630]);
    expect(image.svg).toContain("#e30613");
    expect(image.svg).not.toMatch(/<text/i);
    expect(renderMedia("og", "7")).toBe(renderMedia("og", "7"));
    expect(renderMedia("og", "7")).not.toBe(renderMedia("og", "8"));
    // The corner is the red background.
    const [r, g, b] = image.pixels.subarray(0, 3);
    expect(r).toBeGreaterThan(180);
    expect(g! + b!).toBeLessThan(60);
  });
});

describe("map picture", () => {
  it("is a calm 800×400 street map with the pin in the middle, one per city id", async () => {
    const image = await draw("map", "2-800x400");
    expect([image.width, image.height]).toEqual([800, 400]);
    expect(image.svg).not.toMatch(/<text/i);
    expect(renderMedia("map", "2")).toBe(renderMedia("map", "2-800x400"));
    expect(renderMedia("map", "1")).not.toBe(renderMedia("map", "2"));
    // The pin's head, just above the middle, is the brand's red.
    const head = ((200 - 30) * 800 + 400 - 12) * 4;
    expect(image.pixels[head]).toBeGreaterThan(180);
    expect(image.pixels[head + 1]).toBeLessThan(60);
    // Away from the pin the map stays light and low in contrast.
    const { min, max } = luminanceRange(image, { x: 0, y: 0, width: 250, height: 400 });
    expect(min).toBeGreaterThan(0.6);
    expect(contrast(min, max)).toBeLessThan(1.5);
  });
});

describe("names and sizes", () => {
  it("draws every kind", () => {
    for (const kind of MEDIA_KINDS) expect(renderMedia(kind, "3"), kind).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it("caps the canvas: 16–2000 px a side, at most 1920×1080 pixels", () => {
    expect(MAX_MEDIA_SIDE).toBe(2000);
    expect(MAX_MEDIA_PIXELS).toBe(1920 * 1080);
    expect(renderMedia("slide", "1-1920x1080")).not.toBeNull();
    expect(renderMedia("og", "1-16x16")).not.toBeNull();
    for (const name of ["1-9999x9999", "1-2000x1100", "1-2001x100", "1-15x600", "1-0000x0000", "1-99999x99999", "1-600x0600x6"]) {
      expect(renderMedia("slide", name), name).toBeNull();
    }
  });

  it("refuses junk names and kinds", () => {
    for (const [kind, name] of [
      ["rocket", "1"],
      ["og", ""],
      ["og", "-1"],
      ["og", "1e3"],
      ["og", "0x10"],
      ["og", "../../etc/passwd"],
      ["og", "1\u0000"],
      ["og", "1".repeat(10)],
      ["mug", "1-zzzzzz"],
      ["__proto__", "1"],
      ["constructor", "1"],
    ]) {
      expect(renderMedia(kind!, name!), `${kind}/${name}`).toBeNull();
    }
  });
});
