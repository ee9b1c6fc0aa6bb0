/**
 * §7 "Comparison" reads, bound to their contract endpoints. The list calls (comparing/ids, add,
 * delete) need a logged-in user and come with the accounts issue.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createComparisonService } from "./service";

export function comparisonRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const comparison = createComparisonService(deps.db);
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.comparingCategories, ({ query }) => comparison.categories(query.productIds), opts);
  route(app, endpoints.comparingListByIds, ({ query }) => comparison.listByIds(query.productIds), opts);
  return app;
}
