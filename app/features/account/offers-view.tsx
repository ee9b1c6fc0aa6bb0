/** /profile/cp: the offers as a read-only table (cards on phones), each linking to its page (/cp/{id}). */
import type { Paged } from "#contract/endpoint.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { KP_SORTS, dateAttr, formatDate, listSearch } from "./lists.ts";
import { PageLinks } from "#app/features/catalog/listing/pagination.tsx";
import { SortForm } from "./list-parts.tsx";
import { offerHref, type OfferRow } from "#app/features/offers/offer-view-model.ts";

/** One row of the list: the offers feature's row model (app/features/offers/offer-view-model.ts). */
export type { OfferRow } from "#app/features/offers/offer-view-model.ts";

/** The page's lead: whose offers these are, in the reader's own terms. */
export function offersLead({ seesAll, isManager, name }: { seesAll: boolean; isManager: boolean; name: string | null }): string {
  const what = seesAll
    ? "собраны коммерческие предложения всех менеджеров магазина."
    : isManager
      ? "собраны коммерческие предложения, которые вы подготовили для своих клиентов."
      : "собраны ваши коммерческие предложения: подборки товаров с ценами и нанесением, которые можно согласовать и заказать.";
  return `${name ? `${name}, здесь` : "Здесь"} ${what}`;
}

export function OffersView({
  page,
  sort,
  hidden,
  seesAll,
  isManager,
  name,
  failed,
  offers,
}: {
  page: number;
  sort: string;
  hidden: boolean;
  seesAll: boolean;
  isManager: boolean;
  name: string | null;
  failed: boolean;
  offers: Paged<OfferRow>;
}) {
  const base = hidden ? "/profile/cp?hidden=1" : "/profile/cp";
  const href = (n: number) => {
    const s = listSearch(n, sort, KP_SORTS[0].value);
    return hidden ? `${base}${s.replace(/^\?/, "&")}` : `${base}${s}`;
  };
  return (
    <div className="account-page offers-page">
      <div className="account-page__head">
        <h1>Коммерческие предложения</h1>
        {offers.countItems > 1 ? <SortForm sorts={KP_SORTS} sort={sort} keep={hidden ? { hidden: "1" } : {}} /> : null}
      </div>
      <p className="account-lead" data-testid="offers-lead">
        {offersLead({ seesAll, isManager, name })}
      </p>
      <nav className="account-tabs" aria-label="Какие предложения показать">
        <AppLink to="/profile/cp" aria-current={hidden ? undefined : "page"} className="account-tabs__tab">
          Текущие
        </AppLink>
        <AppLink to="/profile/cp?hidden=1" aria-current={hidden ? "page" : undefined} className="account-tabs__tab">
          Скрытые
        </AppLink>
      </nav>
      {failed ? (
        <p className="account-message account-message--error" role="alert" data-testid="list-failed">
          Не удалось загрузить список. Обновите страницу через минуту.
        </p>
      ) : offers.countItems === 0 ? (
        <div className="account-empty account-empty--block" data-testid="offers-empty">
          {hidden ? (
            <p>Скрытых предложений нет.</p>
          ) : (
            <>
              <p>
                Коммерческих предложений пока нет. Здесь будут подборки подарков для ваших клиентов — с ценами, нанесением логотипа и сроками. Подобрать
                товары можно в каталоге, а с расчётом поможет менеджер.
              </p>
              <AppLink to="/catalog" className="button button--primary">
                Перейти в каталог
              </AppLink>
            </>
          )}
        </div>
      ) : (
        <>
          <table className="offers-table">
            <caption className="visually-hidden">Коммерческие предложения, всего {offers.countItems}</caption>
            <thead>
              <tr>
                <th scope="col">Предложение</th>
                <th scope="col">Клиент</th>
                {seesAll ? <th scope="col">Автор</th> : null}
                <th scope="col" className="num">
                  Сумма
                </th>
                <th scope="col">Создано</th>
                <th scope="col">Состояние</th>
              </tr>
            </thead>
            <tbody>
              {offers.elements.map((o) => (
                <tr key={o.id} data-testid="offer-row">
                  <td data-label="Предложение">
                    <AppLink to={offerHref(o.id)} className="offers-table__title">
                      {o.title}
                    </AppLink>
                    <span className="offers-table__sub">
                      № {o.id} · позиций: {o.itemsCount}
                    </span>
                  </td>
                  <td data-label="Клиент">
                    {o.client ?? "—"}
                    {o.representative ? <span className="offers-table__sub">{o.representative}</span> : null}
                  </td>
                  {seesAll ? <td data-label="Автор">{o.manager}</td> : null}
                  <td data-label="Сумма" className="num">
                    {formatPrice(o.totalPrice)}
                  </td>
                  <td data-label="Создано">
                    <time dateTime={dateAttr(o.createdAt)}>{formatDate(o.createdAt)}</time>
                  </td>
                  <td data-label="Состояние">
                    <span className={`status-badge status-badge--${o.isActive ? "ok" : "off"}`}>{o.isActive ? "Активно" : "Не активно"}</span>
                    {o.isHidden ? <span className="status-badge status-badge--off">Скрыто</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <PageLinks page={page} pageCount={offers.countPages} href={href} />
        </>
      )}
    </div>
  );
}
