/**
 * /profile/orders (§2, issue 19): the user's orders (GET /api/order/, paged by `?page`, ordered by
 * `?sort`: date, sum, status), each with number, date (dd.mm.yy, §9), status in Russian, lines
 * (title, SKU, count, price, print) and totals; an empty list links to the catalogue. Private, noindex.
 */
import type { Route } from "./+types/profile-orders";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { requireLogin, toLogin } from "#app/features/account/session.server.ts";
import { emptyPaged } from "#contract/endpoint.ts";
import type { Order } from "#contract/order.ts";
import { ORDER_SORTS, listQuery } from "#app/features/account/lists.ts";
import { OrdersView } from "#app/features/account/orders-view.tsx";


export const ORDERS_PAGE_LIMIT = 10;

export async function loader({ url, context }: Route.LoaderArgs) {
  requireLogin(context, url);
  const { page, sort } = listQuery(url.searchParams, ORDER_SORTS);
  if (page === null) notFound(url.pathname);
  const [orders, coatings] = await Promise.all([
    context.api.call(endpoints.orderList, { query: { page, pageLimit: ORDERS_PAGE_LIMIT, sortBy: sort.sortBy, sortOrder: sort.sortOrder } }),
    // Only for the coatings' names in the lines; without them a line still shows its print price.
    context.api.list(endpoints.coatingAll, {}, []),
  ]);
  if (!orders.ok && orders.error.status === 401) toLogin(url);
  // §8: a list that fails to load is an empty one (the page says it could not load it).
  const list = orders.ok ? orders.data : emptyPaged<Order>(ORDERS_PAGE_LIMIT);
  if (page > 1 && page > list.countPages) notFound(url.pathname);
  const used = new Set(list.elements.flatMap((o) => o.items.flatMap((i) => i.coatings.map((c) => c.coating))));
  return {
    page,
    sort: sort.value,
    failed: !orders.ok,
    orders: list,
    coatingTitles: Object.fromEntries(coatings.filter((c) => used.has(c.id)).map((c) => [c.id, c.title])) as Record<number, string>,
  };
}


export const meta: Route.MetaFunction = () => [{ title: `Мои заказы | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
