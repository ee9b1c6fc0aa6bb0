/**
 * Sitemaps and robots.txt for the requesting host (§1: on the msk. host every URL carries the
 * prefix). Data comes from the SEO endpoints (contract/seo.ts); the generated XML is cached in
 * process per origin + file and dropped when the embedded API reports a data change.
 */
import {
  endpoints,
  SITEMAP_MAX_PAGE_SIZE,
  SITEMAP_PAGE_SIZE,
  type SitemapEntry,
  type SitemapSummary,
  type SitemapType,
} from "#contract/index.ts";
import { createApiClient } from "#app/lib/api-client.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { createSharedCache } from "#app/lib/cache.server.ts";
import { MAX_PRODUCT_SITEMAPS, parseSitemapFile, POST_SITEMAP_FILES, productSitemapFile, SITEMAP_INDEX_FILE, type PostSitemapType, type SitemapFile } from "./sitemap-files.ts";
import type { SitemapPage } from "./sitemap-handle.ts";

export const XML_CONTENT_TYPE = "application/xml; charset=utf-8";
export const TEXT_CONTENT_TYPE = "text/plain; charset=utf-8";
/** What crawlers and proxies may keep. */
export const SITEMAP_CACHE_CONTROL = "public, max-age=3600";

/** Generated XML stays fresh this long (external API: no change events), then is served stale while it is rebuilt. */
const FRESH_MS = 10 * 60_000;
const STALE_MS = 50 * 60_000;
/** Two hosts × (index + 6 typed files + 10 product files) fit; junk Host headers only evict each other. */
const MAX_CACHED_FILES = 40;
/**
 * And at most this many bytes of XML: a product file of 10 000 URLs is about 1 MB, one byte a
 * character (URLs are percent-encoded: the XML is ASCII, which V8 keeps one byte a character).
 */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const resultSize = (result: unknown) => {
  const r = result as SitemapResult;
  return r.status === 200 ? r.body.length : 16;
};

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export interface SitemapUrl {
  /** Root-relative path, already URL-encoded. */
  path: string;
  lastmod?: string | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const lastmodTag = (lastmod: string | null | undefined) => (lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : "");

export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  const body = urls.map((u) => `<url><loc>${xmlEscape(origin + u.path)}</loc>${lastmodTag(u.lastmod)}</url>`).join("\n");
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: { file: string; lastmod?: string | null }[]): string {
  const body = files
    .map((f) => `<sitemap><loc>${xmlEscape(`${origin}/${f.file}`)}</loc>${lastmodTag(f.lastmod)}</sitemap>`)
    .join("\n");
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

/**
 * Private and endless areas stay out of the index: accounts, cart and ordering, commercial
 * offers, favourites and comparison (personal), search results and filter combinations (endless,
 * thin), the city switch, and the API, except its pictures, which pages show.
 */
export const ROBOTS_DISALLOW = [
  "/api/",
  "/profile",
  "/cart",
  "/thanks",
  "/cp",
  // Offers' files and public pages (issue 27): private, noindex, not in the sitemap.
  "/kp/",
  "/favorites",
  "/comparison",
  "/email/",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/logout",
  "/city",
  "/search",
  "/*/filter/",
  "/brands/*/",
  "/bestoffers/",
  "/newones/",
  "/recommended/",
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "Allow: /api/media/",
    "",
    `Sitemap: ${origin}/${SITEMAP_INDEX_FILE}`,
    "",
  ].join("\n");
}

/**
 * Product URLs per file: 10 000, growing (up to the protocol's 50 000) when the catalogue would
 * need more than MAX_PRODUCT_SITEMAPS files.
 */
export function productPageSize(total: number): number {
  return Math.min(SITEMAP_MAX_PAGE_SIZE, Math.max(SITEMAP_PAGE_SIZE, Math.ceil(total / MAX_PRODUCT_SITEMAPS)));
}

const segment = (slug: string) => encodeURIComponent(slug);

/** The list page of each post type (§2): it leads its sitemap file. */
export const POST_LIST_PATHS: Record<PostSitemapType, string> = { news: "/news", blog: "/blog", promotions: "/actions" };

/** Storefront URL of a sitemap entry (§2 routes). */
export function entryPath(type: Exclude<SitemapType, "pages">, entry: SitemapEntry): string {
  switch (type) {
    case "categories":
      return `/catalog/${segment(entry.slug)}`;
    case "brands":
      return `/brands/${segment(entry.slug)}`;
    case "products":
      return `/catalog/goods/${entry.id}`;
    case "print-types":
      return `/print/${entry.id}`;
    case "news":
    case "blog":
    case "promotions":
      return `${POST_LIST_PATHS[type]}/${entry.id}`;
  }
}

export type SitemapResult = { status: 200; body: string } | { status: 404 } | { status: 503 };

export type SitemapService = ReturnType<typeof createSitemapService>;

/**
 * `pages`: the pages that routes declare in their `handle` (sitemap-handle.ts), read from the
 * server build when a pages file is built.
 */
export function createSitemapService(
  backend: Backend,
  defaultTimeoutMs: number,
  pages: () => Promise<SitemapPage[]>,
  now: () => number = Date.now,
) {
  const api = createApiClient({ baseUrl: backend.baseUrl, fetch: backend.fetch, defaultTimeoutMs });
  const cache = createSharedCache({ name: "sitemap", maxEntries: MAX_CACHED_FILES, maxBytes: MAX_CACHED_BYTES, sizeOf: resultSize, freshMs: FRESH_MS, staleMs: STALE_MS, now });
  backend.onChange(() => cache.clear());

  class Unavailable extends Error {}

  async function summary(): Promise<Map<SitemapType, SitemapSummary>> {
    const result = await api.call(endpoints.seoSitemapSummary);
    if (!result.ok) throw new Unavailable(result.error.message);
    return new Map(result.data.map((s) => [s.type, s]));
  }

  async function entries(type: SitemapType, page: number, pageSize: number): Promise<SitemapEntry[]> {
    const result = await api.call(endpoints.seoSitemap, { params: { type }, query: { page, pageSize } });
    if (!result.ok) throw new Unavailable(result.error.message);
    return result.data.entries;
  }

  const countOf = (totals: Map<SitemapType, SitemapSummary>, type: SitemapType) => totals.get(type)?.total ?? 0;

  async function build(origin: string, file: SitemapFile): Promise<SitemapResult> {
    switch (file.kind) {
      case "index": {
        const totals = await summary();
        const files: { file: string; lastmod?: string | null }[] = [];
        if (countOf(totals, "categories") > 0) files.push({ file: "sitemap-categories.xml" });
        if (countOf(totals, "brands") > 0) files.push({ file: "sitemap-brands.xml" });
        files.push({ file: "sitemap-pages.xml", lastmod: totals.get("pages")?.updatedAt });
        for (const [type, name] of Object.entries(POST_SITEMAP_FILES) as [PostSitemapType, string][]) {
          if (countOf(totals, type) > 0) files.push({ file: name, lastmod: totals.get(type)?.updatedAt });
        }
        const products = countOf(totals, "products");
        const productFiles = Math.min(MAX_PRODUCT_SITEMAPS, Math.ceil(products / productPageSize(products)));
        for (let page = 1; page <= productFiles; page++) {
          // A file's own newest change is unknown here; with one file it is the type's.
          files.push({ file: productSitemapFile(page), lastmod: productFiles === 1 ? totals.get("products")?.updatedAt : null });
        }
        return { status: 200, body: sitemapIndexXml(origin, files) };
      }
      case "categories":
      case "brands": {
        // One file each: at most 50 000 rows, far more than a catalogue has.
        const list = await entries(file.kind, 1, SITEMAP_MAX_PAGE_SIZE);
        if (list.length === 0) return { status: 404 };
        const kind = file.kind;
        return { status: 200, body: urlsetXml(origin, list.map((e) => ({ path: entryPath(kind, e), lastmod: e.updatedAt }))) };
      }
      case "pages": {
        // The pages routes declare (their handles), content pages when the content service has
        // them; print types are a few dozen at most: they join them.
        const [declared, contentPages, printTypes] = await Promise.all([
          pages(),
          entries("pages", 1, SITEMAP_MAX_PAGE_SIZE),
          entries("print-types", 1, SITEMAP_MAX_PAGE_SIZE),
        ]);
        const bySlug = new Map(contentPages.map((p) => [p.slug, p]));
        const urls: SitemapUrl[] = [];
        for (const page of declared) {
          if (!page.content) urls.push({ path: page.path });
          else {
            const content = bySlug.get(page.path.slice(1));
            if (content) urls.push({ path: page.path, lastmod: content.updatedAt });
          }
        }
        for (const printType of printTypes) urls.push({ path: entryPath("print-types", printType), lastmod: printType.updatedAt });
        return { status: 200, body: urlsetXml(origin, urls) };
      }
      case "posts": {
        // The list page, then every published post (a few hundred at most: one file).
        const list = await entries(file.type, 1, SITEMAP_MAX_PAGE_SIZE);
        if (list.length === 0) return { status: 404 };
        const type = file.type;
        const newest = list.reduce<string | null>((max, e) => (e.updatedAt && (!max || e.updatedAt > max) ? e.updatedAt : max), null);
        const urls: SitemapUrl[] = [{ path: POST_LIST_PATHS[type], lastmod: newest }, ...list.map((e) => ({ path: entryPath(type, e), lastmod: e.updatedAt }))];
        return { status: 200, body: urlsetXml(origin, urls) };
      }
      case "products": {
        const total = countOf(await summary(), "products");
        const pageSize = productPageSize(total);
        if (file.page > Math.ceil(total / pageSize)) return { status: 404 };
        const list = await entries("products", file.page, pageSize);
        if (list.length === 0) return { status: 404 };
        return { status: 200, body: urlsetXml(origin, list.map((e) => ({ path: entryPath("products", e), lastmod: e.updatedAt }))) };
      }
    }
  }

  return {
    /**
     * The sitemap file `name` ("sitemap.xml", "sitemap-products-2.xml"…) for `origin`. 404 for
     * an unknown or empty file, 503 when the API cannot answer (never cached).
     */
    file(origin: string, name: string): Promise<SitemapResult> {
      const file = parseSitemapFile(name);
      if (!file) return Promise.resolve({ status: 404 });
      return cache.get(
        `${origin}\n${name.toLowerCase()}`,
        async () => {
          try {
            return { value: await build(origin, file), cacheable: true };
          } catch (error) {
            if (error instanceof Unavailable) return { value: { status: 503 } as SitemapResult, cacheable: false };
            throw error;
          }
        },
      );
    },
    clear: () => cache.clear(),
  };
}
