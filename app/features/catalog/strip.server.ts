/**
 * The grids of the deferred strips ("looking at", similar products, a print type's products): HTML
 * built by the server (ADR 013), packed for the strip's promise, once per shared answer (ADR 015).
 */
import type { ProductGroup } from "#contract/index.ts";
import { gridHtml } from "#app/components/catalog/product-card.tsx";
import type { StripGrid } from "#app/components/product/deferred-strip.tsx";
import { derivedFrom } from "#app/lib/derived.server.ts";
import { markup, pack } from "#app/lib/packed.ts";
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

/**
 * The strip's grid in the element `id` (unique in the page, DeferredStrip's `id`); null when there
 * are no cards. A document's data carries only the id (ADR 013).
 */
export function stripGrid(cards: readonly ProductCardView[], id: string, document: boolean): StripGrid {
  return derivedFrom(cards, `${id}:${document}`, () => pack(cards.length > 0 ? markup(id, gridHtml(cards, 0)) : null, { document }));
}
