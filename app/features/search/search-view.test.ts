/** What the search page and the suggestions keep of a search answer. */
import { describe, expect, it } from "vitest";
import { foundSet } from "./search-view.ts";

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
