/** /brands (§2): every brand, grouped by letter (§3), each linking to /brands/{slug}. */
import type { Route } from "./+types/brands";
import { endpoints } from "#contract/index.ts";
import { groupBrandsByLetter } from "#app/features/catalog/listing.server.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/catalog/breadcrumbs.tsx";

const CRUMBS = [{ title: "Бренды", href: "/brands" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname;
  const [result, seoEntries] = await Promise.all([context.api.call(endpoints.brandListAll), context.content.seo()]);
  if (!result.ok) mainContentError(result.error, path);
  const seo = resolveSeo(seoEntries, "/brands", context.originForCity(context.city), {
    title: "Бренды",
    description: "Бренды сувенирной продукции и подарков с нанесением логотипа: ручки, ежедневники, посуда, текстиль и электроника.",
  });
  const h1 = seoEntries.find((e) => e.slug === "/brands")?.h1 || "Бренды";
  return { h1, groups: groupBrandsByLetter(result.data), seo };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { h1, groups } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className="brands-page">
      <Breadcrumbs items={CRUMBS} />
      <h1>{h1}</h1>
      {groups.length > 0 ? (
        <>
          <nav className="brands-page__letters" aria-label="Буквы">
            {groups.map((g) => (
              <a key={g.letter} href={`#brands-${g.letter}`}>
                {g.letter}
              </a>
            ))}
          </nav>
          {groups.map((g) => (
            <section key={g.letter} id={`brands-${g.letter}`} className="brands-page__group" aria-labelledby={`brands-h-${g.letter}`}>
              <h2 id={`brands-h-${g.letter}`}>{g.letter}</h2>
              <ul>
                {g.brands.map((b) => (
                  <li key={b.slug}>
                    <a href={`/brands/${b.slug}`}>{b.title}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : (
        <p>Список брендов пока пуст.</p>
      )}
      <JsonLd data={breadcrumbListJsonLd(origin, CRUMBS)} />
    </div>
  );
}
