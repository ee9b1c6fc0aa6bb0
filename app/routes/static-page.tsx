/**
 * Static content pages (§2): about, agreement, delivery, faq, payment, privacy … (HTML from the
 * content service). One `/:page` route serves the list in app/features/content/static-pages.ts;
 * any other single-segment path is the §2 404, without asking the API.
 */
import type { Route } from "./+types/static-page";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { isStaticPage, STATIC_PAGES } from "#app/features/content/static-pages.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { loadStaticPage } from "#app/features/content/static-page.server.ts";
import { StaticPageView } from "#app/features/content/static-page-view.tsx";

// §2: every static page the content service has, in the pages sitemap.
export const handle = { sitemap: { paths: STATIC_PAGES.map((slug) => `/${slug}`), content: true } } satisfies SitemapHandle;

export function loader(args: Route.LoaderArgs) {
  if (!isStaticPage(args.params.page)) notFound(args.url.pathname);
  return loadStaticPage(args);
}

/** No page takes a POST: like every other path, a form sent here is the §2 404. */
export function action({ url }: Route.ActionArgs) {
  notFound(url.pathname);
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
