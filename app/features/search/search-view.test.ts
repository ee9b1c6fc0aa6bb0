/** What the search page and the suggestions keep of a search answer. */
import { describe, expect, it } from "vitest";
import { foundSet, suggestionsView } from "./search-view.ts";

describe("foundSet", () => {
  it("matches breadcrumbs by category id, root first, without the category itself", () => {
    const found = foundSet({
      brands: [{ id: 1, title: "Parker", slug: "parker", letter: "P", image: null }],
      categories: [
        { id: 9, title: "Гелевые ручки", slug: "gelevye-ruchki", count: 44 },
        { id: 4, title: "Ручки", slug: "ruchki", count: 300 },
      ],
      categoriesBreadCrumbsItems: [
        { categoryId: 4, items: [{ id: 4, title: "Ручки", slug: "ruchki" }] },
        { categoryId: 9, items: [{ id: 4, title: "Ручки", slug: "ruchki" }, { id: 9, title: "Гелевые ручки", slug: "gelevye-ruchki" }] },
      ],
    });
    expect(found.brands).toEqual([{ title: "Parker", href: "/brands/parker" }]);
    expect(found.categories).toEqual([
      { title: "Гелевые ручки", href: "/catalog/gelevye-ruchki", count: 44, crumbs: [{ title: "Ручки", href: "/catalog/ruchki" }] },
      { title: "Ручки", href: "/catalog/ruchki", count: 300, crumbs: [] },
    ]);
  });

  it("leaves out what has no usable slug (no link to nowhere, nothing hostile in an href)", () => {
    const found = foundSet({
      brands: [{ id: 1, title: "X", slug: "../../evil", letter: "X", image: null }],
      categories: [{ id: 2, title: "Y", slug: 'a"><script>', count: 1 }],
      categoriesBreadCrumbsItems: [],
    });
    expect(found).toEqual({ brands: [], categories: [] });
  });
});

describe("suggestionsView", () => {
  it("shows each product in the colour the words named (issue 25: 'ручка синяя' → the blue pen)", () => {
    const variation = (id: number, slug: string, image: string) => ({
      id, groupId: 1, sku: `S${id}`, title: "", color: { id, title: slug, slug, hex: "#000000" }, size: null, stock: 5, price: 10, priceTiers: [], images: [image], weight: 12,
    });
    const group = {
      id: 1, title: "Ручка", slug: "g1", description: "", category: { id: 9, title: "Ручки", slug: "ruchki" }, brand: null, image: "/grey.png", images: [],
      minPrice: 10, maxPrice: 10, products: [variation(11, "seryy", "/grey.png"), variation(12, "siniy", "/blue.png")], attributes: [], coatings: [],
      flags: { isBestOffer: false, isNew: false, isRecommended: false },
    };
    const results = {
      brands: [], categories: [], categoriesBreadCrumbsItems: [], products: [group], searchHistory: [], exactProduct: null,
      total: { brands: 0, categories: 0, products: 1 },
    };
    expect(suggestionsView("ручка", results).products[0].image).toBe("/grey.png");
    const blue = { ...results, reading: { colors: [{ slug: "siniy", title: "Синий", words: ["синяя"] }], sizes: [], missing: [], partial: false } };
    expect(suggestionsView("ручка синяя", blue).products[0].image).toBe("/blue.png");
  });
});
