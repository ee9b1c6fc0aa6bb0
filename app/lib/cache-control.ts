/**
 * Caching is opt-in per route (ADR 023). A page says it may be shared through its own `headers`
 * export; everything else is private (entry.server). `s-maxage` and `stale-while-revalidate` are
 * addressed to the shop's own page cache (server/page-cache.ts): it keeps the page for anonymous
 * visitors of one host and city, and sends browsers `private, no-cache`, because each document
 * carries its own CSP nonce and the visitor's city cookie.
 */
import type { HeadersArgs } from "react-router";

/** The same for every anonymous visitor of a host and city: 5 s fresh, then 60 s stale while refreshed. */
export const SHARED_PAGE_CACHE = "public, s-maxage=5, stale-while-revalidate=60";

/**
 * `No-Vary-Search` (an IETF draft, RFC 9651 syntax): which query parameters the page reads.
 * `params` alone: none, the HTML is the same whatever the query says; `params, except=("page")`:
 * only `page`. The page cache stores a page for a URL with a query only when the page read every
 * parameter in it (and, reading it, answered a redirect or a 404 for a value it does not know):
 * junk in a query it ignores never becomes an entry (issue 25).
 */
export function noVarySearch(params: readonly string[]): string {
  return params.length === 0 ? "params" : `params, except=(${params.map((p) => `"${p}"`).join(" ")})`;
}

/**
 * `export const headers = sharedPage;` — a page the page cache may share, which reads no query
 * parameter (a loader's own Cache-Control wins).
 */
export function sharedPage({ loaderHeaders }: HeadersArgs): HeadersInit {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? SHARED_PAGE_CACHE, "No-Vary-Search": noVarySearch([]) };
}

/**
 * `export const headers = sharedPageReading("page");` — a shared page that reads these query
 * parameters; its loader checks their values (an unknown one redirects to the canonical URL or
 * is the §2 404, never a page of its own).
 */
export function sharedPageReading(...params: string[]): (args: HeadersArgs) => HeadersInit {
  const header = noVarySearch(params);
  return ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? SHARED_PAGE_CACHE, "No-Vary-Search": header });
}
