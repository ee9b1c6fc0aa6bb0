/** /brands (§2): every brand, grouped by letter (§3), each linking to /brands/{slug}. */
import type { Route } from "./+types/brands";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { endpoints } from "#contract/index.ts";
import { groupBrandsByLetter } from "#app/features/catalog/listing.server.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";

const CRUMBS = [{ title: "Бренды", href: "/brands" }];

// §2: in the pages sitemap.
export const handle = { sitemap: true } satisfies SitemapHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname;
  const [result, seoEntries] = await Promise.all([context.api.call(endpoints.brandListAll), context.content.seo(context.city)]);
  if (!result.ok) mainContentError(result.error, path);
  const seo = resolveSeo(seoEntries, "/brands", context.originForCity(context.city), {
    title: "Бренды",
    description: "Бренды сувенирной продукции и подарков с нанесением логотипа: ручки, ежедневники, посуда, текстиль и электроника.",
  });
  const h1 = seoEntries.find((e) => e.slug === "/brands")?.h1 || "Бренды";
  return { h1, alphabets: groupBrandsByLetter(result.data), seo };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { h1, alphabets } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className="brands-page">
      <Breadcrumbs items={CRUMBS} />
      <h1>{h1}</h1>
      {alphabets.length > 0 ? (
        <>
          <nav className="brands-page__letters" aria-label="Бренды по буквам">
            {alphabets.map((alphabet) => (
              <div key={alphabet.script} className="brands-page__alphabet">
                <span className="brands-page__alphabet-title">{alphabet.title}</span>
                <ul>
                  {alphabet.groups.map((g) => (
                    <li key={g.id}>
                      <a href={`#${g.id}`}>{g.letter}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className="brands-page__groups">
            {alphabets.flatMap((alphabet) =>
              alphabet.groups.map((g) => (
                <section key={g.id} id={g.id} className="brands-page__group" aria-labelledby={`${g.id}-h`}>
                  <h2 id={`${g.id}-h`}>{g.letter}</h2>
                  <ul>
                    {g.brands.map((b) => (
                      <li key={b.slug}>
                        <AppLink to={`/brands/${b.slug}`}>{b.title}</AppLink>
                      </li>
                    ))}
                  </ul>
                </section>
              )),
            )}
          </div>
        </>
      ) : (
        <p>Список брендов пока пуст.</p>
      )}
      <JsonLd data={breadcrumbListJsonLd(origin, CRUMBS)} />
    </div>
  );
}
