/**
 * Server-built product grids (ADR 013): the deferred strips ("looking at", similar products, a print
 * type's products), packed for the strip's promise, and the home page's strips and order-info
 * blocks; once per shared answer (ADR 015).
 */
import type { ProductGroup } from "#contract/index.ts";
import { gridHtml } from "#app/components/catalog/product-card.tsx";
import type { StripGrid } from "#app/components/product/deferred-strip.tsx";
import { derivedFrom } from "#app/lib/derived.server.ts";
import { markup, pack, type Markup } from "#app/lib/packed.ts";
import { toCardView, type ProductCardView } from "./card-view.ts";

/** The cards of at most `limit` groups that have products, leaving out the ids in `skip`. */
export function stripCards(groups: readonly ProductGroup[], limit: number, skip: readonly number[] = []): readonly ProductCardView[] {
  return derivedFrom(groups, `cards:${limit}:${skip.join(",")}`, () =>
    groups
      .filter((g) => g.products.length > 0 && !skip.includes(g.id))
      .slice(0, limit)
      .map(toCardView),
  );
}

/** The server-built grid of `cards` in the element `id` (ADR 013); null when there are none. */
export function gridMarkup(id: string, cards: readonly ProductCardView[]): Markup | null {
  return cards.length > 0 ? markup(id, gridHtml(cards, 0)) : null;
}

/**
 * The strip's grid in the element `id` (unique in the page, DeferredStrip's `id`); null when there
 * are no cards. A document's data carries only the id (ADR 013).
 */
export function stripGrid(cards: readonly ProductCardView[], id: string, document: boolean): StripGrid {
  return derivedFrom(cards, `${id}:${document}`, () => pack(gridMarkup(id, cards), { document }));
}
