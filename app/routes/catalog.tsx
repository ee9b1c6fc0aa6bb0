/** /catalog (§2): the category tree from init with product counts. */
import type { Route } from "./+types/catalog";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { sharedPage } from "#app/lib/cache-control.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";

const CRUMBS = [{ title: "Каталог", href: "/catalog" }];

// §2: in the pages sitemap.
export const handle = { sitemap: true } satisfies SitemapHandle;

export async function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname;
  const [init, seoEntries] = await Promise.all([context.content.init(), context.content.seo(context.city)]);
  // init failures give an empty tree (§8); a catalogue page without categories is an outage.
  if (init.categories.length === 0) mainContentError({ message: "", status: 503, errors: {} }, path);
  const categories = init.categories.map((root) => ({
    title: root.title,
    href: `/catalog/${root.slug}`,
    image: root.image,
    count: root.productCount,
    children: root.children.filter((c) => c.productCount > 0).map((c) => ({ title: c.title, href: `/catalog/${c.slug}`, count: c.productCount })),
  }));
  const seo = resolveSeo(seoEntries, "/catalog", context.originForCity(context.city), {
    title: "Каталог сувенирной продукции",
    description: "Каталог сувениров и подарков с нанесением логотипа: ручки, ежедневники, посуда, сумки, текстиль, электроника.",
  });
  const h1 = seoEntries.find((e) => e.slug === "/catalog")?.h1 || "Каталог";
  return { h1, categories, seo };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  const { h1, categories } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className="catalog-page">
      <Breadcrumbs items={CRUMBS} />
      <h1>{h1}</h1>
      <ul className="category-tree">
        {categories.map((root) => (
          <li key={root.href} className="category-tree__item">
            <AppLink className="category-tree__root" to={root.href}>
              {root.image ? <img src={root.image} alt="" width="64" height="64" loading="lazy" decoding="async" /> : null}
              <span>
                {root.title} <span className="category-tree__count">{root.count}</span>
              </span>
            </AppLink>
            {root.children.length > 0 ? (
              <ul>
                {root.children.map((child) => (
                  <li key={child.href}>
                    <AppLink to={child.href}>
                      {child.title} <span className="category-tree__count">{child.count}</span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <JsonLd data={breadcrumbListJsonLd(origin, CRUMBS)} />
    </div>
  );
}
