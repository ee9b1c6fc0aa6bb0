/**
 * /profile/cp (§2: where login lands): the user's commercial offers (GET /api/kp/list, 10 a page
 * §9, `?page`, `?sort`, `?hidden=1` for the hidden ones), read-only: title, client, total, created
 * date, active or not, hidden or not; each title opens the offer's page (/cp/{id}, issue 27).
 * Private, noindex.
 */
import type { Route } from "./+types/profile-cp";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { requireLogin, requireSessionUser, toLogin } from "#app/features/account/session.server.ts";
import { emptyPaged } from "#contract/endpoint.ts";
import type { KpSummary } from "#contract/kp.ts";
import { KP_SORTS, listQuery } from "#app/features/account/lists.ts";
import { OffersView } from "#app/features/account/offers-view.tsx";
import { offerRow } from "#app/features/offers/offer-view-model.ts";


/** Roles that see every offer, not only their own (api/kp/service.ts, ADR 035). */
const KP_ALL_ROLES = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;

/** §9: commercial offers are paged by 10. */
export const KP_PAGE_SIZE = 10;

export async function loader({ url, context }: Route.LoaderArgs) {
  requireLogin(context, url);
  const { page, sort } = listQuery(url.searchParams, KP_SORTS);
  const hiddenParam = url.searchParams.get("hidden");
  if (page === null || (hiddenParam !== null && hiddenParam !== "1")) notFound(url.pathname);
  const hidden = hiddenParam === "1";
  const [user, offers] = await Promise.all([
    requireSessionUser(context, url),
    context.api.call(endpoints.kpList, { query: { page, limit: KP_PAGE_SIZE, sortBy: sort.sortBy, sortOrder: sort.sortOrder, hidden: hidden ? "1" : "0" } }),
  ]);
  if (!offers.ok && offers.error.status === 401) toLogin(url);
  // §8: a list that fails to load is an empty one (the page says it could not load it).
  const list = offers.ok ? offers.data : emptyPaged<KpSummary>(KP_PAGE_SIZE);
  if (page > 1 && page > list.countPages) notFound(url.pathname);
  return {
    failed: !offers.ok,
    page,
    sort: sort.value,
    hidden,
    /** ADR 035: these roles see every offer (with its author); everyone else their own. */
    seesAll: user.roles.some((r) => (KP_ALL_ROLES as readonly string[]).includes(r)),
    /** A manager prepares offers for clients; a customer's own offers are selections for its company. */
    isManager: user.roles.includes("ROLE_MANAGER"),
    name: user.name,
    offers: {
      ...list,
      elements: list.elements.map(offerRow),
    },
  };
}


export const meta: Route.MetaFunction = () => [{ title: `Коммерческие предложения | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function OffersPage({ loaderData }: Route.ComponentProps) {
  return <OffersView {...loaderData} />;
}
