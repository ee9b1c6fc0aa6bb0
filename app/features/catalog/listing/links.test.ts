import { describe, expect, it } from "vitest";
import { emptyFilters, normalizeFilters } from "#app/features/catalog/filter-path.ts";
import { filterChips, listingHref, pageWindow, selectedValues, toggleValue } from "./links.ts";
import { pluralRu } from "#contract/plural.ts";

describe("listing links", () => {
  const category = { base: "/catalog/ruchki", filterWord: true };
  const brand = { base: "/brands/bic", filterWord: false };

  it("toggles a value into the canonical path; any change resets the page", () => {
    const on = toggleValue({ ...emptyFilters(), page: 3 }, { attr: "material" }, "metall");
    expect(listingHref(category, on)).toBe("/catalog/ruchki/filter/material=metall");
    expect(listingHref(category, toggleValue(on, { attr: "material" }, "metall"))).toBe("/catalog/ruchki");
    expect(listingHref(brand, toggleValue(emptyFilters(), "coatings", "12"))).toBe("/brands/bic/coating=12");
    expect(selectedValues({ ...emptyFilters(), coatings: [3] }, "coatings")).toEqual(["3"]);
  });

  it("shows the first, the last and two pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    // A gap of one page shows the page.
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10]);
  });

  it("declines «товар» in Russian", () => {
    const forms = ["товар", "товара", "товаров"] as const;
    expect([1, 2, 5, 11, 12, 21, 22, 25, 111, 1001].map((n) => pluralRu(n, forms))).toEqual([
      "товар", "товара", "товаров", "товаров", "товаров", "товар", "товара", "товаров", "товаров", "товар",
    ]);
  });
});

describe("filterChips", () => {
  const colors = {
    key: "colors",
    facet: "colors" as const,
    title: "Цвет",
    options: [
      { value: "belyy", title: "Белый", count: 4 },
      { value: "seryy", title: "Серый", count: 2 },
    ],
  };
  it("lists the price range and every chosen value, each linking to the state without it", () => {
    const filters = normalizeFilters({ ...emptyFilters(), colors: ["belyy", "seryy"], priceFrom: 100 });
    const chips = filterChips({ base: "/catalog/ruchki", filterWord: true, filters, facets: { price: null, groups: [colors] } });
    expect(chips.map((c) => c.key)).toEqual(["price", "colors:belyy", "colors:seryy"]);
    expect(chips[0].title).toBe("Цена от 100\u00a0₽");
    expect(chips[0].href).toBe("/catalog/ruchki/filter/color=belyy,seryy");
    expect(chips[1].href).toBe("/catalog/ruchki/filter/color=seryy/price=100-");
  });
});
