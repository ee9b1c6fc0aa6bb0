/**
 * The product page (§2 /catalog/goods/{id}, id = product GROUP id): breadcrumbs, gallery, colour
 * and size variations (`?variant=<product id>`), stock, SKU, quantity prices, the print-price
 * calculator, description and characteristics; "looking at" and similar products are deferred.
 * The page is added to the viewed products (§4) once it is shown.
 */
import { useEffect } from "react";
import { data, redirect, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/product";
import { endpoints, emptyPaged, type Coating, type ProductGroup, type ProductGroupDetail } from "#contract/index.ts";
import type { SeoEntry } from "#contract/content.ts";
import { inCity, type CityTitleForms } from "#contract/city-tokens.ts";
import { MAX_DB_ID } from "#contract/limits.ts";
import { leadTimeOf } from "#contract/stock-note.ts";
import { productHref, type ProductCardView } from "#app/features/catalog/card-view.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { useViewedProducts } from "#app/features/viewed/use-viewed.ts";
import { ProductListButtons } from "#app/features/shopping/list-buttons.tsx";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { sanitizedHtml } from "#app/lib/sanitize.server.ts";
import { nowOrLater, settledWithin, SECONDARY_DATA_WAIT_MS } from "#app/lib/defer.server.ts";
import { sharedPageReading } from "#app/lib/cache-control.ts";
import { rasterImage, resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { breadcrumbListJsonLd, JsonLd, productJsonLd } from "#app/lib/json-ld.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { Breadcrumbs, type Crumb } from "#app/components/breadcrumbs.tsx";
import { HtmlContent } from "#app/components/html-content.tsx";
import { Gallery } from "#app/features/catalog/gallery.tsx";
import { VariantPicker } from "#app/features/catalog/variant-picker.tsx";
import { canonicalVariantQuery, selectVariation, variationChoices } from "#app/features/catalog/variant-selection.ts";
import { CoatingCalculator } from "#app/features/coating/coating-calculator.tsx";
import { offeredCoatings, readCoatingForm, toCoatingChoice } from "#app/features/coating/coating-form.ts";
import { priceCoatingLine } from "#app/features/coating/coating-price.server.ts";
import { COATING_PRICE_ACTION } from "#app/features/coating/coating-form.ts";
import { DeferredStrip } from "#app/features/catalog/deferred-strip.tsx";
import { stripCards } from "#app/features/catalog/strip.server.ts";
import { formatCount, plainText } from "#app/lib/format.ts";

/** Cards in the deferred strips. */
const STRIP_LIMIT = 8;

/** The group id of the path, or the §2 404 for anything that cannot be one (never a 5xx for bad input). */
function groupIdOf(url: URL, id: string | undefined): number {
  const n = id && /^\d{1,10}$/.test(id) ? Number(id) : 0;
  if (n < 1 || n > MAX_DB_ID) throw data(pageNotFoundMessage(url.pathname), { status: 404 });
  // "/catalog/goods/007" is product 7 at another address: one address per product (issue 25).
  if (id !== String(n)) throw redirect(productHref(n) + url.search, 301);
  return n;
}

/** One row per attribute, its values joined ("Материал: Металл, Пластик"). */
function attributeRows(attributes: ProductGroup["attributes"]): { title: string; value: string }[] {
  const rows = new Map<string, string[]>();
  for (const a of attributes) rows.set(a.title, [...(rows.get(a.title) ?? []), a.valueTitle]);
  return [...rows].map(([title, values]) => ({ title, value: values.join(", ") }));
}

interface ProductPageInput {
  group: ProductGroupDetail;
  /** The description, sanitised. */
  description: string;
  coatings: Coating[];
  seoEntries: SeoEntry[];
  path: string;
  origin: string;
  city: CityTitleForms;
}

/** The product page's data: only what the page shows. */
function productPage({ group, description, coatings, seoEntries, path, origin, city }: ProductPageInput) {
  const summary = plainText(description);
  const seo = resolveSeo(seoEntries, path, origin, {
    title: `${group.title} с логотипом — купить ${inCity(city.titlePrepositional)}`,
    description:
      `${group.title} — цена от ${formatPrice(group.minPrice)} за штуку` +
      (group.brand ? `, бренд ${group.brand.title}` : "") +
      `. Нанесение логотипа, доставка по России.` +
      (summary ? ` ${plainText(summary, 120)}` : ""),
  });
  // Social networks get the product's picture as PNG and see a product with its price.
  seo.type = "product";
  seo.price = { amount: group.minPrice, currency: "RUB" };
  const image = group.image ?? group.images[0];
  if (image) seo.image = rasterImage(image, origin, { width: 600, height: 600 });

  return {
      product: {
        id: group.id,
        title: group.title,
        description,
        summary,
        brand: group.brand ? { title: group.brand.title, slug: group.brand.slug } : null,
        images: group.images.length ? group.images : group.image ? [group.image] : [],
        minPrice: group.minPrice,
        maxPrice: group.maxPrice,
        attributes: attributeRows(group.attributes),
        /** The supply term beyond the stock (contract/stock-note.ts), null without one. */
        leadTime: leadTimeOf(group.attributes),
        variations: group.products.map(({ id, sku, color, size, stock, price, priceTiers, images }) => ({ id, sku, color, size, stock, price, priceTiers, images })),
      },
      breadcrumbs: [
        ...group.breadcrumbs.map((c): Crumb => ({ title: c.title, href: `/catalog/${c.slug}` })),
        { title: group.title, href: productHref(group.id) },
      ],
      coatings: offeredCoatings(coatings, group.coatings).map(toCoatingChoice),
      seo,
  };
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const id = groupIdOf(url, params.id);
  const path = url.pathname;

  // Deferred (not awaited): secondary, so a failure is an empty strip (§8).
  const lookingAt = context.api
    .list(endpoints.productLookingAt, { query: { product: id, limit: STRIP_LIMIT + 1 } }, [])
    .then((groups) => stripCards(groups, STRIP_LIMIT, [id]))
    .catch((): ProductCardView[] => []);

  const [result, coatings, seoEntries] = await Promise.all([
    context.api.call(endpoints.productDetail, { params: { id } }),
    context.api.list(endpoints.coatingAll, {}, []),
    context.content.seo(context.city),
  ]);
  if (!result.ok) mainContentError(result.error, path);
  const group = result.data;
  // `?variant=` names one of this product's variations, or the page moves to its one address.
  const variantQuery = canonicalVariantQuery(url.searchParams, group.products.map((p) => p.id));
  if (variantQuery) {
    const query = variantQuery.toString();
    throw redirect(query ? `${path}?${query}` : path, 301);
  }

  // Same category, without the cards "looking at" already shows.
  const similar = Promise.all([
    context.api.list(endpoints.productList, { query: { category: group.category.slug, pageLimit: 3 * STRIP_LIMIT } }, emptyPaged(3 * STRIP_LIMIT)),
    lookingAt,
  ])
    .then(([page, shown]) => stripCards(page.elements, STRIP_LIMIT, [id, ...shown.map((c) => c.id)]))
    .catch((): ProductCardView[] => []);

  const [description, lookingAtNow, similarNow] = await Promise.all([
    group.description ? sanitizedHtml(group.description) : "",
    // Deferred (§2), unless they are ready almost at once: then they come with the page.
    settledWithin(lookingAt, SECONDARY_DATA_WAIT_MS),
    settledWithin(similar, SECONDARY_DATA_WAIT_MS),
  ]);
  const origin = context.originForCity(context.city);
  return {
    ...productPage({ group, description, coatings, seoEntries, path, origin, city: context.city }),
    lookingAt: nowOrLater(lookingAtNow, lookingAt),
    similar: nowOrLater(similarNow, similar),
  };
}

/** Without JavaScript the calculator posts here; the page renders again with the price. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  groupIdOf(url, params.id);
  const values = readCoatingForm(await request.formData().catch(() => new FormData()));
  return { values, answer: await priceCoatingLine(context, values) };
}

/**
 * A variant switch (same path, only `?variant=` changed) needs no new data, nor does the live
 * calculator's price (a fetcher posting to /coating-price changes nothing).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formAction, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  if (formAction === COATING_PRICE_ACTION) return false;
  return defaultShouldRevalidate;
};

export const headers = sharedPageReading("variant");

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lookingAt, similar, product, breadcrumbs, coatings } = loaderData;
  const variation = selectVariation(product.variations, new URLSearchParams(useLocation().search).get("variant"));
  const choices = variationChoices(product.variations, variation);
  const origin = useRootData()?.origin ?? "";

  // §4: a product shown is a product viewed (localStorage, after hydration).
  const { add } = useViewedProducts();
  useEffect(() => add(product.id), [add, product.id]);

  // The chosen variation's photos first, then the rest of the group's.
  const images = [...new Set([...(variation?.images ?? []), ...product.images])];
  const totalStock = product.variations.reduce((sum, v) => sum + v.stock, 0);

  return (
    <article className="product-page">
      <JsonLd data={breadcrumbListJsonLd(origin, breadcrumbs)} />
      <JsonLd
        data={productJsonLd(origin, {
          id: product.id,
          title: product.title,
          description: product.summary,
          images: product.images,
          sku: variation?.sku ?? null,
          brand: product.brand?.title ?? null,
          minPrice: product.minPrice,
          maxPrice: product.maxPrice,
          inStock: totalStock > 0,
          href: productHref(product.id),
        })}
      />
      <Breadcrumbs items={breadcrumbs} />
      <div className="product-page__main">
        <Gallery key={images.join("|")} images={images} title={product.title} />
        <div className="product-page__info">
          <h1 className="product-page__title">{product.title}</h1>
          <dl className="product-page__facts">
            {product.brand ? (
              <div>
                <dt>Бренд</dt>
                <dd>
                  <AppLink to={`/brands/${product.brand.slug}`}>{product.brand.title}</AppLink>
                </dd>
              </div>
            ) : null}
            {variation ? (
              <div>
                <dt>Артикул</dt>
                <dd data-testid="product-sku">{variation.sku}</dd>
              </div>
            ) : null}
            <div>
              <dt>Наличие</dt>
              <dd data-testid="product-stock" className={variation && variation.stock > 0 ? "stock" : "stock stock--out"}>
                {variation && variation.stock > 0 ? `В наличии ${formatCount(variation.stock)} шт.` : "Под заказ"}
              </dd>
            </div>
          </dl>
          <p className="product-page__price">
            {variation ? formatPrice(variation.price) : `от ${formatPrice(product.minPrice)}`}
            <span className="product-page__price-unit"> за шт.</span>
          </p>
          <VariantPicker choices={choices} colorTitle={variation?.color?.title ?? null} size={variation?.size ?? null} />
          <ProductListButtons groupId={product.id} productId={variation?.id ?? null} />
          <CoatingCalculator key={product.id} coatings={coatings} variation={variation} leadTime={product.leadTime} initial={actionData} />
        </div>
      </div>

      {product.description ? (
        <section className="product-page__section">
          <h2>Описание</h2>
          <HtmlContent html={product.description} />
        </section>
      ) : null}
      {product.attributes.length > 0 ? (
        <section className="product-page__section">
          <h2>Характеристики</h2>
          <dl className="product-page__attributes">
            {product.attributes.map((a) => (
              <div key={a.title}>
                <dt>{a.title}</dt>
                <dd>{a.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <DeferredStrip title="С этим товаром смотрят" cards={lookingAt} testId="looking-at" />
      <DeferredStrip title="Похожие товары" cards={similar} testId="similar-products" />
    </article>
  );
}
