/**
 * §7 "Comparison": the reads (comparing/categories, comparing/list/by_ids; open to anonymous
 * visitors, whose ids live in local storage) and the logged-in user's server list
 * (comparing/ids, add, delete; issue 19, §4 sync), always the caller's own (requireUser).
 * List rules in api/shopping/saved-list.ts.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { optionalUser, requireUser } from "../auth/session";
import { COMPARISON_LIST, createSavedList } from "../shopping/saved-list";
import { createComparisonService } from "./service";

export function comparisonRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const comparison = createComparisonService(deps.db);
  const saved = createSavedList(deps.db, COMPARISON_LIST);
  const opts = { validateResponses: deps.validateResponses };
  // Without productIds[]: the logged-in caller's server list (§7); an anonymous caller has none.
  route(
    app,
    endpoints.comparingCategories,
    async ({ query }, c) => {
      const user = optionalUser(c);
      const ids = query.productIds ?? (user ? await saved.list(user.id) : []);
      return comparison.categories(ids);
    },
    opts,
  );
  route(app, endpoints.comparingListByIds, ({ query }) => comparison.listByIds(query.productIds), opts);
  route(app, endpoints.comparingIds, (_, c) => saved.list(requireUser(c).id), opts);
  route(app, endpoints.comparingAdd, ({ body }, c) => saved.add(requireUser(c).id, body.products), opts);
  route(app, endpoints.comparingDelete, ({ body }, c) => saved.remove(requireUser(c).id, body.products), opts);
  return app;
}
