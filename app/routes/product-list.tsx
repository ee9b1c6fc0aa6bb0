/**
 * Curated lists (§2): /bestoffers, /newones and /recommended with optional filter segments. Three
 * route entries share this module; the list comes from the first path segment.
 */
import type { Route } from "./+types/product-list";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { canonicalRedirect, filterFormRedirect, listingSeo, loadListing, pageQueryRedirect, parseListingPath, PRODUCT_LISTS, type CuratedList } from "#app/features/catalog/listing.server.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { Listing } from "#app/features/catalog/listing/listing.tsx";

function isCuratedList(name: string): name is CuratedList {
  return Object.hasOwn(PRODUCT_LISTS, name);
}

// §2: each curated list's first page is in the pages sitemap (/bestoffers/* lists /bestoffers).
export const handle = { sitemap: true } satisfies SitemapHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const list = url.pathname.split("/")[1] ?? "";
  if (!isCuratedList(list)) notFound(url.pathname);
  const scope = { kind: "list", list } as const;
  const submitted = filterFormRedirect(url, scope);
  if (submitted) throw submitted;
  const { filters, segments, canonicalPath } = parseListingPath(scope, params["*"], url.pathname);
  const moved = pageQueryRedirect(url, scope, filters) ?? canonicalRedirect(url, canonicalPath);
  if (moved) throw moved;

  const [{ view }, seoEntries] = await Promise.all([loadListing({ context, scope, filters, segments, pathname: url.pathname }), context.content.seo(context.city)]);
  const { title, path } = PRODUCT_LISTS[list];
  const crumbs = [{ title, href: path }];
  const origin = context.originForCity(context.city);
  const { seo, h1 } = listingSeo({
    entries: seoEntries,
    origin,
    city: context.city,
    view,
    canonicalPath,
    name: title,
    fallback: { title, description: `${title}: сувениры и подарки с нанесением логотипа. Нанесение от 1 дня, доставка по России.` },
  });
  return { h1, crumbs, listing: view, seo };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  const { h1, crumbs, listing } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className="listing-page">
      <Breadcrumbs items={crumbs} />
      <h1>{h1}</h1>
      <Listing view={listing} emptyMessage="В этой подборке пока нет товаров." />
      <JsonLd data={breadcrumbListJsonLd(origin, crumbs)} />
    </div>
  );
}
