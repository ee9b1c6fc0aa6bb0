/**
 * /kp/{publicId} (issue 27, ADR 054): the client's page of an offer, the link of the manager's
 * letter. No login; works without JavaScript (the accept form posts to this action). Private:
 * `noindex` (meta and X-Robots-Tag), `Cache-Control: private, no-store`, no sitemap entry
 * (robots.txt disallows /kp/). An id that fails the validator or names no sent offer: the §2 404.
 */
import { data, type HeadersArgs } from "react-router";
import type { Route } from "./+types/kp-public";
import { SITE_NAME } from "#app/lib/seo.ts";
import { acceptPublicOffer, loadPublicOffer } from "#app/features/offers/public-offer.server.ts";
import { PublicOfferView } from "#app/features/offers/public-offer.tsx";
import offersStyles from "#app/styles/offers.css?url";

/** Never stored by a cache or shown by a search engine: the link is the client's alone. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  return data({ offer: await loadPublicOffer(context, url, params.publicId) }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const reply = await acceptPublicOffer(context, url, params.publicId, await request.formData().catch(() => null));
  return data(reply, { status: 400, headers: PRIVATE_HEADERS });
}

export function headers({ errorHeaders }: HeadersArgs): HeadersInit {
  return { ...PRIVATE_HEADERS, ...(errorHeaders?.get("Retry-After") ? { "Retry-After": errorHeaders.get("Retry-After")! } : {}) };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: offersStyles }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `КП № ${data.offer.number} — ${data.offer.title}` : "Коммерческое предложение"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PublicOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PublicOfferView offer={loaderData.offer} reply={actionData ?? null} />;
}
