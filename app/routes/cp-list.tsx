/**
 * /cp and /cp/hidden (§2 kp layout, §3, §9): the offers in the caller's scope (GET /api/kp/list,
 * 10 a page), ordered, searched and filtered from the URL (features/offers/list-query.ts), the
 * hidden (deactivated) ones on their own tab. The action manages a row's offer (`intent`:
 * favorite, hide, show, copy, delete; ADR 055 addendum). Private, noindex, never page-cached (no
 * `headers`: private, no-cache); no sitemap entry (personal pages declare none).
 */
import type { Route } from "./+types/cp-list";
import { data } from "react-router";
import { SITE_NAME } from "#app/lib/seo.ts";
import { loadOfferList, offerListAction } from "#app/features/offers/offers.server.ts";
import { OfferList } from "#app/features/offers/offer-list.tsx";
import accountStyles from "#app/styles/account.css?url";
import offersStyles from "#app/styles/offers.css?url";

const isHiddenTab = (url: URL) => url.pathname.replace(/\/$/, "") === "/cp/hidden";

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadOfferList(context, url, isHiddenTab(url));
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const reply = await offerListAction(context, url, isHiddenTab(url), form);
  return data(reply, { status: reply.status, headers: { "Cache-Control": "no-store" } });
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: offersStyles },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.hidden ? "Скрытые коммерческие предложения" : "Коммерческие предложения"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function OfferListPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OfferList {...loaderData} reply={actionData ?? null} />;
}
