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

/** `export const headers = sharedPage;` — a page the page cache may share (a loader's own Cache-Control wins). */
export function sharedPage({ loaderHeaders }: HeadersArgs): HeadersInit {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? SHARED_PAGE_CACHE };
}
