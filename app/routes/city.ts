/**
 * City switch (§4). POST /city {cityId, redirectTo}: writes the cityId cookie and redirects to the
 * page on the city's host (msk. prefix for Москва, §1). When the host changes, the redirect goes
 * through GET /city?cityId=&to= on the target host, so the cookie is also set there (local hosts
 * cannot share cookies across subdomains).
 */
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/city";
import { cityCookie } from "#app/lib/cookies.server.ts";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { isMoscowHost } from "#app/features/city/city.ts";

const CitySwitch = z.object({
  cityId: z.coerce.number().int().positive(),
  /** Only local paths: never an open redirect. */
  redirectTo: z
    .string()
    .default("/")
    .transform((p) => (p.startsWith("/") && !p.startsWith("//") && !p.includes("\\") ? p : "/")),
});

function switchCity(context: Route.ActionArgs["context"], input: { cityId: number; redirectTo: string }) {
  const target = context.cities.find((c) => c.id === input.cityId);
  if (!target) return null;
  const targetOrigin = context.originForCity(target);
  if (targetOrigin !== context.site.origin) {
    return redirect(`${targetOrigin}/city?${new URLSearchParams({ cityId: String(target.id), to: input.redirectTo })}`);
  }
  // The Moscow host always means Moscow (§4): only a non-Moscow city may be stored elsewhere.
  const headers = new Headers();
  if (target.domainPrefix || !isMoscowHost(context.site.hostname)) {
    headers.append("Set-Cookie", cityCookie(context.site.hostname, target.id, context.cookieDomain));
  }
  return redirect(input.redirectTo, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = CitySwitch.safeParse(Object.fromEntries(await request.formData()));
  const response = parsed.success ? switchCity(context, parsed.data) : null;
  if (!response) throw new Response("Город не найден", { status: 400 });
  return response;
}

export function loader({ url, context }: Route.LoaderArgs) {
  const parsed = CitySwitch.safeParse({ cityId: url.searchParams.get("cityId") ?? undefined, redirectTo: url.searchParams.get("to") ?? undefined });
  const response = parsed.success ? switchCity(context, parsed.data) : null;
  if (!response) throw new Response(pageNotFoundMessage(url.pathname), { status: 404 });
  return response;
}
