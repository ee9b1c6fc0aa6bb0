/**
 * The home page (§2 index): the main slider, banners, strips of best offers, new and recommended
 * products, the viewed products (§4, filled in after hydration) and the order-info blocks (§3).
 * The product strips are the main content: when none of them can be loaded the page answers 503;
 * everything else fails silently to empty (§8).
 */
import { Fragment } from "react";
import type { Route } from "./+types/home";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { endpoints, type OrderInfoBlock } from "#contract/index.ts";
import { toCardView, type ProductCardView } from "#app/features/catalog/card-view.ts";
import { enrichOrderInfo, parseOrderInfo, productGroupIdsOf, ORDER_INFO_SECTIONS } from "#app/features/catalog/order-info.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";
import { sanitizedHtml } from "#app/lib/sanitize.server.ts";
import { cityContacts } from "#app/layouts/parts/shell.server.tsx";
import { sharedPage } from "#app/lib/cache-control.ts";
import { resolveSeo, seoMeta, SITE_NAME } from "#app/lib/seo.ts";
import { JsonLd } from "#app/lib/json-ld.tsx";
import { MainSlider } from "#app/features/home/main-slider.tsx";
import { Banners } from "#app/features/home/banners.tsx";
import { ProductStrip } from "#app/features/catalog/product-strip.tsx";
import { ViewedProducts } from "#app/features/viewed/viewed-products.tsx";
import { OrderInfo, type OrderInfoView, type OrderInfoViewItem } from "#app/features/home/order-info.tsx";

/** Cards per strip: two rows of the desktop grid (4 columns). */
const STRIP_LIMIT = 8;

const STRIPS = [
  { kind: "bestoffers", title: "Лучшие предложения", href: "/bestoffers" },
  { kind: "newones", title: "Новинки", href: "/newones" },
  { kind: "recommended", title: "Рекомендуем", href: "/recommended" },
] as const;

/** §3: parse the four sections, enrich products blocks with their groups (one by_group_ids call), sanitise text HTML (§5). */
async function loadOrderInfo(context: Route.LoaderArgs["context"], block: OrderInfoBlock): Promise<OrderInfoView> {
  const parsed = parseOrderInfo(block);
  const ids = productGroupIdsOf(parsed);
  const groups = ids.length ? await context.api.list(endpoints.productListByGroupIds, { query: { groupIds: ids } }, []) : [];
  const cards: ProductCardView[] = groups.filter((g) => g.products.length > 0).map((g) => toCardView(g));
  const enriched = enrichOrderInfo(parsed, cards);
  const view = {} as OrderInfoView;
  await Promise.all(
    ORDER_INFO_SECTIONS.map(async (section) => {
      view[section] = await Promise.all(
        enriched[section].map(async (item): Promise<OrderInfoViewItem> => {
          if (item.type === "text") return { ...item, html: await sanitizedHtml(item.html) };
          if (item.type !== "products") return item;
          const { groups: products, productGroupIds: _ids, ...block } = item;
          return { ...block, products };
        }),
      );
    }),
  );
  return view;
}

// §2: in the pages sitemap.
export const handle = { sitemap: true } satisfies SitemapHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const init = context.content.init();
  const [lists, slides, banners, seoEntries, orderInfo, contacts] = await Promise.all([
    Promise.all(STRIPS.map((s) => context.api.call(endpoints.productListKind, { params: { x: s.kind }, query: { pageLimit: STRIP_LIMIT } }))),
    context.content.slider(),
    context.content.banners(),
    context.content.seo(context.city),
    init.then((i) => loadOrderInfo(context, i.orderInfoBlock)),
    // The Moscow site names the Moscow office (the city's office, else the company's).
    init.then((i) => cityContacts(i, context.city)),
  ]);
  const failed = lists.find((r) => !r.ok);
  if (failed && !failed.ok && lists.every((r) => !r.ok)) mainContentError(failed.error, "/");

  const origin = context.originForCity(context.city);
  const entry = seoEntries.find((e) => e.slug === "/");
  const seo = resolveSeo(seoEntries, "/", origin, {
    title: "Корпоративные подарки и сувениры с логотипом",
    description: "Корпоративные подарки, сувениры и промо-продукция с нанесением логотипа: каталог с ценами, собственное производство, доставка по России.",
  });
  return {
    seo,
    h1: entry?.h1 || "Корпоративные подарки и промо-продукция с логотипом",
    slides,
    banners: banners.filter((b) => b.position === "main"),
    strips: STRIPS.map((s, i) => {
      const r = lists[i];
      return { title: s.title, href: s.href, products: r.ok ? r.data.elements.map((g) => toCardView(g)) : [] };
    }),
    orderInfo,
    jsonLd: [
      { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: `${origin}/` },
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: SITE_NAME,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        ...(contacts.phone ? { telephone: contacts.phone } : {}),
        ...(contacts.email ? { email: contacts.email } : {}),
      },
    ],
  };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, banners, strips, orderInfo, h1, jsonLd } = loaderData;
  return (
    <div className="home">
      {jsonLd.map((item) => (
        <JsonLd key={item["@type"]} data={item} />
      ))}
      <MainSlider slides={slides} />
      <h1 className="home__title">{h1}</h1>
      {strips.map((strip, i) => (
        <Fragment key={strip.href}>
          <ProductStrip title={strip.title} href={strip.href} products={strip.products} />
          {/* The banners come after the first strip: products stay near the top. */}
          {i === 0 ? <Banners banners={banners} /> : null}
        </Fragment>
      ))}
      <ViewedProducts />
      <OrderInfo info={orderInfo} />
    </div>
  );
}
