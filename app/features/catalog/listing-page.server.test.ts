import { describe, expect, it } from "vitest";
import { emptyFilters, normalizeFilters } from "./filter-path.ts";
import type { ProductCardView } from "./card-view.ts";
import { facetGroupHtml, filterChips, toListingPage } from "./listing-page.server.ts";
import { gridHtml, productCardHtml } from "#app/components/catalog/product-card.tsx";
import type { FacetGroupView, ListingView } from "#app/components/listing/types.ts";
import { pack, unpack } from "#app/lib/packed.ts";

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

const card = (id: number, title = `Ручка ${id}`): ProductCardView => ({
  id,
  title,
  href: `/catalog/goods/${id}`,
  image: `/api/media/pen/${id}.svg`,
  minPrice: 10 + id,
  brand: null,
  colors: [],
  colorCount: 0,
  inStock: true,
  badges: [],
});

const colors: FacetGroupView = {
  key: "colors",
  facet: "colors",
  title: "Цвет",
  options: [
    { value: "belyy", title: "Белый", count: 4 },
    { value: "seryy", title: "Серый", count: 2 },
  ],
};

describe("toListingPage", () => {
  const full: ListingView = {
    ...view,
    cards: [1, 2, 3, 4, 5].map((id) => card(id)),
    total: 5,
    facets: { price: { min: 10, max: 20 }, groups: [colors, { ...colors, key: "attr:material", facet: { attr: "material" }, title: "Материал", options: [] }] },
  };

  it("builds the grid, the facet lists and the ItemList as markup, with the first row's pictures", () => {
    const page = toListingPage(full, "https://msk.example.ru");
    expect(page.cardCount).toBe(5);
    expect(page.eagerImages).toEqual(["/api/media/pen/1.svg", "/api/media/pen/2.svg", "/api/media/pen/3.svg", "/api/media/pen/4.svg"]);
    expect(page.grid.id).toBe("listing-products");
    expect(page.grid.html).toBe(gridHtml(full.cards));
    expect(page.grid.html).toContain(`<article class="product-card">${productCardHtml(full.cards[0], true)}</article>`);
    expect(page.grid.html).toContain(`<article class="product-card">${productCardHtml(full.cards[4], false)}</article>`);
    expect(page.facets?.groups.map((g) => [g.key, g.title, g.list.id])).toEqual([
      ["colors", "Цвет", "facet-colors"],
      ["attr:material", "Материал", "facet-attr-material"],
    ]);
    expect(page.facets?.groups[0].list.html).toBe(facetGroupHtml(full, colors));
    expect(page.facets?.chips).toEqual([{ key: "colors:belyy", title: "Белый", href: "/catalog/ruchki" }]);
    const ld = JSON.parse(page.itemsJsonLd?.html ?? "null");
    expect(ld["@type"]).toBe("ItemList");
    expect(ld.itemListElement[4]).toEqual({ "@type": "ListItem", position: 5, url: "https://msk.example.ru/catalog/goods/5", name: "Ручка 5" });
  });

  it("sends a document only the ids of its markup, and a client navigation the markup itself", () => {
    const page = toListingPage(full, "https://example.ru");
    const inDocument = JSON.parse(pack({ listing: page }, { document: true }).json);
    expect(inDocument.listing.grid).toEqual({ id: "listing-products" });
    expect(inDocument.listing.facets.groups[0].list).toEqual({ id: "facet-colors" });
    expect(inDocument.listing.itemsJsonLd).toEqual({ id: "listing-items-ld" });
    expect(JSON.stringify(inDocument)).not.toContain("product-card");
    const navigation = pack({ listing: page }, { document: false });
    expect(JSON.parse(navigation.json).listing.grid).toEqual({ id: "listing-products", html: page.grid.html });
    // The server renders from the packed object itself, markup included.
    expect(unpack(pack({ listing: page }, { document: true })).listing.grid.html).toBe(page.grid.html);
  });

  it("escapes card titles in the JSON-LD so nothing closes its script element", () => {
    const page = toListingPage({ ...full, cards: [card(1, "</script><script>alert(1)</script>")] }, "https://example.ru");
    expect(page.itemsJsonLd?.html).not.toContain("</script>");
    expect(JSON.parse(page.itemsJsonLd?.html ?? "{}").itemListElement[0].name).toBe("</script><script>alert(1)</script>");
  });

  it("has no grid ItemList or pictures without cards, and no facets when they failed", () => {
    const page = toListingPage({ ...full, cards: [], total: 0, facets: null }, "https://example.ru");
    expect(page).toMatchObject({ cardCount: 0, eagerImages: [], itemsJsonLd: null, facets: null });
  });
});

describe("filterChips", () => {
  it("lists the price range and every chosen value, each linking to the state without it", () => {
    const filters = normalizeFilters({ ...emptyFilters(), colors: ["belyy", "seryy"], priceFrom: 100 });
    const chips = filterChips({ ...view, filters, facets: { price: null, groups: [colors] } });
    expect(chips.map((c) => c.key)).toEqual(["price", "colors:belyy", "colors:seryy"]);
    expect(chips[0].href).toBe("/catalog/ruchki/filter/color=belyy,seryy");
    expect(chips[1].href).toBe("/catalog/ruchki/filter/color=seryy/price=100-");
  });
});
