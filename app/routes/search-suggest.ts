/**
 * GET /search/suggest?text=…: the header's suggestions (issue 18, ADR 029), from search/fast
 * (a few products with picture and price, categories with their breadcrumbs, brands). The header
 * box asks for them with a fetcher as the shopper types; loader only.
 *
 * Fewer than MIN_SUGGEST_LENGTH characters (after normalising) asks nothing. A failed call is an
 * empty answer (§8: suggestions are secondary; the form still submits), never cached.
 */
import { data } from "react-router";
import type { Route } from "./+types/search-suggest";
import { endpoints } from "#contract/index.ts";
import { normalizeSearchText } from "#app/features/search/search-text.ts";
import { suggestionsView, type SuggestionsView } from "#app/features/search/search-view.ts";
import { MIN_SUGGEST_LENGTH } from "#app/features/search/suggest.ts";

/**
 * The same text gives the same suggestions to everyone, but the answer is small and typed text is
 * the visitor's own: the browser keeps it a minute (backspacing over a word asks nothing again),
 * no shared cache does.
 */
export const SUGGEST_CACHE_CONTROL = "private, max-age=60";

function none(text: string): SuggestionsView {
  return { text, products: [], categories: [], brands: [], totalProducts: 0 };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const text = normalizeSearchText(url.searchParams.get("text") ?? "");
  if (text.length < MIN_SUGGEST_LENGTH) return data(none(text), { headers: { "Cache-Control": SUGGEST_CACHE_CONTROL } });
  const result = await context.api.call(endpoints.searchFast, { query: { text } });
  if (!result.ok) return data(none(text), { headers: { "Cache-Control": "no-store" } });
  return data(suggestionsView(text, result.data), { headers: { "Cache-Control": SUGGEST_CACHE_CONTROL } });
}

/** Nothing a form on the page does changes the suggestions for a text. */
export function shouldRevalidate() {
  return false;
}
