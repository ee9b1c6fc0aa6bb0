/**
 * The URLs of the search page (§2 `/search/{filters...}` and `/search/filter/{filters...}`, ADR 029):
 *
 *   /search                                   the empty search page (a message and the field)
 *   /search?text=ручка                        what the header form submits → 302 to the canonical path
 *   /search/text=ручка                        a query without filters (canonical)
 *   /search/filter/text=ручка/brand=bic/page=2   a query with facets, order or page (canonical)
 *
 * The query is one path segment, `text=` + the normalised text percent-encoded; the other segments
 * are exactly the catalogue's filter grammar (app/features/catalog/filter-path.ts), in its order.
 * As on a category page, the word "filter" is there exactly when filter segments follow, so each
 * (query, filters) pair has ONE spelling: anything else that parses (the other form, the query
 * spelled differently, unsorted values, explicit defaults, "%3D", double slashes) is a 301 to it;
 * what does not parse is the §2 404.
 *
 * The query alone (normalising, the segment, the plain path) is in search-text.ts, which the
 * header box on every page uses without loading the filter grammar.
 */
import { normalizeSearchText, SEARCH_PATH, textSegment } from "./search-text.ts";
import {
  emptyFilters,
  parseFilterPath,
  withFilterPath,
  type CatalogFilters,
} from "#app/features/catalog/filter-path.ts";

export { MAX_SEARCH_TEXT, normalizeSearchText, SEARCH_PATH, textSegment } from "./search-text.ts";

const TEXT_KEY = "text=";

/** The canonical search URL of a query and filter state; `/search` for an empty query. */
export function searchPath(text: string, filters: CatalogFilters = emptyFilters()): string {
  const normalized = normalizeSearchText(text);
  if (!normalized) return SEARCH_PATH;
  return withFilterPath(SEARCH_PATH, filters, { filterWord: true, lead: textSegment(normalized) });
}

export type ParsedSearchPath =
  /** `/search` itself (the query, if any, is in the query string). */
  | { kind: "empty" }
  | { kind: "results"; text: string; filters: CatalogFilters; canonicalPath: string }
  /** §2: the word "filter" among the filters: '404 - Страница не найдена'. */
  | { kind: "filter-word" }
  /** Anything else that names no search: 'Page not found: {path}'. */
  | { kind: "not-found" };

/**
 * Reads a request path under /search (the raw, still percent-encoded pathname: the router's
 * decoded splat would hide "%2F" inside the query and "%3D" spellings). A parse result's
 * `canonicalPath` differs from `pathname` when the page must redirect (301); `/search` when the
 * query is empty after normalising.
 */
export function parseSearchPath(pathname: string): ParsedSearchPath {
  if (pathname === SEARCH_PATH) return { kind: "empty" };
  if (!pathname.startsWith(`${SEARCH_PATH}/`)) return { kind: "not-found" };
  const segments: string[] = [];
  for (const raw of pathname.slice(SEARCH_PATH.length + 1).split("/")) {
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return { kind: "not-found" }; // "%", "%E0%A4" and other broken encodings
    }
  }
  // Empty segments (double or trailing slashes) are dropped; the canonical path then differs → 301.
  const present = segments.filter((s) => s !== "");
  // "/search/" and "/search//": nothing but slashes → the empty page.
  if (present.length === 0) return { kind: "results", text: "", filters: emptyFilters(), canonicalPath: SEARCH_PATH };
  // The one leading "filter" of the second form; any other is the §2 error.
  const rest = present[0] === "filter" ? present.slice(1) : present;
  if (rest.includes("filter")) return { kind: "filter-word" };

  const texts = rest.filter((s) => s.startsWith(TEXT_KEY));
  if (texts.length !== 1) return { kind: "not-found" };
  const parsed = parseFilterPath(rest.filter((s) => !s.startsWith(TEXT_KEY)));
  if (!parsed.ok) return { kind: "not-found" };
  const text = normalizeSearchText(texts[0].slice(TEXT_KEY.length));
  return { kind: "results", text, filters: parsed.filters, canonicalPath: searchPath(text, parsed.filters) };
}
