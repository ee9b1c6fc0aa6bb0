/**
 * The manager's offer pages (§2 kp layout): the list (/cp, /cp/hidden) and an offer (/cp/{id}).
 * The API scopes both by role (api/kp/service.ts, ADR 035): ROLE_USER and ROLE_MANAGER see what
 * they authored, the chief and the admins everything; another's offer is a 404 there and here.
 * Guests go to the login and come back (features/account/session.server.ts).
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import { emptyPaged } from "#contract/endpoint.ts";
import type { Kp, KpFilterKind, KpFilterOption, KpSummary, KpVersion, KpVersionDiff } from "#contract/kp.ts";
import { MAX_DB_ID } from "#contract/limits.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { accountCallFailed, actionFailure, requireLogin, requireSessionUser, toLogin } from "#app/features/account/session.server.ts";
import type { ApiError } from "#app/lib/api-client.server.ts";
import {
  ID_FILTERS,
  canonicalOfferListSearch,
  kpListQuery,
  offerIdParam,
  offerListSearch,
  readOfferListRequest,
  readOfferListState,
  withListState,
  type IdFilter,
  type OfferFilters,
} from "./list-query.ts";
import { offerRow, type FilterOptions, type OfferRow } from "./offer-view-model.ts";

type Context = Pick<AppLoadContext, "api" | "isAuthenticated">;

/** §9: offers are paged by 10. */
export const OFFERS_PAGE_SIZE = 10;

/** Roles that see every manager's offers (ADR 035; api/kp/service.ts KP_ALL_ROLES). */
const SEES_ALL_ROLES = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;

/** The filter kinds of kp/filter/{x}/ behind each checkbox group. */
const FILTER_KIND: Record<IdFilter, KpFilterKind> = { client: "client", representative: "representative", purpose: "purpose", category: "category" };

/** As many options as kp/filter/{x}/ gives at once (its limit's maximum). */
const OPTIONS_LIMIT = 100;

/**
 * The checkbox options: kp/filter/{x}/ (the selected values always among them). Where the API
 * does not answer it, the values present in the caller's first 100 offers, counted. A selected id
 * neither knows stays as an option of its own, so it can be unticked.
 */
async function filterOptions(api: AppLoadContext["api"], filters: OfferFilters, hidden: boolean): Promise<FilterOptions> {
  const asked = await Promise.all(
    ID_FILTERS.map((name) =>
      api
        .call(endpoints.kpFilter, { params: { x: FILTER_KIND[name] }, query: { values: filters[name].length ? filters[name] : undefined, limit: OPTIONS_LIMIT } })
        .then((r) => (r.ok ? r.data : null))
        .catch(() => null),
    ),
  );
  let fromList: Record<IdFilter, KpFilterOption[]> | null = null;
  if (asked.some((a) => a === null)) {
    const list = await api.call(endpoints.kpList, { query: { page: 1, limit: OPTIONS_LIMIT, hidden: hidden ? "1" : "0" } }).catch(() => null);
    fromList = optionsOfOffers(list?.ok ? list.data.elements : []);
  }
  const out = {} as FilterOptions;
  for (const [i, name] of ID_FILTERS.entries()) {
    const options = asked[i] ?? fromList![name];
    const known = new Set(options.map((o) => o.id));
    out[name] = [...options, ...filters[name].filter((id) => !known.has(id)).map((id) => ({ id, title: `№ ${id}`, count: 0 }))];
  }
  return out;
}

/**
 * Clients, representatives and purposes of a list of offers, each with how many offers carry it, by
 * title. The rows name no categories: without kp/filter/category/ that group offers none.
 */
export function optionsOfOffers(offers: readonly KpSummary[]): Record<IdFilter, KpFilterOption[]> {
  const maps: Record<IdFilter, Map<number, KpFilterOption>> = { client: new Map(), representative: new Map(), purpose: new Map(), category: new Map() };
  const add = (name: IdFilter, value: { id: number; title: string } | null) => {
    if (!value) return;
    const seen = maps[name].get(value.id);
    if (seen) seen.count += 1;
    else maps[name].set(value.id, { id: value.id, title: value.title, count: 1 });
  };
  for (const o of offers) {
    add("client", o.client);
    add("representative", o.representative ? { id: o.representative.id, title: o.representative.name } : null);
    add("purpose", o.purpose);
  }
  const sorted = (m: Map<number, KpFilterOption>) => [...m.values()].sort((a, b) => a.title.localeCompare(b.title, "ru") || a.id - b.id);
  return { client: sorted(maps.client), representative: sorted(maps.representative), purpose: sorted(maps.purpose), category: sorted(maps.category) };
}

/** /cp and /cp/hidden. */
export async function loadOfferList(context: Context, url: URL, hidden: boolean) {
  requireLogin(context, url);
  const request = readOfferListRequest(url.searchParams);
  const state = readOfferListState(url.searchParams);
  const { page, sort, filters, errors } = request;
  if (page === null) notFound(url.pathname);
  const canonical = canonicalOfferListSearch(url.searchParams, request, state);
  if (canonical !== null) throw redirect(`${url.pathname}${canonical}`);
  const [user, offers, options] = await Promise.all([
    requireSessionUser(context, url),
    context.api.call(endpoints.kpList, { query: kpListQuery({ page, sort, filters }, hidden, OFFERS_PAGE_SIZE) }),
    filterOptions(context.api, filters, hidden),
  ]);
  if (!offers.ok && offers.error.status === 401) toLogin(url);
  // §8: a list that fails to load is an empty one, and the page says it could not load it.
  const list = offers.ok ? offers.data : emptyPaged<KpSummary>(OFFERS_PAGE_SIZE);
  if (page > 1 && page > list.countPages) notFound(url.pathname);
  const rows = list.elements.map(offerRow);
  return {
    hidden,
    page,
    sort: sort.value,
    filters,
    errors,
    options,
    failed: !offers.ok,
    seesAll: user.roles.some((r) => (SEES_ALL_ROLES as readonly string[]).includes(r)),
    offers: { ...list, elements: rows },
    deleted: state.deleted,
    confirmDelete: state.confirmDelete === null ? null : await deleteTarget(context, state.confirmDelete, rows),
  };
}

/** What «Удалить» without JavaScript asks about: the offer's title, or that there is no such offer of the caller's to delete. */
export type DeleteTarget = { id: number; title: string } | { id: number; missing: true };

async function deleteTarget(context: Context, id: number, rows: readonly OfferRow[]): Promise<DeleteTarget> {
  const row = rows.find((r) => r.id === id);
  if (row) return row.canEdit ? { id, title: row.title } : { id, missing: true };
  const read = await context.api.call(endpoints.kpRead, { params: { id } });
  return read.ok && read.data.canEdit ? { id, title: read.data.title } : { id, missing: true };
}

/**
 * /cp/{id}: a database id in its one spelling. Anything else names no offer (the §2 404);
 * "/cp/007" is offer 7 at another address (301).
 */
export function offerIdOf(url: URL, raw: string | undefined): number {
  const n = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > MAX_DB_ID) notFound(url.pathname);
  if (raw !== String(n)) throw redirect(`/cp/${n}${url.search}`, 301);
  return n;
}

/** /cp/{id}: the offer, or the §2 404 when it does not exist or is not the caller's (the API's 404). */
export async function loadOffer(context: Context, url: URL, raw: string | undefined): Promise<Kp> {
  requireLogin(context, url);
  const id = offerIdOf(url, raw);
  const offer = await context.api.call(endpoints.kpRead, { params: { id } });
  if (!offer.ok) accountCallFailed(offer.error, url);
  return offer.data;
}

/** What /cp/{id} shows once, from its address: the second step of «Удалить» without JavaScript, a fresh copy's note. */
export function offerPageState(url: URL, offer: Pick<Kp, "id" | "canEdit">): { confirmDelete: boolean; copied: boolean } {
  return {
    confirmDelete: offer.canEdit && offerIdParam(url.searchParams.get("confirm-delete")) === offer.id,
    copied: url.searchParams.get("copied") === "1",
  };
}

/** The intents of the offer pages' actions (one form field, `intent`). */
export const OFFER_INTENTS = ["send", "favorite", "hide", "show", "copy", "delete"] as const;
export type OfferIntent = (typeof OFFER_INTENTS)[number];

/** What an action on /cp, /cp/hidden or /cp/{id} answers: the message the page shows (with or without JavaScript). */
export interface OfferActionReply {
  /** null: the post named no action the page has. */
  intent: OfferIntent | null;
  ok: boolean;
  message: string;
  /** The offer it was about (the list shows the answer by its row's controls). */
  offerId: number | null;
  /** The HTTP status of the answer: 200, 400, 403 (a customer), 404 (no such offer of the caller's), 429. */
  status: number;
}

export const UNKNOWN_INTENT = "Неизвестное действие: обновите страницу";
export const OFFER_GONE = "Предложение не найдено: возможно, его уже удалили. Обновите страницу.";
export const READ_ONLY = "Менять это предложение может только менеджер: вам оно доступно для просмотра.";
const DONE: Partial<Record<OfferIntent, string>> = {
  hide: "Предложение скрыто: оно во вкладке «Скрытые», а ссылка у клиента показывает, что предложение больше не действует.",
  show: "Предложение снова активно: оно в общем списке, ссылка у клиента снова работает.",
};

const intentOf = (raw: FormDataEntryValue | null): OfferIntent | null => (OFFER_INTENTS as readonly unknown[]).includes(raw) ? (raw as OfferIntent) : null;

/** A refusal of the API in the page's words: a customer's 403, a 404 for an offer that is not the caller's. */
function refused(intent: OfferIntent, offerId: number, error: ApiError, url: URL): OfferActionReply {
  if (error.status === 403) return { intent, ok: false, message: READ_ONLY, offerId, status: 403 };
  if (error.status === 404) return { intent, ok: false, message: OFFER_GONE, offerId, status: 404 };
  return { intent, ok: false, message: actionFailure(error, url).message, offerId, status: error.status === 429 ? 429 : 400 };
}

/** A fresh copy's address (ADR 055 addendum: the copy opens on its own page, the editor a click away). */
export const copiedHref = (id: number) => `/cp/${id}?copied=1`;

/**
 * The management intents (ADR 055 addendum), one API call each: `favorite` (`value` add|remove),
 * `hide` (kp/deactivate: the public link closes, the offer moves to /cp/hidden), `show`
 * (kp/activate), `copy` (kp/copy; answers the copy's address), `delete` (kp/delete).
 */
async function manage(context: Context, url: URL, intent: Exclude<OfferIntent, "send">, id: number, form: FormData): Promise<OfferActionReply | { copy: number } | { deleted: true }> {
  const api = context.api;
  if (intent === "favorite") {
    const value = form.get("value");
    if (value !== "add" && value !== "remove") return { intent: null, ok: false, message: UNKNOWN_INTENT, offerId: id, status: 400 };
    const result = await api.call(endpoints.kpFavorite, { params: { action: value === "add" ? "add" : "delete", id } });
    if (!result.ok) return refused(intent, id, result.error, url);
    return { intent, ok: true, message: result.data.isFavorite ? "Предложение добавлено в избранное" : "Предложение убрано из избранного", offerId: id, status: 200 };
  }
  if (intent === "hide" || intent === "show") {
    const result = await api.call(intent === "hide" ? endpoints.kpDeactivate : endpoints.kpActivate, { params: { id } });
    if (!result.ok) return refused(intent, id, result.error, url);
    return { intent, ok: true, message: DONE[intent]!, offerId: id, status: 200 };
  }
  if (intent === "copy") {
    const result = await api.call(endpoints.kpCopy, { params: { id } });
    return result.ok ? { copy: result.data.id } : refused(intent, id, result.error, url);
  }
  const result = await api.call(endpoints.kpDelete, { params: { id } });
  return result.ok ? { deleted: true } : refused(intent, id, result.error, url);
}

/**
 * /cp/{id}'s action. `intent=send` — «Отправить клиенту» (POST /api/kp/send/{id}): a version is
 * frozen and the representative mailed the link with the PDF; an offer whose representative has
 * no e-mail is frozen but not mailed, and the page says so. The management intents as `manage`;
 * a copy opens its page, a deleted offer goes to /cp with «Предложение удалено». Another's or a
 * removed offer is the API's 404: the page has nothing to act on (the §2 404). The page tier of
 * the shared rate limiter counts the request (app/lib/page-limit.server.ts).
 */
export async function offerAction(context: Context, url: URL, raw: string | undefined, form: FormData): Promise<OfferActionReply> {
  requireLogin(context, url);
  const id = offerIdOf(url, raw);
  const intent = intentOf(form.get("intent"));
  if (intent === null) return { intent, ok: false, message: UNKNOWN_INTENT, offerId: id, status: 400 };
  if (intent !== "send") {
    const done = await manage(context, url, intent, id, form);
    if ("copy" in done) throw redirect(copiedHref(done.copy));
    if ("deleted" in done) throw redirect(`/cp${withListState("", { confirmDelete: null, deleted: true })}`);
    if (done.status === 404) notFound(url.pathname);
    return done;
  }
  const sent = await context.api.call(endpoints.kpSend, { params: { id } });
  if (!sent.ok) {
    if (sent.error.status === 404) notFound(url.pathname);
    return refused(intent, id, sent.error, url);
  }
  const { version, mailed, attached, message } = sent.data;
  if (!mailed) return { intent, ok: false, message: message ?? "Письмо не отправлено", offerId: id, status: 400 };
  return { intent, ok: true, message: `Предложение отправлено клиенту: версия v${version.number}${attached ? ", PDF во вложении" : ""}, ссылка в письме.`, offerId: id, status: 200 };
}

/**
 * /cp's and /cp/hidden's action: the management intents on the row's offer (`id`). The list
 * comes back where it was (its filters, order and page: the form posts to the list's address);
 * when the change emptied the last page, to the page before it. A delete answers the list with
 * «Предложение удалено»; a copy opens the copy's page.
 */
export async function offerListAction(context: Context, url: URL, hidden: boolean, form: FormData): Promise<OfferActionReply> {
  requireLogin(context, url);
  const intent = intentOf(form.get("intent"));
  const id = offerIdParam(form.get("id"));
  if (intent === null || intent === "send") return { intent: null, ok: false, message: UNKNOWN_INTENT, offerId: id, status: 400 };
  if (id === null) return { intent, ok: false, message: OFFER_GONE, offerId: null, status: 400 };
  const done = await manage(context, url, intent, id, form);
  if ("copy" in done) throw redirect(copiedHref(done.copy));
  if ("deleted" in done || (done.ok && (intent === "hide" || intent === "show"))) {
    const back = await listAfterRemoval(context, url, hidden, "deleted" in done);
    if (back !== null) throw redirect(back);
  }
  return done as OfferActionReply;
}

/**
 * Where the list goes after a row left it (hidden, returned or deleted): the same address, or
 * the last page when the row was the only one on a page past it; with «Предложение удалено»
 * after a delete. null: the page stays as it is (a fetcher's revalidation shows the change).
 */
async function listAfterRemoval(context: Context, url: URL, hidden: boolean, deleted: boolean): Promise<string | null> {
  const request = readOfferListRequest(url.searchParams);
  const path = hidden ? "/cp/hidden" : "/cp";
  let page = request.page ?? 1;
  if (page > 1) {
    const list = await context.api.call(endpoints.kpList, { query: kpListQuery({ page: 1, sort: request.sort, filters: request.filters }, hidden, OFFERS_PAGE_SIZE) });
    if (list.ok && page > Math.max(list.data.countPages, 1)) page = Math.max(list.data.countPages, 1);
    else if (!deleted) return null;
  } else if (!deleted) return null;
  return `${path}${withListState(offerListSearch(request.filters, request.sort.value, page), { confirmDelete: null, deleted })}`;
}

/** The versions block of /cp/{id}: the sent versions and, when asked (`?from=1&to=2`), what changed. */
export interface OfferVersions {
  versions: KpVersion[];
  /** The two chosen, as the form shows them back. */
  from: number | null;
  to: number | null;
  diff: KpVersionDiff | null;
  /** Why no comparison was made ("Выберите две разные версии"). */
  problem: string | null;
}

/** A version number as the query spells it: 1 … 10 000, digits only; anything else is none. */
function versionOf(raw: string | null): number | null {
  return raw && /^[1-9]\d{0,4}$/.test(raw) && Number(raw) <= 10_000 ? Number(raw) : null;
}

/**
 * kp/versions/{id} (newest first) and, with `?from&to`, kp/versions/{id}/diff. A failure of either
 * leaves the block empty rather than the page broken (§8: lists fail quietly).
 */
export async function loadOfferVersions(context: Context, url: URL, id: number): Promise<OfferVersions> {
  const listed = await context.api.call(endpoints.kpVersions, { params: { id } });
  const versions = listed.ok ? listed.data : [];
  const asked = url.searchParams.has("from") || url.searchParams.has("to");
  const from = versionOf(url.searchParams.get("from"));
  const to = versionOf(url.searchParams.get("to"));
  if (!asked) return { versions, from: null, to: null, diff: null, problem: null };
  const known = new Set(versions.map((v) => v.number));
  if (from === null || to === null || !known.has(from) || !known.has(to)) return { versions, from, to, diff: null, problem: "Выберите две отправленные версии" };
  if (from === to) return { versions, from, to, diff: null, problem: "Выберите две разные версии" };
  const diff = await context.api.call(endpoints.kpVersionDiff, { params: { id }, query: { from, to } });
  return { versions, from, to, diff: diff.ok ? diff.data : null, problem: diff.ok ? null : "Не удалось сравнить версии: попробуйте ещё раз" };
}
