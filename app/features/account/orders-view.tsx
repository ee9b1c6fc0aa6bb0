/** /profile/orders: one card per order with its lines and totals. */
import type { Order } from "#contract/order.ts";
import type { Paged } from "#contract/endpoint.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { formatCount } from "#app/lib/format.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { ORDER_SORTS, ORDER_STATUS_TITLES, dateAttr, formatDate, statusTone } from "./lists.ts";
import { ListPages, SortForm } from "./list-parts.tsx";

const DELIVERY_TITLES: Record<Order["deliveryType"], string> = {
  pickup_point: "Самовывоз",
  courier: "Курьер",
  transport_company: "Транспортная компания",
};

export function OrdersView({ page, sort, failed, orders, coatingTitles }: { page: number; sort: string; failed: boolean; orders: Paged<Order>; coatingTitles: Record<number, string> }) {
  return (
    <div className="account-page orders-page">
      <div className="account-page__head">
        <h1>Мои заказы</h1>
        {orders.countItems > 1 ? <SortForm sorts={ORDER_SORTS} sort={sort} /> : null}
      </div>
      {failed ? (
        <p className="account-message account-message--error" role="alert" data-testid="list-failed">
          Не удалось загрузить список. Обновите страницу через минуту.
        </p>
      ) : orders.countItems === 0 ? (
        <div className="account-empty account-empty--block" data-testid="orders-empty">
          <p>Заказов пока нет. Выберите подарки и сувениры в каталоге — мы нанесём логотип и привезём заказ.</p>
          <AppLink to="/catalog" className="button button--primary">
            Перейти в каталог
          </AppLink>
        </div>
      ) : (
        <>
          <p className="account-lead">Всего заказов: {orders.countItems}</p>
          <ul className="order-list">
            {orders.elements.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} coatingTitles={coatingTitles} />
              </li>
            ))}
          </ul>
          <ListPages path="/profile/orders" page={page} pageCount={orders.countPages} sort={sort} sorts={ORDER_SORTS} />
        </>
      )}
    </div>
  );
}

function OrderCard({ order: o, coatingTitles }: { order: Order; coatingTitles: Record<number, string> }) {
  return (
    <article className="account-card order-card" data-testid="order-card" aria-labelledby={`order-${o.id}`}>
      <header className="order-card__head">
        <h2 id={`order-${o.id}`} className="order-card__title">
          Заказ № {o.id}
        </h2>
        <p className="order-card__date">
          от <time dateTime={dateAttr(o.createdAt)}>{formatDate(o.createdAt)}</time>
        </p>
        <p className={`status-badge status-badge--${statusTone(o.status)}`} data-testid="order-status">
          {ORDER_STATUS_TITLES[o.status]}
        </p>
      </header>
      <p className="order-card__meta">
        {DELIVERY_TITLES[o.deliveryType]}
        {/* A pickup names its office ("Самовывоз, Россия" said nothing); delivery its address. */}
        {o.pickupOffice ? ` из офиса: ${o.pickupOffice.address}` : o.shipmentAddress ? `: ${o.shipmentAddress}` : o.city ? `, ${o.city.title}` : ""}
        {o.manager ? ` · менеджер ${o.manager.name}` : ""}
      </p>
      <table className="order-lines">
        <thead>
          <tr>
            <th scope="col">Товар</th>
            <th scope="col">Артикул</th>
            <th scope="col" className="num">
              Кол-во
            </th>
            <th scope="col" className="num">
              Цена
            </th>
            <th scope="col" className="num">
              Нанесение
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((line, i) => (
            <tr key={`${line.sku}-${i}`}>
              <td data-label="Товар">
                {line.groupId ? <AppLink to={`/catalog/goods/${line.groupId}`} prefetch="none">{line.title}</AppLink> : line.title}
                {line.coatings.length ? (
                  <span className="order-lines__print">
                    {line.coatings.map((c) => `${coatingTitles[c.coating] ?? "Нанесение"} ${formatCount(c.width)}×${formatCount(c.height)} мм`).join("; ")}
                  </span>
                ) : null}
              </td>
              <td data-label="Артикул">{line.sku}</td>
              <td data-label="Кол-во" className="num">
                {formatCount(line.count)} шт.
              </td>
              <td data-label="Цена" className="num">
                {formatPrice(line.price)}
              </td>
              <td data-label="Нанесение" className="num">
                {line.printPrice > 0 ? formatPrice(line.printPrice) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-card__totals">
        <div>
          <dt>Товары ({formatCount(o.totalCount)} шт.)</dt>
          <dd>{formatPrice(o.itemsPrice)}</dd>
        </div>
        <div>
          <dt>Нанесение</dt>
          <dd>{formatPrice(o.printPrice)}</dd>
        </div>
        <div className="order-card__total">
          <dt>Итого</dt>
          <dd data-testid="order-total">{formatPrice(o.totalPrice)}</dd>
        </div>
      </dl>
    </article>
  );
}
