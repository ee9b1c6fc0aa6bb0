/** Links of a listing, built from the page's base path and filter state (the loader sends no hrefs). */
import { formatPrice } from "#app/features/catalog/price.ts";
import {
  emptyFilters,
  setPriceRange,
  setQuantity,
  toggleFilterValue,
  withFilterPath,
  type CatalogFilters,
  type FilterFacet,
  type FilterPathOptions,
} from "#app/features/catalog/filter-path.ts";
import type { FilterChip, ListingView } from "./types.ts";

export type ListingPlace = Pick<ListingView, "base" | "filterWord" | "lead">;

export function pathOptions(view: ListingPlace): FilterPathOptions {
  return { filterWord: view.filterWord, lead: view.lead };
}

export function listingHref(view: ListingPlace, filters: CatalogFilters): string {
  return withFilterPath(view.base, filters, pathOptions(view));
}

/** The listing without filters: where its GET filter forms go (the loader redirects them to the canonical path). */
export function listingRoot(view: ListingPlace): string {
  return withFilterPath(view.base, emptyFilters(), pathOptions(view));
}

/** Adds or removes one facet value (coatings are ids, sent as strings in the view). */
export function toggleValue(filters: CatalogFilters, facet: FilterFacet, value: string): CatalogFilters {
  return facet === "coatings" ? toggleFilterValue(filters, "coatings", Number(value)) : toggleFilterValue(filters, facet, value);
}

export function selectedValues(filters: CatalogFilters, facet: FilterFacet): string[] {
  if (facet === "brands") return filters.brands;
  if (facet === "colors") return filters.colors;
  if (facet === "coatings") return filters.coatings.map(String);
  return filters.attrs[facet.attr] ?? [];
}

/** The chosen values (and the price range), each with the link that removes it. */
export function filterChips(view: ListingPlace & Pick<ListingView, "filters" | "facets">): FilterChip[] {
  const { filters } = view;
  const chips: FilterChip[] = [];
  if (filters.priceFrom !== undefined || filters.priceTo !== undefined) {
    const from = filters.priceFrom !== undefined ? `от ${formatPrice(filters.priceFrom)}` : "";
    const to = filters.priceTo !== undefined ? `до ${formatPrice(filters.priceTo)}` : "";
    chips.push({ key: "price", title: `Цена ${[from, to].filter(Boolean).join(" ")}`, href: listingHref(view, setPriceRange(filters, {})) });
  }
  if (filters.quantity !== undefined) {
    chips.push({ key: "quantity", title: `В наличии от ${filters.quantity} шт.`, href: listingHref(view, setQuantity(filters, undefined)) });
  }
  for (const group of view.facets?.groups ?? []) {
    const selected = new Set(selectedValues(filters, group.facet));
    for (const option of group.options) {
      if (selected.has(option.value)) {
        chips.push({ key: `${group.key}:${option.value}`, title: option.title, href: listingHref(view, toggleValue(filters, group.facet, option.value)) });
      }
    }
  }
  return chips;
}

/**
 * Page numbers to show: the first, the last and two either side of the current one; null marks
 * a gap ("…"). A gap of one page shows that page instead.
 */
export function pageWindow(current: number, count: number, around = 2): (number | null)[] {
  if (count <= 1) return [];
  const pages = new Set<number>([1, count]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out.length ? out[out.length - 1] : null;
    if (typeof prev === "number" && p - prev === 2) out.push(p - 1);
    else if (typeof prev === "number" && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}
