/**
 * GET /city/from-ip: the city the shop suggests from the visitor's IP (ADR 062), asked by the page
 * after hydration (never part of a page, so the anonymous page cache never holds anyone's city).
 * POST /city/from-ip: "not now" — the question is answered (the `cityAsked` cookie), and is not
 * asked again. Confirming goes through the city switch (POST /city), which sets the same cookie.
 *
 * The answer is always 200, `private, no-store`:
 * - `{ status: 200, suggestion: { id, title } }`: a city of the shop other than the current one;
 * - `{ status: 200, suggestion: null }`: nothing to ask (no DADATA_API_KEY, a crawler, the question
 *   answered before, or the visitor is already in their city);
 * - §8's synthetic failure `{ status: 400, message: "error", errors: {} }`: DaData failed, timed out,
 *   answered junk or does not know the address, or the place is no city of the shop. "Synthetic":
 *   the failure is in the body, as the old app made it up, not an HTTP status (a visitor's console
 *   stays clean, the page is unaffected).
 */
import { data } from "react-router";
import type { Route } from "./+types/city-from-ip";
import { CITY_ASKED_COOKIE } from "#app/lib/city.ts";
import { cityOfLocation, IP_CITY_FAILURE } from "#app/lib/city-from-ip.server.ts";
import { cityAskedCookie, readCookies } from "#app/lib/cookies.server.ts";

const headers = { "Cache-Control": "private, no-store" };
const NOTHING = { status: 200 as const, suggestion: null };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.locateVisitor || context.isBot) return data(NOTHING, { headers });
  if (readCookies(request.headers.get("Cookie") ?? undefined)[CITY_ASKED_COOKIE]) return data(NOTHING, { headers });
  const answer = await context.locateVisitor();
  if (answer.status !== 200) return data(IP_CITY_FAILURE, { headers });
  const city = cityOfLocation(answer.location, context.cities);
  if (!city) return data(IP_CITY_FAILURE, { headers });
  const suggestion = city.id === context.city.id ? null : { id: city.id, title: city.title };
  return data({ status: 200 as const, suggestion }, { headers });
}

/** "Выбрать другой": the question is answered; the picker opens on the page. Reads no body. */
export async function action({ context }: Route.ActionArgs) {
  return data(NOTHING, { headers: { ...headers, "Set-Cookie": cityAskedCookie(context.site.hostname, context.cookieDomain) } });
}
