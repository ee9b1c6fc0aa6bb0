/**
 * GET /favorites/cards?ids=3,1,2: the cards of the favourite groups (§3, §4). The ids live in the
 * browser's local storage, so the /favorites page asks for them after hydration (a fetcher, ADR 026).
 * Groups come from product/list/by_group_ids in the order asked; `missing` are the ids the catalogue
 * no longer has (§3 productsGroups404Ids), which the page drops. A failed call is `failed`, never
 * "everything is missing": nothing is dropped then.
 */
import { data } from "react-router";
import type { Route } from "./+types/favorites-cards";
import { endpoints } from "#contract/index.ts";
import { MAX_DB_ID, MAX_FAVORITES } from "#contract/limits.ts";
import { toCardView, type ProductCardView } from "#app/features/catalog/card-view.ts";
import { parseIdList } from "#app/features/viewed/id-list.ts";


export async function loader({ url, context }: Route.LoaderArgs) {
  const ids = parseIdList(url.searchParams.get("ids"), MAX_FAVORITES);
  const none = { products: [] as ProductCardView[], missing: [] as number[], failed: false };
  if (!ids.length) return none;
  // An id beyond the database's int4 names nothing: missing, without asking.
  const asked = ids.filter((id) => id <= MAX_DB_ID);
  const result = asked.length ? await context.api.call(endpoints.productListByGroupIds, { query: { groupIds: asked } }) : ({ ok: true, data: [] } as const);
  if (!result.ok) return data({ ...none, failed: true }, { headers: { "Cache-Control": "no-store" } });
  const byId = new Map(result.data.map((g) => [g.id, g]));
  return data(
    {
      products: ids.flatMap((id) => {
        const group = byId.get(id);
        return group ? [toCardView(group)] : [];
      }),
      missing: ids.filter((id) => !byId.has(id)),
      failed: false,
    },
    // Personal (the visitor's ids), never shared; the browser may reuse it for a short while.
    { headers: { "Cache-Control": "private, max-age=30" } },
  );
}
