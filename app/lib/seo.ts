import type { MetaDescriptor } from "react-router";
import type { SeoEntry } from "#contract/content.ts";

/** The brand, one everywhere: logo, titles, og:site_name, the legal name ООО «ТМГ» (issue 16). */
export const SITE_NAME = "ТМГ";
/** How the footer and the organisation data name the company. */
export const COMPANY_NAME = "ТМГ";

export interface PageSeo {
  title: string;
  description: string;
  keywords: string | null;
  canonical: string;
  robots?: string;
  /** og:type: "product" on product pages, "article" on news, blog posts and promotions. */
  type?: "website" | "product" | "article";
  /** A raster picture (social networks show no SVG), absolute; the site's picture when unset. */
  image?: { url: string; width?: number; height?: number };
  /** og product price (product pages). */
  price?: { amount: number; currency: "RUB" };
}

/** The 1200×630 picture the pages without one of their own share: the home page's. */
export const DEFAULT_OG_IMAGE = { path: "/api/media/og/0.png", width: 1200, height: 630 };

/** The generated 1200×630 social picture for `id` (a category, say) on `origin`. */
export function ogImage(origin: string, id: number): NonNullable<PageSeo["image"]> {
  return { url: `${origin}/api/media/og/${Math.max(0, Math.trunc(id))}.png`, width: 1200, height: 630 };
}

/**
 * The raster twin of a picture for social networks, absolute: the API's generated pictures exist
 * as .png beside every .svg; other pictures are taken as they are. `size` is the picture's own.
 */
export function rasterImage(src: string, origin: string, size: { width?: number; height?: number } = {}): NonNullable<PageSeo["image"]> {
  const raster = /^\/api\/media\/[a-z-]+\/[^/?#]+\.svg$/.test(src) ? src.replace(/\.svg$/, ".png") : src;
  return { url: raster.startsWith("http") ? raster : origin + raster, ...size };
}

/** Picks the /api/seo/list entry for a path, else the page's own fallback texts. */
export function resolveSeo(
  entries: SeoEntry[],
  path: string,
  canonicalOrigin: string,
  fallback: { title: string; description: string },
): PageSeo {
  const entry = entries.find((e) => e.slug === path);
  return {
    title: entry?.title || `${fallback.title} | ${SITE_NAME}`,
    description: entry?.description || fallback.description,
    keywords: entry?.keywords ?? null,
    canonical: canonicalOrigin + path,
  };
}

/** Title, description, canonical and OpenGraph for a page. */
export function seoMeta(seo: PageSeo | undefined | null): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }];
  const meta: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "ru_RU" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
  ];
  if (seo.keywords) meta.push({ name: "keywords", content: seo.keywords });
  if (seo.robots) meta.push({ name: "robots", content: seo.robots });
  const image = seo.image ?? { url: new URL(DEFAULT_OG_IMAGE.path, seo.canonical).href, width: DEFAULT_OG_IMAGE.width, height: DEFAULT_OG_IMAGE.height };
  meta.push({ property: "og:image", content: image.url });
  if (image.width && image.height) {
    meta.push({ property: "og:image:width", content: String(image.width) }, { property: "og:image:height", content: String(image.height) });
  }
  meta.push({ name: "twitter:card", content: "summary_large_image" });
  if (seo.price) {
    meta.push({ property: "product:price:amount", content: String(seo.price.amount) }, { property: "product:price:currency", content: seo.price.currency });
  }
  return meta;
}
