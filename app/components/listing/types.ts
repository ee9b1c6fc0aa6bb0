/**
 * The view models of a product listing (category, brand, curated lists). The loader
 * (app/features/catalog/listing.server.ts) builds a `ListingView`; the page is sent a `ListingPage`
 * (listing-page.server.ts), where the product grid, the facet value lists and the ItemList JSON-LD
 * are markup built on the server (ADR 013). Sort and page links are built by the components from
 * `base` + `filters` with the filter-path helpers.
 */
import type { CatalogFilters, FilterFacet } from "#app/features/catalog/filter-path.ts";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import type { Markup } from "#app/lib/packed.ts";

export interface FacetOptionView {
  /** Value slug (coatings: the id as a string). */
  value: string;
  title: string;
  count: number;
  /** Colour swatch. */
  hex?: string;
}

export interface FacetGroupView {
  /** Stable key: "brands", "colors", "coatings" or "attr:<slug>". */
  key: string;
  facet: FilterFacet;
  title: string;
  options: FacetOptionView[];
}

export interface FacetsView {
  /** §3: the rounded price bounds of the listing (min down, max up); null when nothing has a price. */
  price: { min: number; max: number } | null;
  groups: FacetGroupView[];
}

export interface ListingView {
  /** The listing's path without filters, e.g. "/catalog/ruchki", "/brands/bic", "/newones". */
  base: string;
  /** Category pages put the word "filter" before the segments (§2). */
  filterWord: boolean;
  /** The canonical filter state of this page. */
  filters: CatalogFilters;
  cards: ProductCardView[];
  /** Matching product groups over all pages. */
  total: number;
  page: number;
  pageCount: number;
  /** Null when the facets could not be loaded: the listing is shown without them. */
  facets: FacetsView | null;
}

/** A chosen filter value (or the price range) as a link that removes it. */
export interface FilterChip {
  key: string;
  title: string;
  href: string;
}

/** What a listing page is sent. */
export interface ListingPage extends Pick<ListingView, "base" | "filterWord" | "filters" | "total" | "page" | "pageCount"> {
  cardCount: number;
  /** Pictures of the first row, preloaded from <head>. */
  eagerImages: string[];
  /** The cards, the inside of <div class="product-grid">. */
  grid: Markup;
  /** ItemList JSON-LD of the cards; null without cards. */
  itemsJsonLd: Markup | null;
  facets: {
    price: FacetsView["price"];
    groups: { key: string; title: string; list: Markup }[];
    chips: FilterChip[];
  } | null;
}
