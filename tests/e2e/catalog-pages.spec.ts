/**
 * Home, product and print pages (§2) against the seeded demo catalogue: the products are in the
 * server HTML, the print-price calculator is live (and works without JavaScript), variations
 * switch without a reload, viewed products (§4) reach the home page, bad ids are the §2 404.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, DOCUMENT_STATUS_ERROR, waitForHydration } from "#tests/support/fixtures.ts";
import { NOT_FOUND_TITLE, notFoundMessage } from "#tests/support/pages.ts";
import { SHOP_URL } from "#tests/support/servers.ts";

interface ApiProduct {
  id: number;
  sku: string;
  stock: number;
  color: { title: string } | null;
  images: string[];
}
interface ApiGroup {
  id: number;
  title: string;
  coatings: number[];
  products: ApiProduct[];
}
interface ApiCoating {
  id: number;
  title: string;
  variants: { id: number; title: string }[];
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Popular groups from the seed; `where` picks the ones a test needs. */
async function seedGroups(request: APIRequestContext, where: (g: ApiGroup) => boolean = () => true, limit = 24): Promise<ApiGroup[]> {
  const page = await apiData<{ elements: ApiGroup[] }>(request, `/product/list/popular?pageLimit=${limit}`);
  return page.elements.filter((g) => g.products.length > 0 && where(g));
}

/** Text as React writes it into HTML. */
const inHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** Reads the print price once it is shown for the current values. */
async function printPrice(page: Page): Promise<string> {
  const price = page.getByTestId("coating-price").locator("strong");
  await expect(price).toHaveText(/\d.*₽/);
  return (await price.textContent()) ?? "";
}

async function expectPriceChange(page: Page, before: string): Promise<string> {
  const price = page.getByTestId("coating-price").locator("strong");
  await expect(price).not.toHaveText(before);
  return printPrice(page);
}

test("the home page has the slider, the product strips and the order info in its HTML", async ({ page, request }) => {
  const [best] = await apiData<{ elements: ApiGroup[] }>(request, "/product/list/bestoffers?pageLimit=1").then((p) => p.elements);
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  // The strips are server-rendered: product titles are in the document before any script runs.
  expect(html).toContain(inHtml(best.title));
  expect(html).toContain('fetchPriority="high"');
  expect(html).toContain(`<link rel="canonical" href="${SHOP_URL}/"`);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Лучшие предложения" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Новинки" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Рекомендуем" })).toBeVisible();
  await expect(page.locator(".slider__slide").first().locator("img")).toHaveAttribute("loading", "eager");
  await expect(page.locator(".slider__slide").nth(1).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(page.getByTestId("order-info-minimalOrder")).toContainText("Минимальный заказ");
  // A products block of the order info carries its product cards (§3), as a strip under the sections.
  await expect(page.getByTestId("order-info-products").locator(".product-card").first()).toBeVisible();
  await expect(page.getByTestId("order-info-products")).toContainText("Популярно у наших клиентов");
  // Nothing viewed yet: the strip stays hidden.
  await waitForHydration(page);
  await expect(page.getByTestId("viewed-products")).toHaveCount(0);
});

test("a product page renders the product, its breadcrumbs and JSON-LD on the server", async ({ page, request }) => {
  const [group] = await seedGroups(request, () => true, 1);
  const path = `/catalog/goods/${group.id}`;
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(inHtml(group.title));
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain('"@type":"BreadcrumbList"');
  expect(html).toContain('"priceCurrency":"RUB"');
  expect(html).toContain(`<link rel="canonical" href="${SHOP_URL}${path}"`);

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.title);
  await expect(page.getByRole("navigation", { name: "Навигационная цепочка" })).toContainText(group.title);
  // The default variation is the first one in stock.
  const shown = group.products.find((p) => p.stock > 0) ?? group.products[0];
  await expect(page.getByTestId("product-sku")).toHaveText(shown.sku);
  await expect(page.locator(".gallery__image").first()).toHaveAttribute("width", "600");
  // The deferred strips stream in after the shell.
  await expect(page.getByTestId("similar-products").or(page.getByTestId("looking-at")).first()).toBeVisible();
  await waitForHydration(page);
});

test("the deferred strips are in the HTML, and a card of a strip opens its product client-side", async ({ page, request }) => {
  const [group] = await seedGroups(request, () => true, 1);
  const path = `/catalog/goods/${group.id}`;
  // Streamed after the shell (Suspense + Await), but part of the document all the same.
  const html = await (await request.get(`${path}?render=again`)).text();
  expect(html).toContain('data-testid="similar-products"');
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByTestId("similar-products")).toBeVisible();
  await expect(page.getByTestId("similar-products").locator(".product-card").first()).toBeVisible();
  // A card of the strip opens its product without reloading the document, with its own strips.
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  const next = page.getByTestId("similar-products").locator(".product-card a").first();
  const href = await next.getAttribute("href");
  await next.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId("similar-products").locator(".product-card").first()).toBeVisible();
  await expect(page.getByTestId("looking-at").or(page.getByTestId("similar-products")).locator(".product-card").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test("choosing another colour switches the variation without reloading the document", async ({ page, request }) => {
  const [group] = await seedGroups(request, (g) => new Set(g.products.map((p) => p.color?.title)).size > 1);
  test.skip(!group, "no group with two colours in the seed");
  await page.goto(`/catalog/goods/${group.id}`);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  const other = group.products.find((p) => p.color?.title !== group.products[0].color?.title && p.color)!;
  await page.getByRole("link", { name: other.color!.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`variant=${other.id}`));
  await expect(page.getByTestId("product-sku")).toHaveText(other.sku);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test("the print price updates when the coating, its size or the quantity changes", async ({ page, request }) => {
  const coatings = await apiData<ApiCoating[]>(request, "/coating/all");
  const [group] = await seedGroups(request, (g) => g.coatings.length >= 2);
  const [first, second] = group.coatings.map((id) => coatings.find((c) => c.id === id)!);

  await page.goto(`/catalog/goods/${group.id}`);
  await waitForHydration(page);
  const calculator = page.getByTestId("coating-calculator");
  await calculator.getByLabel("Тираж, шт.").fill("500");
  await calculator.getByLabel("Вид нанесения").selectOption(String(first.id));
  // §5: incomplete line → a hint, no price.
  await expect(page.getByTestId("coating-hint")).toBeVisible();
  if (first.variants.length) await calculator.getByLabel("Вариант").selectOption(String(first.variants[0].id));
  await calculator.getByLabel("Ширина, мм").fill("40");
  await calculator.getByLabel("Высота, мм").fill("30");
  let price = await printPrice(page);

  await calculator.getByLabel("Ширина, мм").fill("50");
  price = await expectPriceChange(page, price);

  await calculator.getByLabel("Тираж, шт.").fill("2000");
  price = await expectPriceChange(page, price);

  await calculator.getByLabel("Вид нанесения").selectOption(String(second.id));
  if (second.variants.length) {
    await expect(page.getByTestId("coating-hint")).toHaveText(/вариант/i);
    await calculator.getByLabel("Вариант").selectOption(String(second.variants[0].id));
  }
  await calculator.getByLabel("Ширина, мм").fill("40");
  await expectPriceChange(page, price);
  await expect(page.getByTestId("calculator-total")).toHaveText(/\d.*₽/);
});

/** A group whose variations have two photos or more (the gallery has something to scroll). */
async function groupWithPhotos(request: APIRequestContext): Promise<ApiGroup> {
  const list = await apiData<{ elements: ApiGroup[] }>(request, "/product/list?pageLimit=50");
  const group = list.elements.find((g) => new Set(g.products.flatMap((p) => p.images)).size > 1);
  expect(group, "a product with two photos").toBeDefined();
  return group!;
}

test("the gallery and the hero slider (one carousel) follow the arrow keys, Home and End", async ({ page, request }) => {
  await page.goto(`/catalog/goods/${(await groupWithPhotos(request)).id}`);
  await waitForHydration(page);
  const track = page.locator(".gallery__track");
  const current = page.locator('.gallery__thumb[aria-current="true"]');
  await track.focus();
  await page.keyboard.press("ArrowRight");
  await expect(current).toHaveAttribute("href", "#photo-2");
  await expect.poll(() => track.evaluate((e) => Math.round(e.scrollLeft / e.clientWidth))).toBe(1);
  await page.keyboard.press("End");
  const last = await page.locator(".gallery__thumb").count();
  await expect(current).toHaveAttribute("href", `#photo-${last}`);
  // The gallery stops at its ends; the hero goes round.
  await page.keyboard.press("ArrowRight");
  await expect(current).toHaveAttribute("href", `#photo-${last}`);
  await page.keyboard.press("Home");
  await expect(current).toHaveAttribute("href", "#photo-1");

  await page.goto("/");
  await waitForHydration(page);
  const dots = page.locator(".slider__dot");
  await page.locator(".slider__track").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.locator('.slider__dot[aria-current="true"]')).toHaveAttribute("aria-label", `Слайд ${await dots.count()}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a thumbnail of the gallery shows its photo (a link to it in the scroll-snap list)", async ({ page, request }) => {
    await page.goto(`/catalog/goods/${(await groupWithPhotos(request)).id}`);
    await page.locator('.gallery__thumb[href="#photo-2"]').click();
    await expect.poll(() => page.locator(".gallery__track").evaluate((e) => Math.round(e.scrollLeft / e.clientWidth))).toBe(1);
  });

  test("the calculator form posts to the page and shows the price", async ({ page, request }) => {
    const coatings = await apiData<ApiCoating[]>(request, "/coating/all");
    const [group] = await seedGroups(request, (g) => g.coatings.some((id) => coatings.find((c) => c.id === id)?.variants.length === 0));
    test.skip(!group, "no group with a coating without variants in the seed");
    const coating = group.coatings.map((id) => coatings.find((c) => c.id === id)!).find((c) => c.variants.length === 0)!;

    await page.goto(`/catalog/goods/${group.id}`);
    const calculator = page.getByTestId("coating-calculator");
    await calculator.getByLabel("Тираж, шт.").fill("300");
    await calculator.getByLabel("Вид нанесения").selectOption(String(coating.id));
    await calculator.getByRole("button", { name: "Рассчитать" }).click();
    // The page comes back with the chosen coating's size fields.
    await calculator.getByLabel("Ширина, мм").fill("40");
    await calculator.getByLabel("Высота, мм").fill("30");
    await calculator.getByRole("button", { name: "Рассчитать" }).click();
    await expect(page.getByTestId("coating-price").locator("strong")).toHaveText(/\d.*₽/);
    await expect(calculator.getByLabel("Тираж, шт.")).toHaveValue("300");
  });
});

test("viewed products appear on the home page after visiting two products", async ({ page, request }) => {
  const [a, b] = await seedGroups(request, () => true, 6);
  await page.goto(`/catalog/goods/${a.id}`);
  await waitForHydration(page);
  await page.goto(`/catalog/goods/${b.id}`);
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("tmg_viewed"))).toBe(JSON.stringify([b.id, a.id]));

  await page.goto("/");
  const viewed = page.getByTestId("viewed-products");
  await expect(viewed).toBeVisible();
  // Newest first (§4).
  await expect(viewed.locator(".product-card__title")).toHaveText([b.title, a.title]);
});

test.describe("bad product and print ids", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(404)] });

  test("an unknown product answers the §2 404 page", async ({ page, request }) => {
    for (const path of ["/catalog/goods/999999999", "/catalog/goods/abc", "/catalog/goods/0", "/print/999999", "/print/abc"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain(notFoundMessage(path));
    }
    const response = await page.goto("/catalog/goods/999999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
    await waitForHydration(page);
  });
});

test("/print lists the print types and /print/:id shows one", async ({ page, request }) => {
  const types = await apiData<{ id: number; title: string }[]>(request, "/print-types/list");
  const response = await page.goto("/print");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(".print-card")).toHaveCount(types.length);
  await waitForHydration(page);

  await page.locator(".print-card__link").first().click();
  await expect(page).toHaveURL(new RegExp(`/print/${types[0].id}$`), { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(types[0].title);
  await expect(page.locator(".print-item .html-content")).not.toBeEmpty();

  const direct = await request.get(`/print/${types[1].id}`);
  expect(direct.status()).toBe(200);
  expect(await direct.text()).toContain(types[1].title);
});

const AXE_PAGES: [string, (request: APIRequestContext) => Promise<string>][] = [
  // The home page, /print and a print type: accessibility.spec.ts checks one page of each route in the pages sitemap.
  ["product", async (request) => `/catalog/goods/${(await seedGroups(request, (g) => g.coatings.length > 0, 1))[0].id}`],
];

for (const [name, pathOf] of AXE_PAGES) {
  test(`the ${name} page has no serious or critical accessibility violations`, async ({ page, request }) => {
    await page.goto(await pathOf(request));
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  });
}
