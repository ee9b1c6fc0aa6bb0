/**
 * The /cp and /cp/hidden list URL (§3, §9): what a person asked for, read forgivingly, and the
 * one spelling of it that links and bookmarks use. Pure, for the loader and the components.
 *
 * - `page` (1 is the bare URL; junk names no page: the loader answers the §2 404), `sort`;
 * - `q`: search (title, client, a line's SKU), `purposeTitle`;
 * - `from`, `to`: created dates. The URL carries `YYYY-MM-DD` (§9); the form sends what the date
 *   field shows ("31.01.2026") or what a person typed without JavaScript, read by isoFromTypedDate;
 * - `totalFrom`, `totalTo`: rubles ("1 500,50" reads as 1500.5);
 * - `client`, `representative`, `purpose`, `category`: ids, repeated (checkboxes);
 * - the page's state, not a filter (links leave it out): `confirm-delete` (an offer's id: the
 *   second step of «Удалить» without JavaScript) and `deleted=1` (the message after a delete).
 * Values a form could not have sent (ids that are not ids, unknown sorts) are dropped; values a
 * person typed wrong (a date that is not one) are dropped from the query too, and the field says why.
 */
import type { KpListQuery, KpSortBy } from "#contract/kp.ts";
import { MAX_DB_ID } from "#contract/limits.ts";
import { isCalendarDate, isoFromTypedDate } from "#app/lib/dates.ts";

export interface OfferSort {
  value: string;
  label: string;
  sortBy: Extract<KpSortBy, "createdAt" | "totalPrice" | "title">;
  sortOrder: "asc" | "desc";
}

/** §3: by date, total and title, both ways; the first is the default. */
export const OFFER_SORTS = [
  { value: "date-desc", label: "Сначала новые", sortBy: "createdAt", sortOrder: "desc" },
  { value: "date-asc", label: "Сначала старые", sortBy: "createdAt", sortOrder: "asc" },
  { value: "sum-desc", label: "Сумма: по убыванию", sortBy: "totalPrice", sortOrder: "desc" },
  { value: "sum-asc", label: "Сумма: по возрастанию", sortBy: "totalPrice", sortOrder: "asc" },
  { value: "title-asc", label: "Название: А–Я", sortBy: "title", sortOrder: "asc" },
  { value: "title-desc", label: "Название: Я–А", sortBy: "title", sortOrder: "desc" },
] as const satisfies readonly OfferSort[];

/** The contract's bounds (contract/kp.ts KpListQuery): longer text is cut, not refused. */
export const SEARCH_MAX = 200;
export const PURPOSE_TITLE_MAX = 255;
/** More of one kind than a page of checkboxes could send is junk (the contract's idsQuery(100)). */
export const IDS_MAX = 100;
/** A total above this is no offer's: the field says so instead of asking the API. */
export const TOTAL_MAX = 1_000_000_000_000;

export const ID_FILTERS = ["client", "representative", "purpose", "category"] as const;
export type IdFilter = (typeof ID_FILTERS)[number];

export interface OfferFilters {
  q: string;
  purposeTitle: string;
  /** ISO "YYYY-MM-DD" or "" */
  from: string;
  to: string;
  totalFrom: number | null;
  totalTo: number | null;
  client: number[];
  representative: number[];
  purpose: number[];
  /** Offers with a line from one of these catalogue categories (or their subcategories). */
  category: number[];
}

export const NO_FILTERS: OfferFilters = { q: "", purposeTitle: "", from: "", to: "", totalFrom: null, totalTo: null, client: [], representative: [], purpose: [], category: [] };

/** What a field shows back when its value could not be used: the text as typed and why. */
export type FilterErrors = Partial<Record<"from" | "to" | "totalFrom" | "totalTo", { value: string; message: string }>>;

export const DATE_MESSAGE = "Введите дату в формате дд.мм.гггг";
export const NO_SUCH_DATE_MESSAGE = "Такой даты нет в календаре";
export const TOTAL_MESSAGE = "Введите сумму в рублях, например 15 000";

export interface OfferListRequest {
  /** null: the value names no page (the §2 404). */
  page: number | null;
  sort: (typeof OFFER_SORTS)[number];
  filters: OfferFilters;
  errors: FilterErrors;
}

/** One line, no control characters, at most `max` characters. */
function text(value: string | null, max: number): string {
  return (value ?? "")
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .trim()
    .slice(0, max)
    .trim();
}

function dateOf(raw: string | null): { iso: string } | { error: string; message: string } | null {
  const t = (raw ?? "").trim();
  if (!t) return null;
  const iso = t.length <= 10 ? isoFromTypedDate(t) : null;
  if (!iso) return { error: t.slice(0, 20), message: DATE_MESSAGE };
  return isCalendarDate(iso) ? { iso } : { error: t, message: NO_SUCH_DATE_MESSAGE };
}

function totalOf(raw: string | null): { value: number } | { error: string } | null {
  const t = (raw ?? "").trim();
  if (!t) return null;
  const compact = t.replace(/[\s\u00a0₽]|руб\.?/g, "").replace(",", ".");
  const value = /^\d{1,13}(\.\d{1,2})?$/.test(compact) ? Number(compact) : NaN;
  return Number.isFinite(value) && value <= TOTAL_MAX ? { value } : { error: t.slice(0, 20) };
}

/** Repeated ids (`client=3&client=5`, also `client[]=3`): positive database ids, each once, at most IDS_MAX. */
function idsOf(search: URLSearchParams, name: IdFilter): number[] {
  const out = new Set<number>();
  for (const raw of [...search.getAll(name), ...search.getAll(`${name}[]`)]) {
    if (!/^[1-9]\d{0,9}$/.test(raw)) continue;
    const n = Number(raw);
    if (n <= MAX_DB_ID) out.add(n);
    if (out.size >= IDS_MAX) break;
  }
  return [...out].sort((a, b) => a - b);
}

export function readOfferListRequest(search: URLSearchParams): OfferListRequest {
  const rawPage = search.get("page");
  const page = rawPage === null ? 1 : /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : null;
  const sort = OFFER_SORTS.find((s) => s.value === search.get("sort")) ?? OFFER_SORTS[0];
  const errors: FilterErrors = {};
  const filters: OfferFilters = {
    ...NO_FILTERS,
    q: text(search.get("q"), SEARCH_MAX),
    purposeTitle: text(search.get("purposeTitle"), PURPOSE_TITLE_MAX),
    client: idsOf(search, "client"),
    representative: idsOf(search, "representative"),
    purpose: idsOf(search, "purpose"),
    category: idsOf(search, "category"),
  };
  for (const key of ["from", "to"] as const) {
    const d = dateOf(search.get(key));
    if (d && "iso" in d) filters[key] = d.iso;
    else if (d) errors[key] = { value: d.error, message: d.message };
  }
  for (const key of ["totalFrom", "totalTo"] as const) {
    const t = totalOf(search.get(key));
    if (t && "value" in t) filters[key] = t.value;
    else if (t) errors[key] = { value: t.error, message: TOTAL_MESSAGE };
  }
  return { page, sort, filters, errors };
}

/** The API's query (contract KpListQuery) for a page of the list. */
export function kpListQuery(request: { page: number; sort: OfferSort; filters: OfferFilters }, hidden: boolean, limit: number): KpListQuery {
  const { filters: f } = request;
  return {
    page: request.page,
    limit,
    sortBy: request.sort.sortBy,
    sortOrder: request.sort.sortOrder,
    hidden: hidden ? "1" : "0",
    search: f.q || undefined,
    purposeTitle: f.purposeTitle || undefined,
    createdAtFrom: f.from || undefined,
    createdAtTo: f.to || undefined,
    totalPriceFrom: f.totalFrom ?? undefined,
    totalPriceTo: f.totalTo ?? undefined,
    clientIds: f.client.length ? f.client : undefined,
    representativeIds: f.representative.length ? f.representative : undefined,
    purposeIds: f.purpose.length ? f.purpose : undefined,
    categoryIds: f.category.length ? f.category : undefined,
  };
}

export function hasFilters(f: OfferFilters): boolean {
  return Boolean(f.q || f.purposeTitle || f.from || f.to || f.totalFrom !== null || f.totalTo !== null || ID_FILTERS.some((name) => f[name].length > 0));
}

/** "?q=…&from=2026-01-31&client=3&sort=sum-desc&page=2": the one spelling (defaults and empty values left out). */
export function offerListSearch(filters: OfferFilters, sort: string, page = 1): string {
  const s = new URLSearchParams();
  if (filters.q) s.set("q", filters.q);
  if (filters.purposeTitle) s.set("purposeTitle", filters.purposeTitle);
  if (filters.from) s.set("from", filters.from);
  if (filters.to) s.set("to", filters.to);
  if (filters.totalFrom !== null) s.set("totalFrom", String(filters.totalFrom));
  if (filters.totalTo !== null) s.set("totalTo", String(filters.totalTo));
  for (const name of ID_FILTERS) for (const id of filters[name]) s.append(name, String(id));
  if (sort !== OFFER_SORTS[0].value) s.set("sort", sort);
  if (page > 1) s.set("page", String(page));
  const out = s.toString();
  return out ? `?${out}` : "";
}

/** The list page's state beside its filters: what the URL asks the page to show once. */
export interface OfferListState {
  /** «Удалить» without JavaScript: the offer whose deletion the page asks to confirm. */
  confirmDelete: number | null;
  /** The list after a delete: «Предложение удалено». */
  deleted: boolean;
}

export const NO_LIST_STATE: OfferListState = { confirmDelete: null, deleted: false };

/** An offer's id as a form or a link spells it: digits, no leading zero, a database id; else null. */
export function offerIdParam(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_DB_ID ? n : null;
}

export function readOfferListState(search: URLSearchParams): OfferListState {
  return { confirmDelete: offerIdParam(search.get("confirm-delete")), deleted: search.get("deleted") === "1" };
}

/** `search` (a list's "?…" or "") with the page's state after it. */
export function withListState(search: string, state: OfferListState): string {
  const s = new URLSearchParams(search);
  if (state.confirmDelete !== null) s.set("confirm-delete", String(state.confirmDelete));
  if (state.deleted) s.set("deleted", "1");
  const out = s.toString();
  return out ? `?${out}` : "";
}

/**
 * The canonical search of a request whose every typed value could be read, when the URL spells
 * it otherwise (empty fields of a submitted form, "31.01.2026", junk ids): the loader redirects
 * there, so the address bar carries YYYY-MM-DD and can be bookmarked. null: the URL is fine as
 * it is, or a field has an error to show with what was typed.
 */
export function canonicalOfferListSearch(search: URLSearchParams, request: OfferListRequest, state: OfferListState = NO_LIST_STATE): string | null {
  if (request.page === null || Object.keys(request.errors).length) return null;
  const canonical = withListState(offerListSearch(request.filters, request.sort.value, request.page), state);
  const rest = new URLSearchParams(search);
  rest.delete("_routes"); // React Router's single-fetch parameter, not the page's
  const current = rest.toString();
  return (current ? `?${current}` : "") === canonical ? null : canonical;
}

/** Money typed back into a field: "1500.5" (what the field reads), no grouping. */
export function totalFieldValue(value: number | null): string {
  return value === null ? "" : String(value);
}
