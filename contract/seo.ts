/**
 * Sitemap data (not a §7 call; designed for crawlers, see docs/api-contract.md "SEO"). The storefront
 * builds /sitemap.xml and its per-type files from these two reads instead of paging the listings.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { isoDateTime, limitQuery, pageQuery } from "./common.ts";

/**
 * What a sitemap lists:
 * - categories → /catalog/{slug} (active categories);
 * - brands → /brands/{slug};
 * - products → /catalog/goods/{id} (active product groups);
 * - pages → /{slug} (static content pages);
 * - print-types → /print/{id} (every print type, §2 "print item");
 * - news → /news/{id}, blog → /blog/{id}, promotions → /actions/{id} (published posts, issue 18).
 */
export const SitemapType = z.enum(["categories", "brands", "products", "pages", "print-types", "news", "blog", "promotions"]);
export type SitemapType = z.infer<typeof SitemapType>;

/** Rows per page: 10 000 by default, at most 50 000 (the sitemap protocol's limit per file). */
export const SITEMAP_PAGE_SIZE = 10_000;
export const SITEMAP_MAX_PAGE_SIZE = 50_000;

export const SitemapEntry = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** Last change (ISO 8601), null when the table does not track it (categories, brands, print types). */
  updatedAt: isoDateTime().nullable(),
});
export type SitemapEntry = z.infer<typeof SitemapEntry>;

/** How many rows a type has, and its newest change: enough to write the sitemap index. */
export const SitemapSummary = z.object({
  type: SitemapType,
  total: z.number().int().nonnegative(),
  updatedAt: isoDateTime().nullable(),
});
export type SitemapSummary = z.infer<typeof SitemapSummary>;

/** One page of a type, ordered by id (stable across requests, so page N is always the same rows). */
export const SitemapPage = z.object({
  type: SitemapType,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
  countPages: z.number().int().nonnegative(),
  entries: z.array(SitemapEntry),
});
export type SitemapPage = z.infer<typeof SitemapPage>;

export const SitemapQuery = z.object({
  page: pageQuery(),
  pageSize: limitQuery(SITEMAP_PAGE_SIZE, SITEMAP_MAX_PAGE_SIZE),
});
export type SitemapQuery = z.input<typeof SitemapQuery>;

export const seoEndpoints = {
  seoSitemapSummary: endpoint({
    id: "seoSitemapSummary",
    method: "GET",
    path: "/seo/sitemap",
    tag: "seo",
    summary: "Sitemap summary: row count and newest change per type (categories, brands, products, pages, print types, news, blog, promotions)",
    timeout: "default",
    response: z.array(SitemapSummary),
  }),
  seoSitemap: endpoint({
    id: "seoSitemap",
    method: "GET",
    path: "/seo/sitemap/{type}",
    tag: "seo",
    summary: "One page of sitemap entries of a type (id, slug, updatedAt), ordered by id",
    timeout: "default",
    params: z.object({ type: SitemapType }),
    query: SitemapQuery,
    response: SitemapPage,
  }),
};
