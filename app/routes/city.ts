/**
 * City switch (§4). POST /city {cityId, redirectTo}: stores the city and sends the visitor to the
 * page on the city's host (msk. prefix for Москва, §1). State never changes on GET (issue 16,
 * ADR 024): GET /city is the §2 404. When the host changes:
 * - to the Moscow host: straight there, no cookie: that host always means Москва (§4), and its
 *   city middleware writes cityId=2 back itself;
 * - to the plain host, when the cookie's Domain covers both hosts (a real domain, §9): the cookie
 *   is set on this answer, then straight there;
 * - to the plain host otherwise (msk.localhost and localhost cannot share a cookie): a small page
 *   whose form POSTs the same choice to /city on that host, sent at once by a nonce'd script, or by
 *   its "Продолжить" button without JavaScript. That host takes its regional variant's Origin as
 *   its own (server/cross-site.ts).
 * Every switch also sets `cityAsked` (ADR 062): a visitor who chose a city is not offered one from their IP.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/city";
import { cityAskedCookie, cityCookie, sharesCookies } from "#app/lib/cookies.server.ts";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { isMoscowHost } from "#app/lib/city.ts";

const CitySwitch = z.object({
  cityId: z.coerce.number().int().positive(),
  /** Only a path of this site: never an open redirect. */
  redirectTo: z
    .string()
    .default("/")
    .transform((path) => safeRedirectPath(path)),
});

/** §4: the message of a city switch that names no city (also a body that is not a form). */
const CITY_NOT_FOUND_MESSAGE = "Город не найден";

export async function action({ request, context }: Route.ActionArgs) {
  // A JSON or text body cannot be read as a form: a bad request like a bad field, not a 500.
  const form = await request.formData().catch(() => null);
  const parsed = form ? CitySwitch.safeParse(Object.fromEntries(form)) : null;
  const target = parsed?.success ? context.cities.find((c) => c.id === parsed.data.cityId) : undefined;
  if (!parsed?.success || !target) throw new Response(CITY_NOT_FOUND_MESSAGE, { status: 400 });
  const { redirectTo } = parsed.data;

  const targetOrigin = context.originForCity(target);
  // A choice answers the city question too (ADR 062): the suggestion from the IP is not shown again.
  const asked = cityAskedCookie(context.site.hostname, context.cookieDomain);
  const stored = () =>
    new Headers([
      ["Set-Cookie", cityCookie(context.site.hostname, target.id, context.cookieDomain)],
      ["Set-Cookie", asked],
    ]);
  if (targetOrigin === context.site.origin) return redirect(redirectTo, { status: 303, headers: stored() });

  const targetHostname = new URL(targetOrigin).hostname;
  if (isMoscowHost(targetHostname)) return redirect(targetOrigin + redirectTo, { status: 303, headers: { "Set-Cookie": asked } });
  if (sharesCookies(context.site.hostname, targetHostname, context.cookieDomain)) {
    return redirect(targetOrigin + redirectTo, { status: 303, headers: stored() });
  }
  return continueOnHost(`${targetOrigin}/city`, { cityId: String(target.id), redirectTo }, target.title, context.nonce);
}

/** GET changes nothing: there is no page at /city (§2 404). */
export function loader({ url }: Route.LoaderArgs) {
  throw new Response(pageNotFoundMessage(url.pathname), { status: 404 });
}

/** The hop to another host: a form that repeats the POST there. */
function continueOnHost(action: string, fields: Record<string, string>, cityTitle: string, nonce: string): Response {
  const inputs = Object.entries(fields).map(([name, value]) => createElement("input", { key: name, type: "hidden", name, value }));
  const page = createElement(
    "html",
    { lang: "ru" },
    createElement(
      "head",
      null,
      createElement("meta", { charSet: "utf-8" }),
      createElement("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      createElement("meta", { name: "robots", content: "noindex" }),
      createElement("title", null, `${cityTitle}: переход на сайт города`),
    ),
    createElement(
      "body",
      null,
      createElement("form", { method: "post", action }, ...inputs, createElement("p", null, `${cityTitle}: переходим на сайт города…`), createElement("button", { type: "submit" }, "Продолжить")),
      createElement("script", { nonce, dangerouslySetInnerHTML: { __html: "document.forms[0].submit()" } }),
    ),
  );
  const html = `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
