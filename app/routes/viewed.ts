/**
 * GET /viewed?ids=3,1,2: the cards of the viewed products (§3/§4). The ids live in the browser's
 * localStorage, so the home page asks for them after hydration. Groups come from
 * product/list/by_group_ids in the order asked; only groups with variations are shown (§3), and a
 * failure gives an empty list (§8: viewed products are secondary).
 */
import { data } from "react-router";
import type { Route } from "./+types/viewed";
import { endpoints } from "#contract/index.ts";
import { toCardView } from "#app/features/catalog/card-view.ts";
import { MAX_VIEWED, visibleViewedGroups } from "#app/features/viewed/viewed.ts";
import { parseIdList } from "#app/features/viewed/id-list.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const ids = parseIdList(url.searchParams.get("ids"), MAX_VIEWED);
  const groups = ids.length ? await context.api.list(endpoints.productListByGroupIds, { query: { groupIds: ids } }, []) : [];
  const byId = new Map(visibleViewedGroups(groups).map((g) => [g.id, g]));
  const products = ids.flatMap((id) => {
    const group = byId.get(id);
    return group ? [toCardView(group)] : [];
  });
  // Same ids, same cards for everyone for a short while; the browser may reuse it between pages.
  return data({ products }, { headers: { "Cache-Control": "private, max-age=60" } });
}
