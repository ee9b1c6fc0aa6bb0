/**
 * What a listing page is sent (ADR 013): the product grid, the facet value lists and the ItemList
 * JSON-LD are built here as escaped HTML, once, on the server. A document answer carries only their
 * element ids in its data (the browser takes the markup over from the page); a client navigation's
 * data carries the HTML, so the browser never needs the cards or the facet values as data.
 */
import { formatPrice } from "./price.ts";
import { facetToggleLinks, setPriceRange } from "./filter-path.ts";
import { eagerImages, gridHtml } from "#app/components/catalog/product-card.tsx";
import { listingHref, selectedValues, toggleValue } from "#app/components/listing/links.ts";
import type { FacetGroupView, FilterChip, ListingPage, ListingView } from "#app/components/listing/types.ts";
import { escapeHtml, safeHex, safeUrl } from "#app/lib/html.ts";
import { itemListJsonLd, jsonLdText } from "#app/lib/json-ld.tsx";
import { markup, markupId } from "#app/lib/packed.ts";
import { derivedFrom } from "#app/lib/derived.server.ts";

/** toListingPage, once per shared view and origin (a city's host) (ADR 015). */
export function listingPage(view: ListingView, origin: string): ListingPage {
  return derivedFrom(view, origin, () => toListingPage(view, origin));
}

export function toListingPage(view: ListingView, origin: string): ListingPage {
  const { base, filterWord, filters, total, page, pageCount, cards, facets } = view;
  return {
    base,
    filterWord,
    filters,
    total,
    page,
    pageCount,
    cardCount: cards.length,
    eagerImages: eagerImages(cards),
    grid: markup("listing-products", gridHtml(cards)),
    itemsJsonLd: cards.length > 0 ? markup("listing-items-ld", jsonLdText(itemListJsonLd(origin, cards))) : null,
    facets: facets
      ? {
          price: facets.price,
          groups: facets.groups.map((group) => ({ key: group.key, title: group.title, list: markup(markupId("facet", group.key), facetGroupHtml(view, group)) })),
          chips: filterChips(view),
        }
      : null,
  };
}

/** The inside of <section class="facet">: the title and a toggle link per value with its count. */
export function facetGroupHtml(view: ListingView, group: FacetGroupView): string {
  const selected = new Set(selectedValues(view.filters, group.facet));
  const links = facetToggleLinks(
    view.base,
    view.filters,
    group.facet,
    group.options.map((o) => o.value),
    { filterWord: view.filterWord },
  );
  let html = `<h3 class="facet__title">${escapeHtml(group.title)}</h3><ul class="${group.options.length > 10 ? "facet__list facet__list--long" : "facet__list"}">`;
  for (let i = 0; i < group.options.length; i++) {
    const option = group.options[i];
    const isSelected = selected.has(option.value);
    const hex = option.hex ? safeHex(option.hex) : null;
    const swatch = option.hex ? `<span class="facet__swatch"${hex ? ` style="background:${hex}"` : ""} aria-hidden="true"></span>` : "";
    const title = escapeHtml(option.title);
    if (!isSelected && option.count === 0) {
      html += `<li><span class="facet__option facet__option--empty">${swatch}${title}</span></li>`;
      continue;
    }
    const { href, index } = links[i];
    html +=
      `<li><a class="${isSelected ? "facet__option facet__option--on" : "facet__option"}" href="${safeUrl(href)}"` +
      `${index ? "" : ` rel="nofollow"`}${isSelected ? ` data-selected=""` : ""}>` +
      `${swatch}${isSelected ? `<span class="visually-hidden">Выбрано: </span>` : ""}${title}<span class="facet__count">${escapeHtml(option.count)}</span></a></li>`;
  }
  return `${html}</ul>`;
}

/** The chosen values (and the price range), each with the link that removes it. */
export function filterChips(view: ListingView): FilterChip[] {
  const { filters } = view;
  const chips: FilterChip[] = [];
  if (filters.priceFrom !== undefined || filters.priceTo !== undefined) {
    const from = filters.priceFrom !== undefined ? `от ${formatPrice(filters.priceFrom)}` : "";
    const to = filters.priceTo !== undefined ? `до ${formatPrice(filters.priceTo)}` : "";
    chips.push({ key: "price", title: `Цена ${[from, to].filter(Boolean).join(" ")}`, href: listingHref(view, setPriceRange(filters, {})) });
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
