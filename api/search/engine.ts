/**
 * The search module's interface (ADR 028). Everything that searches — search/global, search/fast,
 * product/search and filter/all with `search` — goes through one SearchEngine, so the search page's
 * list, its total and its facets agree, and a dedicated engine (OpenSearch with its Russian
 * analyzer) can replace the PostgreSQL one (postgres-engine.ts) behind the same three calls.
 */
import type { SQL } from "drizzle-orm";
import type { FastSearchQuery, GlobalSearchQuery, SearchEntityType, SearchReading, SearchResults } from "../../contract/index";

/**
 * A text resolved into SQL on `product_groups g`. A replacement engine that returns ranked ids
 * expresses them the same way (`g.id = ANY(ids)`, `array_position(ids, g.id)`), so listings and
 * facets keep filtering, counting and paging in PostgreSQL.
 */
export interface TextMatch {
  /** The condition on `g` (FALSE when nothing in the text can match). */
  where: SQL;
  /** ORDER BY keys, best first: the tier, in stock first, popularity, id. */
  order: SQL;
  /**
   * The tier: 0 the article, 1 the phrase in the title, 2 in a category the words name, 3 all words
   * in the title, 4 other matches, 5 typo corrections only; plus 10 per word a partial match lacks.
   */
  tier: SQL;
  /** The group whose article the text is, if any. */
  exactGroupId: number | null;
  /** How the text was read (colours, sizes, words not found, partial), for the search page. */
  reading: SearchReading;
}

export interface GlobalInput {
  text: string;
  page: number;
  limit: number;
}

export interface FastInput {
  text: string;
  entityType: SearchEntityType;
  limit: number;
}

export interface SearchEngine {
  /** For listings and facets (product/search, product/list and filter/all with `search`). */
  match(text: string): Promise<TextMatch>;
  /** search/global: brands, categories with breadcrumbs, one page of products, totals. */
  global(input: GlobalInput): Promise<SearchResults>;
  /**
   * The same as its JSON in UTF-8, as the answer cache keeps it (ADR 049): sent without parsing it.
   * Shared by every caller: never written to.
   */
  globalJson(input: GlobalInput): Promise<Uint8Array>;
  /** search/fast: a few of each kind for the header's suggestions. */
  fast(input: FastInput): Promise<SearchResults>;
  fastJson(input: FastInput): Promise<Uint8Array>;
}

export type { FastSearchQuery, GlobalSearchQuery };
