/** §7 search/global and search/fast, bound to their contract endpoints. */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { searchEngineFor } from "./index";

export function searchRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const search = searchEngineFor(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.searchGlobal, ({ query }) => search.global(query), opts);
  route(app, endpoints.searchFast, ({ query }) => search.fast(query), opts);
  return app;
}
