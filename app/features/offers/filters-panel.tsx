/**
 * The offer list's filters (§3): one GET form, so a list can be bookmarked and works without
 * JavaScript. The search box is always in view; the rest folds under "Фильтры" (open while a
 * filter is on). The loader reads every field forgivingly and redirects to the URL's one spelling
 * (features/offers/list-query.ts); a value it cannot read comes back under its field as typed.
 */
import { Form } from "react-router";
import { DateInput } from "#app/lib/mask.tsx";
import { formatDateInput } from "#app/lib/dates.ts";
import { formatCount } from "#app/lib/format.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import type { KpFilterOption } from "#contract/kp.ts";
import { ID_FILTERS, NO_FILTERS, PURPOSE_TITLE_MAX, SEARCH_MAX, hasFilters, offerListSearch, totalFieldValue, type FilterErrors, type IdFilter, type OfferFilters } from "./list-query.ts";
import type { FilterOptions } from "./offer-view-model.ts";

export const FILTERS_FORM_ID = "offer-filters";

const GROUPS: { name: IdFilter; legend: string }[] = [
  { name: "client", legend: "Клиенты" },
  { name: "representative", legend: "Представители" },
  { name: "purpose", legend: "Цели" },
  // The categories of the catalogue the caller's offers have lines from (kp/filter/category/).
  { name: "category", legend: "Категории товаров" },
];

/** How many filters beyond the search are on (the summary's count). */
function moreCount(f: OfferFilters): number {
  return [f.purposeTitle, f.from, f.to, f.totalFrom !== null, f.totalTo !== null].filter(Boolean).length + ID_FILTERS.reduce((n, name) => n + f[name].length, 0);
}

export function OfferFiltersPanel({
  path,
  sort,
  filters,
  errors,
  options,
}: {
  /** /cp or /cp/hidden: the form submits to the tab it is on. */
  path: string;
  sort: string;
  filters: OfferFilters;
  errors: FilterErrors;
  options: FilterOptions;
}) {
  const more = moreCount(filters);
  const hasErrors = Object.keys(errors).length > 0;
  const resetHref = `${path}${offerListSearch(NO_FILTERS, sort)}`;
  return (
    // Keyed by what it shows: after a navigation (a reset, a tab) the fields show the new URL's values.
    <Form key={offerListSearch(filters, sort)} id={FILTERS_FORM_ID} method="get" action={path} className="offer-filters" role="search" aria-label="Поиск и фильтры предложений">
      <div className="offer-filters__search">
        <label className="field offer-filters__q">
          <span className="field__label">Поиск по названию, клиенту или артикулу</span>
          <input className="field__input" type="search" name="q" defaultValue={filters.q} maxLength={SEARCH_MAX} autoComplete="off" />
        </label>
        <button type="submit" className="button button--primary">
          Найти
        </button>
        {hasFilters(filters) || hasErrors ? (
          <AppLink to={resetHref} className="button" data-testid="filters-reset">
            Сбросить фильтры
          </AppLink>
        ) : null}
      </div>
      <details className="offer-filters__more" open={more > 0 || hasErrors}>
        <summary className="offer-filters__summary">Фильтры{more > 0 ? ` (${more})` : ""}</summary>
        <div className="offer-filters__grid">
          <label className="field">
            <span className="field__label">Название цели</span>
            <input className="field__input" type="text" name="purposeTitle" defaultValue={filters.purposeTitle} maxLength={PURPOSE_TITLE_MAX} autoComplete="off" />
          </label>
          <fieldset className="offer-filters__range">
            <legend className="field__label">Дата создания, дд.мм.гггг</legend>
            <DateField name="from" label="с" iso={filters.from} error={errors.from} />
            <DateField name="to" label="по" iso={filters.to} error={errors.to} />
          </fieldset>
          <fieldset className="offer-filters__range">
            <legend className="field__label">Сумма, ₽</legend>
            <TotalField name="totalFrom" label="от" value={filters.totalFrom} error={errors.totalFrom} />
            <TotalField name="totalTo" label="до" value={filters.totalTo} error={errors.totalTo} />
          </fieldset>
        </div>
        <div className="offer-filters__grid offer-filters__grid--groups">
          {GROUPS.map((g) => (
            <CheckboxGroup key={g.name} name={g.name} legend={g.legend} options={options[g.name]} selected={filters[g.name]} />
          ))}
        </div>
        <div className="offer-filters__actions">
          <button type="submit" className="button button--primary">
            Показать
          </button>
        </div>
      </details>
    </Form>
  );
}

function DateField({ name, label, iso, error }: { name: "from" | "to"; label: string; iso: string; error?: { value: string; message: string } }) {
  const errorId = `${FILTERS_FORM_ID}-${name}-error`;
  return (
    <span className="field offer-filters__bound">
      <label className="offer-filters__bound-label" htmlFor={`${FILTERS_FORM_ID}-${name}`}>
        {label}
      </label>
      {error ? (
        // The text exactly as typed: the mask would rewrite a date that is not one ("31.02" → "03.03").
        <input
          id={`${FILTERS_FORM_ID}-${name}`}
          className="field__input"
          type="text"
          inputMode="numeric"
          name={name}
          defaultValue={error.value}
          placeholder="дд.мм.гггг"
          aria-invalid
          aria-describedby={errorId}
          autoComplete="off"
        />
      ) : (
        <DateInput id={`${FILTERS_FORM_ID}-${name}`} className="field__input" name={name} defaultValue={formatDateInput(iso)} autoComplete="off" />
      )}
      {error ? (
        <span className="field__error" id={errorId}>
          {error.message}
        </span>
      ) : null}
    </span>
  );
}

function TotalField({ name, label, value, error }: { name: "totalFrom" | "totalTo"; label: string; value: number | null; error?: { value: string; message: string } }) {
  const errorId = `${FILTERS_FORM_ID}-${name}-error`;
  return (
    <span className="field offer-filters__bound">
      <label className="offer-filters__bound-label" htmlFor={`${FILTERS_FORM_ID}-${name}`}>
        {label}
      </label>
      <input
        id={`${FILTERS_FORM_ID}-${name}`}
        className="field__input"
        type="text"
        inputMode="decimal"
        name={name}
        defaultValue={error ? error.value : totalFieldValue(value)}
        maxLength={20}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
      />
      {error ? (
        <span className="field__error" id={errorId}>
          {error.message}
        </span>
      ) : null}
    </span>
  );
}

function CheckboxGroup({ name, legend, options, selected }: { name: IdFilter; legend: string; options: KpFilterOption[]; selected: number[] }) {
  return (
    <fieldset className="offer-filters__group" data-testid={`filter-${name}`}>
      <legend className="field__label">{legend}</legend>
      {options.length === 0 ? (
        <p className="offer-filters__none">Нет значений</p>
      ) : (
        <ul className="offer-filters__options">
          {options.map((o) => (
            <li key={o.id}>
              <label className="offer-filters__option">
                <input type="checkbox" name={name} value={o.id} defaultChecked={selected.includes(o.id)} />
                <span>{o.title}</span>
                {o.count > 0 ? (
                  <span className="offer-filters__count">
                    <span className="visually-hidden">предложений: </span>
                    {formatCount(o.count)}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
