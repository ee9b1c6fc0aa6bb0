import { useEffect, useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { clearFilters, FILTER_FORM_FIELDS, filterDepth, type CatalogFilters } from "#app/features/catalog/filter-path.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { FacetGroup } from "./facet-group.tsx";
import { filterChips, listingHref, listingRoot } from "./links.ts";
import { pluralRu } from "#contract/plural.ts";
import type { FilterChip, ListingView } from "./types.ts";

type WithFacets = ListingView & { facets: NonNullable<ListingView["facets"]> };

/**
 * The faceted filters (§2 category page): selected values with "Сбросить", the price form and one
 * list of toggle links per facet with counts. Links and a GET form, so it all works without
 * JavaScript; the GET form is turned into the canonical filter path by the loader (302).
 */
export function FiltersPanel({ view }: { view: WithFacets }) {
  const { filters, facets } = view;
  const depth = filterDepth(filters);
  const chips = depth > 0 ? filterChips(view) : [];
  const toggle = useRef<HTMLInputElement>(null);
  const reset = (className: string) =>
    depth > 0 ? (
      <AppLink className={className} to={listingHref(view, clearFilters(filters))} preventScrollReset prefetch="none">
        Сбросить
      </AppLink>
    ) : null;
  // Escape closes the open sheet, wherever the focus is (a label's click leaves it on the checkbox or the page).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const input = toggle.current;
      if (e.key !== "Escape" || !input?.checked) return;
      input.checked = false;
      input.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <aside className="filters" aria-label="Фильтры">
      {/* Mobile (≤ 767 px): the facets open in a sheet over the page behind this checkbox — pure
          CSS, so it works without JavaScript and server and client render the same tree. A filter
          tap is a client navigation that keeps the sheet open and scrolled where it was (the same
          DOM); without JavaScript it loads the page, sheet closed, results first. On desktop the
          checkbox and the sheet's own bars are hidden and the facets are a sidebar. */}
      <input ref={toggle} type="checkbox" id={TOGGLE_ID} className="filters__toggle" aria-labelledby={`${TOGGLE_ID}-label`} />
      <div className="filters__head">
        <h2 className="filters__title">
          <label id={`${TOGGLE_ID}-label`} htmlFor={TOGGLE_ID}>
            Фильтры{depth > 0 ? <span className="filters__depth"> ({depth})</span> : null}
          </label>
        </h2>
        {reset("filters__reset")}
      </div>
      {chips.length > 0 ? <SelectedFilters chips={chips} /> : null}
      <div className="filters__sheet" data-testid="filters-sheet">
        <div className="filters__sheet-head">
          <span className="filters__sheet-title" aria-hidden="true">
            Фильтры{depth > 0 ? <span className="filters__depth"> ({depth})</span> : null}
          </span>
          {reset("filters__sheet-reset")}
          <label htmlFor={TOGGLE_ID} className="filters__close" title="Закрыть фильтры">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Закрыть фильтры</span>
          </label>
        </div>
        <div className="filters__body">
          <PriceForm view={view} />
          <QuantityForm view={view} />
          {facets.groups.map((group) => (
            <FacetGroup key={group.key} view={view} group={group} />
          ))}
        </div>
        <div className="filters__show-bar">
          {/* A label of the checkbox: it closes the sheet without JavaScript too; the results are
              right behind it. With JavaScript the results' top is brought into view as well. */}
          <label
            htmlFor={TOGGLE_ID}
            className="button button--primary filters__show"
            data-testid="filters-show"
            onClick={() => requestAnimationFrame(() => document.getElementById(RESULTS_ID)?.scrollIntoView({ block: "start" }))}
          >
            {showLabel(view.total)}
          </label>
        </div>
      </div>
    </aside>
  );
}

const TOGGLE_ID = "filters-toggle";
/** The listing's results (listing.tsx), where "Показать N товаров" takes the visitor. */
export const RESULTS_ID = "listing-results";

/** The sheet's button: how many products the chosen filters leave (the loader's count). */
export function showLabel(total: number): string {
  return total > 0 ? `Показать ${total} ${pluralRu(total, ["товар", "товара", "товаров"])}` : "Товаров не найдено";
}

/** The chosen values, each a link that removes it. */
function SelectedFilters({ chips }: { chips: FilterChip[] }) {
  return (
    <ul className="filters__selected" aria-label="Выбранные фильтры">
      {chips.map((chip) => (
        <li key={chip.key}>
          <AppLink className="filter-chip" to={chip.href} rel="nofollow" preventScrollReset prefetch="none">
            {chip.title}
            <span aria-hidden="true"> ×</span>
            <span className="visually-hidden"> — убрать</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * §3: the placeholders show the listing's price bounds (min rounded down, max rounded up); the
 * inputs hold only a chosen range, so submitting untouched inputs adds no price filter. The form
 * carries the rest of the state in hidden fields (formDataToFilters reads the whole state). A GET
 * form: the loader answers the submission with a redirect to the canonical filter path; after
 * hydration the submit is a client navigation that keeps the scroll position.
 */
function PriceForm({ view }: { view: WithFacets }) {
  const { filters } = view;
  const bounds = view.facets.price;
  if (!bounds && filters.priceFrom === undefined && filters.priceTo === undefined) return null;
  return (
    <NumberFilterForm view={view} goal="price" legend="Цена, ₽" submitLabel="Применить цену">
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
    </NumberFilterForm>
  );
}

/**
 * §9 names a quantity filter: goods with at least this many pieces in stock (the print run a
 * business client needs), the `quantity=` segment of the filter path. Same GET-form mechanics as
 * the price form.
 */
function QuantityForm({ view }: { view: WithFacets }) {
  return (
    <NumberFilterForm view={view} goal="quantity" legend="Количество в наличии, шт." submitLabel="Применить количество">
      <label>
        <span className="visually-hidden">В наличии не меньше, шт.</span>
        <input name={FILTER_FORM_FIELDS.quantity} inputMode="numeric" autoComplete="off" placeholder="от 1" defaultValue={view.filters.quantity ?? ""} />
      </label>
    </NumberFilterForm>
  );
}

/**
 * The shell of the panel's number forms: a GET form to the listing's root carrying the rest of the
 * state in hidden fields, keyed by the canonical URL (so its inputs reset when the filters change),
 * its §9 goal name, and "Применить" (its accessible name says which form it applies).
 */
function NumberFilterForm({
  view,
  goal,
  legend,
  submitLabel,
  children,
}: {
  view: WithFacets;
  goal: "price" | "quantity";
  legend: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" action={listingRoot(view)} className="facet price-filter" preventScrollReset key={listingHref(view, view.filters)} data-filter-goal={goal}>
      <fieldset>
        <legend className="facet__title">{legend}</legend>
        <HiddenState filters={view.filters} omit={goal} />
        <div className="price-filter__inputs">{children}</div>
        <button type="submit" className="button price-filter__submit" aria-label={submitLabel}>
          Применить
        </button>
      </fieldset>
    </Form>
  );
}

/** The rest of the filter state, as hidden fields of one form (each form leaves out its own fields). */
function HiddenState({ filters, omit }: { filters: CatalogFilters; omit: "price" | "quantity" }) {
  const fields: [string, string][] = [
    ...filters.brands.map((v): [string, string] => [FILTER_FORM_FIELDS.brand, v]),
    ...filters.colors.map((v): [string, string] => [FILTER_FORM_FIELDS.color, v]),
    ...Object.entries(filters.attrs).flatMap(([slug, values]) => values.map((v): [string, string] => [FILTER_FORM_FIELDS.attrPrefix + slug, v])),
    ...filters.coatings.map((v): [string, string] => [FILTER_FORM_FIELDS.coating, String(v)]),
  ];
  if (omit !== "quantity" && filters.quantity !== undefined) fields.push([FILTER_FORM_FIELDS.quantity, String(filters.quantity)]);
  if (omit !== "price") {
    if (filters.priceFrom !== undefined) fields.push([FILTER_FORM_FIELDS.priceFrom, String(filters.priceFrom)]);
    if (filters.priceTo !== undefined) fields.push([FILTER_FORM_FIELDS.priceTo, String(filters.priceTo)]);
  }
  if (filters.sort) fields.push([FILTER_FORM_FIELDS.sort, filters.sort]);
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
