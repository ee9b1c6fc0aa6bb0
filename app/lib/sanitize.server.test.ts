import { describe, expect, it } from "vitest";
import { sanitizedHtml } from "./sanitize.server.ts";

describe("sanitizedHtml", () => {
  it("sanitises (§5) and answers repeats from memory", async () => {
    const html = `<p onclick="x()">Текст<script>alert(1)</script></p>`;
    expect(await sanitizedHtml(html)).toBe("<p>Текст</p>");
    const again = sanitizedHtml(html);
    expect(again).toBe(sanitizedHtml(html));
    expect(await again).toBe("<p>Текст</p>");
    expect(await sanitizedHtml("")).toBe("");
  });
});
