/**
 * §7 "Products", brands, print types and coatings, bound to their contract endpoints.
 *
 * Order matters: Hono tries handlers in registration order, and a parameter route answers
 * (with a 400) instead of falling through. So the fixed paths product/list/looking_at,
 * product/list/by_group_ids and product/search come before product/list/{x}, and product/list
 * before product/{id}.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createBrandService } from "./brands";
import { createCoatingService } from "./coatings";
import { createFacetService } from "./facets";
import { createListingService } from "./listing";
import { searchEngineFor } from "../search/index";

export function catalogRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  // The search routes' engine: product/search and filter/all match exactly like search/global.
  const search = searchEngineFor(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const listing = createListingService(deps.db, search);
  const facets = createFacetService(deps.db, { search });
  const coatings = createCoatingService(deps.db);
  const brands = createBrandService(deps.db);
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.productLookingAt, ({ query }) => listing.lookingAt(query.product, query.limit), opts);
  route(app, endpoints.productListByGroupIds, ({ query }) => listing.byGroupIds(query.groupIds), opts);
  route(app, endpoints.productSearch, ({ query }) => listing.search(query), opts);
  route(app, endpoints.productListKind, ({ params, query }) => listing.listKind(params.x, query), opts);
  route(app, endpoints.productList, ({ query }) => listing.list(query), opts);
  route(app, endpoints.productDetail, ({ params }) => listing.detail(params.id), opts);

  route(app, endpoints.filterAll, ({ query }) => facets.filterAll(query), opts);

  route(app, endpoints.coatingAll, () => coatings.all(), opts);
  route(app, endpoints.coatingRecalculate, ({ body }) => coatings.recalculate(body), opts);
  route(app, endpoints.printTypeList, () => coatings.printTypes(), opts);
  route(app, endpoints.printTypeDetail, ({ params }) => coatings.printType(params.id), opts);

  route(app, endpoints.brandListAll, () => brands.all(), opts);
  route(app, endpoints.brandDetail, ({ params }) => brands.detail(params.id), opts);
  return app;
}
