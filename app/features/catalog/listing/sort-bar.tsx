import type { ProductSort } from "#contract/catalog.ts";
import { DEFAULT_SORT, setSort } from "#app/features/catalog/filter-path.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { listingHref, type ListingPlace } from "./links.ts";
import type { ListingView } from "./types.ts";

/** The orders a visitor can pick (the API also knows "title", which the shop doesn't offer). */
export const SORT_OPTIONS: readonly { sort: ProductSort; title: string }[] = [
  { sort: "popular", title: "По популярности" },
  { sort: "price_asc", title: "Сначала дешевле" },
  { sort: "price_desc", title: "Сначала дороже" },
  { sort: "new", title: "Новинки" },
];

/** Sort links (page → 1). Another order is the same content, so the links are nofollow. */
export function SortBar({ view }: { view: ListingPlace & Pick<ListingView, "filters"> }) {
  const current = view.filters.sort ?? DEFAULT_SORT;
  return (
    <nav className="sort-bar" aria-label="Сортировка">
      <span className="sort-bar__label">Сортировка:</span>
      <ul>
        {SORT_OPTIONS.map(({ sort, title }) => (
          <li key={sort}>
            {sort === current ? (
              <span className="sort-bar__item sort-bar__item--on" aria-current="true">
                {title}
              </span>
            ) : (
              <AppLink
                className="sort-bar__item"
                to={listingHref(view, setSort(view.filters, sort))}
                rel={sort === DEFAULT_SORT ? undefined : "nofollow"}
                preventScrollReset
                prefetch="none"
              >
                {title}
              </AppLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
