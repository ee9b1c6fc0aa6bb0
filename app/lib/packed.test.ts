// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { markup, markupHtml, markupId, pack, rememberMarkup, unpack, type Markup } from "./packed.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("pack and markup", () => {
  const value = { title: "Ручки", grid: markup("listing-products", '<article class="product-card">Ручка</article>') };

  it("leaves the markup out of a document's data and keeps it in a navigation's", () => {
    expect(JSON.parse(pack(value, { document: true }).json)).toEqual({ title: "Ручки", grid: { id: "listing-products" } });
    expect(JSON.parse(pack(value, { document: false }).json)).toEqual({
      title: "Ручки",
      grid: { id: "listing-products", html: '<article class="product-card">Ручка</article>' },
    });
    // Only while packing a document: a plain JSON.stringify keeps everything.
    expect(JSON.stringify(value)).toContain("product-card");
  });

  it("gives the server the packed object itself, markup included", () => {
    expect(unpack(pack(value, { document: true }))).toBe(value);
  });

  it("takes a document's markup over from its element once, and keeps it for later renders", () => {
    document.body.innerHTML = '<div id="listing-products"><article class="product-card">Из документа</article></div>';
    const parsed = unpack({ json: pack(value, { document: true }).json }) as { grid: Markup };
    expect(markupHtml(parsed.grid)).toBe('<article class="product-card">Из документа</article>');
    document.getElementById("listing-products")!.innerHTML = "changed later";
    expect(markupHtml(parsed.grid)).toBe('<article class="product-card">Из документа</article>');
  });

  it("uses the markup a navigation's data carries, and nothing when the element is missing", () => {
    const parsed = unpack({ json: pack(value, { document: false }).json }) as { grid: Markup };
    expect(markupHtml(parsed.grid)).toBe('<article class="product-card">Ручка</article>');
    expect(markupHtml({ id: "no-such-element" })).toBe("");
  });

  it("keeps markup read early by id for a value that arrives after its elements are gone", () => {
    document.body.innerHTML = '<div id="strip-similar"><article class="product-card">Похожий товар</article></div>';
    rememberMarkup("strip-similar");
    // React replaced the server's elements (a Suspense boundary rendered afresh) before the data came.
    document.body.innerHTML = '<div id="strip-similar"></div>';
    rememberMarkup("strip-similar");
    const later = unpack({ json: pack({ grid: markup("strip-similar", "<article>…</article>") }, { document: true }).json }) as { grid: Markup };
    expect(markupHtml(later.grid)).toBe('<article class="product-card">Похожий товар</article>');
    rememberMarkup("strip-missing");
    expect(markupHtml({ id: "strip-missing" })).toBe("");
  });

  it("makes element ids from data keys", () => {
    expect(markupId("facet", "attr:material")).toBe("facet-attr-material");
    expect(markupId("facet", 'x" onclick="y')).toBe("facet-x--onclick--y");
  });
});
