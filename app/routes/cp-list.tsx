/**
 * /cp and /cp/hidden (§2 kp layout, §3, §9): the offers in the caller's scope (GET /api/kp/list,
 * 10 a page), ordered, searched and filtered from the URL (features/offers/list-query.ts), the
 * hidden ones on their own tab. Private, noindex, never page-cached (no `headers`: private,
 * no-cache); no sitemap entry (personal pages declare none).
 */
import type { Route } from "./+types/cp-list";
import { SITE_NAME } from "#app/lib/seo.ts";
import { loadOfferList } from "#app/features/offers/offers.server.ts";
import { OfferList } from "#app/features/offers/offer-list.tsx";
import accountStyles from "#app/styles/account.css?url";
import offersStyles from "#app/styles/offers.css?url";

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadOfferList(context, url, url.pathname.replace(/\/$/, "") === "/cp/hidden");
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: offersStyles },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.hidden ? "Скрытые коммерческие предложения" : "Коммерческие предложения"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function OfferListPage({ loaderData }: Route.ComponentProps) {
  return <OfferList {...loaderData} />;
}
