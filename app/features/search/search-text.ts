/**
 * The search query in URLs (ADR 029), without the filter grammar: the header box, on every page,
 * reads the current query from the path and builds plain search links with this alone. The full
 * parser of search paths is search-path.ts.
 */

export const SEARCH_PATH = "/search";
/** The contract's limit for search texts (GlobalSearchQuery, ProductSearchQuery: max 200). */
export const MAX_SEARCH_TEXT = 200;
/** The segment key of the query. */
const TEXT_KEY = "text=";

/**
 * The one spelling of a query: Unicode NFC, control characters as spaces, whitespace runs as one
 * space, trimmed, at most MAX_SEARCH_TEXT UTF-16 units (the contract's zod counts those) without
 * cutting a surrogate pair. "" when nothing is left.
 */
export function normalizeSearchText(raw: string): string {
  let text = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cs}]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  if (text.length > MAX_SEARCH_TEXT) {
    let end = MAX_SEARCH_TEXT;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
    text = text.slice(0, end).trim();
  }
  return text;
}

/**
 * The query as a path segment. encodeURIComponent, plus: a "." before a final "data" is written
 * %2E, since React Router takes a path ending in ".data" for its own data request.
 */
export function textSegment(text: string): string {
  return TEXT_KEY + encodeURIComponent(text).replace(/\.(?=data$)/, "%2E");
}

/** The canonical path of a query without filters: `/search/text=…`, `/search` for an empty one. */
export function plainSearchPath(raw: string): string {
  const text = normalizeSearchText(raw);
  return text ? `${SEARCH_PATH}/${textSegment(text)}` : SEARCH_PATH;
}

/** The query of the page at `pathname` ("" off the search pages): the header box shows it. */
export function searchTextOf(pathname: string): string {
  if (!pathname.startsWith(`${SEARCH_PATH}/`)) return "";
  for (const raw of pathname.slice(SEARCH_PATH.length + 1).split("/")) {
    if (!raw.startsWith(TEXT_KEY)) continue;
    try {
      return normalizeSearchText(decodeURIComponent(raw.slice(TEXT_KEY.length)));
    } catch {
      return "";
    }
  }
  return "";
}
