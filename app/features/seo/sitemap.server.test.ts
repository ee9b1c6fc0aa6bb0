import { beforeAll, describe, expect, it } from "vitest";
import { layout, route } from "@react-router/dev/routes";
import type { Backend } from "#app/lib/backend.server.ts";
import { STATIC_PAGES } from "#app/features/content/static-pages.ts";
import { routeManifest } from "#tests/support/route-manifest.ts";
import { createSitemapService as createService, productPageSize, robotsTxt, urlsetXml, xmlEscape } from "./sitemap.server.ts";
import { sitemapPages, type SitemapPage } from "./sitemap-handle.ts";
import { MAX_PRODUCT_SITEMAPS, parseSitemapFile, SITEMAP_FILES } from "./sitemap-files.ts";
import type { SitemapEntry, SitemapType } from "#contract/seo.ts";

const STAMP = "2025-03-01T10:00:00.000Z";

/** A fake SEO API: `products` active product ids, plus a few categories, brands and pages. */
function fakeApi(products: number, options: { failing?: () => boolean } = {}) {
  const calls: string[] = [];
  const listeners: (() => void)[] = [];
  const rows: Record<SitemapType, SitemapEntry[]> = {
    categories: [
      { id: 1, slug: "ruchki", updatedAt: null },
      { id: 2, slug: "a&b<c>", updatedAt: null },
    ],
    brands: [{ id: 7, slug: "parker", updatedAt: null }],
    pages: [
      { id: 1, slug: "about", updatedAt: STAMP },
      { id: 2, slug: "secret-draft", updatedAt: STAMP },
    ],
    products: Array.from({ length: products }, (_, i) => ({ id: i + 1, slug: `g-${i + 1}`, updatedAt: STAMP })),
    "print-types": [
      { id: 1, slug: "tampopechat", updatedAt: null },
      { id: 4, slug: "uf-pechat", updatedAt: null },
    ],
    news: [
      { id: 3, slug: "grafik-raboty", updatedAt: "2025-01-10T07:00:00.000Z" },
      { id: 5, slug: "novyy-tsekh", updatedAt: "2025-02-20T07:00:00.000Z" },
    ],
    blog: [{ id: 30, slug: "kak-vybrat-podarok", updatedAt: STAMP }],
    // No promotions: their file is left out of the index and answers 404.
    promotions: [],
  };
  const backend: Backend = {
    baseUrl: "http://fake.internal/api",
    async fetch(request) {
      const url = new URL(request.url);
      calls.push(url.pathname + url.search);
      if (options.failing?.()) return Response.json({ message: "down", errors: [] }, { status: 503 });
      if (url.pathname === "/api/seo/sitemap") {
        return Response.json({
          data: (Object.keys(rows) as SitemapType[]).map((type) => ({ type, total: rows[type].length, updatedAt: type === "pages" || type === "products" ? STAMP : null })),
        });
      }
      const type = url.pathname.split("/").pop() as SitemapType;
      const page = Number(url.searchParams.get("page") ?? 1);
      const pageSize = Number(url.searchParams.get("pageSize") ?? 10000);
      const all = rows[type];
      return Response.json({
        data: { type, page, pageSize, total: all.length, countPages: Math.ceil(all.length / pageSize), entries: all.slice((page - 1) * pageSize, page * pageSize) },
      });
    },
    ping: async () => true,
    close: async () => {},
    onChange: (listener) => {
      listeners.push(listener);
    },
    describe: "fake",
  };
  return { backend, calls, change: () => listeners.forEach((l) => l()) };
}

/** The pages the real route table's handles declare (app/routes.ts and its modules). */
let declared: SitemapPage[] = [];
beforeAll(async () => {
  declared = sitemapPages(await routeManifest());
}, 60_000);

const createSitemapService = (backend: Backend, timeoutMs: number) => createService(backend, timeoutMs, async () => declared);

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemap files", () => {
  it("routes every file name it can serve, and nothing else", () => {
    expect(SITEMAP_FILES).toHaveLength(7 + MAX_PRODUCT_SITEMAPS);
    expect(parseSitemapFile("sitemap-actions.xml")).toEqual({ kind: "posts", type: "promotions" });
    for (const file of SITEMAP_FILES) expect(parseSitemapFile(file), file).not.toBeNull();
    expect(parseSitemapFile("sitemap-products-3.xml")).toEqual({ kind: "products", page: 3 });
    for (const bad of ["sitemap-products-0.xml", `sitemap-products-${MAX_PRODUCT_SITEMAPS + 1}.xml`, "sitemap-people.xml", "sitemap.xml.gz", "sitemap-products-01.xml"]) {
      expect(parseSitemapFile(bad), bad).toBeNull();
    }
  });

  it("escapes XML and grows the product page only when 50 files are not enough", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(urlsetXml("https://x.ru", [{ path: "/a?b=1&c=2", lastmod: STAMP }])).toContain("<loc>https://x.ru/a?b=1&amp;c=2</loc><lastmod>2025-03-01T10:00:00.000Z</lastmod>");
    expect(productPageSize(0)).toBe(10_000);
    expect(productPageSize(100_000)).toBe(10_000);
    expect(productPageSize(500_001)).toBe(10_001);
    expect(productPageSize(10_000_000)).toBe(50_000);
  });

  it("robots.txt keeps private areas out and names the host's sitemap", () => {
    const robots = robotsTxt("http://msk.localhost:3000");
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const path of ["/profile", "/cart", "/cp", "/kp/", "/favorites", "/comparison", "/api/"]) expect(robots).toContain(`Disallow: ${path}\n`);
    // The authentication pages (issue 19): personal, one per visitor.
    for (const path of ["/login", "/signup", "/forgot-password", "/reset-password", "/logout", "/email/"]) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain("Allow: /api/media/");
    expect(robots).toMatch(/^Sitemap: http:\/\/msk\.localhost:3000\/sitemap\.xml$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });
});

describe("sitemap service", () => {
  it("writes the index for the requesting origin, listing every per-type file", async () => {
    const api = fakeApi(25_001);
    const sitemaps = createSitemapService(api.backend, 1000);
    for (const origin of ["http://localhost:3000", "https://msk.example.ru"]) {
      const result = await sitemaps.file(origin, "sitemap.xml");
      expect(result.status).toBe(200);
      const body = result.status === 200 ? result.body : "";
      expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      expect(locs(body)).toEqual(
        ["sitemap-categories.xml", "sitemap-brands.xml", "sitemap-pages.xml", "sitemap-news.xml", "sitemap-blog.xml", "sitemap-products-1.xml", "sitemap-products-2.xml", "sitemap-products-3.xml"].map(
          (f) => `${origin}/${f}`,
        ),
      );
    }
  });

  it("lists a post section's page and every post on the requesting host, each with its lastmod", async () => {
    const sitemaps = createSitemapService(fakeApi(10).backend, 1000);
    const news = await sitemaps.file("https://msk.example.ru", "sitemap-news.xml");
    expect(news.status).toBe(200);
    const body = news.status === 200 ? news.body : "";
    expect(locs(body)).toEqual(["https://msk.example.ru/news", "https://msk.example.ru/news/3", "https://msk.example.ru/news/5"]);
    // The list page changes with its newest post.
    expect(body).toContain("<loc>https://msk.example.ru/news</loc><lastmod>2025-02-20T07:00:00.000Z</lastmod>");
    const blog = await sitemaps.file("http://localhost:3000", "sitemap-blog.xml");
    expect(blog.status === 200 && locs(blog.body)).toEqual(["http://localhost:3000/blog", "http://localhost:3000/blog/30"]);
    expect((await sitemaps.file("http://localhost:3000", "sitemap-actions.xml")).status).toBe(404);
  });

  it("lists product URLs page by page, 10 000 a file, with lastmod", async () => {
    const api = fakeApi(25_001);
    const sitemaps = createSitemapService(api.backend, 1000);
    const first = await sitemaps.file("https://msk.example.ru", "sitemap-products-1.xml");
    const last = await sitemaps.file("https://msk.example.ru", "sitemap-products-3.xml");
    expect(first.status === 200 && locs(first.body)).toHaveLength(10_000);
    expect(first.status === 200 && locs(first.body)[0]).toBe("https://msk.example.ru/catalog/goods/1");
    expect(first.status === 200 && first.body).toContain(`<lastmod>${STAMP}</lastmod>`);
    const lastUrls = last.status === 200 ? locs(last.body) : [];
    expect(lastUrls).toHaveLength(5_001);
    expect(lastUrls.at(0)).toBe("https://msk.example.ru/catalog/goods/20001");
    expect(lastUrls.at(-1)).toBe("https://msk.example.ru/catalog/goods/25001");
    expect((await sitemaps.file("https://msk.example.ru", "sitemap-products-4.xml")).status).toBe(404);
    expect((await sitemaps.file("https://msk.example.ru", "sitemap-nothing.xml")).status).toBe(404);
  });

  it("escapes slugs, and lists only content pages that exist and have a route", async () => {
    const sitemaps = createSitemapService(fakeApi(3).backend, 1000);
    const categories = await sitemaps.file("http://localhost", "sitemap-categories.xml");
    expect(categories.status === 200 && locs(categories.body)).toEqual(["http://localhost/catalog/ruchki", "http://localhost/catalog/a%26b%3Cc%3E"]);
    const pages = await sitemaps.file("http://localhost", "sitemap-pages.xml");
    const urls = pages.status === 200 ? locs(pages.body) : [];
    expect(urls).toEqual(expect.arrayContaining(["http://localhost/", "http://localhost/catalog", "http://localhost/print", "http://localhost/about"]));
    // In the content service but without a route; and a routed page the content service lacks.
    expect(urls).not.toContain("http://localhost/secret-draft");
    expect(urls).not.toContain("http://localhost/faq");
  });

  it("lists /print and every print type's /print/{id} in the pages file, on the requesting host", async () => {
    const api = fakeApi(3);
    const sitemaps = createSitemapService(api.backend, 1000);
    const pages = await sitemaps.file("https://msk.example.ru", "sitemap-pages.xml");
    const urls = pages.status === 200 ? locs(pages.body) : [];
    expect(urls).toContain("https://msk.example.ru/print");
    expect(urls.filter((u) => u.includes("/print/"))).toEqual(["https://msk.example.ru/print/1", "https://msk.example.ru/print/4"]);
    expect(api.calls).toContain("/api/seo/sitemap/print-types?page=1&pageSize=50000");
  });

  it("answers 503 for the pages file when the print types cannot be read", async () => {
    const api = fakeApi(3, { failing: () => api.calls.at(-1)!.startsWith("/api/seo/sitemap/print-types") });
    const sitemaps = createSitemapService(api.backend, 1000);
    expect((await sitemaps.file("http://localhost", "sitemap-pages.xml")).status).toBe(503);
  });

  it("caches per origin and file, and drops the cache when the data changes", async () => {
    const api = fakeApi(3);
    const sitemaps = createSitemapService(api.backend, 1000);
    await sitemaps.file("http://localhost", "sitemap-brands.xml");
    await sitemaps.file("http://localhost", "sitemap-brands.xml");
    expect(api.calls.filter((c) => c.startsWith("/api/seo/sitemap/brands"))).toHaveLength(1);
    const msk = await sitemaps.file("http://msk.localhost", "sitemap-brands.xml");
    expect(msk.status === 200 && locs(msk.body)).toEqual(["http://msk.localhost/brands/parker"]);
    expect(api.calls.filter((c) => c.startsWith("/api/seo/sitemap/brands"))).toHaveLength(2);
    api.change();
    await sitemaps.file("http://localhost", "sitemap-brands.xml");
    expect(api.calls.filter((c) => c.startsWith("/api/seo/sitemap/brands"))).toHaveLength(3);
  });

  it("answers 503 while the API is down, and does not keep that answer", async () => {
    let down = true;
    const api = fakeApi(3, { failing: () => down });
    const sitemaps = createSitemapService(api.backend, 1000);
    expect((await sitemaps.file("http://localhost", "sitemap.xml")).status).toBe(503);
    down = false;
    expect((await sitemaps.file("http://localhost", "sitemap.xml")).status).toBe(200);
  });
});

describe("pages declared by their routes (handle.sitemap, ADR 048)", () => {
  it("lists the listing pages, the static and content pages from the route modules' handles", () => {
    expect(declared.filter((p) => !p.content).map((p) => p.path).sort()).toEqual(["/", "/bestoffers", "/brands", "/catalog", "/newones", "/print", "/recommended"]);
    expect(declared.filter((p) => p.content).map((p) => p.path).sort()).toEqual([...STATIC_PAGES, "contacts", "route"].map((slug) => `/${slug}`).sort());
  });

  it("lists a new route that declares its entry, under any layout, with no list to edit", async () => {
    const manifest = await routeManifest([layout("layouts/user.tsx", [route("gift-wrap/*", "routes/home.tsx", { id: "gift-wrap" })])]);
    manifest["gift-wrap"] = { ...manifest["gift-wrap"]!, module: { handle: { sitemap: true } } };
    const sitemaps = createService(fakeApi(3).backend, 1000, async () => sitemapPages(manifest));
    const pages = await sitemaps.file("http://localhost", "sitemap-pages.xml");
    expect(pages.status === 200 && locs(pages.body)).toContain("http://localhost/gift-wrap");
  });

  it("refuses an entry without paths on a route with a parameter", () => {
    expect(() =>
      sitemapPages({
        root: { id: "root", path: "", module: {} },
        item: { id: "item", parentId: "root", path: "gift/:id", module: { handle: { sitemap: true } } },
      }),
    ).toThrow(/item \(\/gift\/:id\).*handle\.sitemap\.paths/);
  });
});

