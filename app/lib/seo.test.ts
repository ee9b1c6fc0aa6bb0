import { describe, expect, it } from "vitest";
import { resolveSeo, seoMeta, SITE_NAME } from "./seo.ts";

describe("SEO (§2 meta, canonical on the regional host)", () => {
  const entries = [{ slug: "/about", title: "О компании ТМГ", description: "Описание", keywords: "подарки", h1: null }];
  it("uses the /api/seo/list entry for the path", () => {
    const seo = resolveSeo(entries, "/about", "https://msk.example.ru", { title: "О нас", description: "x" });
    expect(seo).toMatchObject({ title: "О компании ТМГ", description: "Описание", canonical: "https://msk.example.ru/about" });
  });
  it("falls back to the page's own texts", () => {
    const seo = resolveSeo(entries, "/faq", "https://example.ru", { title: "Вопросы", description: "Ответы" });
    expect(seo.title).toBe(`Вопросы — ${SITE_NAME}`);
    expect(seo.description).toBe("Ответы");
  });
  it("emits title, description, canonical and OpenGraph", () => {
    const meta = seoMeta(resolveSeo(entries, "/about", "https://example.ru", { title: "", description: "" }));
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.ru/about" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://example.ru/about" });
    expect(meta).toContainEqual({ name: "keywords", content: "подарки" });
  });
});
