/**
 * /print/{id} (§2): one print type (print-types/detail/{id}) with its sanitised description (§5),
 * variants, options and pricing; products that accept it follow, deferred. Unknown id → §2 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/print-item";
import { endpoints, emptyPaged } from "#contract/index.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { sanitizedHtml } from "#app/lib/sanitize.server.ts";
import { nowOrLater, settledWithin, SECONDARY_DATA_WAIT_MS } from "#app/lib/defer.server.ts";
import { rasterImage, resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { breadcrumbListJsonLd, JsonLd } from "#app/lib/json-ld.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { HtmlContent } from "#app/components/html-content.tsx";
import { DeferredStrip } from "#app/features/catalog/deferred-strip.tsx";
import { stripCards } from "#app/features/catalog/strip.server.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { plainText } from "#app/lib/format.ts";

const STRIP_LIMIT = 8;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const path = url.pathname;
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (id < 1) throw data(pageNotFoundMessage(path), { status: 404 });

  // Deferred (not awaited): secondary, so a failure is an empty strip (§8).
  const products = context.api
    .list(endpoints.productList, { query: { coatings: [id], pageLimit: STRIP_LIMIT } }, emptyPaged(STRIP_LIMIT))
    .then((page) => stripCards(page.elements, STRIP_LIMIT))
    .catch(() => []);

  const [result, seoEntries] = await Promise.all([context.api.call(endpoints.printTypeDetail, { params: { id } }), context.content.seo(context.city)]);
  if (!result.ok) mainContentError(result.error, path);
  const coating = result.data;
  const [description, productsNow] = await Promise.all([sanitizedHtml(coating.description), settledWithin(products, SECONDARY_DATA_WAIT_MS)]);
  const seo = resolveSeo(seoEntries, path, context.originForCity(context.city), {
    title: `${coating.title} — нанесение логотипа`,
    description: coating.preview || plainText(description, 200) || `${coating.title}: нанесение логотипа на сувениры и промо-продукцию.`,
  });
  if (coating.image) seo.image = rasterImage(coating.image, context.originForCity(context.city), { width: 600, height: 400 });
  return {
    seo,
    printType: {
      id: coating.id,
      title: coating.title,
      image: coating.image,
      description,
      options: coating.options.filter((o) => o.enabled).map((o) => ({ title: o.title, price: o.priceType === "percent" ? `+${o.price} %` : `+${formatPrice(o.price)}` })),
      minPrice: coating.minPrice,
      maxWidth: coating.maxWidth,
      maxHeight: coating.maxHeight,
    },
    products: nowOrLater(productsNow, products),
  };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function PrintItem({ loaderData }: Route.ComponentProps) {
  const { printType: p, products } = loaderData;
  const crumbs = [
    { title: "Виды нанесения", href: "/print" },
    { title: p.title, href: `/print/${p.id}` },
  ];
  const origin = useRootData()?.origin ?? "";
  return (
    <article className="print-item">
      <JsonLd data={breadcrumbListJsonLd(origin, crumbs)} />
      <Breadcrumbs items={crumbs} />
      <h1>{p.title}</h1>
      <div className="print-item__main">
        {p.image ? <img className="print-item__image" src={p.image} alt={p.title} width={600} height={400} fetchPriority="high" /> : null}
        <div>
          {/* The content's own headings (h3 and below) sit under this one: no skipped level. */}
          <h2 className="print-item__subtitle">О технологии</h2>
          <HtmlContent html={p.description} />
          <dl className="print-item__facts">
            <div>
              <dt>Стоимость тиража</dt>
              <dd>от {formatPrice(p.minPrice)}</dd>
            </div>
            {p.maxWidth !== null && p.maxHeight !== null ? (
              <div>
                <dt>Наибольший размер нанесения</dt>
                <dd>
                  {p.maxWidth} × {p.maxHeight} мм
                </dd>
              </div>
            ) : null}
          </dl>
          {p.options.length > 0 ? (
            <>
              <h2>Дополнительные услуги</h2>
              <ul className="print-item__options">
                {p.options.map((o) => (
                  <li key={o.title}>
                    {o.title} <span className="print-item__option-price">{o.price}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      <DeferredStrip title="Товары с этим нанесением" cards={products} testId="print-products" />
    </article>
  );
}
