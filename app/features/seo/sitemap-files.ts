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
  | { kind: "products"; page: number };

export const productSitemapFile = (page: number) => `sitemap-products-${page}.xml`;

export const SITEMAP_FILES: readonly string[] = [
  SITEMAP_INDEX_FILE,
  "sitemap-categories.xml",
  "sitemap-brands.xml",
  "sitemap-pages.xml",
  ...Array.from({ length: MAX_PRODUCT_SITEMAPS }, (_, i) => productSitemapFile(i + 1)),
];

/** "sitemap-products-3.xml" → { kind: "products", page: 3 }; null for anything else. */
export function parseSitemapFile(name: string): SitemapFile | null {
  const file = name.replace(/^\/+/, "").toLowerCase();
  if (file === SITEMAP_INDEX_FILE) return { kind: "index" };
  const typed = /^sitemap-(categories|brands|pages)\.xml$/.exec(file);
  if (typed) return { kind: typed[1] as "categories" | "brands" | "pages" };
  const products = /^sitemap-products-([1-9]\d{0,3})\.xml$/.exec(file);
  if (products) {
    const page = Number(products[1]);
    return page <= MAX_PRODUCT_SITEMAPS ? { kind: "products", page } : null;
  }
  return null;
}
