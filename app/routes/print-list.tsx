/** /print (§2): the print types (print-types/list), each linking to its page. */
import type { Route } from "./+types/print-list";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { endpoints } from "#contract/index.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { sharedPage } from "#app/lib/cache-control.ts";
import { AppLink } from "#app/lib/navigation.tsx";

// §2: in the pages sitemap (each print type joins it from the API).
export const handle = { sitemap: true } satisfies SitemapHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const [result, seoEntries] = await Promise.all([context.api.call(endpoints.printTypeList), context.content.seo(context.city)]);
  if (!result.ok) mainContentError(result.error, "/print");
  const seo = resolveSeo(seoEntries, "/print", context.originForCity(context.city), {
    title: "Виды нанесения логотипа",
    description: "Виды нанесения логотипа на сувениры и промо-продукцию: тампопечать, шелкография, гравировка, УФ-печать, вышивка и другие.",
  });
  return {
    seo,
    h1: seoEntries.find((e) => e.slug === "/print")?.h1 || "Виды нанесения",
    printTypes: result.data.map(({ id, title, preview, image }) => ({ id, title, preview, image })),
  };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function PrintList({ loaderData }: Route.ComponentProps) {
  const { h1, printTypes } = loaderData;
  return (
    <section className="print-list">
      <Breadcrumbs items={[{ title: h1, href: "/print" }]} />
      <h1>{h1}</h1>
      <ul className="print-list__grid">
        {printTypes.map((p, i) => (
          <li key={p.id} className="print-card">
            <AppLink className="print-card__link" to={`/print/${p.id}`}>
              {p.image ? <img className="print-card__image" src={p.image} alt="" width={600} height={400} loading={i < 3 ? "eager" : "lazy"} decoding="async" /> : null}
              <h2 className="print-card__title">{p.title}</h2>
            </AppLink>
            {p.preview ? <p className="print-card__preview">{p.preview}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
