/** Marketplace feed data (contract/feed.ts, ADR 031): the storefront writes /yandex-market.xml from it. */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createFeedService } from "./service";

export function feedRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const feed = createFeedService(deps.db);
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.feedHead, () => feed.head(), opts);
  route(app, endpoints.feedOffers, ({ query }) => feed.offers(query.after, query.limit), opts);
  return app;
}
