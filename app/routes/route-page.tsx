/** /route: how to reach the office, in the simple layout (§2). */
import type { Route } from "./+types/route-page";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { loadStaticPage } from "#app/features/content/static-page.server.ts";
import { StaticPageView } from "#app/features/content/static-page-view.tsx";


// §2: in the pages sitemap when the content service has the page.
export const handle = { sitemap: { content: true } } satisfies SitemapHandle;

export const loader = (args: Route.LoaderArgs) => loadStaticPage(args);

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function RoutePage({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
