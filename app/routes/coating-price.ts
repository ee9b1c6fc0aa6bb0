/**
 * POST /coating-price: the live print-price calculator of the product page (a fetcher) prices one
 * coating line through /api/coating/recalculate. The answer carries the request key, so the page
 * shows a price only for the values it was computed from. GET has nothing to show: the §2 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/coating-price";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { readCoatingForm } from "#app/features/coating/coating-form.ts";
import { priceCoatingLine } from "#app/features/coating/coating-price.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const answer = await priceCoatingLine(context, readCoatingForm(form));
  // A price depends on the request only; nothing personal, but nothing worth caching either.
  return data(answer, { headers: { "Cache-Control": "no-store" } });
}

export function loader({ url }: Route.LoaderArgs) {
  throw data(pageNotFoundMessage(url.pathname), { status: 404 });
}
