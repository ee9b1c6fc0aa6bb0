/**
 * What the search page says about how its query was read (issue 25), from search/global's `reading`
 * and `suggestions`: the colours and sizes its words named (each a chip that searches again without
 * those words), a line when some words were not found or no product has them all, and for a query
 * that finds nothing the nearest queries and categories as links. Plain data with hrefs.
 */
import type { SearchReading, SearchSuggestions } from "#contract/search.ts";
import type { CatalogFilters } from "#app/features/catalog/filter-path.ts";
import { quoted } from "#contract/quotes.ts";
import { normalizeSearchText, searchPath } from "./search-path.ts";

export interface ReadingChip {
  key: string;
  title: string;
  /** The same search without the words that named it. */
  href: string;
}

export interface ReadingView {
  chips: ReadingChip[];
  /** "Не нашли «xyz», показываем похожие товары." and the like; null when every word was found. */
  notice: string | null;
}

export interface NoResultsView {
  queries: { text: string; href: string }[];
  categories: { title: string; href: string }[];
}

/** Slugs that make a path segment as they are (the catalogue's alphabet). */
const SLUG_RE = /^[A-Za-z0-9_-]{1,120}$/;

/** A token's words as the engine writes them (api/search/normalize.ts normalizeText): lower case, е for ё. */
const wordsOf = (token: string) =>
  token
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^a-zа-я0-9]+/)
    .filter(Boolean);

/**
 * The text without `words` (normalised words, each taken once): whole tokens go, a token holding
 * other words too keeps those ("ручка,синяя" without "синяя" is "ручка"); the rest stays as typed.
 */
export function textWithout(text: string, words: readonly string[]): string {
  const left = [...words];
  const out: string[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const own = wordsOf(token);
    const kept = own.filter((w) => {
      const at = left.indexOf(w);
      if (at === -1) return true;
      left.splice(at, 1);
      return false;
    });
    if (kept.length === own.length) out.push(token);
    else if (kept.length > 0) out.push(kept.join(" "));
  }
  return normalizeSearchText(out.join(" "));
}

const quotedWords = (words: readonly string[]) => {
  const parts = words.map(quoted);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} и ${parts.at(-1)}` : parts[0];
};

export function readingView(text: string, reading: SearchReading | undefined, filters: CatalogFilters): ReadingView {
  if (!reading) return { chips: [], notice: null };
  const chips: ReadingChip[] = [];
  const chip = (key: string, title: string, words: readonly string[]) => {
    const rest = textWithout(text, words);
    // Only a chip that changes the search: not the whole query (nothing would be left to search).
    // The filters stay (fewer words only widen the set, so their values stay valid); the page goes.
    if (rest && rest !== normalizeSearchText(text)) chips.push({ key, title, href: searchPath(rest, { ...filters, page: undefined }) });
  };
  // One chip per colour word: "синяя" names Синий and its shade Тёмно-синий.
  const byWords = new Map<string, { titles: string[]; words: string[] }>();
  for (const c of reading.colors) {
    const key = c.words.join(" ");
    const entry = byWords.get(key) ?? { titles: [], words: c.words };
    entry.titles.push(c.title.toLowerCase());
    byWords.set(key, entry);
  }
  for (const [key, { titles, words }] of byWords) chip(`color:${key}`, `Цвет: ${titles.join(", ")}`, words);
  for (const s of reading.sizes) chip(`size:${s.size}`, `Размер: ${s.size}`, s.words);

  let notice: string | null = null;
  if (reading.missing.length) notice = `Не нашли ${quotedWords(reading.missing)}, показываем похожие товары.`;
  else if (reading.partial) notice = "Нет товаров, где есть все слова запроса, — показываем те, где их больше всего.";
  return { chips, notice };
}

export function noResultsView(suggestions: SearchSuggestions | undefined): NoResultsView {
  return {
    queries: (suggestions?.queries ?? []).filter((q) => normalizeSearchText(q)).map((q) => ({ text: q, href: searchPath(q) })),
    categories: (suggestions?.categories ?? []).filter((c) => SLUG_RE.test(c.slug)).map((c) => ({ title: c.title, href: `/catalog/${c.slug}` })),
  };
}
