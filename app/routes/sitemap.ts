/**
 * /sitemap.xml (the index) and its per-type files, for the requesting host (§1): every file named
 * in app/lib/sitemap-files.ts is routed here. XML comes from the sitemap service's cache.
 */
import type { Route } from "./+types/sitemap";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { RETRY_AFTER_SECONDS } from "#app/lib/page-errors.server.ts";
import { SITEMAP_CACHE_CONTROL, XML_CONTENT_TYPE } from "#app/lib/sitemap.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const result = await context.sitemaps.file(context.originForCity(context.city), path.slice(1));
  if (result.status === 200) {
    return new Response(result.body, { headers: { "Content-Type": XML_CONTENT_TYPE, "Cache-Control": SITEMAP_CACHE_CONTROL } });
  }
  if (result.status === 503) {
    return new Response("Сервис временно недоступен", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    });
  }
  return new Response(pageNotFoundMessage(path), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
