/**
 * The view model of a product listing (category, brand, curated lists), built by the loader
 * (app/features/catalog/listing.server.ts) as plain data. Facet, sort and page links are built by
 * the components from `base` + `filters` with the filter-path helpers, so the data carries no hrefs.
 */
import type { CatalogFilters, FilterFacet } from "#app/features/catalog/filter-path.ts";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";

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
  /** Category and search pages put the word "filter" before the segments (§2). */
  filterWord: boolean;
  /** The search page's query segment (`text=…`), in every link of the listing (ADR 029). */
  lead?: string;
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
