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
import { ID_FILTERS, canonicalOfferListSearch, kpListQuery, readOfferListRequest, type IdFilter, type OfferFilters } from "./list-query.ts";
import { offerRow, type FilterOptions } from "./offer-view-model.ts";

type Context = Pick<AppLoadContext, "api" | "isAuthenticated">;

/** §9: offers are paged by 10. */
export const OFFERS_PAGE_SIZE = 10;

/** Roles that see every manager's offers (ADR 035; api/kp/service.ts KP_ALL_ROLES). */
const SEES_ALL_ROLES = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;

/** The filter kinds of kp/filter/{x}/ behind each checkbox group. */
const FILTER_KIND: Record<IdFilter, KpFilterKind> = { client: "client", representative: "representative", purpose: "purpose" };

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

/** Clients, representatives and purposes of a list of offers, each with how many offers carry it, by title. */
export function optionsOfOffers(offers: readonly KpSummary[]): Record<IdFilter, KpFilterOption[]> {
  const maps: Record<IdFilter, Map<number, KpFilterOption>> = { client: new Map(), representative: new Map(), purpose: new Map() };
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
  return { client: sorted(maps.client), representative: sorted(maps.representative), purpose: sorted(maps.purpose) };
}

/** /cp and /cp/hidden. */
export async function loadOfferList(context: Context, url: URL, hidden: boolean) {
  requireLogin(context, url);
  const request = readOfferListRequest(url.searchParams);
  const { page, sort, filters, errors } = request;
  if (page === null) notFound(url.pathname);
  const canonical = canonicalOfferListSearch(url.searchParams, request);
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
  return {
    hidden,
    page,
    sort: sort.value,
    filters,
    errors,
    options,
    failed: !offers.ok,
    seesAll: user.roles.some((r) => (SEES_ALL_ROLES as readonly string[]).includes(r)),
    offers: { ...list, elements: list.elements.map(offerRow) },
  };
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

/** What an action on /cp/{id} answers: the message the page shows (with or without JavaScript). */
export interface OfferActionReply {
  intent: "send";
  ok: boolean;
  message: string;
}

/**
 * /cp/{id}'s action: `intent=send` — «Отправить клиенту» (POST /api/kp/send/{id}): a version is
 * frozen and the representative mailed the link with the PDF; an offer whose representative has
 * no e-mail is frozen but not mailed, and the page says so. The page tier of the shared rate
 * limiter counts the request (app/lib/page-limit.server.ts).
 */
export async function offerAction(context: Context, url: URL, raw: string | undefined, form: FormData): Promise<OfferActionReply> {
  requireLogin(context, url);
  const id = offerIdOf(url, raw);
  const intent = form.get("intent");
  if (intent !== "send") return { intent: "send", ok: false, message: "Неизвестное действие: обновите страницу" };
  const sent = await context.api.call(endpoints.kpSend, { params: { id } });
  if (!sent.ok) {
    // Another's or a removed offer is the API's 404: the page has nothing to send.
    if (sent.error.status === 404) notFound(url.pathname);
    return { intent, ok: false, message: actionFailure(sent.error, url).message };
  }
  const { version, mailed, attached, message } = sent.data;
  if (!mailed) return { intent, ok: false, message: message ?? "Письмо не отправлено" };
  return { intent, ok: true, message: `Предложение отправлено клиенту: версия v${version.number}${attached ? ", PDF во вложении" : ""}, ссылка в письме.` };
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
