/** Sitemap data for crawlers (contract/seo.ts; docs/api-contract.md "SEO"). */
import { Hono } from "hono";
import { endpoints } from "../../contract/index";
import type { ApiDeps } from "../deps";
import { route } from "../http/route";
import { createSeoService } from "./service";

export function seoRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const seo = createSeoService(deps.db);
  const opts = { validateResponses: deps.validateResponses };
  route(app, endpoints.seoSitemapSummary, () => seo.summary(), opts);
  route(app, endpoints.seoSitemap, ({ params, query }) => seo.page(params.type, query.page, query.pageSize), opts);
  return app;
}
