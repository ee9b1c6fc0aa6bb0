/**
 * Whether a page request was started on this site (issue 25, ADR 040): a GET that changes state
 * (the logged-in visitor's search history) must not do so for a top-level navigation another site
 * started, which carries the SameSite=Lax session cookie like any link.
 *
 * - `Sec-Fetch-Site` (every current browser sends it): `same-origin` and `same-site` (the msk.
 *   host and the main one) are ours, and so is `none` (typed, a bookmark, the browser's own UI).
 *   `cross-site` is not.
 * - Without it (browsers before 2020–2023, curl, scripts): the `Referer` must be a page of this
 *   site or its regional variant. The header form and the site's links send it (our
 *   Referrer-Policy, strict-origin-when-cross-origin, keeps the origin); another site can only
 *   drop it or name itself, so a missing Referer counts as foreign. An old browser's typed-in
 *   search is not recorded: the cheaper mistake (history is a convenience; a stranger's spam in it
 *   is not).
 * - A prefetch or prerender (`Sec-Purpose`) is not a visit: nobody has seen the page yet.
 */
import { hostForCity, MOSCOW_PREFIX } from "#app/lib/city.ts";

const OURS = new Set(["same-origin", "same-site", "none"]);

export function startedOnThisSite(headers: Headers, site: { protocol: string; host: string }): boolean {
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose") ?? "";
  if (/prefetch|prerender/i.test(purpose)) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return OURS.has(fetchSite.trim().toLowerCase());
  const referer = headers.get("referer");
  if (!referer) return false;
  let from: string;
  try {
    from = new URL(referer).origin;
  } catch {
    return false;
  }
  return [null, MOSCOW_PREFIX].some((domainPrefix) => originOf(`${site.protocol}://${hostForCity(site.host, { domainPrefix })}`) === from);
}

/** The URL's origin as the URL parser writes it (lower case, no default port); "" when there is none. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}
