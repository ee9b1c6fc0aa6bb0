/**
 * Pages whose URL carries a value the visitor made up: a search query (`/search/text=…`) or a free
 * number in a listing's filter path (`price=100-500`, `quantity=500`). Each is a valid page, and
 * there are countless of them, so the anonymous page cache keeps them apart from the pages everyone
 * opens (server/page-cache.ts `tail`, issue 25): a stream of them never evicts the home page.
 */
import { SEARCH_PATH } from "#app/features/search/search-text.ts";

const FREE_NUMBER_SEGMENT = /\/(?:price|quantity)=[^/]*(?:\/|$)/;

export function isLongTailPath(path: string): boolean {
  return path === SEARCH_PATH || path.startsWith(`${SEARCH_PATH}/`) || FREE_NUMBER_SEGMENT.test(path);
}
