import { facetToggleLinks } from "#app/features/catalog/filter-path.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { safeHex } from "#app/features/catalog/product-card.tsx";
import { pathOptions, selectedValues, type ListingPlace } from "./links.ts";
import type { FacetGroupView, ListingView } from "./types.ts";

/**
 * One facet: its title and a toggle link per value with its count. Chosen values are marked;
 * values without matches are text. A link that leads to a page not worth indexing (several values,
 * deep combinations) is nofollow. Links keep the scroll position, so the visitor stays at the
 * filter they clicked.
 */
export function FacetGroup({ view, group }: { view: ListingPlace & Pick<ListingView, "filters">; group: FacetGroupView }) {
  const selected = new Set(selectedValues(view.filters, group.facet));
  const links = facetToggleLinks(
    view.base,
    view.filters,
    group.facet,
    group.options.map((o) => o.value),
    pathOptions(view),
  );
  return (
    <section className="facet" aria-label={group.title} data-filter-goal={group.key}>
      <h3 className="facet__title">{group.title}</h3>
      <ul className={group.options.length > 10 ? "facet__list facet__list--long" : "facet__list"}>
        {group.options.map((option, i) => {
          const isSelected = selected.has(option.value);
          const swatch = option.hex ? <span className="facet__swatch" style={{ background: safeHex(option.hex) }} aria-hidden="true" /> : null;
          if (!isSelected && option.count === 0) {
            return (
              <li key={option.value}>
                <span className="facet__option facet__option--empty">
                  {swatch}
                  {option.title}
                </span>
              </li>
            );
          }
          return (
            <li key={option.value}>
              <AppLink
                to={links[i].href}
                className={isSelected ? "facet__option facet__option--on" : "facet__option"}
                rel={links[i].index ? undefined : "nofollow"}
                aria-current={isSelected ? "true" : undefined}
                preventScrollReset
                prefetch="none"
              >
                {swatch}
                {isSelected ? <span className="visually-hidden">Выбрано: </span> : null}
                {option.title}
                <span className="facet__count">{option.count}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
