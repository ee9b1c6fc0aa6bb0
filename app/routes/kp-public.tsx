/**
 * /kp/{publicId} (issue 27, ADR 054): the client's page of an offer, the link of the manager's
 * letter. No login; works without JavaScript (the accept form posts to this action). Private:
 * `noindex` (meta and X-Robots-Tag), `Cache-Control: private, no-store`, no sitemap entry
 * (robots.txt disallows /kp/). An id that fails the validator or names no sent offer: the §2 404.
 */
import { data, type HeadersArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import { formMessage, type FormReply } from "#app/lib/forms.ts";
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

/**
 * A refusal of the API (accepted meanwhile, a newer version sent, closed) reloads the offer, so the
 * page shows what it now is beside the message; React Router keeps loaders after a 4xx by default.
 * A form the fields refused changes nothing there (and an opening is not counted twice).
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (actionResult && formMessage(actionResult as FormReply)) return true;
  return defaultShouldRevalidate;
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
