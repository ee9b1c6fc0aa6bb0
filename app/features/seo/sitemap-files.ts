/**
 * The sitemap files the site serves at its root (the sitemap protocol only lets a file list URLs
 * at or below its own folder, so they all live at "/"). Shared by the Express handler that
 * answers them (server/sitemaps.ts, which accepts exactly these names) and by
 * app/lib/sitemap.server.ts, which writes them.
 */

/** Product files available: 50 × 10 000 URLs, and up to 50 × 50 000 when the page size grows. */
export const MAX_PRODUCT_SITEMAPS = 50;

export const SITEMAP_INDEX_FILE = "sitemap.xml";

export type SitemapFile =
  | { kind: "index" }
  | { kind: "categories" }
  | { kind: "brands" }
  | { kind: "pages" }
  | { kind: "posts"; type: PostSitemapType }
  | { kind: "products"; page: number };

/** News, blog and promotions (issue 18): one file each, named after the section's path. */
export type PostSitemapType = "news" | "blog" | "promotions";
export const POST_SITEMAP_FILES: Record<PostSitemapType, string> = {
  news: "sitemap-news.xml",
  blog: "sitemap-blog.xml",
  promotions: "sitemap-actions.xml",
};

export const productSitemapFile = (page: number) => `sitemap-products-${page}.xml`;

export const SITEMAP_FILES: readonly string[] = [
  SITEMAP_INDEX_FILE,
  "sitemap-categories.xml",
  "sitemap-brands.xml",
  "sitemap-pages.xml",
  ...Object.values(POST_SITEMAP_FILES),
  ...Array.from({ length: MAX_PRODUCT_SITEMAPS }, (_, i) => productSitemapFile(i + 1)),
];

/** "sitemap-products-3.xml" → { kind: "products", page: 3 }; null for anything else. */
export function parseSitemapFile(name: string): SitemapFile | null {
  const file = name.replace(/^\/+/, "").toLowerCase();
  if (file === SITEMAP_INDEX_FILE) return { kind: "index" };
  const typed = /^sitemap-(categories|brands|pages)\.xml$/.exec(file);
  if (typed) return { kind: typed[1] as "categories" | "brands" | "pages" };
  const post = (Object.entries(POST_SITEMAP_FILES) as [PostSitemapType, string][]).find(([, name]) => name === file);
  if (post) return { kind: "posts", type: post[0] };
  const products = /^sitemap-products-([1-9]\d{0,3})\.xml$/.exec(file);
  if (products) {
    const page = Number(products[1]);
    return page <= MAX_PRODUCT_SITEMAPS ? { kind: "products", page } : null;
  }
  return null;
}
