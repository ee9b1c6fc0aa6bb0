/**
 * Search on PostgreSQL's own tools (ADR 028, 044), the same on PGlite and on a PostgreSQL server:
 *
 * 1. normalize.ts turns the text into variants (typed, other layout, transliteration, synonyms);
 * 2. one statement looks every word up in the vocabulary (search_words): its 'russian' lexeme, whether
 *    that lexeme begins a catalogue word's lexeme (so "кружк" typed halfway counts), for a word
 *    the catalogue doesn't have the nearest catalogue word (pg_trgm candidates, fuzzystrmatch
 *    Levenshtein ≤ 1, ≤ 2 from 8 letters: "кружкка", "тремокружка", "ежедневнк"), the categories
 *    whose names hold it, and the colour dictionary's lexemes;
 * 3. each variant is read word by word (issue 25, ADR 044): the shop's service words ("с
 *    логотипом") and stop words require nothing, colour words ("синяя") become the colour facet,
 *    size words ("xl", "чд") a size of a variation, words the catalogue lacks are left out (and
 *    named); the rest become a prefix tsquery over product_groups.search (the weighted title +
 *    keywords tsvector with its GIN index). The readings that leave out fewest words are OR-ed, typo
 *    corrections only when the typed words alone are not all catalogue words;
 * 4. when no product has every word (one EXISTS per relaxation, asked only for several words or a
 *    facet), the nearest partial match: any of the words with the facets, then without a size, a
 *    colour, both; ranked by how many words a group has;
 * 5. ranking tiers: the article; the phrase in the title (whole words); in a category the words
 *    name; all words in the title; any other match (keywords, synonyms, word forms); fuzzy-only
 *    matches. In stock first within a tier, then popularity. (No ts_rank: reading every match's
 *    tsvector again doubled the cost of broad queries on the 100k catalogue.)
 * 6. nothing found (search/global): the nearest categories and catalogue words as suggestions,
 *    from the category table and the vocabulary only.
 *
 * Answers are kept in an LRU per normalised query (lru-cache's fetch(): one computation for
 * concurrent askers), dropped when the catalogue changes (onChange) and after a TTL (another
 * instance's change). They are kept as their JSON in UTF-8 bytes under a byte budget (ADR 049): sent
 * as they are by the routes, parsed for a reader that needs the object (its own copy). A parsed
 * answer is several times its JSON on the heap; bytes are outside it, so they add no garbage
 * collector headroom either.
 */
import { sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type {
  Brand,
  CategoryBreadcrumbs,
  CategoryHit,
  CategoryLink,
  ProductGroup,
  SearchReading,
  SearchResults,
  SearchSuggestions,
} from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { groupsJsonFor, withImages } from "../catalog/groups";
import { COLOR_CODE } from "../catalog/facet-codes";
import type { FastInput, GlobalInput, SearchEngine, TextMatch } from "./engine";
import {
  isShopWord,
  MAX_WORDS,
  normalizeQuery,
  sizeOf,
  wordForms,
  type NormalizedQuery,
  type QueryVariant,
  type VariantKind,
} from "./normalize";
import { foldSql } from "./vocabulary";

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
/**
 * Byte budgets of the engine's caches (ADR 049; every cache's bounds: docs/architecture.md "Caches
 * and their bounds"). Answers are counted in their UTF-8 bytes, resolved texts as their JSON in
 * UTF-16 (2 bytes a character, as V8 keeps a string with Cyrillic in it).
 */
export const SEARCH_CACHE_BYTES = { answers: 32 * 1024 * 1024, resolved: 4 * 1024 * 1024 };
const CACHE_ENTRIES = 2000;
/** Categories and brands listed by search/global. */
const GLOBAL_KINDS_LIMIT = 10;

interface WordRow {
  word: string;
  lexeme: string | null;
  /** The lexeme begins a catalogue word's lexeme (so "кружк", typed halfway, counts). */
  known: boolean;
  /** A catalogue word has exactly this lexeme ("натуральной" is a title word besides a colour). */
  exact: boolean;
  fuzzyWord: string | null;
  fuzzyLexeme: string | null;
}

/** A colour of the dictionary with the 'russian' lexemes of its title's words ("темн", "син"). */
interface ColorRow {
  id: number;
  slug: string;
  title: string;
  lexemes: string[];
}

/**
 * The small dictionaries a reading needs, as lexemes: colours and active categories (a few dozen
 * rows whatever the catalogue's size). Loaded once per engine and kept like the answers.
 */
interface Dictionary {
  colors: ColorRow[];
  categories: { id: number; lexemes: string[] }[];
}

/** Categories with a title word beginning with one of the lexemes ("кружк" → Кружки, not Термокружки). */
const categoriesOf = (dict: Dictionary, lexemes: readonly string[]) =>
  dict.categories.filter((c) => c.lexemes.some((l) => lexemes.some((x) => l.startsWith(x)))).map((c) => c.id);

/** One content word of a reading: what a product must have for it. */
interface Term {
  /** The word's alternatives as a tsquery ('ручек':* | 'ручк':*). */
  query: string;
  /** The same restricted to the title (weight A). */
  titleQuery: string;
  /** The word as the catalogue writes it (a typo corrected), for the phrase tier. */
  word: string;
  fuzzy: boolean;
  categories: number[];
}

/** Colour words of a reading ("синяя" → Синий and its shade Тёмно-синий). */
interface ColorHit {
  colors: ColorRow[];
  /** The typed words (normalised) that named them. */
  words: string[];
  /** The words as catalogue words too ("натуральной кожи"), a tsquery; null when they are not. */
  text: string | null;
}

/** A variant read word by word (issue 25). */
interface Reading {
  kind: VariantKind;
  terms: Term[];
  colors: ColorHit[];
  sizes: { size: string; words: string[] }[];
  /** Typed words (normalised) that name nothing in the catalogue: left out. */
  missing: string[];
  /** The content words in order (stop words between them kept), for the phrase tier. */
  phrase: string | null;
}

/** One alternative of the match: its terms AND-ed (or OR-ed for a partial match) with its facets. */
interface Clause {
  terms: string | null;
  colorCodes: number[];
  colorTexts: string[];
  sizes: string[];
}

/** Resolved text: what TextMatch and the answers are built from (cached per normalised query). */
interface Resolved {
  /** OR-ed; none = nothing matches (but the article). */
  clauses: Clause[];
  /** A partial match: the terms counted per group, 10 tiers per one it lacks. */
  partialTerms: string[] | null;
  /** Tier 4: the words read without typo corrections. */
  exactQuery: string | null;
  /** Tier 3. */
  titleQuery: string | null;
  /** Tier 1. */
  phrase: string | null;
  /** Tier 2: categories the words name. */
  categories: number[];
  /** Brands whose name matches. */
  brandQuery: string | null;
  /** Words to suggest neighbours of when nothing is found. */
  suggestWords: string[];
  code: string | null;
  exactGroupId: number | null;
  reading: SearchReading;
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;
const or = (parts: string[]) => (parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(" | "));
const and = (parts: string[]) => (parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(" & "));
const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** Words are [a-zа-я0-9] only (normalize.ts), so a PostgreSQL array literal needs no escaping. */
const textArray = (words: readonly string[]) => sql`${`{${words.join(",")}}`}::text[]`;
const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::int[]`;

/**
 * The colours a run of words starting at `i` names, longest first: "темно синяя" is Тёмно-синий; a
 * single word names every colour whose last word it is ("синяя": Синий and its shade Тёмно-синий).
 */
function colorAt(words: readonly string[], i: number, rows: Map<string, WordRow>, colors: readonly ColorRow[]): { colors: ColorRow[]; length: number } | null {
  const lexemes = words.slice(i, i + 3).map((w) => rows.get(w)?.lexeme ?? null);
  if (!lexemes[0]) return null;
  for (let length = lexemes.length; length >= 2; length--) {
    const hit = colors.filter((c) => c.lexemes.length === length && c.lexemes.every((l, k) => l === lexemes[k]));
    if (hit.length) return { colors: hit, length };
  }
  const hit = colors.filter((c) => c.lexemes.at(-1) === lexemes[0]);
  return hit.length ? { colors: hit, length: 1 } : null;
}

function buildReading(variant: QueryVariant, typed: readonly string[], rows: Map<string, WordRow>, dict: Dictionary): Reading {
  const { colors } = dict;
  const { words } = variant;
  // The typed word a variant's word stands for: the layout switch and the transliteration keep the
  // count, and the page must name what the shopper typed ("cbyzz", not "синяя").
  const shown = (i: number) => (words.length === typed.length ? typed[i] : words[i]);
  const reading: Reading = { kind: variant.kind, terms: [], colors: [], sizes: [], missing: [], phrase: null };
  const phrase: { word: string; stop: boolean }[] = [];
  for (let i = 0; i < words.length; ) {
    const color = colorAt(words, i, rows, colors);
    if (color) {
      const span = words.slice(i, i + color.length).map((w) => rows.get(w));
      const text = span.every((r) => r?.exact) ? and(span.map((r) => quote(r!.lexeme!))) : null;
      reading.colors.push({ colors: color.colors, words: span.map((_, k) => shown(i + k)), text });
      i += color.length;
      continue;
    }
    const word = words[i];
    const size = sizeOf(word);
    if (size) reading.sizes.push({ size, words: [shown(i)] });
    else if (!isShopWord(word)) {
      const forms = wordForms(word).map((w) => rows.get(w));
      const known = forms.filter((r): r is WordRow => Boolean(r?.known && r.lexeme));
      const typedRow = forms[0];
      if (!forms.some((r) => r?.lexeme)) {
        // A stop word ("с", "для"): no lexeme, nothing to require; kept inside the phrase.
        phrase.push({ word, stop: true });
      } else if (known.length) {
        const lexemes = unique(known.map((r) => r.lexeme!));
        reading.terms.push({
          query: or(lexemes.map((l) => `${quote(l)}:*`)),
          titleQuery: or(lexemes.map((l) => `${quote(l)}:*A`)),
          word,
          fuzzy: false,
          categories: categoriesOf(dict, lexemes),
        });
        phrase.push({ word, stop: false });
      } else if (typedRow?.fuzzyLexeme) {
        reading.terms.push({
          query: `${quote(typedRow.fuzzyLexeme)}:*`,
          titleQuery: `${quote(typedRow.fuzzyLexeme)}:*A`,
          word: typedRow.fuzzyWord!,
          fuzzy: true,
          categories: categoriesOf(dict, [typedRow.fuzzyLexeme]),
        });
        phrase.push({ word: typedRow.fuzzyWord!, stop: false });
      } else {
        reading.missing.push(shown(i));
      }
    }
    i += 1;
  }
  while (phrase[0]?.stop) phrase.shift();
  while (phrase.at(-1)?.stop) phrase.pop();
  reading.phrase = phrase.length ? phrase.map((p) => p.word).join(" ") : null;
  return reading;
}

const hasFacets = (r: Reading) => r.colors.length > 0 || r.sizes.length > 0;
const isFuzzy = (r: Reading) => r.terms.some((t) => t.fuzzy);

/** A reading as a clause: all its terms (or any, for a partial match), with or without its colours and sizes. */
function clauseOf(r: Reading, terms: "all" | "any", colors: boolean, sizes: boolean): Clause {
  const queries = r.terms.map((t) => t.query);
  return {
    terms: queries.length ? (terms === "all" ? and(queries) : or(queries)) : null,
    colorCodes: colors ? unique(r.colors.flatMap((h) => h.colors.map((c) => COLOR_CODE + c.id))) : [],
    colorTexts: colors ? unique(r.colors.flatMap((h) => (h.text ? [h.text] : []))) : [],
    sizes: sizes ? unique(r.sizes.map((s) => s.size)) : [],
  };
}

/** Clauses with the same facets become one (their terms OR-ed): one GIN scan, as before issue 25. */
function mergeClauses(clauses: Clause[]): Clause[] {
  const out = new Map<string, Clause>();
  for (const c of clauses) {
    const key = JSON.stringify([c.colorCodes, c.colorTexts, c.sizes, c.terms === null]);
    const seen = out.get(key);
    if (!seen) out.set(key, { ...c });
    else if (seen.terms !== null && c.terms !== null && seen.terms !== c.terms) seen.terms = `(${seen.terms}) | (${c.terms})`;
  }
  return [...out.values()];
}

function clauseSql(c: Clause): SQL {
  const parts: SQL[] = [];
  if (c.terms !== null) parts.push(sql`g.search @@ ${c.terms}::tsquery`);
  const color: SQL[] = [];
  if (c.colorCodes.length) color.push(sql`g.facet_codes && ${intArray(c.colorCodes)}`);
  for (const text of c.colorTexts) color.push(sql`g.search @@ ${text}::tsquery`);
  if (color.length) parts.push(sql`(${sql.join(color, sql` OR `)})`);
  // A size is a variation's (products.size): the group has one in that size. IN, not EXISTS: one
  // index-only range of products_size_group_idx hashed, not a probe per matching group.
  if (c.sizes.length) parts.push(sql`g.id IN (SELECT p.group_id FROM products p WHERE p.size = ANY(${textArray(c.sizes)}))`);
  return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`false`;
}

const clausesSql = (clauses: readonly Clause[]) => (clauses.length ? sql`(${sql.join(clauses.map(clauseSql), sql` OR `)})` : sql`false`);

/** LIKE pattern for a literal (the phrase and article are [a-zа-я0-9 -_.] but escape anyway). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * LIKE patterns finding a normalised phrase in a title as written: "е" may be "ё" there (any one
 * character, "_"), and the phrase may start the title with a capital. Plain LIKE on the title, no
 * per-row lower()/translate(): lower() ignores Cyrillic under the C locale, and translate() on every
 * match cost more than the rest of the query on the 100k catalogue.
 */
function titlePatterns(phrase: string): string[] {
  const pattern = likeLiteral(phrase).replace(/[е ]/g, "_");
  const capital = pattern.charAt(0).toUpperCase() + pattern.slice(1);
  return [...new Set([`%${pattern}%`, `%${capital}%`])];
}

const LETTER = "a-zA-Zа-яА-ЯёЁ0-9";

/**
 * The phrase as whole words, for the titles the LIKE above let through (a handful): "кружко" (a typo
 * of "кружка") is inside "с пледом и кружкой" but is not that word. POSIX classes know no Cyrillic
 * under the C locale, hence the explicit ranges; the words may be joined by a hyphen in the title
 * ("ручка роллер" is "Ручка-роллер").
 */
function phraseRegex(phrase: string): string {
  const body = [...phrase]
    .map((ch, i) => {
      if (ch === " ") return `[^${LETTER}]+`;
      const forms = ch === "е" ? ["е", "ё"] : [ch];
      if (i === 0) forms.push(...forms.map((f) => f.toUpperCase()));
      const set = unique(forms);
      return set.length > 1 ? `[${set.join("")}]` : ch;
    })
    .join("");
  return `(^|[^${LETTER}])${body}($|[^${LETTER}])`;
}

/** Neighbours offered for a text that finds nothing: categories and queries, at most this many each. */
const SUGGESTIONS = 6;
/** word_similarity of a typed word to a category's title that makes the category "near". */
const NEAR_CATEGORY = 0.4;

export function createPostgresSearch(db: Db, options: PostgresSearchOptions = {}): SearchEngine {
  const ttl = (options.cacheTtlMs ?? SEARCH_CACHE_TTL_MS) * SEARCH_TTL_FACTOR;
  const resolvedCache = memoCache<Resolved>(ttl, { max: CACHE_ENTRIES, maxSize: SEARCH_CACHE_BYTES.resolved, sizeCalculation: jsonBytes });
  const answers = memoCache<Buffer>(ttl, { max: CACHE_ENTRIES, maxSize: SEARCH_CACHE_BYTES.answers, sizeCalculation: (json) => Math.max(1, json.byteLength) });
  // One entry: the colour and category dictionaries (a few dozen rows whatever the catalogue's size).
  const dictionaries = memoCache<Dictionary>(ttl, { max: 1 });
  options.onChange?.(() => {
    resolvedCache?.clear();
    answers?.clear();
    dictionaries?.clear();
  });

  /** An answer's JSON (UTF-8) through the cache: computed once for concurrent askers. Read only: shared by every caller. */
  function cachedAnswer(key: string, load: () => Promise<SearchResults>): Promise<Buffer> {
    return cached(answers, key, async () => Buffer.from(JSON.stringify(await load())));
  }

  function globalJson({ text, page, limit }: GlobalInput): Promise<Buffer> {
    const key = `g|${page}|${limit}|${keyOf(normalizeQuery(text))}`;
    return cachedAnswer(key, () =>
      answer(text, {
        products: { limit, offset: (page - 1) * limit },
        kindsLimit: GLOBAL_KINDS_LIMIT,
        categories: true,
        brands: true,
        suggest: true,
      }),
    );
  }

  function fastJson({ text, entityType, limit }: FastInput): Promise<Buffer> {
    const key = `f|${entityType}|${limit}|${keyOf(normalizeQuery(text))}`;
    const any = entityType === "any";
    return cachedAnswer(key, () =>
      answer(text, {
        products: any || entityType === "product" ? { limit, offset: 0 } : null,
        kindsLimit: limit,
        categories: any || entityType === "category",
        brands: any || entityType === "brand",
        suggest: false,
      }),
    );
  }

  /** A reader's own copy of an answer (the cache keeps its JSON). */
  const parsed = async (json: Promise<Buffer>) => JSON.parse((await json).toString("utf8")) as SearchResults;

  /** The colour and category dictionaries as lexemes: one small statement, then memory. */
  const loadDictionary = () =>
    cached(dictionaries, "dictionary", async () => {
      const lexemesOf = (title: SQL) => sql`ARRAY(
        SELECT l.lexeme FROM regexp_split_to_table(${foldSql(title)}, '[^a-zа-я0-9]+') WITH ORDINALITY AS t(word, n)
        CROSS JOIN LATERAL (SELECT x.lexeme FROM unnest(to_tsvector('russian', t.word)) AS x ORDER BY x.lexeme LIMIT 1) l
        WHERE t.word <> '' ORDER BY t.n)`;
      const [row] = await queryRows<{ colors: ColorRow[] | null; categories: Dictionary["categories"] | null }>(
        db,
        sql`SELECT
          (SELECT json_agg(json_build_object('id', c.id, 'slug', c.slug, 'title', c.title, 'lexemes', ${lexemesOf(sql`c.title`)}) ORDER BY c.sort, c.id)
             FROM colors c) AS colors,
          (SELECT json_agg(json_build_object('id', c.id, 'lexemes', ${lexemesOf(sql`c.title`)}) ORDER BY c.id)
             FROM categories c WHERE c.is_active) AS categories`,
      );
      return { colors: (row.colors ?? []).filter((c) => c.lexemes.length > 0), categories: row.categories ?? [] };
    });

  const keyOf = (q: NormalizedQuery) => `${q.variants.map((v) => v.words.join(" ")).join("|")}#${q.code ?? ""}`;

  async function resolve(q: NormalizedQuery): Promise<Resolved> {
    const words = [...new Set(q.variants.flatMap((v) => v.words.flatMap(wordForms)))];
    const codeLike = q.code ? `${likeLiteral(q.code)}-%` : null;
    const dict = await loadDictionary();
    const [row] = await queryRows<{ words: WordRow[] | null; sku: number | null; article: number | null }>(
      db,
      sql`WITH w AS (
            SELECT w.word, l.lexeme,
              l.lexeme IS NOT NULL AND EXISTS (SELECT 1 FROM search_words v WHERE v.lexeme LIKE l.lexeme || '%') AS known,
              l.lexeme IS NOT NULL AND EXISTS (SELECT 1 FROM search_words v WHERE v.lexeme = l.lexeme) AS exact
            FROM unnest(${textArray(words.length ? words : [""])}) AS w(word)
            LEFT JOIN LATERAL (SELECT t.lexeme FROM unnest(to_tsvector('russian', w.word)) AS t ORDER BY t.lexeme LIMIT 1) l ON true
            WHERE w.word <> ''
          ),
          wf AS (
            SELECT w.*, f.word AS fuzzy_word, f.lexeme AS fuzzy_lexeme FROM w LEFT JOIN LATERAL (
              SELECT v.word, v.lexeme FROM search_words v
              WHERE NOT w.known AND w.lexeme IS NOT NULL AND char_length(w.word) >= 4 AND w.word !~ '[0-9]'
                AND v.word % w.word
                AND levenshtein(v.word, w.word) <= CASE WHEN char_length(w.word) >= 8 THEN 2 ELSE 1 END
              ORDER BY levenshtein(v.word, w.word), similarity(v.word, w.word) DESC, v.groups DESC, v.word
              LIMIT 1) f ON true
          )
          SELECT
            (SELECT json_agg(json_build_object('word', wf.word, 'lexeme', wf.lexeme, 'known', wf.known, 'exact', wf.exact,
                'fuzzyWord', wf.fuzzy_word, 'fuzzyLexeme', wf.fuzzy_lexeme))
               FROM wf) AS words,
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
    const exactGroupId = row.sku ?? row.article ?? null;
    const typed = q.variants[0].words;
    const article = q.code !== null && (exactGroupId !== null || typed.length === 1 || q.code.includes("-"));
    const readings = q.variants.map((v) => buildReading(v, typed, rows, dict));
    const useful = readings.filter((r) => r.terms.length > 0 || hasFacets(r));
    const allMissing = unique(readings.flatMap((r) => r.missing));
    const nothing: Resolved = {
      clauses: [],
      partialTerms: null,
      exactQuery: null,
      titleQuery: null,
      phrase: null,
      categories: [],
      brandQuery: null,
      suggestWords: allMissing,
      code: q.code,
      exactGroupId,
      reading: { colors: [], sizes: [], missing: [], partial: false },
    };
    if (!useful.length) return nothing;

    // The readings that explain the most words; typo corrections only when the typed words alone
    // are not all catalogue words (a "did you mean" that never overrides what was typed right).
    const fewest = Math.min(...useful.map((r) => r.missing.length));
    const best = useful.filter((r) => r.missing.length === fewest);
    const exact = best.filter((r) => !isFuzzy(r));
    const fuzzy = exact.some((r) => r.kind === "typed") ? [] : best.filter(isFuzzy);
    // Tiers and the page's words come from one reading: the catalogue's own name when the text holds
    // a synonym term (its first search phrase: "повербанк" and "power bank" rank "Внешний
    // аккумулятор …" first, not a gift set titled "… с блокнотом и power bank"), else the shopper's
    // words as typed, else the other layout or the transliteration, else the typo corrections.
    const primary =
      exact.find((r) => r.kind === "synonym") ?? exact.find((r) => r.kind !== "synonym") ?? fuzzy.find((r) => r.kind === "synonym") ?? fuzzy[0];
    const live = [...exact, ...fuzzy];

    // When no product has every word (and every colour and size), the nearest partial match: fewer
    // words with the facets, then the words without the facets (those then count as not found).
    // A single catalogue word needs no check: the vocabulary holds only words of active groups.
    type Option = { clauses: Clause[]; partial: boolean; colors: boolean; sizes: boolean };
    const options: Option[] = [
      { clauses: mergeClauses(live.map((r) => clauseOf(r, "all", true, true))), partial: false, colors: true, sizes: true },
    ];
    const many = primary.terms.length > 1;
    const add = (terms: "all" | "any", colors: boolean, sizes: boolean) => {
      if (terms === "any" && !many) return;
      // Worth asking only when it drops something of the primary reading and leaves something.
      const drops = terms === "any" || (!colors && primary.colors.length > 0) || (!sizes && primary.sizes.length > 0);
      const leaves = primary.terms.length > 0 || (colors && primary.colors.length > 0) || (sizes && primary.sizes.length > 0);
      if (drops && leaves) options.push({ clauses: [clauseOf(primary, terms, colors, sizes)], partial: terms === "any", colors, sizes });
    };
    if (live.some((r) => r.terms.length > 1 || hasFacets(r))) {
      add("any", true, true);
      if (primary.colors.length && primary.sizes.length) {
        add("all", true, false);
        add("all", false, true);
      }
      add("all", false, false);
      add("any", false, false);
    }
    let chosen: Option | undefined = options[0];
    if (live.every((r) => r.terms.length !== 1 || hasFacets(r))) {
      const [{ level }] = await queryRows<{ level: number }>(
        db,
        sql`SELECT CASE ${sql.join(
          options.map((o, i) => sql`WHEN EXISTS (SELECT 1 FROM product_groups g WHERE g.is_active AND ${clausesSql(o.clauses)}) THEN ${sql.raw(String(i))}`),
          sql` `,
        )} ELSE -1 END AS level`,
      );
      chosen = options[level];
    }
    if (!chosen) return { ...nothing, suggestWords: unique([...allMissing, ...primary.terms.map((t) => t.word)]) };

    const exactTerms = chosen === options[0] ? exact.map((r) => clauseOf(r, "all", false, false).terms) : isFuzzy(primary) ? [] : [chosen.clauses[0].terms];
    const exactQueries = exactTerms.filter((t): t is string => t !== null);
    const termQueries = chosen.clauses.map((c) => c.terms).filter((t): t is string => t !== null);
    const categoryLists = primary.terms.map((t) => t.categories);
    const categories = chosen.partial
      ? unique(categoryLists.flat())
      : (categoryLists[0] ?? []).filter((id) => categoryLists.every((list) => list.includes(id)));
    // Facets the chosen match left out count as words not found.
    const droppedWords = [...(chosen.colors ? [] : primary.colors.flatMap((h) => h.words)), ...(chosen.sizes ? [] : primary.sizes.flatMap((s) => s.words))];
    const shownColors = chosen.colors ? primary.colors.flatMap((h) => h.colors.map((c) => ({ slug: c.slug, title: c.title, words: h.words }))) : [];
    return {
      clauses: chosen.clauses,
      partialTerms: chosen.partial ? primary.terms.map((t) => t.query) : null,
      exactQuery: exactQueries.length ? or(exactQueries) : null,
      titleQuery: primary.terms.length ? (chosen.partial ? or : and)(primary.terms.map((t) => t.titleQuery)) : null,
      phrase: primary.phrase,
      categories,
      brandQuery: termQueries.length ? or(termQueries) : null,
      suggestWords: allMissing,
      code: q.code,
      exactGroupId,
      reading: {
        colors: shownColors.filter((c, i) => shownColors.findIndex((o) => o.slug === c.slug) === i),
        sizes: chosen.sizes ? primary.sizes.filter((s, i) => primary.sizes.findIndex((o) => o.size === s.size) === i) : [],
        // An article ("PB-000123", "PB000123") is read as one: its chunks are not "words not found".
        missing: article ? [] : unique([...primary.missing, ...droppedWords]),
        partial: chosen.partial,
      },
    };
  }

  const resolved = (q: NormalizedQuery) => cached(resolvedCache, keyOf(q), () => resolve(q));

  function toMatch(r: Resolved): TextMatch {
    const conditions: SQL[] = [];
    if (r.clauses.length) conditions.push(clausesSql(r.clauses));
    if (r.code) conditions.push(sql`g.search @@ ${codeTsQuery(r.code)}`);
    if (r.exactGroupId !== null) conditions.push(sql`g.id = ${r.exactGroupId}`);
    const where = conditions.length ? sql`(${sql.join(conditions, sql` OR `)})` : sql`false`;

    const tiers: SQL[] = [];
    if (r.exactGroupId !== null) tiers.push(sql`WHEN g.id = ${r.exactGroupId} THEN 0`);
    if (r.phrase) {
      const likes = titlePatterns(r.phrase).map((p) => sql`g.title LIKE ${p}`);
      tiers.push(sql`WHEN (${sql.join(likes, sql` OR `)}) AND g.title ~ ${phraseRegex(r.phrase)} THEN 1`);
    }
    // "кружко" ranks the mugs (category Кружки) above the sets "… с пледом и кружкой", and
    // "подарок" the gift sets above the brand «Дом подарка»: ints of the row, no lookup.
    if (r.categories.length) {
      const ids = intArray(r.categories);
      tiers.push(sql`WHEN g.category_id = ANY(${ids}) OR g.root_category_id = ANY(${ids}) THEN 2`);
    }
    if (r.titleQuery) tiers.push(sql`WHEN g.search @@ ${r.titleQuery}::tsquery THEN 3`);
    if (r.exactQuery) tiers.push(sql`WHEN g.search @@ ${r.exactQuery}::tsquery THEN 4`);
    let tier = tiers.length ? sql`CASE ${sql.join(tiers, sql` `)} ELSE 5 END` : sql`5`;
    // A partial match: groups with more of the words first, then the tiers above.
    if (r.partialTerms) {
      const lacking = r.partialTerms.map((t) => sql`(NOT g.search @@ ${t}::tsquery)::int`);
      tier = sql`(${tier} + 10 * (${sql.join(lacking, sql` + `)}))`;
    }
    return {
      where,
      // Keys left out rather than constants: a bare number in ORDER BY names an output column.
      order: sql.join([...(tiers.length || r.partialTerms ? [tier] : []), sql`(g.total_stock > 0) DESC`, sql`g.popularity DESC, g.id DESC`], sql`, `),
      tier,
      exactGroupId: r.exactGroupId,
      reading: r.reading,
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
    /** Suggest categories and queries when no product is found (search/global). */
    suggest: boolean;
  }

  async function answer(text: string, slices: Slices): Promise<SearchResults> {
    const q = normalizeQuery(text);
    const r = await resolved(q);
    const m = toMatch(r);
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
            WHERE ${slices.brands && r.brandQuery ? sql`to_tsvector('russian', b.title) @@ ${r.brandQuery}::tsquery` : sql`false`}
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
      reading: r.reading,
      ...(slices.suggest && row.total === 0 && r.exactGroupId === null ? { suggestions: await suggest(q.text, r.suggestWords) } : {}),
      total: {
        brands: row.brandTotal,
        categories: row.categoryTotal,
        products: slices.products ? row.total : 0,
      },
    };
  }

  /**
   * Where to go when nothing is found: categories whose titles are nearest to the words (trigram
   * word similarity; the main sections when none is near) and queries — catalogue words spelt
   * nearly like each typed one (looser than the typo correction, which already found nothing), the
   * text with each word so replaced first; the catalogue's most used words when none is near. Only
   * the categories (a few dozen rows) and the vocabulary (a few hundred) are read.
   */
  async function suggest(text: string, words: readonly string[]): Promise<SearchSuggestions> {
    const list = words.filter((w) => w.length >= 3 && !/^[0-9]+$/.test(w)).slice(0, MAX_WORDS);
    const [row] = await queryRows<{
      near: CategoryLink[] | null;
      main: CategoryLink[] | null;
      neighbours: { word: string; neighbour: string }[] | null;
      popular: string[] | null;
    }>(
      db,
      sql`WITH w AS (SELECT DISTINCT unnest(${textArray(list.length ? list : [""])}) AS word),
          near AS (
            SELECT c.id, c.title, c.slug, c.path, max(word_similarity(w.word, ${foldSql(sql`c.title`)})) AS s
            FROM categories c CROSS JOIN w WHERE c.is_active AND w.word <> '' GROUP BY c.id
          ),
          nb AS (
            SELECT w.word, v.word AS neighbour, similarity(v.word, w.word) AS s, v.groups, v.lexeme
            FROM w JOIN search_words v ON v.word % w.word AND v.word <> w.word AND v.word !~ '^[0-9]+$'
          )
          SELECT
            (SELECT json_agg(json_build_object('id', x.id, 'title', x.title, 'slug', x.slug) ORDER BY x.s DESC, x.path)
               FROM (SELECT * FROM near WHERE s >= ${NEAR_CATEGORY} ORDER BY s DESC, path LIMIT ${SUGGESTIONS}) x) AS near,
            (SELECT json_agg(json_build_object('id', x.id, 'title', x.title, 'slug', x.slug) ORDER BY x.sort, x.id)
               FROM (SELECT id, title, slug, sort FROM categories WHERE is_active AND parent_id IS NULL ORDER BY sort, id LIMIT ${SUGGESTIONS}) x) AS main,
            (SELECT json_agg(json_build_object('word', x.word, 'neighbour', x.neighbour) ORDER BY x.s DESC, x.groups DESC, x.neighbour)
               FROM (SELECT DISTINCT ON (word, lexeme) * FROM nb ORDER BY word, lexeme, s DESC, groups DESC, neighbour) x) AS neighbours,
            (SELECT json_agg(x.word ORDER BY x.groups DESC, x.word)
               FROM (SELECT * FROM (SELECT DISTINCT ON (lexeme) word, groups FROM search_words WHERE word !~ '[0-9]'
                                    ORDER BY lexeme, groups DESC, word) d
                     ORDER BY groups DESC, word LIMIT ${SUGGESTIONS}) x) AS popular`,
    );
    const neighbours = row.neighbours ?? [];
    const queries: string[] = [];
    if (list.length > 1) {
      // The whole text with each word replaced by its nearest catalogue word.
      const corrected = list.map((w) => neighbours.find((n) => n.word === w)?.neighbour).filter(Boolean);
      if (corrected.length > 1) queries.push(corrected.join(" "));
    }
    for (const n of neighbours) queries.push(n.neighbour);
    const offered = unique(queries.filter((query) => query !== text));
    return {
      categories: (row.near?.length ? row.near : row.main ?? []).slice(0, SUGGESTIONS),
      queries: (offered.length ? offered : row.popular ?? []).slice(0, SUGGESTIONS),
    };
  }

  return {
    match,

    global: (input) => parsed(globalJson(input)),
    globalJson,
    fast: (input) => parsed(fastJson(input)),
    fastJson,
  };
}

/** Bytes of a value as its JSON in UTF-16 (the search caches' size of what they keep as objects). */
const jsonBytes = (value: unknown) => Math.max(1, JSON.stringify(value).length * 2);

/**
 * An lru-cache whose fetch() runs the caller's load (its context): concurrent fetches of one key
 * share one load, a rejected load is not kept (the next fetch runs it again), and a clear() lets
 * loads in flight answer their callers without storing them. null when `ttl` is 0 (no cache).
 */
function memoCache<V extends object | string>(
  ttl: number,
  bounds: { max: number; maxSize?: number; sizeCalculation?: (value: V) => number },
): LRUCache<string, V, () => Promise<V>> | null {
  if (ttl <= 0) return null;
  return new LRUCache<string, V, () => Promise<V>>({
    max: bounds.max,
    ...(bounds.maxSize ? { maxSize: bounds.maxSize, sizeCalculation: bounds.sizeCalculation } : {}),
    ttl,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
}

/** The value of `key` in `cache` (see memoCache), or `load()` without a cache. */
async function cached<V extends object | string>(cache: LRUCache<string, V, () => Promise<V>> | null, key: string, load: () => Promise<V>): Promise<V> {
  if (!cache) return load();
  const value = await cache.fetch(key, { context: load });
  // fetch() resolves undefined only for a load aborted without a value (never with ignoreFetchAbort).
  if (value === undefined) throw new Error(`search cache: no value for ${key}`);
  return value;
}

/**
 * An article typed in part ("PB-000123") as PostgreSQL parses it in the keywords: every lexeme of
 * the text as a prefix (the parser splits "PB-000123-01" into "pb", "-000123", "-01").
 */
function codeTsQuery(code: string): SQL {
  return sql`(SELECT to_tsquery('simple', string_agg(quote_literal(t.lexeme) || ':*', ' & '))
    FROM unnest(to_tsvector('russian', ${code})) AS t)`;
}
