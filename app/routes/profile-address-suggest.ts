/**
 * GET /profile/address-suggest?query=: DaData address suggestions for the delivery-address form
 * (loader only, logged-in users only: each call costs the shop's DaData quota). Without
 * DADATA_API_KEY it answers an empty list, and the page shows no search field at all.
 */
import { data } from "react-router";
import type { Route } from "./+types/profile-address-suggest";
import { suggestAddresses } from "#app/features/account/dadata.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  if (!context.isAuthenticated) return data({ suggestions: [] }, { status: 401, headers });
  const query = url.searchParams.get("query") ?? "";
  const suggestions = context.dadataKey ? await suggestAddresses(context.dadataKey, query, fetch, context.dadataUrl) : [];
  return data({ suggestions }, { headers });
}
