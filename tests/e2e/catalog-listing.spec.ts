/**
 * Catalogue listings (§2): /catalog, categories with filters, /brands, brand pages and the curated
 * lists. Expectations come from the seeded embedded API itself (the same database), so the tests
 * hold for any seed: every page must carry its products in the server HTML, filter clicks must be
 * client navigations that give the same list as the document loaded without JavaScript, and bad
 * input is a 404 (or a 301 to the one canonical spelling), never a 5xx.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { OUTAGE_URL, SHOP_URL } from "#tests/support/servers.ts";

const CATEGORY = "/catalog/ruchki";

interface Group {
  id: number;
  title: string;
  products: { sku: string }[];
}
interface Paged {
  countItems: number;
  countPages: number;
  elements: Group[];
}
interface FacetValue {
  slug: string;
  title: string;
  count: number;
}
interface FilterData {
  brands: FacetValue[];
  attributes: { slug: string; title: string; values: FacetValue[] }[];
  categories: FacetValue[];
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** As React writes text into HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

function expectTitlesIn(body: string, groups: Group[], where: string) {
  expect(groups.length, `${where}: the seed has products here`).toBeGreaterThan(0);
  for (const g of groups) expect(body, `${where}: ${g.title}`).toContain(escapeHtml(g.title));
}

const mostCommon = (values: FacetValue[]) => [...values].filter((v) => v.count > 0).sort((a, b) => b.count - a.count)[0];

/** A brand and a material of the category that have products together (from the API's facets). */
async function twoFilters(request: APIRequestContext) {
  const all = await api<FilterData>(request, `/filter/all?category=ruchki`);
  const brand = mostCommon(all.brands);
  const withBrand = await api<FilterData>(request, `/filter/all?category=ruchki&brands[]=${brand.slug}`);
  const material = mostCommon(withBrand.attributes.find((a) => a.slug === "material")!.values);
  return {
    brand,
    material,
    brandPath: `${CATEGORY}/filter/brand=${brand.slug}`,
    path: `${CATEGORY}/filter/brand=${brand.slug}/material=${material.slug}`,
    apiQuery: `category=ruchki&brands[]=${brand.slug}&attrs[]=material:${material.slug}`,
  };
}

const cardTitles = (page: Page) => page.locator(".product-grid .product-card__title").allTextContents();

async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
  });
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  return {
    documents,
    marker: () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker),
  };
}

test.describe("server HTML carries the products", () => {
  test("/catalog lists the category tree with counts", async ({ request }) => {
    const all = await api<FilterData>(request, "/filter/all");
    const body = await html(request, "/catalog");
    expect(all.categories.length).toBeGreaterThan(0);
    for (const c of all.categories) {
      expect(body).toContain(`href="/catalog/${c.slug}"`);
      expect(body).toContain(escapeHtml(c.title));
    }
    expect(body).toContain('<link rel="canonical" href="' + SHOP_URL + '/catalog"/>');
  });

  test("a category page has its first 24 products, breadcrumbs, subcategories and JSON-LD", async ({ request }) => {
    const list = await api<Paged>(request, "/product/list?category=ruchki&pageLimit=24");
    const body = await html(request, CATEGORY);
    expectTitlesIn(body, list.elements, CATEGORY);
    expect(list.elements).toHaveLength(24);
    expect(body).toContain('"@type":"BreadcrumbList"');
    expect(body).toContain('"@type":"ItemList"');
    expect(body).toContain(`<link rel="canonical" href="${SHOP_URL}${CATEGORY}"/>`);
    expect(body).not.toContain('name="robots"');
    expect(body).toMatch(/class="subcategories"/);
    // Hydration data holds card views, never whole groups (variations and SKUs stay on the server).
    expect(body).not.toContain(list.elements[0].products[0].sku);
  });

  test("a category page with two filters has exactly the filtered products", async ({ request }) => {
    const { path, apiQuery } = await twoFilters(request);
    const list = await api<Paged>(request, `/product/list?${apiQuery}&pageLimit=24`);
    const body = await html(request, path);
    expectTitlesIn(body, list.elements, path);
    expect(body).toContain(`<link rel="canonical" href="${SHOP_URL}${path}"/>`);
    expect(body.match(/class="product-card"/g)).toHaveLength(list.elements.length);
  });

  test("/brands groups the brands by letter; a brand page lists its products", async ({ request }) => {
    const brands = await api<{ title: string; slug: string; letter: string }[]>(request, "/brand/list/all");
    const body = await html(request, "/brands");
    for (const b of brands) expect(body).toContain(`href="/brands/${b.slug}"`);
    expect(body).toMatch(/id="brands-(latin|cyrillic)-1"/);

    const brand = brands[0];
    const list = await api<Paged>(request, `/product/list?brands[]=${brand.slug}&pageLimit=24`);
    const page = await html(request, `/brands/${brand.slug}`);
    expectTitlesIn(page, list.elements, `/brands/${brand.slug}`);
    expect(page).toContain(escapeHtml(brand.title));
  });

  for (const kind of ["bestoffers", "newones", "recommended"]) {
    test(`/${kind} lists its curated products`, async ({ request }) => {
      const list = await api<Paged>(request, `/product/list/${kind}?pageLimit=24`);
      expectTitlesIn(await html(request, `/${kind}`), list.elements, `/${kind}`);
    });
  }
});

test.describe("bad input is a 404 or a redirect, never a 5xx", () => {
  test("malformed or unknown segments answer the §2 404", async ({ request }) => {
    for (const path of [
      `${CATEGORY}/filter/brand`,
      `${CATEGORY}/filter/price=500-100`,
      `${CATEGORY}/filter/brand=no-such-brand`,
      `${CATEGORY}/filter/material=no-such-material`,
      `${CATEGORY}/filter/no-such-attribute=x`,
      `${CATEGORY}/filter/page=999`,
      "/catalog/no-such-category",
      "/brands/no-such-brand",
      "/newones/sort=cheapest",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain(`Page not found: ${path}`);
    }
  });

  test("slugs no catalogue has (Cyrillic, spaces, control characters) are the §2 404 page, never a 5xx or a loop", async ({ request }) => {
    for (const path of ["/brands/%D0%BA%D1%80", "/catalog/%D0%BA%D1%80", "/catalog/%D0%BA%D1%80?sort=new", "/brands/a%20b", "/brands/a%0Ab/color=belyy", "/catalog/a%20b/filter/color=belyy"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Похоже, что такой страницы не существует.");
    }
    // A submitted filter form with hostile values: they are no filter values, the redirect drops them.
    const form = await request.get("/catalog/ruchki?brand=%D0%BA%0D%0Ax", { maxRedirects: 0 });
    expect(form.status()).toBe(302);
    expect(form.headers()["location"]).toBe("/catalog/ruchki");
  });

  test("the word filter inside the filters is '404 - Страница не найдена'", async ({ request }) => {
    for (const path of [`${CATEGORY}/filter/filter/brand=arrow`, "/brands/arrow/filter/color=siniy", "/bestoffers/filter"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("404 - Страница не найдена");
    }
  });

  test("a non-canonical order answers 301 to the canonical path", async ({ request }) => {
    const { brand, material, path } = await twoFilters(request);
    const response = await request.get(`${CATEGORY}/filter/material=${material.slug}/brand=${brand.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()["location"], SHOP_URL).pathname).toBe(path);
    const slash = await request.get(`${CATEGORY}/`, { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(new URL(slash.headers()["location"], SHOP_URL).pathname).toBe(CATEGORY);
  });

  test("three selected values are noindex,follow", async ({ request }) => {
    const all = await api<FilterData>(request, "/filter/all?category=ruchki");
    const [a, b, c] = all.brands.filter((x) => x.count > 0).map((x) => x.slug).sort();
    const body = await html(request, `${CATEGORY}/filter/brand=${a},${b},${c}`);
    expect(body).toContain('<meta name="robots" content="noindex,follow"/>');
  });

  test("an API outage on a listing is a 503 with Retry-After", async ({ request }) => {
    const response = await request.get(`${OUTAGE_URL}${CATEGORY}`, { timeout: 10_000 });
    expect(response.status()).toBe(503);
    expect(response.headers()["retry-after"]).toBeTruthy();
  });
});

test.describe("filters in the browser", () => {
  // Two browser contexts and several navigations per test: more than the default on a busy 2-core box.
  test.describe.configure({ timeout: 45_000 });

  test("clicking filters navigates client-side, and the same path without JavaScript lists the same products", async ({ page, browser, request }) => {
    const { brand, material, brandPath, path } = await twoFilters(request);
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const { documents, marker } = await markDocument(page);

    await page.locator(`.filters a[href="${brandPath}"]`).click();
    await expect(page).toHaveURL(SHOP_URL + brandPath);
    await expect(page.locator(".filters__selected")).toContainText(brand.title);

    const materialLink = page.locator(`.filters a[href="${path}"]`);
    await materialLink.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await materialLink.click();
    await expect(page).toHaveURL(SHOP_URL + path);
    await expect(page.locator(".filters__selected")).toContainText(material.title);
    const clicked = await cardTitles(page);

    expect(await marker()).toBe(42);
    expect(documents).toEqual([]);
    // A filter click keeps the visitor where the filters are (no jump to the top).
    if (scrolled > 0) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noJs.newPage();
      const response = await plain.goto(SHOP_URL + path);
      expect(response?.status()).toBe(200);
      expect(await cardTitles(plain)).toEqual(clicked);
      expect(clicked.length).toBeGreaterThan(0);
    } finally {
      await noJs.close();
    }
  });

  test("client navigations and back keep the cards, the menu and the footer whole", async ({ page, request }) => {
    const { brandPath } = await twoFilters(request);
    const body = await html(request, CATEGORY);
    expect(body.match(/<article class="product-card">/g)?.length).toBe(24);
    expect(body.match(/product-card__title/g)?.length).toBe(24);

    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const { documents, marker } = await markDocument(page);
    const first = await cardTitles(page);
    const menuLinks = await page.locator("details.catalog-menu a").count();
    const footer = await page.locator("footer.footer").innerText();
    expect(first).toHaveLength(24);
    expect(menuLinks).toBeGreaterThan(5);

    await page.locator(`.filters a[href="${brandPath}"]`).click();
    await expect(page).toHaveURL(SHOP_URL + brandPath);
    await expect.poll(() => cardTitles(page)).not.toEqual(first);
    await page.goBack();
    await expect(page).toHaveURL(SHOP_URL + CATEGORY);
    await expect.poll(() => cardTitles(page)).toEqual(first);
    await expect(page.locator(".filters__selected")).toHaveCount(0);

    await page.locator("details.catalog-menu summary").click();
    await expect(page.locator("details.catalog-menu a")).toHaveCount(menuLinks);
    expect(await page.locator("footer.footer").innerText()).toBe(footer);
    expect(await marker()).toBe(42);
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("removing a selected value and 'Сбросить' work client-side", async ({ page, request }) => {
    const { brandPath, path } = await twoFilters(request);
    await page.goto(path);
    await waitForHydration(page);
    const { documents, marker } = await markDocument(page);
    await page.locator(`.filters__selected a[href="${brandPath}"]`).click();
    await expect(page).toHaveURL(SHOP_URL + brandPath);
    await page.locator(".filters__reset").click();
    await expect(page).toHaveURL(SHOP_URL + CATEGORY);
    expect(await marker()).toBe(42);
    expect(documents).toEqual([]);
  });

  test("the price form lands on the canonical path, with and without JavaScript", async ({ page, browser }) => {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const { documents, marker } = await markDocument(page);
    await page.getByLabel("Цена от").fill("100");
    await page.getByLabel("Цена до").fill("500");
    await page.getByRole("button", { name: "Применить цену" }).click();
    await expect(page).toHaveURL(`${SHOP_URL}${CATEGORY}/filter/price=100-500`);
    await expect(page.locator(".filters__selected")).toContainText("Цена");
    expect(await marker()).toBe(42);
    expect(documents).toEqual([]);

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noJs.newPage();
      await plain.goto(`${SHOP_URL}${CATEGORY}/filter/price=100-500`);
      await plain.getByLabel("Цена от").fill("");
      await plain.getByLabel("Цена до").fill("300");
      await plain.getByRole("button", { name: "Применить цену" }).click();
      await expect(plain).toHaveURL(`${SHOP_URL}${CATEGORY}/filter/price=-300`);
      // The URL changes when the new document starts to arrive: wait for its cards.
      await expect(plain.locator(".product-card__price strong").first()).toBeVisible();
      const prices = await plain.locator(".product-card__price strong").allTextContents();
      expect(prices.length).toBeGreaterThan(0);
    } finally {
      await noJs.close();
    }
  });

  test("the quantity form keeps goods with that many in stock, without JavaScript", async ({ browser, request }) => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noJs.newPage();
      await plain.goto(`${SHOP_URL}${CATEGORY}/filter/price=100-`);
      await plain.getByLabel("В наличии не меньше, шт.").fill("2 000");
      await plain.getByRole("button", { name: "Применить количество" }).click();
      // The price chosen before stays; the quantity joins it in its canonical place.
      await expect(plain).toHaveURL(`${SHOP_URL}${CATEGORY}/filter/price=100-/quantity=2000`);
      await expect(plain.locator(".filters__selected")).toContainText("В наличии от 2000 шт.");
      const expected = await api<Paged>(request, "/product/list?category=ruchki&pageLimit=24&priceFrom=100&quantity=2000");
      expect(expected.elements.length).toBeGreaterThan(0);
      await expect(plain.locator(".product-grid .product-card__title")).toHaveText(expected.elements.map((g) => g.title));
    } finally {
      await noJs.close();
    }
  });

  test("sorting orders by price and pagination moves through pages", async ({ page, request }) => {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const { documents, marker } = await markDocument(page);

    await page.locator(".sort-bar").getByRole("link", { name: "Сначала дешевле" }).click();
    await expect(page).toHaveURL(`${SHOP_URL}${CATEGORY}/filter/sort=price_asc`);
    const cheapest = await api<Paged>(request, "/product/list?category=ruchki&pageLimit=24&sort=price_asc");
    await expect(page.locator(".product-grid .product-card__title")).toHaveText(cheapest.elements.map((g) => g.title));

    await page.locator(".pagination").getByRole("link", { name: "Страница 2" }).click();
    await expect(page).toHaveURL(`${SHOP_URL}${CATEGORY}/filter/sort=price_asc/page=2`);
    const second = await api<Paged>(request, "/product/list?category=ruchki&pageLimit=24&sort=price_asc&page=2");
    await expect(page.locator(".product-grid .product-card__title")).toHaveText(second.elements.map((g) => g.title));
    await expect(page.locator(".pagination [aria-current=page]")).toHaveText("2");
    // A new page starts at the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    expect(await marker()).toBe(42);
    expect(documents).toEqual([]);
  });

  test("a brand page filters by colour without a reload", async ({ page, request }) => {
    const brands = await api<{ slug: string }[]>(request, "/brand/list/all");
    const slug = brands[0].slug;
    const facets = await api<{ colors: FacetValue[] }>(request, `/filter/all?brands[]=${slug}`);
    const color = mostCommon(facets.colors);
    await page.goto(`/brands/${slug}`);
    await waitForHydration(page);
    const { documents, marker } = await markDocument(page);
    await page.locator(`.filters a[href="/brands/${slug}/color=${color.slug}"]`).click();
    await expect(page).toHaveURL(`${SHOP_URL}/brands/${slug}/color=${color.slug}`);
    await expect(page.getByTestId("listing-total")).toContainText(String(color.count));
    expect(await marker()).toBe(42);
    expect(documents).toEqual([]);
  });
});

test.describe("layout", () => {
  test("on a phone the facets fold behind «Фильтры», without JavaScript too", async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.goto(SHOP_URL + CATEGORY);
        const facet = page.locator(".filters .facet__option").first();
        await expect(facet).toBeHidden();
        await expect(page.locator(".product-grid .product-card").first()).toBeVisible();
        await page.locator(".filters__title label").click();
        await expect(facet).toBeVisible();
      } finally {
        await context.close();
      }
    }
  });

  for (const path of [`${CATEGORY}/filter/sort=price_asc`, "/catalog", "/brands"]) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    });
  }
});
