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
  image?: string;
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
    title: entry?.title || `${fallback.title} — ${SITE_NAME}`,
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
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "ru_RU" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
  ];
  if (seo.keywords) meta.push({ name: "keywords", content: seo.keywords });
  if (seo.robots) meta.push({ name: "robots", content: seo.robots });
  if (seo.image) meta.push({ property: "og:image", content: seo.image });
  return meta;
}
