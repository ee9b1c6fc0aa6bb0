/** Static content pages (§2): about, agreement, delivery, faq, payment, privacy … (HTML from the content service). */
import type { Route } from "./+types/static-page";
import { seoMeta } from "#app/lib/seo.ts";
import { loadStaticPage } from "#app/features/content/static-page.server.ts";
import { StaticPageView } from "#app/components/static-page-view.tsx";

export const loader = (args: Route.LoaderArgs) => loadStaticPage(args);

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
