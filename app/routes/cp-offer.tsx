/**
 * /cp/{id} (§2 kp layout): one offer with its lines, print lines and totals (GET /api/kp/read/{id});
 * its action sends it and manages it (`intent`: send, favorite, hide, show, copy, delete).
 * An id that fails the validator, an unknown offer and another manager's (the API's 404) are the
 * §2 404 page. Private, noindex, never page-cached; no sitemap entry.
 */

import type { Route } from "./+types/cp-offer";
import { SITE_NAME } from "#app/lib/seo.ts";
import { data } from "react-router";
import { loadOffer, loadOfferVersions, offerAction, offerPageState } from "#app/features/offers/offers.server.ts";
import { OfferView } from "#app/features/offers/offer-view.tsx";
import accountStyles from "#app/styles/account.css?url";
import offersStyles from "#app/styles/offers.css?url";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const offer = await loadOffer(context, url, params.id);
  return { offer, versions: await loadOfferVersions(context, url, offer.id), state: offerPageState(url, offer), origin: url.origin };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const reply = await offerAction(context, url, params.id, form);
  return data(reply, { status: reply.status, headers: { "Cache-Control": "no-store" } });
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: offersStyles },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${data.offer.title} — КП № ${data.offer.number ?? data.offer.id}` : "Коммерческое предложение"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OfferView offer={loaderData.offer} versions={loaderData.versions} reply={actionData ?? null} state={loaderData.state} origin={loaderData.origin} />;
}
