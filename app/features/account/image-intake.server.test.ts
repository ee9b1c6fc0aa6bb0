/** The one image intake (avatar, logo): what it takes and what it refuses (ADR 046). */
import { describe, expect, it } from "vitest";
import { readImage, sniffImage } from "./image-intake.server.ts";
import { IMAGE_TOO_BIG } from "./image-intake.ts";

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("images (avatar, logo)", () => {
  it("no file chosen is no image (the browser sends an empty part)", async () => {
    expect(await readImage(form({ image: new File([], "") }), "image")).toEqual({ ok: true, file: null });
    expect(await readImage(new FormData(), "image")).toEqual({ ok: true, file: null });
  });
  it("takes a picture by its bytes, not its claimed type", async () => {
    const r = await readImage(form({ avatar: new File([PNG], "me.bin", { type: "application/octet-stream" }) }), "avatar");
    expect(r.ok && r.file?.type).toBe("image/png");
    const fake = await readImage(form({ avatar: new File(["<html>"], "me.png", { type: "image/png" }) }), "avatar");
    expect(fake).toMatchObject({ ok: false, error: expect.stringContaining("только изображение") });
  });
  it("refuses SVG logos, empty and too big files", async () => {
    expect(sniffImage(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("image/svg+xml");
    expect((await readImage(form({ image: new File(["<svg/>"], "l.svg", { type: "image/svg+xml" }) }), "image")).ok).toBe(false);
    expect(await readImage(form({ image: new File([], "empty.png") }), "image")).toEqual({ ok: false, error: "Файл пустой" });
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], "big.png");
    expect(await readImage(form({ image: big }), "image")).toEqual({ ok: false, error: IMAGE_TOO_BIG });
  });
});

describe("junk in an image field", () => {
  it("a text value or a missing field is no image; a file under another name is not read", async () => {
    expect(await readImage(form({ image: "x".repeat(100_000) }), "image")).toEqual({ ok: true, file: null });
    expect(await readImage(form({ other: new File([PNG], "a.png") }), "image")).toEqual({ ok: true, file: null });
  });
});
