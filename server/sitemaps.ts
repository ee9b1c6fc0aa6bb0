/**
 * /sitemap.xml (the index) and its per-type files, for the requesting host (§1). Served by an
 * Express handler in front of React Router rather than by one route per file name: React Router
 * has no partial dynamic segments ("sitemap-products-:n.xml"), and 54 extra routes would cost
 * route matching on every page request (kept by ADR 023 from the superseded ADR 012). Which pages
 * the pages file lists, the routes declare in their handles (ADR 048). XML comes from the sitemap
 * service's cache; names that are not sitemap files fall through to the page 404.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { RETRY_AFTER_SECONDS } from "#app/lib/page-errors.server.ts";
import { parseSitemapFile } from "#app/features/seo/sitemap-files.ts";
import { SITEMAP_CACHE_CONTROL, TEXT_CONTENT_TYPE, XML_CONTENT_TYPE, type SitemapService } from "#app/features/seo/sitemap.server.ts";

/** Only paths of this shape are looked at (the rest goes on to the pages). */
export const SITEMAP_PATH = /^\/sitemap[a-z0-9-]*\.xml$/i;

export function sitemapHandler(sitemaps: SitemapService, cityOrigin: (req: ExpressRequest, res: ExpressResponse) => Promise<string>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const name = req.path.slice(1);
    if (!parseSitemapFile(name)) return next();
    try {
      const result = await sitemaps.file(await cityOrigin(req, res), name);
      if (result.status === 200) {
        res.set({ "Content-Type": XML_CONTENT_TYPE, "Cache-Control": SITEMAP_CACHE_CONTROL }).send(result.body);
      } else if (result.status === 503) {
        res
          .status(503)
          .set({ "Content-Type": TEXT_CONTENT_TYPE, "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
          .send("Сервис временно недоступен");
      } else {
        res.status(404).set("Content-Type", TEXT_CONTENT_TYPE).send(pageNotFoundMessage(req.path));
      }
    } catch (error) {
      next(error);
    }
  };
}
