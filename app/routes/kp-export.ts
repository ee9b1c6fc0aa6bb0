/**
 * GET /kp/export/{pdf|xlsx}/{id}: the offer's PDF or Excel file (issue 27), streamed from the API
 * (features/offers/offer-export.server.ts). Private and never cached; no sitemap entry.
 */
import type { Route } from "./+types/kp-export";
import { offerExport } from "#app/features/offers/offer-export.server.ts";

export function loader({ url, params, context }: Route.LoaderArgs) {
  return offerExport(context, url, params.format, params.id);
}
