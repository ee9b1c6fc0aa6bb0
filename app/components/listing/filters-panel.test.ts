import { describe, expect, it } from "vitest";
import { emptyFilters, normalizeFilters } from "#app/features/catalog/filter-path.ts";
import { facetGroupHtml } from "./filters-panel.tsx";
import type { FacetGroupView, ListingView } from "./types.ts";

const view: ListingView = {
  base: "/catalog/ruchki",
  filterWord: true,
  filters: normalizeFilters({ ...emptyFilters(), colors: ["belyy"] }),
  cards: [],
  total: 10,
  page: 1,
  pageCount: 1,
  facets: null,
};

describe("facetGroupHtml", () => {
  it("writes a toggle link per value with its count, the chosen ones marked, empty ones as text", () => {
    const group: FacetGroupView = {
      key: "colors",
      facet: "colors",
      title: "Цвет",
      options: [
        { value: "belyy", title: "Белый", count: 4, hex: "#ffffff" },
        { value: "seryy", title: "Серый", count: 2, hex: "#888888" },
        { value: "zelenyy", title: "Зелёный", count: 0, hex: "#00ff00" },
      ],
    };
    expect(facetGroupHtml(view, group)).toBe(
      '<h3 class="facet__title">Цвет</h3><ul class="facet__list">' +
        '<li><a class="facet__option facet__option--on" href="/catalog/ruchki" data-selected=""><span class="facet__swatch" style="background:#ffffff" aria-hidden="true"></span><span class="visually-hidden">Выбрано: </span>Белый<span class="facet__count">4</span></a></li>' +
        '<li><a class="facet__option" href="/catalog/ruchki/filter/color=belyy,seryy" rel="nofollow"><span class="facet__swatch" style="background:#888888" aria-hidden="true"></span>Серый<span class="facet__count">2</span></a></li>' +
        '<li><span class="facet__option facet__option--empty"><span class="facet__swatch" style="background:#00ff00" aria-hidden="true"></span>Зелёный</span></li>' +
        "</ul>",
    );
  });

  it("escapes titles and drops a colour that is not one", () => {
    const group: FacetGroupView = {
      key: "brands",
      facet: "brands",
      title: `<Бренд & "Ко">`,
      options: [{ value: "kraft-co", title: `Kraft & <Co>`, count: 1, hex: "red;x:url(//evil)" }],
    };
    const html = facetGroupHtml(view, group);
    expect(html).toContain('<h3 class="facet__title">&lt;Бренд &amp; &quot;Ко&quot;&gt;</h3>');
    expect(html).toContain("Kraft &amp; &lt;Co&gt;");
    expect(html).toContain('<span class="facet__swatch" aria-hidden="true"></span>');
    expect(html).not.toContain("evil");
    expect(html).toContain('href="/catalog/ruchki/filter/brand=kraft-co/color=belyy"');
  });
});
