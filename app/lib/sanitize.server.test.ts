import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { closeSanitizer, sanitizedHtml, sanitizeHtml } from "./sanitize.server.ts";

describe("sanitizedHtml", () => {
  it("sanitises (§5) and answers repeats from memory", async () => {
    const html = `<p onclick="x()">Текст<script>alert(1)</script></p>`;
    expect(await sanitizedHtml(html)).toBe("<p>Текст</p>");
    const again = sanitizedHtml(html);
    expect(again).toBe(sanitizedHtml(html));
    expect(await again).toBe("<p>Текст</p>");
    expect(await sanitizedHtml("")).toBe("");
  });

  it("drops the tags and attributes §5 forbids and keeps the content's markup", async () => {
    const html = `<h2 style="color:red">Нанесение</h2><form><input name="a"></form><iframe src="x"></iframe><a href="javascript:alert(1)">ссылка</a><ul><li>Шелкография</li></ul><img src="/a.png" onerror="x()">`;
    expect(await sanitizeHtml(html)).toBe(`<h2>Нанесение</h2><a>ссылка</a><ul><li>Шелкография</li></ul><img src="/a.png">`);
  });

  it("answers calls made together in their own order (one thread, many pages)", async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `<p>Абзац ${i}<script>${i}</script></p>`);
    expect(await Promise.all(texts.map((text) => sanitizeHtml(text)))).toEqual(texts.map((_, i) => `<p>Абзац ${i}</p>`));
  });

  it("keeps jsdom out of the server's own heap (ADR 019): it loads in the sanitiser's thread", async () => {
    expect(await sanitizeHtml("<i>текст</i>")).toBe("<i>текст</i>");
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.includes("/isomorphic-dompurify/"))).toBe(false);
    expect(loaded.some((file) => file.includes("/jsdom/"))).toBe(false);
  });

  it("starts a new thread after the old one ended (shutdown, or a thread that failed)", async () => {
    expect(await sanitizeHtml("<b>до</b><script>1</script>")).toBe("<b>до</b>");
    await closeSanitizer();
    expect(await sanitizeHtml("<b>после</b><script>2</script>")).toBe("<b>после</b>");
    await closeSanitizer();
  });
});
