/**
 * /cp and /cp/hidden (§2, §3): the tabs, the order, the filters, one row per offer (a table; cards
 * on phones, §9 ≤ 767 px), the page links. Every control of the list is a link or a GET form
 * field; each row of an offer the caller may change has its star and actions (offer-manage.tsx),
 * forms posting to the list's action.
 */
import { useSubmit } from "react-router";
import type { Paged } from "#contract/endpoint.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { dateAttr, formatDate } from "#app/features/account/lists.ts";
import { PageLinks } from "#app/features/catalog/listing/pagination.tsx";
import { formatCount } from "#app/lib/format.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { FILTERS_FORM_ID, OfferFiltersPanel } from "./filters-panel.tsx";
import { NO_FILTERS, OFFER_SORTS, hasFilters, offerListSearch, withListState, type FilterErrors, type OfferFilters } from "./list-query.ts";
import { offerHref, type FilterOptions, type OfferRow } from "./offer-view-model.ts";
import { DeleteConfirmStep, FavoriteToggle, LIST_MANAGE_KEY, ManageStatus, OfferActions } from "./offer-manage.tsx";
import type { DeleteTarget, OfferActionReply } from "./offers.server.ts";

export interface OfferListProps {
  hidden: boolean;
  page: number;
  sort: string;
  filters: OfferFilters;
  errors: FilterErrors;
  options: FilterOptions;
  failed: boolean;
  /** ADR 035: these roles see every manager's offers, so the rows name the manager. */
  seesAll: boolean;
  offers: Paged<OfferRow>;
  /** The list right after a delete (`?deleted=1`). */
  deleted: boolean;
  /** «Удалить» without JavaScript: the offer asked about (`?confirm-delete=ID`). */
  confirmDelete: DeleteTarget | null;
  /** The action's answer when the page was posted without JavaScript. */
  reply?: OfferActionReply | null;
}

export const listPath = (hidden: boolean) => (hidden ? "/cp/hidden" : "/cp");

export function OfferList(props: OfferListProps) {
  const { hidden, page, sort, filters, errors, options, failed, seesAll, offers, deleted, confirmDelete, reply = null } = props;
  const path = listPath(hidden);
  const filtered = hasFilters(filters);
  // The list as it is (filters, order, page), without the page's one-off state.
  const here = `${path}${offerListSearch(filters, sort, page)}`;
  const confirmHref = (id: number) => `${path}${withListState(offerListSearch(filters, sort, page), { confirmDelete: id, deleted: false })}#offer-delete`;
  return (
    <div className="offers">
      <div className="offers__head">
        <h1>{hidden ? "Скрытые коммерческие предложения" : "Коммерческие предложения"}</h1>
        <SortSelect sort={sort} />
      </div>
      <nav className="account-tabs" aria-label="Какие предложения показать">
        {/* The filters stay when switching tabs; the page does not. */}
        <AppLink to={`/cp${offerListSearch(filters, sort)}`} aria-current={hidden ? undefined : "page"} className="account-tabs__tab">
          Активные
        </AppLink>
        <AppLink to={`/cp/hidden${offerListSearch(filters, sort)}`} aria-current={hidden ? "page" : undefined} className="account-tabs__tab">
          Скрытые
        </AppLink>
      </nav>
      {confirmDelete ? <DeleteConfirmStep target={confirmDelete} fetcherKey={LIST_MANAGE_KEY} cancelHref={here} /> : null}
      <ManageStatus fetcherKey={LIST_MANAGE_KEY} reply={reply} notice={deleted ? "Предложение удалено." : null} focusNotice float />
      <OfferFiltersPanel path={path} sort={sort} filters={filters} errors={errors} options={options} />
      {failed ? (
        <p className="account-message account-message--error" role="alert" data-testid="list-failed">
          Не удалось загрузить список. Обновите страницу через минуту.
        </p>
      ) : offers.countItems === 0 ? (
        <div className="account-empty account-empty--block" data-testid={filtered ? "offers-not-found" : "offers-empty"}>
          {filtered ? (
            <>
              <p>Ничего не найдено. Измените условия поиска или сбросьте фильтры.</p>
              <AppLink to={`${path}${offerListSearch(NO_FILTERS, sort)}`} className="button">
                Сбросить фильтры
              </AppLink>
            </>
          ) : hidden ? (
            <p>Скрытых предложений нет. Предложение, которое вы скроете, появится здесь.</p>
          ) : (
            <p>Коммерческих предложений пока нет.</p>
          )}
        </div>
      ) : (
        <>
          <p className="offers__count" data-testid="offers-count" aria-live="polite">
            {filtered ? "Найдено" : "Всего"}: {formatCount(offers.countItems)}
          </p>
          <OfferTable rows={offers.elements} seesAll={seesAll} confirmHref={confirmHref} />
          <PageLinks page={page} pageCount={offers.countPages} href={(n) => `${path}${offerListSearch(filters, sort, n)}`} />
        </>
      )}
    </div>
  );
}

/** The order: a field of the filters' form (the `form` attribute), so a new order keeps the filters. */
function SortSelect({ sort }: { sort: string }) {
  const submit = useSubmit();
  return (
    <div className="list-sort">
      <label className="list-sort__label" htmlFor="offers-sort">
        Порядок
      </label>
      <select
        id="offers-sort"
        name="sort"
        form={FILTERS_FORM_ID}
        className="field__input"
        defaultValue={sort}
        key={sort}
        // With JavaScript the choice applies at once; without it, its own button (or the filters' ones) applies it.
        onChange={(e) => {
          const form = e.currentTarget.form;
          if (form) void submit(form, { preventScrollReset: true });
        }}
      >
        {OFFER_SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={FILTERS_FORM_ID} className="button button--small">
          Упорядочить
        </button>
      </noscript>
    </div>
  );
}

function OfferTable({ rows, seesAll, confirmHref }: { rows: OfferRow[]; seesAll: boolean; confirmHref: (id: number) => string }) {
  return (
    <table className="offer-table">
      <caption className="visually-hidden">Коммерческие предложения на этой странице: {rows.length}</caption>
      <thead>
        <tr>
          <th scope="col">Предложение</th>
          <th scope="col">Клиент</th>
          <th scope="col">Цель</th>
          <th scope="col" className="num">
            Сумма
          </th>
          <th scope="col">Создано</th>
          {seesAll ? <th scope="col">Менеджер</th> : null}
          <th scope="col">Статус</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <OfferListRow key={o.id} offer={o} seesAll={seesAll} confirmHref={confirmHref(o.id)} />
        ))}
      </tbody>
    </table>
  );
}

export function OfferListRow({ offer: o, seesAll, confirmHref }: { offer: OfferRow; seesAll: boolean; confirmHref: string }) {
  return (
    <tr data-testid="offer-row" data-offer-id={o.id}>
      <td data-label="Предложение">
        <div className="offer-table__head">
          {o.canEdit ? <FavoriteToggle id={o.id} isFavorite={o.isFavorite} /> : null}
          <div className="offer-table__name">
            <AppLink to={offerHref(o.id)} className="offer-table__title">
              {o.title}
            </AppLink>
            <span className="offer-table__sub">
              № {o.id} · позиций: {formatCount(o.itemsCount)}
            </span>
          </div>
        </div>
        {o.canEdit ? <OfferActions offer={o} confirmHref={confirmHref} fetcherKey={LIST_MANAGE_KEY} className="offer-actions--row" /> : null}
      </td>
      <td data-label="Клиент">
        {o.client ?? "—"}
        {o.representative ? <span className="offer-table__sub">{o.representative}</span> : null}
      </td>
      <td data-label="Цель">{o.purpose ?? "—"}</td>
      <td data-label="Сумма" className="num" data-testid="offer-total">
        {formatPrice(o.totalPrice)}
      </td>
      <td data-label="Создано">
        <time dateTime={dateAttr(o.createdAt)}>{formatDate(o.createdAt)}</time>
      </td>
      {seesAll ? <td data-label="Менеджер">{o.manager || "—"}</td> : null}
      <td data-label="Статус">
        <OfferStatus isActive={o.isActive} isHidden={o.isHidden} acceptedVersion={o.acceptedVersion} sentVersion={o.sentVersion} isExpired={o.isExpired} />
      </td>
    </tr>
  );
}

/**
 * §4: offers are activated and deactivated. A deactivated one is «Скрыто» (it is on /cp/hidden and
 * its public link is closed, ADR 051 addendum); one hidden by its flag alone says so too. A second
 * badge says where the offer stands with the client: accepted (which version), past its validity,
 * or sent and waiting.
 */
export function OfferStatus({ isActive, isHidden, acceptedVersion = null, sentVersion = null, isExpired = false }: OfferStatusProps) {
  return (
    <span className="offer-status">
      {isActive && !isHidden ? <span className="status-badge status-badge--ok">Активно</span> : <span className="status-badge status-badge--off">Скрыто</span>}
      {acceptedVersion !== null ? (
        <span className="status-badge status-badge--ok">Принято, v{acceptedVersion}</span>
      ) : isExpired ? (
        <span className="status-badge status-badge--warn">Срок истёк</span>
      ) : sentVersion !== null ? (
        <span className="status-badge status-badge--info">Отправлено, v{sentVersion}</span>
      ) : null}
    </span>
  );
}

interface OfferStatusProps {
  isActive: boolean;
  isHidden: boolean;
  acceptedVersion?: number | null;
  sentVersion?: number | null;
  isExpired?: boolean;
}
