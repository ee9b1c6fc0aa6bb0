/** The header suggestions as combobox options: order, ids, hrefs and the arrow keys. */
import { describe, expect, it } from "vitest";
import { historyGroup, LISTBOX_ID, moveActive, suggestionGroups, suggestUrl } from "./suggest.ts";
import type { SuggestionsView } from "./search-view.ts";

const view = (over: Partial<SuggestionsView> = {}): SuggestionsView => ({
  text: "ручка",
  products: [{ id: 7, title: "Ручка «Тундра»", href: "/catalog/goods/7", image: "/p.svg", price: 365 }],
  categories: [{ title: "Гелевые ручки", href: "/catalog/gelevye-ruchki", count: 44, crumbs: [{ title: "Ручки", href: "/catalog/ruchki" }] }],
  brands: [{ title: "Parker", href: "/brands/parker" }],
  totalProducts: 483,
  ...over,
});

describe("suggestionGroups", () => {
  it("products, categories, brands, then 'Показать все результаты', ids in that order", () => {
    const groups = suggestionGroups(view());
    expect(groups.map((g) => g.key)).toEqual(["products", "categories", "brands", "all"]);
    const options = groups.flatMap((g) => g.options);
    expect(options.map((o) => o.id)).toEqual([0, 1, 2, 3].map((n) => `${LISTBOX_ID}-${n}`));
    expect(options.map((o) => o.href)).toEqual(["/catalog/goods/7", "/catalog/gelevye-ruchki", "/brands/parker", "/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0"]);
    expect(options[1]).toMatchObject({ kind: "category", crumbs: ["Ручки"] });
    expect(options[3]).toMatchObject({ kind: "all", title: "Показать все результаты", count: 483 });
  });
  it("leaves out empty groups, and everything when nothing was found", () => {
    expect(suggestionGroups(view({ products: [], brands: [] })).map((g) => g.key)).toEqual(["categories", "all"]);
    expect(suggestionGroups(view({ products: [], categories: [], brands: [] }))).toEqual([]);
  });
});

describe("historyGroup", () => {
  it("one option per query, opening its search; none without history", () => {
    const [group] = historyGroup(["a/b", "кружка"]);
    expect(group.options.map((o) => [o.id, o.href])).toEqual([
      [`${LISTBOX_ID}-0`, "/search/text=a%2Fb"],
      [`${LISTBOX_ID}-1`, "/search/text=%D0%BA%D1%80%D1%83%D0%B6%D0%BA%D0%B0"],
    ]);
    expect(historyGroup([])).toEqual([]);
  });
});

describe("moveActive (arrow keys)", () => {
  it("walks down and up, wrapping through the field (-1)", () => {
    expect([moveActive(-1, 3, 1), moveActive(0, 3, 1), moveActive(2, 3, 1)]).toEqual([0, 1, -1]);
    expect([moveActive(-1, 3, -1), moveActive(0, 3, -1), moveActive(2, 3, -1)]).toEqual([2, -1, 1]);
    expect(moveActive(-1, 0, 1)).toBe(-1);
  });
});

describe("suggestUrl", () => {
  it("puts any text safely into the query string", () => {
    expect(suggestUrl("a&b=c #")).toBe("/search/suggest?text=a%26b%3Dc+%23");
  });
});
