/** /robots.txt for the requesting host: private and endless areas disallowed, the host's sitemap named. */
import type { Route } from "./+types/robots";
import { robotsTxt, SITEMAP_CACHE_CONTROL, TEXT_CONTENT_TYPE } from "#app/features/seo/sitemap.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.originForCity(context.city)), {
    headers: { "Content-Type": TEXT_CONTENT_TYPE, "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}
