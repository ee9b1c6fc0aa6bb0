import type { AppLoadContext } from "react-router";
import { resolveSeo } from "#app/lib/seo.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";

/** Loads a static page by its path (slug = path without the slash) with its SEO (§2, §5). */
export async function loadStaticPage({ url, context }: { url: URL; context: AppLoadContext }) {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const slug = path.slice(1);
  const [result, seoEntries] = await Promise.all([context.content.staticPage(slug), context.content.seo(context.city)]);
  if (!result.ok) mainContentError(result.error, path);
  const page = result.data;
  const seo = resolveSeo(seoEntries, path, context.originForCity(context.city), {
    title: page.seoTitle || page.title,
    description: page.seoDescription || `${page.title} — информация для покупателей`,
  });
  return { page, seo };
}
