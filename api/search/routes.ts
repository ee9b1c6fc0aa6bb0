/**
 * §7 search/global and search/fast, bound to their contract endpoints, and the logged-in user's
 * search history (search/history; api/search/history.ts). search/global remembers the text of a
 * logged-in caller and answers their history; guests and search/fast always get `[]`.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { JsonText, route } from "../http/route";
import { optionalUser, requireUser } from "../auth/session";
import { searchEngineFor } from "./index";
import { createSearchHistory } from "./history";

export function searchRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const search = searchEngineFor(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const history = createSearchHistory(deps.db);
  const opts = { validateResponses: deps.validateResponses };
  route(
    app,
    endpoints.searchGlobal,
    async ({ query }, c) => {
      const user = optionalUser(c);
      // A guest's answer is the cached JSON as it is (ADR 049).
      if (!user) return new JsonText(await search.globalJson(query));
      const answer = await search.global(query);
      // remember=0: the storefront's page request came from another site (issue 25): listed, not recorded.
      const searchHistory = query.remember === "0" ? (await history.list(user.id)).map((e) => e.text) : await history.record(user.id, query.text);
      // The engine parses a cached answer anew for each caller (ADR 049): this one is its own.
      return { ...answer, searchHistory };
    },
    opts,
  );
  route(app, endpoints.searchFast, async ({ query }) => new JsonText(await search.fastJson(query)), opts);
  route(app, endpoints.searchHistoryList, (_, c) => history.list(requireUser(c).id), opts);
  route(app, endpoints.searchHistoryDelete, ({ params }, c) => history.remove(requireUser(c).id, params.id), opts);
  route(app, endpoints.searchHistoryClear, (_, c) => history.clear(requireUser(c).id), opts);
  return app;
}
