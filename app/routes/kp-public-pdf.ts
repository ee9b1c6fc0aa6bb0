/**
 * GET /kp/{publicId}/pdf (ADR 054): the client's PDF of the offer, streamed from
 * GET /api/kp/public/{id}/pdf (features/offers/public-offer.server.ts). No login; private and
 * never cached; no sitemap entry.
 */
import type { Route } from "./+types/kp-public-pdf";
import { publicOfferPdf } from "#app/features/offers/public-offer.server.ts";

export function loader({ url, params, context }: Route.LoaderArgs) {
  return publicOfferPdf(context, url, params.publicId);
}
