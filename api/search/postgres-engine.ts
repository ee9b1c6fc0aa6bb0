/**
 * Search on PostgreSQL's own tools (ADR 028), the same on PGlite and on a PostgreSQL server:
 *
 * 1. normalize.ts turns the text into variants (typed, other layout, transliteration, synonyms);
 * 2. one statement looks every word up in the vocabulary (search_words): its 'russian' lexeme, whether
 *    that lexeme begins a catalogue word's lexeme (so "кружк" typed halfway counts), and, for a word
 *    the catalogue doesn't have, the nearest catalogue word (pg_trgm candidates, fuzzystrmatch
 *    Levenshtein ≤ 1, ≤ 2 from 8 letters: "кружкка", "тремокружка", "ежедневнк");
 * 3. each variant becomes a prefix tsquery over product_groups.search (the weighted title + keywords
 *    tsvector with its GIN index); the matched set is the OR of the variants that name catalogue
 *    words, plus fuzzy corrections when the typed words alone don't;
 * 4. ranking tiers: the article; the phrase in the title; all words in the title; any other match
 *    (keywords, synonyms, word forms); fuzzy-only matches. In stock first within a tier, then
 *    popularity. (No ts_rank: reading every match's tsvector again doubled the cost of broad
 *    queries on the 100k catalogue, and the tiers already put title matches before keyword ones.)
 *
 * Answers are kept in an LRU per normalised query, dropped when the catalogue changes (onChange)
 * and after a TTL (another instance's change).
 */
import { sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Brand, CategoryBreadcrumbs, CategoryHit, ProductGroup, SearchResults } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { groupsJsonFor, withImages } from "../catalog/groups";
import type { FastInput, GlobalInput, SearchEngine, TextMatch } from "./engine";
import { normalizeQuery, wordForms, type NormalizedQuery, type QueryVariant } from "./normalize";

export interface PostgresSearchOptions {
  /** Subscribe to catalogue changes: the caches are dropped on each. */
  onChange?: (listener: () => void) => void;
  /**
   * The API's read cache lifetime (API_CACHE_TTL), ms; 0 = no cache. Search answers live
   * SEARCH_TTL_FACTOR times as long (see there).
   */
  cacheTtlMs?: number;
}

export const SEARCH_CACHE_TTL_MS = 30_000;
/**
 * This instance drops its answers on every catalogue change (onChange); the TTL only bounds how long
 * another instance's change stays unseen. Like the storefront's stale window over its shared read
 * cache (ten times API_CACHE_TTL, ADR 010), a few minutes of that are fine for search, and an answer
 * computed once serves the query's repeats for minutes instead of seconds (ADR 028).
 */
export const SEARCH_TTL_FACTOR = 10;
const CACHE_ENTRIES = 2000;
/** Categories and brands listed by search/global. */
const GLOBAL_KINDS_LIMIT = 10;

interface WordRow {
  word: string;
  lexeme: string | null;
  known: boolean;
  fuzzyWord: string | null;
  fuzzyLexeme: string | null;
}

/** A variant as a tsquery (text), or null when one of its words names nothing in the catalogue. */
interface BuiltVariant {
  kind: QueryVariant["kind"];
  fuzzy: boolean;
  query: string;
  /** The same words restricted to the title (weight A). */
  titleQuery: string;
  /** The words as the catalogue writes them (typos corrected), for the phrase tier. */
  phrase: string;
}

/** Resolved text: what TextMatch and the answers are built from (cached per normalised query). */
interface Resolved {
  exactQuery: string | null;
  fuzzyQuery: string | null;
  titleQuery: string | null;
  phrase: string | null;
  code: string | null;
  exactGroupId: number | null;
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;
const or = (parts: string[]) => (parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(" | "));

/** Words are [a-zа-я0-9] only (normalize.ts), so a PostgreSQL array literal needs no escaping. */
const textArray = (words: readonly string[]) => sql`${`{${words.join(",")}}`}::text[]`;

function buildVariant(variant: QueryVariant, rows: Map<string, WordRow>): BuiltVariant | null {
  const parts: string[] = [];
  const titleParts: string[] = [];
  const phrase: string[] = [];
  let fuzzy = false;
  for (const word of variant.words) {
    const forms = wordForms(word).map((w) => rows.get(w));
    const known = [...new Set(forms.filter((r) => r?.known && r.lexeme).map((r) => r!.lexeme!))];
    const typed = forms[0];
    if (!forms.some((r) => r?.lexeme)) {
      // A stop word ("с", "для") or a character-less token: no lexeme, nothing to require.
      phrase.push(word);
      continue;
    }
    if (known.length) {
      parts.push(or(known.map((l) => `${quote(l)}:*`)));
      titleParts.push(or(known.map((l) => `${quote(l)}:*A`)));
      phrase.push(word);
    } else if (typed?.fuzzyLexeme) {
      fuzzy = true;
      parts.push(`${quote(typed.fuzzyLexeme)}:*`);
      titleParts.push(`${quote(typed.fuzzyLexeme)}:*A`);
      phrase.push(typed.fuzzyWord!);
    } else {
      return null;
    }
  }
  if (!parts.length) return null;
  return { kind: variant.kind, fuzzy, query: parts.join(" & "), titleQuery: titleParts.join(" & "), phrase: phrase.join(" ") };
}

/** LIKE pattern for a literal (the phrase and article are [a-zа-я0-9 -_.] but escape anyway). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * LIKE patterns finding a normalised phrase in a title as written: "е" may be "ё" there (any one
 * character, "_"), and the phrase may start the title with a capital. Plain LIKE on the title, no
 * per-row lower()/translate(): lower() ignores Cyrillic under the C locale, and translate() on every
 * match cost more than the rest of the query on the 100k catalogue.
 */
function titlePatterns(phrase: string): string[] {
  const pattern = likeLiteral(phrase).replace(/е/g, "_");
  const capital = pattern.charAt(0).toUpperCase() + pattern.slice(1);
  return [...new Set([`%${pattern}%`, `%${capital}%`])];
}

export function createPostgresSearch(db: Db, options: PostgresSearchOptions = {}): SearchEngine {
  const ttl = (options.cacheTtlMs ?? SEARCH_CACHE_TTL_MS) * SEARCH_TTL_FACTOR;
  const resolvedCache = ttl > 0 ? new LRUCache<string, Promise<Resolved>>({ max: CACHE_ENTRIES, ttl }) : null;
  const answers = ttl > 0 ? new LRUCache<string, Promise<SearchResults>>({ max: CACHE_ENTRIES, ttl }) : null;
  options.onChange?.(() => {
    resolvedCache?.clear();
    answers?.clear();
  });

  /** Memoises a promise; a failed one is forgotten so the next call retries. */
  function cached<T extends object>(cache: LRUCache<string, Promise<T>> | null, key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache?.get(key);
    if (hit) return hit;
    const value = load();
    if (cache) {
      cache.set(key, value);
      value.catch(() => {
        if (cache.get(key) === value) cache.delete(key);
      });
    }
    return value;
  }

  const keyOf = (q: NormalizedQuery) => `${q.variants.map((v) => v.words.join(" ")).join("|")}#${q.code ?? ""}`;

  async function resolve(q: NormalizedQuery): Promise<Resolved> {
    const words = [...new Set(q.variants.flatMap((v) => v.words.flatMap(wordForms)))];
    const codeLike = q.code ? `${likeLiteral(q.code)}-%` : null;
    const [row] = await queryRows<{ words: WordRow[] | null; sku: number | null; article: number | null }>(
      db,
      sql`WITH w AS (
            SELECT w.word, l.lexeme,
              l.lexeme IS NOT NULL AND EXISTS (SELECT 1 FROM search_words v WHERE v.lexeme LIKE l.lexeme || '%') AS known
            FROM unnest(${textArray(words.length ? words : [""])}) AS w(word)
            LEFT JOIN LATERAL (SELECT t.lexeme FROM unnest(to_tsvector('russian', w.word)) AS t ORDER BY t.lexeme LIMIT 1) l ON true
            WHERE w.word <> ''
          )
          SELECT
            (SELECT json_agg(json_build_object('word', w.word, 'lexeme', w.lexeme, 'known', w.known,
                'fuzzyWord', f.word, 'fuzzyLexeme', f.lexeme))
               FROM w LEFT JOIN LATERAL (
                 SELECT v.word, v.lexeme FROM search_words v
                 WHERE NOT w.known AND w.lexeme IS NOT NULL AND char_length(w.word) >= 4 AND w.word !~ '[0-9]'
                   AND v.word % w.word
                   AND levenshtein(v.word, w.word) <= CASE WHEN char_length(w.word) >= 8 THEN 2 ELSE 1 END
                 ORDER BY levenshtein(v.word, w.word), similarity(v.word, w.word) DESC, v.groups DESC, v.word
                 LIMIT 1) f ON true) AS words,
            ${
              q.code
                ? sql`(SELECT p.group_id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active
                       WHERE p.sku = ${q.code} LIMIT 1)`
                : sql`NULL::int`
            } AS sku,
            ${
              codeLike
                ? sql`(SELECT min(g.id) FROM product_groups g
                       WHERE g.is_active AND g.search @@ ${codeTsQuery(q.code!)}
                         AND EXISTS (SELECT 1 FROM products p WHERE p.group_id = g.id AND p.sku LIKE ${codeLike})
                       HAVING count(*) = 1)`
                : sql`NULL::int`
            } AS article`,
    );
    const rows = new Map((row.words ?? []).map((r) => [r.word, r]));
    const built = q.variants.map((v) => buildVariant(v, rows)).filter((v): v is BuiltVariant => v !== null);
    const exact = built.filter((v) => !v.fuzzy);
    const typedExact = exact.some((v) => v.kind === "typed");
    const fuzzy = typedExact ? [] : built.filter((v) => v.fuzzy);
    // Tiers are measured against one reading of the text: the catalogue's own name when the text
    // holds a synonym term (its first search phrase: "повербанк" and "power bank" rank "Внешний
    // аккумулятор …" first, not a gift set titled "… с блокнотом и power bank"), else the shopper's
    // words as typed, else the other layout or the transliteration, else the typo corrections.
    const primary =
      exact.find((v) => v.kind === "synonym") ??
      exact.find((v) => v.kind !== "synonym") ??
      fuzzy.find((v) => v.kind === "synonym") ??
      fuzzy[0] ??
      null;
    return {
      exactQuery: exact.length ? or(exact.map((v) => v.query)) : null,
      fuzzyQuery: fuzzy.length ? or(fuzzy.map((v) => v.query)) : null,
      titleQuery: primary?.titleQuery ?? null,
      phrase: primary?.phrase ?? null,
      code: q.code,
      exactGroupId: row.sku ?? row.article ?? null,
    };
  }

  const resolved = (q: NormalizedQuery) => cached(resolvedCache, keyOf(q), () => resolve(q));

  function toMatch(r: Resolved): TextMatch {
    const all = [r.exactQuery, r.fuzzyQuery].filter((x): x is string => x !== null);
    const tsq = all.length ? sql`${or(all)}::tsquery` : null;
    const conditions: SQL[] = [];
    if (tsq) conditions.push(sql`g.search @@ ${tsq}`);
    if (r.code) conditions.push(sql`g.search @@ ${codeTsQuery(r.code)}`);
    if (r.exactGroupId !== null) conditions.push(sql`g.id = ${r.exactGroupId}`);
    const where = conditions.length ? sql`(${sql.join(conditions, sql` OR `)})` : sql`false`;

    const tiers: SQL[] = [];
    if (r.exactGroupId !== null) tiers.push(sql`WHEN g.id = ${r.exactGroupId} THEN 0`);
    if (r.phrase) {
      const likes = titlePatterns(r.phrase).map((p) => sql`g.title LIKE ${p}`);
      tiers.push(sql`WHEN ${sql.join(likes, sql` OR `)} THEN 1`);
    }
    if (r.titleQuery) tiers.push(sql`WHEN g.search @@ ${r.titleQuery}::tsquery THEN 2`);
    if (r.exactQuery) tiers.push(sql`WHEN g.search @@ ${r.exactQuery}::tsquery THEN 3`);
    const tier = tiers.length ? sql`CASE ${sql.join(tiers, sql` `)} ELSE 4 END` : null;
    // Keys left out rather than constants: a bare number in ORDER BY names an output column.
    const keys: SQL[] = [];
    if (tier) keys.push(tier);
    keys.push(sql`(g.total_stock > 0) DESC`);
    keys.push(sql`g.popularity DESC, g.id DESC`);
    return {
      where,
      order: sql.join(keys, sql`, `),
      tier: tier ?? sql`4`,
      exactGroupId: r.exactGroupId,
    };
  }

  async function match(text: string): Promise<TextMatch> {
    return toMatch(await resolved(normalizeQuery(text)));
  }

  interface Slices {
    products: { limit: number; offset: number } | null;
    kindsLimit: number;
    categories: boolean;
    brands: boolean;
  }

  async function answer(text: string, slices: Slices): Promise<SearchResults> {
    const q = normalizeQuery(text);
    const r = await resolved(q);
    const m = toMatch(r);
    const brandQuery = [r.exactQuery, r.fuzzyQuery].filter((x): x is string => x !== null);
    const productIds = slices.products
      ? sql`ARRAY(SELECT id FROM m ORDER BY tier, in_stock DESC, popularity DESC, id DESC
               LIMIT ${slices.products.limit} OFFSET ${slices.products.offset})`
      : sql`'{}'::int[]`;
    const [row] = await queryRows<{
      total: number;
      groups: ProductGroup[];
      categories: (CategoryHit & { items: CategoryBreadcrumbs["items"] })[] | null;
      categoryTotal: number;
      brands: Brand[] | null;
      brandTotal: number;
    }>(
      db,
      sql`WITH m AS MATERIALIZED (
            SELECT g.id, g.category_id, ${m.tier} AS tier, (g.total_stock > 0) AS in_stock, g.popularity
            FROM product_groups g
            -- Brands alone (search/fast entityType=brand) need no product rows.
            WHERE g.is_active AND ${slices.products || slices.categories ? m.where : sql`false`}
          ),
          cats AS (
            SELECT m.category_id, count(*)::int AS n, min(m.tier) AS best FROM m
            JOIN categories c ON c.id = m.category_id AND c.is_active
            GROUP BY m.category_id
          ),
          br AS (
            SELECT b.id, b.title, b.slug, b.letter, b.image FROM brands b
            WHERE ${slices.brands && brandQuery.length ? sql`to_tsvector('russian', b.title) @@ ${or(brandQuery)}::tsquery` : sql`false`}
          )
          SELECT
            (SELECT count(*)::int FROM m) AS total,
            ${groupsJsonFor(productIds)} AS groups,
            ${
              slices.categories
                ? sql`(SELECT json_agg(json_build_object('id', c.id, 'title', c.title, 'slug', c.slug, 'count', x.n,
                      'items', (SELECT json_agg(json_build_object('id', a.id, 'title', a.title, 'slug', a.slug) ORDER BY a.depth)
                                FROM categories a WHERE a.id = ANY(string_to_array(trim(both '/' from c.path), '/')::int[])))
                      ORDER BY x.best, x.n DESC, x.category_id)
                    FROM (SELECT * FROM cats ORDER BY best, n DESC, category_id LIMIT ${slices.kindsLimit}) x JOIN categories c ON c.id = x.category_id)`
                : sql`NULL::json`
            } AS categories,
            ${slices.categories ? sql`(SELECT count(*)::int FROM cats)` : sql`0`} AS "categoryTotal",
            (SELECT json_agg(json_build_object('id', x.id, 'title', x.title, 'slug', x.slug, 'letter', x.letter, 'image', x.image) ORDER BY x.title, x.id)
               FROM (SELECT * FROM br ORDER BY title, id LIMIT ${slices.kindsLimit}) x) AS brands,
            (SELECT count(*)::int FROM br) AS "brandTotal"`,
    );
    const categories = row.categories ?? [];
    return {
      brands: row.brands ?? [],
      categories: categories.map(({ items: _items, ...hit }) => hit),
      products: (row.groups ?? []).map(withImages),
      categoriesBreadCrumbsItems: categories.map((c) => ({ categoryId: c.id, items: c.items ?? [] })),
      // Guests only for now: the accounts issue keeps logged-in users' queries on the server.
      searchHistory: [],
      exactProduct: r.exactGroupId !== null ? { groupId: r.exactGroupId } : null,
      total: {
        brands: row.brandTotal,
        categories: row.categoryTotal,
        products: slices.products ? row.total : 0,
      },
    };
  }

  return {
    match,

    global({ text, page, limit }: GlobalInput) {
      const key = `g|${page}|${limit}|${keyOf(normalizeQuery(text))}`;
      return cached(answers, key, () =>
        answer(text, { products: { limit, offset: (page - 1) * limit }, kindsLimit: GLOBAL_KINDS_LIMIT, categories: true, brands: true }),
      );
    },

    fast({ text, entityType, limit }: FastInput) {
      const key = `f|${entityType}|${limit}|${keyOf(normalizeQuery(text))}`;
      const any = entityType === "any";
      return cached(answers, key, () =>
        answer(text, {
          products: any || entityType === "product" ? { limit, offset: 0 } : null,
          kindsLimit: limit,
          categories: any || entityType === "category",
          brands: any || entityType === "brand",
        }),
      );
    },
  };
}

/**
 * An article typed in part ("PB-000123") as PostgreSQL parses it in the keywords: every lexeme of
 * the text as a prefix (the parser splits "PB-000123-01" into "pb", "-000123", "-01").
 */
function codeTsQuery(code: string): SQL {
  return sql`(SELECT to_tsquery('simple', string_agg(quote_literal(t.lexeme) || ':*', ' & '))
    FROM unnest(to_tsvector('russian', ${code})) AS t)`;
}
