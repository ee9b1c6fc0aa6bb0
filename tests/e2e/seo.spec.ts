/**
 * What crawlers get (sitemaps and robots.txt for the requesting host, §1) and the anonymous page
 * cache as seen on the wire (X-Page-Cache, a fresh CSP nonce on every answer).
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { test, expect } from "#tests/support/fixtures.ts";
import { SHOP_PORT } from "#tests/support/servers.ts";

const PLAIN = `localhost:${SHOP_PORT}`;
const MSK = `msk.localhost:${SHOP_PORT}`;
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

/** A raw GET with a chosen Host (Node cannot resolve msk.localhost; the server only reads the header). */
function rawGet(path: string, host = PLAIN, headers: Record<string, string> = {}): Promise<{ response: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: SHOP_PORT, path, headers: { host, "user-agent": PERSON, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ response, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const cspNonce = (response: IncomingMessage) => /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];

for (const host of [PLAIN, MSK]) {
  test(`the sitemap index on ${host} lists the per-type sitemaps on that host`, async () => {
    const { response, body } = await rawGet("/sitemap.xml", host);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    // A public answer carries no cookie (a shared cache would hand it to everyone).
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = locs(body);
    for (const file of ["sitemap-categories.xml", "sitemap-brands.xml", "sitemap-pages.xml", "sitemap-news.xml", "sitemap-blog.xml", "sitemap-actions.xml", "sitemap-products-1.xml"]) {
      expect(urls).toContain(`http://${host}/${file}`);
    }
    for (const url of urls) expect(url.startsWith(`http://${host}/`), url).toBe(true);
  });
}

test("a product sitemap lists /catalog/goods/ URLs on the requesting host, with lastmod", async () => {
  const { response, body } = await rawGet("/sitemap-products-1.xml", MSK);
  expect(response.statusCode).toBe(200);
  expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls = locs(body);
  expect(urls.length).toBeGreaterThan(100);
  for (const url of urls) expect(url).toMatch(new RegExp(`^http://${MSK.replace(/\./g, "\\.")}/catalog/goods/\\d+$`));
  expect(body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);

  // The listed product pages exist.
  const product = new URL(urls[0]!).pathname;
  expect((await rawGet(product, MSK)).response.statusCode).toBe(200);
});

test("the category, brand and page sitemaps point at live pages", async () => {
  const categories = locs((await rawGet("/sitemap-categories.xml")).body);
  const brands = locs((await rawGet("/sitemap-brands.xml")).body);
  const pages = locs((await rawGet("/sitemap-pages.xml")).body);
  expect(categories[0]).toMatch(new RegExp(`^http://${PLAIN}/catalog/[^/]+$`));
  expect(brands[0]).toMatch(new RegExp(`^http://${PLAIN}/brands/[^/]+$`));
  expect(pages).toEqual(expect.arrayContaining([`http://${PLAIN}/`, `http://${PLAIN}/about`, `http://${PLAIN}/route`, `http://${PLAIN}/contacts`]));
  for (const url of [categories[0]!, brands[0]!, `http://${PLAIN}/about`]) {
    expect((await rawGet(new URL(url).pathname)).response.statusCode, url).toBe(200);
  }
  expect((await rawGet("/sitemap-products-50.xml")).response.statusCode).toBe(404);
});

test("the news, blog and promotion sitemaps list the section and every post on the requesting host", async () => {
  for (const [file, section] of [["sitemap-news.xml", "news"], ["sitemap-blog.xml", "blog"], ["sitemap-actions.xml", "actions"]] as const) {
    const { response, body } = await rawGet(`/${file}`, MSK);
    expect(response.statusCode, file).toBe(200);
    const urls = locs(body);
    expect(urls[0]).toBe(`http://${MSK}/${section}`);
    expect(urls.length).toBeGreaterThan(8);
    for (const url of urls.slice(1)) expect(url).toMatch(new RegExp(`^http://${MSK.replace(/\./g, "\\.")}/${section}/\\d+$`));
    expect(body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);
    // The listed pages exist.
    for (const url of [urls[0]!, urls[1]!, urls.at(-1)!]) expect((await rawGet(new URL(url).pathname, MSK)).response.statusCode, url).toBe(200);
  }
});

test("a post page names its canonical on the regional host, a PNG og:image and its JSON-LD", async () => {
  const ldTypes = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => (JSON.parse(m[1]!) as { "@type": string })["@type"]);
  const cases = [
    ["/news/1", "NewsArticle"],
    ["/blog/25", "BlogPosting"],
    ["/actions/43", "Offer"],
  ] as const;
  for (const [path, type] of cases) {
    const { response, body } = await rawGet(path, MSK);
    expect(response.statusCode, path).toBe(200);
    expect(body).toContain(`<link rel="canonical" href="http://${MSK}${path}"/>`);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(body)?.[1];
    expect(image, path).toMatch(new RegExp(`^http://${MSK.replace(/\./g, "\\.")}/api/media/post/\\d+-[a-z]+\\.png$`));
    expect(body).toContain('<meta property="og:type" content="article"/>');
    expect(ldTypes(body)).toEqual(expect.arrayContaining([type, "BreadcrumbList"]));
    const png = await rawGet(new URL(image!).pathname, MSK);
    expect(png.response.headers["content-type"]).toBe("image/png");
  }
  // The lists: canonical without ?page on page 1, with it after.
  expect((await rawGet("/news", MSK)).body).toContain(`<link rel="canonical" href="http://${MSK}/news"/>`);
  expect((await rawGet("/news?page=2", MSK)).body).toContain(`<link rel="canonical" href="http://${MSK}/news?page=2"/>`);
});

test("robots.txt keeps private areas out and names the host's sitemap", async () => {
  for (const host of [PLAIN, MSK]) {
    const { response, body } = await rawGet("/robots.txt", host);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(body).toMatch(/^User-agent: \*$/m);
    for (const path of ["/profile", "/cart", "/cp", "/favorites", "/comparison", "/api/"]) expect(body).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    expect(body).toMatch(new RegExp(`^Sitemap: http://${host.replace(/\./g, "\\.")}/sitemap\\.xml$`, "m"));
  }
});

test("a second anonymous request of /about is a cache HIT with its own nonce", async () => {
  const first = await rawGet("/about");
  expect(first.response.statusCode).toBe(200);
  // Other specs may have stored /about already: a stale copy is refreshed in the background.
  expect(["MISS", "HIT", "STALE"]).toContain(first.response.headers["x-page-cache"]);
  const firstNonce = cspNonce(first.response)!;

  let second = await rawGet("/about");
  for (let attempt = 0; attempt < 10 && second.response.headers["x-page-cache"] !== "HIT"; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    second = await rawGet("/about");
  }
  expect(second.response.headers["x-page-cache"]).toBe("HIT");
  const secondNonce = cspNonce(second.response)!;
  expect(secondNonce).toBeTruthy();
  expect(secondNonce).not.toBe(firstNonce);
  // Every script of the cached page carries this answer's nonce, and the first one is gone.
  const scripts = [...second.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${secondNonce}"`);
  expect(second.body).not.toContain(firstNonce);
  expect(second.body).toContain("О компании");
});

test("a page is stored on its first visit and served from the cache on the next", async () => {
  // A page of its own, so no other spec has stored it: a filtered listing is a page of its own
  // (a query parameter the page does not read would not be stored at all, issue 25).
  const path = `/catalog/ruchki/filter/price=1-${100_000 + (Date.now() % 1_000_000)}`;
  const first = await rawGet(path, MSK);
  const second = await rawGet(path, MSK);
  expect(first.response.headers["x-page-cache"]).toBe("MISS");
  expect(second.response.headers["x-page-cache"]).toBe("HIT");
  // The city cookie is written on both: it travels outside the cached page.
  expect(String(first.response.headers["set-cookie"])).toContain("cityId=2");
  expect(String(second.response.headers["set-cookie"])).toContain("cityId=2");
  // The signed-in never share it.
  const personal = await rawGet(path, MSK, { cookie: "token=e2e-token" });
  expect(personal.response.headers["x-page-cache"]).toBe("BYPASS");
});
