/**
 * The header's suggestion list as a flat list of combobox options (WAI-ARIA combobox pattern):
 * what the arrow keys walk through, in the order shown. Pure, so the order and the hrefs are tested
 * apart from the component (app/features/search/autocomplete.tsx).
 */
import { plainSearchPath } from "./search-text.ts";
import type { SuggestionsView } from "./search-view.ts";

/** Suggestions start at two characters (one letter matches half the catalogue). */
export const MIN_SUGGEST_LENGTH = 2;
/** Ask after the shopper pauses this long (ms), not on every key. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** The resource route (app/routes/search-suggest.ts). */
export const SUGGEST_PATH = "/search/suggest";

export const INPUT_ID = "header-search";
export const LISTBOX_ID = "header-search-listbox";

export function suggestUrl(text: string): string {
  return `${SUGGEST_PATH}?${new URLSearchParams({ text })}`;
}

export type SuggestOption =
  | { kind: "product"; id: string; href: string; title: string; image: string; price: number }
  | { kind: "category"; id: string; href: string; title: string; crumbs: string[] }
  | { kind: "brand"; id: string; href: string; title: string }
  | { kind: "all"; id: string; href: string; title: string; count: number }
  | { kind: "history"; id: string; href: string; title: string };

export interface SuggestGroup {
  key: "products" | "categories" | "brands" | "all" | "history";
  /** Shown above the group; null for the single "show all" line. */
  title: string | null;
  options: SuggestOption[];
}

const optionId = (n: number) => `${LISTBOX_ID}-${n}`;

/** Products, categories, brands, then "Показать все результаты" (only when something was found). */
export function suggestionGroups(view: SuggestionsView): SuggestGroup[] {
  let n = 0;
  const groups: SuggestGroup[] = [];
  if (view.products.length) {
    groups.push({
      key: "products",
      title: "Товары",
      options: view.products.map((p) => ({ kind: "product", id: optionId(n++), href: p.href, title: p.title, image: p.image, price: p.price })),
    });
  }
  if (view.categories.length) {
    groups.push({
      key: "categories",
      title: "Категории",
      options: view.categories.map((c) => ({ kind: "category", id: optionId(n++), href: c.href, title: c.title, crumbs: c.crumbs.map((a) => a.title) })),
    });
  }
  if (view.brands.length) {
    groups.push({ key: "brands", title: "Бренды", options: view.brands.map((b) => ({ kind: "brand", id: optionId(n++), href: b.href, title: b.title })) });
  }
  if (groups.length) {
    groups.push({
      key: "all",
      title: null,
      options: [{ kind: "all", id: optionId(n++), href: plainSearchPath(view.text), title: "Показать все результаты", count: view.totalProducts }],
    });
  }
  return groups;
}

/** The recent queries, each opening its search. */
export function historyGroup(history: readonly string[]): SuggestGroup[] {
  if (!history.length) return [];
  return [{ key: "history", title: "Вы искали", options: history.map((q, i) => ({ kind: "history", id: optionId(i), href: plainSearchPath(q), title: q })) }];
}

/**
 * The option after `active` (step 1) or before it (step -1), wrapping through "none" (-1: the
 * field itself), as the arrow keys of a combobox do.
 */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  const next = active + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
