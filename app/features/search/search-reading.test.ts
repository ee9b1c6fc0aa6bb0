/** What the search page says about how its query was read (issue 25). */
import { describe, expect, it } from "vitest";
import { emptyFilters } from "#app/features/catalog/filter-path.ts";
import { noResultsView, readingView, textWithout } from "./search-reading.ts";

const reading = (over: Partial<Parameters<typeof readingView>[1] & object> = {}) => ({ colors: [], sizes: [], missing: [], partial: false, ...over });

describe("textWithout", () => {
  it("drops the words as typed, keeping the rest as it was written", () => {
    expect(textWithout("Ручка Синяя", ["синяя"])).toBe("Ручка");
    expect(textWithout("ручка,синяя  металлическая", ["синяя"])).toBe("ручка металлическая");
    expect(textWithout("Тёмно-синяя ручка", ["темно", "синяя"])).toBe("ручка");
    expect(textWithout("футболка XL", ["xl"])).toBe("футболка");
    // Each word once: "xl xl" without one "xl" keeps the other.
    expect(textWithout("xl футболка xl", ["xl"])).toBe("футболка xl");
    expect(textWithout("синий", ["синий"])).toBe("");
    expect(textWithout("ручка", ["синий"])).toBe("ручка");
  });
});

describe("readingView", () => {
  it("a chip per colour word (its shades together) and per size, each searching without its words", () => {
    const view = readingView(
      "Ручка синяя XL",
      reading({
        colors: [
          { slug: "siniy", title: "Синий", words: ["синяя"] },
          { slug: "temno-siniy", title: "Тёмно-синий", words: ["синяя"] },
        ],
        sizes: [{ size: "XL", words: ["xl"] }],
      }),
      { ...emptyFilters(), brands: ["arrow"], page: 3 },
    );
    expect(view).toEqual({
      chips: [
        { key: "color:синяя", title: "Цвет: синий, тёмно-синий", href: `/search/filter/text=${encodeURIComponent("Ручка XL")}/brand=arrow` },
        { key: "size:XL", title: "Размер: XL", href: `/search/filter/text=${encodeURIComponent("Ручка синяя")}/brand=arrow` },
      ],
      notice: null,
    });
  });

  it("no chip when the colour is the whole query (nothing would be left) or its words are not in the text", () => {
    expect(readingView("синий", reading({ colors: [{ slug: "siniy", title: "Синий", words: ["синий"] }] }), emptyFilters()).chips).toEqual([]);
    expect(readingView("ручка", reading({ colors: [{ slug: "siniy", title: "Синий", words: ["cbybq"] }] }), emptyFilters()).chips).toEqual([]);
  });

  it("says which words were not found, or that no product has them all", () => {
    expect(readingView("ежедневник 2031", reading({ missing: ["2031"] }), emptyFilters()).notice).toBe("Не нашли «2031», показываем похожие товары.");
    expect(readingView("a b c", reading({ missing: ["a", "b", "c"], partial: true }), emptyFilters()).notice).toBe(
      "Не нашли «a», «b» и «c», показываем похожие товары.",
    );
    expect(readingView("ручка кружка", reading({ partial: true }), emptyFilters()).notice).toMatch(/^Нет товаров, где есть все слова запроса/);
    expect(readingView("ручка", reading(), emptyFilters())).toEqual({ chips: [], notice: null });
    // A backend without `reading` says nothing.
    expect(readingView("ручка", undefined, emptyFilters())).toEqual({ chips: [], notice: null });
  });
});

describe("noResultsView", () => {
  it("links the queries to their search pages and the categories to the catalogue, leaving out hostile slugs", () => {
    expect(
      noResultsView({
        queries: ["термос", "  ", "ручка синяя"],
        categories: [
          { id: 1, title: "Термосы", slug: "termosy" },
          { id: 2, title: "X", slug: 'a"><script>' },
        ],
      }),
    ).toEqual({
      queries: [
        { text: "термос", href: `/search/text=${encodeURIComponent("термос")}` },
        { text: "ручка синяя", href: `/search/text=${encodeURIComponent("ручка синяя")}` },
      ],
      categories: [{ title: "Термосы", href: "/catalog/termosy" }],
    });
    expect(noResultsView(undefined)).toEqual({ queries: [], categories: [] });
  });
});
