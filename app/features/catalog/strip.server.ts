/** Product strips ("looking at", similar products, a print type's products, the home page's lists). */
import type { ProductGroup } from "#contract/index.ts";
import { toCardView, type ProductCardView } from "./card-view.ts";

/** The cards of at most `limit` groups that have products, leaving out the ids in `skip`. */
export function stripCards(groups: readonly ProductGroup[], limit: number, skip: readonly number[] = []): ProductCardView[] {
  return groups
    .filter((g) => g.products.length > 0 && !skip.includes(g.id))
    .slice(0, limit)
    .map((g) => toCardView(g));
}
