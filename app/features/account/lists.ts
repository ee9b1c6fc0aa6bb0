/**
 * Paging and order of the account lists (/profile/orders, /profile/cp): `?page=N` (1 is the bare
 * path) and `?sort=` from a short list, mapped to the API's sortBy/sortOrder. Pure, for the
 * loaders and the components alike.
 */
import type { OrderStatus } from "#contract/order.ts";

export interface SortOption<By extends string> {
  value: string;
  label: string;
  sortBy: By;
  sortOrder: "asc" | "desc";
}

/** Orders and offers both sort by date and sum first. */
const BY_DATE_AND_SUM = [
  { value: "date-desc", label: "Сначала новые", sortBy: "createdAt", sortOrder: "desc" },
  { value: "date-asc", label: "Сначала старые", sortBy: "createdAt", sortOrder: "asc" },
  { value: "sum-desc", label: "Сумма: по убыванию", sortBy: "totalPrice", sortOrder: "desc" },
  { value: "sum-asc", label: "Сумма: по возрастанию", sortBy: "totalPrice", sortOrder: "asc" },
] as const;

export const ORDER_SORTS = [
  ...BY_DATE_AND_SUM,
  { value: "status", label: "По статусу", sortBy: "status", sortOrder: "asc" },
] as const satisfies readonly SortOption<"createdAt" | "totalPrice" | "status">[];

export const KP_SORTS = [
  ...BY_DATE_AND_SUM,
  { value: "title", label: "По названию", sortBy: "title", sortOrder: "asc" },
] as const satisfies readonly SortOption<"createdAt" | "totalPrice" | "title">[];

/**
 * The page and order a list URL asks for. `page` is null when the value names no page ("0", "x"):
 * the loader answers the §2 404. An unknown sort is the default one (a private page: no canonical).
 */
export function listQuery<S extends readonly SortOption<string>[]>(search: URLSearchParams, sorts: S): { page: number | null; sort: S[number] } {
  const rawPage = search.get("page");
  const sort = sorts.find((s) => s.value === search.get("sort")) ?? sorts[0];
  const page = rawPage === null ? 1 : /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : null;
  return { page, sort };
}

/** "?sort=sum-desc&page=2" (page 1 and the default order left out). */
export function listSearch(page: number, sort: string, defaultSort: string): string {
  const search = new URLSearchParams();
  if (sort !== defaultSort) search.set("sort", sort);
  if (page > 1) search.set("page", String(page));
  const s = search.toString();
  return s ? `?${s}` : "";
}

/** §9 dates: dd.mm.yy, the day in Moscow time (as the posts, features/posts/post-date.ts). */
export { formatPostDate as formatDate, postDateAttr as dateAttr } from "#app/features/posts/post-date.ts";

export const ORDER_STATUS_TITLES: Record<OrderStatus, string> = {
  new: "Новый",
  processing: "В обработке",
  awaiting_payment: "Ожидает оплаты",
  in_production: "В производстве",
  shipped: "Отгружен",
  completed: "Выполнен",
  cancelled: "Отменён",
};

/** The badge's tone: done, waiting on the customer, cancelled, or in progress. */
export function statusTone(status: OrderStatus): "ok" | "warn" | "off" | "info" {
  if (status === "completed" || status === "shipped") return "ok";
  if (status === "awaiting_payment") return "warn";
  if (status === "cancelled") return "off";
  return "info";
}
