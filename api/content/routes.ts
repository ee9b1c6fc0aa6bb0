/** §7 "Init and content" calls, bound to their contract endpoints. */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createContentService } from "./service";

export function contentRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const content = createContentService(deps.db);
  const opts = { validateResponses: deps.validateResponses };
  // `x` is the client kind ("web"); every client gets the same data for now.
  route(app, endpoints.init, () => content.init(), opts);
  route(app, endpoints.cityList, () => content.cities(), opts);
  route(app, endpoints.seoList, () => content.seo(), opts);
  route(app, endpoints.bannerList, () => content.banners(), opts);
  route(app, endpoints.sliderMain, () => content.slider("main"), opts);
  route(app, endpoints.staticPageDetail, ({ params }) => content.staticPage(params.slug), opts);
  return app;
}
