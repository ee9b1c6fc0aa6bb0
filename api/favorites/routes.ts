/**
 * §7 "Favourites" of the logged-in user (issue 19, §4 sync): favorite/all, add, delete. Every call
 * is the caller's own list (requireUser): there is no user id in any request to tamper with.
 * Rules in api/shopping/saved-list.ts.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { requireUser } from "../auth/session";
import { createSavedList, FAVORITES_LIST } from "../shopping/saved-list";

export function favoritesRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const favorites = createSavedList(deps.db, FAVORITES_LIST);
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.favoriteAll, (_, c) => favorites.list(requireUser(c).id), opts);
  route(app, endpoints.favoriteAdd, ({ body }, c) => favorites.add(requireUser(c).id, body.productsGroups), opts);
  route(app, endpoints.favoriteDelete, ({ body }, c) => favorites.remove(requireUser(c).id, body.productsGroups), opts);
  return app;
}
