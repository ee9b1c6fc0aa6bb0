/**
 * Category page (§2): /catalog/{slug} and /catalog/{slug}/filter/{filters...} (two route entries,
 * this one module). Breadcrumbs, subcategories, and the shared listing with filters.
 */
import type { Route } from "./+types/category";
import { reverseAncestors } from "#app/features/catalog/price.ts";
import {
  canonicalRedirect,
  filterFormRedirect,
  findCategory,
  listingSeo,
  loadListing,
  pageQueryRedirect,
  parseListingPath,
} from "#app/features/catalog/listing.server.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { ogImage, seoMeta } from "#app/lib/seo.ts";
import { inCity } from "#contract/city-tokens.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { Listing } from "#app/features/catalog/listing/listing.tsx";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const scope = { kind: "category", slug } as const;
  const submitted = filterFormRedirect(url, scope);
  if (submitted) throw submitted;
  const { filters, segments, canonicalPath } = parseListingPath(scope, (params as { "*"?: string })["*"], url.pathname);

  const [init, seoEntries] = await Promise.all([context.content.init(), context.content.seo(context.city)]);
  const found = findCategory(init.categories, slug);
  // Without the tree (init failed) the API decides whether the category exists.
  if (!found && init.categories.length > 0) notFound(url.pathname);
  const moved = pageQueryRedirect(url, scope, filters) ?? canonicalRedirect(url, canonicalPath);
  if (moved) throw moved;

  const { view, filterData } = await loadListing({ context, scope, filters, segments, pathname: url.pathname });

  // §3: the API sends the ancestor counters deepest first.
  const chain = found ? found.chain : reverseAncestors(filterData?.categoryAncestorCounters ?? []);
  const name = found?.node.title ?? chain[chain.length - 1]?.title ?? slug;
  const crumbs = [{ title: "Каталог", href: "/catalog" }, ...chain.map((c) => ({ title: c.title, href: `/catalog/${c.slug}` }))];
  const subcategories = (found ? found.node.children.map((c) => ({ slug: c.slug, title: c.title, count: c.productCount })) : (filterData?.categories ?? []))
    .filter((c) => c.count > 0)
    .map((c) => ({ title: c.title, href: `/catalog/${c.slug}`, count: c.count }));

  const origin = context.originForCity(context.city);
  const { seo, h1 } = listingSeo({
    entries: seoEntries,
    origin,
    city: context.city,
    view,
    canonicalPath,
    name,
    fallback: {
      title: `${name} с логотипом — купить ${inCity(context.city.titlePrepositional)}`,
      description: `${name} с нанесением логотипа оптом и в розницу: цены от производителя, нанесение от 1 дня, доставка по России.`,
    },
  });
  // A 1200×630 picture for social networks, one per category.
  seo.image = ogImage(origin, found?.node.id ?? 0);
  return { h1, crumbs, subcategories, listing: view, seo };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { h1, crumbs, subcategories, listing } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className="listing-page">
      <Breadcrumbs items={crumbs} />
      <h1>{h1}</h1>
      {subcategories.length > 0 ? (
        <nav className="subcategories" aria-label="Подкатегории">
          <ul>
            {subcategories.map((c) => (
              <li key={c.href}>
                <AppLink to={c.href}>
                  {c.title} <span className="subcategories__count">{c.count}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Listing view={listing} emptyMessage="В этой категории пока нет товаров." />
      <JsonLd data={breadcrumbListJsonLd(origin, crumbs)} />
    </div>
  );
}
