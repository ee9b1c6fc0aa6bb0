/**
 * Brand page (§2): /brands/{slug}/{filters...}. The brand's title and sanitised description (§5),
 * then the shared listing scoped to the brand. The filter segments follow the slug directly:
 * the word "filter" there is the §2 '404 - Страница не найдена'.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/brand";
import { endpoints } from "#contract/index.ts";
import { withFilterPath } from "#app/features/catalog/filter-path.ts";
import { canonicalRedirect, filterFormRedirect, isSlug, listingSeo, loadListing, pageQueryRedirect, parseListingPath } from "#app/features/catalog/listing.server.ts";
import { mainContentError, notFound } from "#app/lib/page-errors.server.ts";
import { sanitizedHtml } from "#app/lib/sanitize.server.ts";
import { rasterImage, seoMeta } from "#app/lib/seo.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { HtmlContent } from "#app/components/html-content.tsx";
import { Listing } from "#app/features/catalog/listing/listing.tsx";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const scope = { kind: "brand", slug: params.slug } as const;
  const submitted = filterFormRedirect(url, scope);
  if (submitted) throw submitted;
  const { filters, segments, canonicalPath } = parseListingPath(scope, params["*"], url.pathname);
  const moved = pageQueryRedirect(url, scope, filters) ?? canonicalRedirect(url, canonicalPath);
  if (moved) throw moved;

  const listing = loadListing({ context, scope, filters, segments, pathname: url.pathname });
  listing.catch(() => {}); // settled below, after the brand itself is known to exist
  const [detail, seoEntries] = await Promise.all([context.api.call(endpoints.brandDetail, { params: { id: params.slug } }), context.content.seo(context.city)]);
  if (!detail.ok) mainContentError(detail.error, url.pathname);
  const brand = detail.data;
  // The API also finds a brand by its numeric id: the page lives at its slug.
  if (brand.slug !== params.slug) {
    // The API's slug goes into a Location header: only one of the catalogue's alphabet.
    if (!isSlug(brand.slug)) notFound(url.pathname);
    throw redirect(withFilterPath(`/brands/${brand.slug}`, filters) + url.search, 301);
  }

  const [{ view }, description] = await Promise.all([listing, sanitizedHtml(brand.description ?? "")]);
  const crumbs = [
    { title: "Бренды", href: "/brands" },
    { title: brand.title, href: `/brands/${brand.slug}` },
  ];
  const { seo, h1 } = listingSeo({
    entries: seoEntries,
    origin: context.originForCity(context.city),
    city: context.city,
    view,
    canonicalPath,
    name: brand.title,
    fallback: {
      title: `${brand.title} — сувениры и подарки с логотипом`,
      description: `Продукция ${brand.title} с нанесением логотипа: цены от производителя, нанесение от 1 дня, доставка по России.`,
    },
  });
  if (brand.image) seo.image = rasterImage(brand.image, context.originForCity(context.city));
  return {
    h1,
    crumbs,
    brand: { title: brand.title, image: brand.image, description: view.page === 1 ? description : "" },
    listing: view,
    seo,
  };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { h1, crumbs, brand, listing } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <div className="listing-page">
      <Breadcrumbs items={crumbs} />
      <div className="brand-head">
        {brand.image ? <img className="brand-head__logo" src={brand.image} alt={brand.title} width="120" height="60" /> : null}
        <h1>{h1}</h1>
      </div>
      {brand.description ? <HtmlContent html={brand.description} /> : null}
      <Listing view={listing} emptyMessage="Товаров этого бренда пока нет в каталоге." />
      <JsonLd data={breadcrumbListJsonLd(origin, crumbs)} />
    </div>
  );
}
