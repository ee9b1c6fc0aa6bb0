import { describe, expect, it } from "vitest";
import { ogImage, rasterImage, resolveSeo, seoMeta, SITE_NAME } from "./seo.ts";

describe("SEO (§2 meta, canonical on the regional host)", () => {
  const entries = [{ slug: "/about", title: "О компании ТМГ", description: "Описание", keywords: "подарки", h1: null }];
  it("uses the /api/seo/list entry for the path", () => {
    const seo = resolveSeo(entries, "/about", "https://msk.example.ru", { title: "О нас", description: "x" });
    expect(seo).toMatchObject({ title: "О компании ТМГ", description: "Описание", canonical: "https://msk.example.ru/about" });
  });
  it("falls back to the page's own texts", () => {
    const seo = resolveSeo(entries, "/faq", "https://example.ru", { title: "Вопросы", description: "Ответы" });
    expect(seo.title).toBe(`Вопросы | ${SITE_NAME}`);
    expect(seo.description).toBe("Ответы");
  });
  it("emits title, description, canonical and OpenGraph", () => {
    const meta = seoMeta(resolveSeo(entries, "/about", "https://example.ru", { title: "", description: "" }));
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.ru/about" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://example.ru/about" });
    expect(meta).toContainEqual({ name: "keywords", content: "подарки" });
  });
  it("always shares a raster picture: the page's own, or the site's 1200×630", () => {
    const plain = seoMeta(resolveSeo(entries, "/about", "https://msk.example.ru", { title: "", description: "" }));
    expect(plain).toContainEqual({ property: "og:image", content: "https://msk.example.ru/api/media/og/0.png" });
    expect(plain).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(plain).toContainEqual({ property: "og:type", content: "website" });
    const product = seoMeta({
      ...resolveSeo(entries, "/catalog/goods/7", "https://example.ru", { title: "Ручка", description: "" }),
      type: "product",
      image: rasterImage("/api/media/pen/7-1976d2.svg", "https://example.ru", { width: 600, height: 600 }),
      price: { amount: 21.5, currency: "RUB" },
    });
    expect(product).toContainEqual({ property: "og:type", content: "product" });
    expect(product).toContainEqual({ property: "og:image", content: "https://example.ru/api/media/pen/7-1976d2.png" });
    expect(product).toContainEqual({ property: "product:price:amount", content: "21.5" });
    expect(product.filter((m) => "property" in m && m.property === "og:image")).toHaveLength(1);
  });
  it("turns only the API's generated SVGs into PNGs", () => {
    expect(rasterImage("/api/media/og/3.svg", "https://x.ru", { width: 1, height: 1 }).url).toBe("https://x.ru/api/media/og/3.png");
    expect(rasterImage("https://cdn.example/p.jpg", "https://x.ru", { width: 1, height: 1 }).url).toBe("https://cdn.example/p.jpg");
    expect(rasterImage("/images/default-card.svg", "https://x.ru", { width: 1, height: 1 }).url).toBe("https://x.ru/images/default-card.svg");
    expect(ogImage("https://x.ru", 12).url).toBe("https://x.ru/api/media/og/12.png");
  });
});
