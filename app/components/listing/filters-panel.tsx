import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { clearFilters, FILTER_FORM_FIELDS, filterDepth, type CatalogFilters } from "#app/features/catalog/filter-path.ts";
import { markupProps } from "#app/lib/packed.ts";
import { listingHref, useKeepScrollClick } from "./links.ts";
import type { ListingPage } from "./types.ts";

type WithFacets = ListingPage & { facets: NonNullable<ListingPage["facets"]> };

/**
 * The faceted filters (§2 category page): selected values with "Сбросить", the price form and one
 * list of toggle links per facet with counts. Links and a GET form, so it all works without
 * JavaScript; the GET form is turned into the canonical filter path by the loader (302).
 */
export function FiltersPanel({ view }: { view: WithFacets }) {
  const keepScroll = useKeepScrollClick();
  const { filters, facets } = view;
  const depth = filterDepth(filters);
  return (
    <aside className="filters" aria-label="Фильтры" onClickCapture={keepScroll}>
      {/* Mobile (≤ 767 px): the facets fold behind this checkbox — pure CSS, so it works without
          JavaScript and server and client render the same tree; it keeps its state across
          client navigations. On desktop it is hidden and the facets are always shown. */}
      <input type="checkbox" id="filters-toggle" className="filters__toggle" />
      <div className="filters__head">
        <h2 className="filters__title">
          <label htmlFor="filters-toggle">
            Фильтры{depth > 0 ? <span className="filters__depth"> ({depth})</span> : null}
          </label>
        </h2>
        {depth > 0 ? (
          <a className="filters__reset" href={listingHref(view, clearFilters(filters))}>
            Сбросить
          </a>
        ) : null}
      </div>
      {depth > 0 && facets.chips.length > 0 ? <SelectedFilters chips={facets.chips} /> : null}
      <div className="filters__body">
        <PriceForm view={view} />
        {/* Each value list is markup built on the server (listing-page.server.ts, ADR 013). */}
        {facets.groups.map((group) => (
          <section key={group.key} className="facet" aria-label={group.title} {...markupProps(group.list)} />
        ))}
      </div>
    </aside>
  );
}

/** The chosen values, each a link that removes it. */
function SelectedFilters({ chips }: { chips: WithFacets["facets"]["chips"] }) {
  return (
    <ul className="filters__selected" aria-label="Выбранные фильтры">
      {chips.map((chip) => (
        <li key={chip.key}>
          <a className="filter-chip" href={chip.href} rel="nofollow">
            {chip.title}
            <span aria-hidden="true"> ×</span>
            <span className="visually-hidden"> — убрать</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * §3: the placeholders show the listing's price bounds (min rounded down, max rounded up); the
 * inputs hold only a chosen range, so submitting untouched inputs adds no price filter. The form
 * carries the rest of the state in hidden fields (formDataToFilters reads the whole state). A plain
 * GET form; after hydration a submit is a client navigation that keeps the scroll position.
 */
function PriceForm({ view }: { view: WithFacets }) {
  const navigate = useNavigate();
  const { filters } = view;
  const bounds = view.facets.price;
  if (!bounds && filters.priceFrom === undefined && filters.priceTo === undefined) return null;
  const canonical = listingHref(view, filters);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") query.append(name, value);
    void navigate(`${view.base}?${query}`, { preventScrollReset: true });
  };
  return (
    <form method="get" action={view.base} className="facet price-filter" onSubmit={onSubmit} key={canonical}>
      <fieldset>
        <legend className="facet__title">Цена, ₽</legend>
        <HiddenState filters={filters} />
        <div className="price-filter__inputs">
          <label>
            <span className="visually-hidden">Цена от</span>
            <input
              name={FILTER_FORM_FIELDS.priceFrom}
              inputMode="numeric"
              autoComplete="off"
              placeholder={bounds ? `от ${bounds.min}` : "от"}
              defaultValue={filters.priceFrom ?? ""}
            />
          </label>
          <span aria-hidden="true">—</span>
          <label>
            <span className="visually-hidden">Цена до</span>
            <input
              name={FILTER_FORM_FIELDS.priceTo}
              inputMode="numeric"
              autoComplete="off"
              placeholder={bounds ? `до ${bounds.max}` : "до"}
              defaultValue={filters.priceTo ?? ""}
            />
          </label>
        </div>
        <button type="submit" className="button price-filter__submit">
          Применить
        </button>
      </fieldset>
    </form>
  );
}

function HiddenState({ filters }: { filters: CatalogFilters }) {
  const fields: [string, string][] = [
    ...filters.brands.map((v): [string, string] => [FILTER_FORM_FIELDS.brand, v]),
    ...filters.colors.map((v): [string, string] => [FILTER_FORM_FIELDS.color, v]),
    ...Object.entries(filters.attrs).flatMap(([slug, values]) => values.map((v): [string, string] => [FILTER_FORM_FIELDS.attrPrefix + slug, v])),
    ...filters.coatings.map((v): [string, string] => [FILTER_FORM_FIELDS.coating, String(v)]),
  ];
  if (filters.quantity !== undefined) fields.push([FILTER_FORM_FIELDS.quantity, String(filters.quantity)]);
  if (filters.sort) fields.push([FILTER_FORM_FIELDS.sort, filters.sort]);
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
