/**
 * Favourites and comparison for a visitor without an account (issue 17, §3–§5): the lists live in
 * local storage, the buttons and counters come alive after hydration, the pages list what was
 * saved, limits are said, other tabs follow, and the personal pages are private and noindex.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { quoted } from "#contract/quotes.ts";

const CATEGORY = "/catalog/ruchki";

interface Group {
  id: number;
  title: string;
  category: { id: number };
  products: { id: number }[];
}

async function firstGroupOf(request: APIRequestContext, category: string): Promise<Group> {
  const response = await request.get(`/api/product/list?category=${category}&pageLimit=1`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { elements: Group[] } }).data.elements[0];
}

const favoritesCount = (page: Page) => page.getByTestId("favorites-count");
const comparisonCount = (page: Page) => page.getByTestId("comparison-count");
const favButton = (scope: Locator | Page) => scope.getByRole("button", { name: "В избранное", exact: true });
const compareButton = (scope: Locator | Page) => scope.getByRole("button", { name: "Сравнить", exact: true });

/** Seeds local storage before the first page script runs (once per test, not on every load). */
async function seed(page: Page, key: string, ids: number[]) {
  await page.addInitScript(
    ([k, v]) => {
      if (!sessionStorage.getItem(`seeded:${k}`)) {
        localStorage.setItem(k, v);
        sessionStorage.setItem(`seeded:${k}`, "1");
      }
    },
    [key, JSON.stringify(ids)] as const,
  );
}

test("a shopper saves two products from a card and a product page, sees them listed, removes and clears them", async ({ page, request }) => {
  const other = await firstGroupOf(request, "posuda");

  await page.goto(CATEGORY);
  await waitForHydration(page);
  const card = page.locator(".product-card").first();
  const cardTitle = (await card.locator(".product-card__title").textContent())!.trim();
  await expect(favoritesCount(page)).toBeHidden();

  await favButton(card).click();
  await expect(favButton(card)).toHaveAttribute("aria-pressed", "true");
  await expect(favoritesCount(page)).toHaveText("1");
  await compareButton(card).click();
  await expect(compareButton(card)).toHaveAttribute("aria-pressed", "true");
  await expect(comparisonCount(page)).toHaveText("1");

  // The product page of a group from another category: both buttons there.
  await page.goto(`/catalog/goods/${other.id}`);
  await waitForHydration(page);
  const info = page.locator(".product-page__info");
  await expect(favoritesCount(page)).toHaveText("1");
  await favButton(info).click();
  await expect(favButton(info)).toHaveAttribute("aria-pressed", "true");
  await compareButton(info).click();
  await expect(compareButton(info)).toHaveAttribute("aria-pressed", "true");
  await expect(favoritesCount(page)).toHaveText("2");
  await expect(comparisonCount(page)).toHaveText("2");

  // /favorites through the header: both cards, newest first.
  await page.getByRole("link", { name: /Избранное/ }).first().click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Избранное");
  const cards = page.locator(".saved-page .product-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).locator(".product-card__title")).toHaveText(other.title);
  await expect(cards.nth(1).locator(".product-card__title")).toHaveText(cardTitle);
  await expect(page.getByTestId("favorites-total")).toHaveText("2 товара");
  // Removing is the same heart.
  await favButton(cards.nth(0)).click();
  await expect(cards).toHaveCount(1);
  await expect(favoritesCount(page)).toHaveText("1");

  // /comparison: a tab per category, the table, remove one, clear.
  await page.getByRole("link", { name: /Сравнение/ }).first().click();
  await expect(page).toHaveURL(/\/comparison$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сравнение товаров");
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
  const table = page.getByTestId("compare-table");
  await expect(table.getByTestId("compared-product")).toHaveCount(1);
  await expect(table).toContainText(other.title);
  await expect(table.getByRole("rowheader", { name: /Цена/ })).toBeVisible();
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(table).toContainText(cardTitle);
  await page.getByRole("checkbox", { name: "Только различия" }).check();
  await page.getByRole("button", { name: `Убрать ${quoted(cardTitle)} из сравнения` }).click();
  await expect(tabs).toHaveCount(1);
  await expect(comparisonCount(page)).toHaveText("1");
  await page.getByRole("button", { name: "Очистить сравнение" }).click();
  await expect(page.getByText("В сравнении пока нет товаров")).toBeVisible();
  await expect(comparisonCount(page)).toBeHidden();

  await page.goto("/favorites");
  await page.getByRole("button", { name: "Очистить избранное" }).click();
  await expect(page.getByText("В избранном пока пусто")).toBeVisible();
  await expect(page.getByRole("link", { name: "Перейти в каталог" })).toHaveAttribute("href", "/catalog");
  await expect(favoritesCount(page)).toBeHidden();
});

test("a full list says so: 300 favourites, 150 compared products", async ({ page }) => {
  await seed(page, "tmg_favorites", Array.from({ length: 300 }, (_, i) => 900_000 + i));
  await seed(page, "tmg_comparison", Array.from({ length: 150 }, (_, i) => 900_000 + i));
  await page.goto(CATEGORY);
  await waitForHydration(page);
  await expect(favoritesCount(page)).toHaveText("300");
  await expect(comparisonCount(page)).toHaveText("150");
  const card = page.locator(".product-card").first();

  await favButton(card).click();
  await expect(page.getByRole("status").filter({ hasText: "В избранное можно добавить не более 300 групп продуктов" })).toBeVisible();
  await expect(favButton(card)).toHaveAttribute("aria-pressed", "false");
  await expect(favoritesCount(page)).toHaveText("300");

  await compareButton(card).click();
  await expect(page.getByRole("status").filter({ hasText: "В сравнение можно добавить не более 150 товаров" })).toBeVisible();
  await expect(compareButton(card)).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Закрыть сообщение" }).click();
  await expect(page.getByText("В сравнение можно добавить не более 150 товаров")).toBeHidden();
});

test("a second tab follows the change (storage event)", async ({ page, context }) => {
  await page.goto(CATEGORY);
  await waitForHydration(page);
  const second = await context.newPage();
  await second.goto(CATEGORY);
  await waitForHydration(second);

  await favButton(page.locator(".product-card").first()).click();
  await expect(favoritesCount(second)).toHaveText("1");
  await expect(favButton(second.locator(".product-card").first())).toHaveAttribute("aria-pressed", "true");
  await compareButton(second.locator(".product-card").first()).click();
  await expect(comparisonCount(page)).toHaveText("1");
});

test("groups the catalogue no longer has are dropped from favourites, and the page says so once", async ({ page, request }) => {
  const group = await firstGroupOf(request, "posuda");
  await seed(page, "tmg_favorites", [999_999_999, group.id]);
  await page.goto("/favorites");
  await waitForHydration(page);
  await expect(page.locator(".saved-page .product-card")).toHaveCount(1);
  await expect(page.getByText("Один товар больше не продаётся")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("tmg_favorites"))).toBe(JSON.stringify([group.id]));
  await expect(favoritesCount(page)).toHaveText("1");
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".saved-page .product-card")).toHaveCount(1);
  await expect(page.getByText("больше не продаётся")).toHaveCount(0);
});

test("the lists, filled, and a product page with its toggles have no serious accessibility violations", async ({ page, request }) => {
  const group = await firstGroupOf(request, "ruchki");
  const other = await firstGroupOf(request, "posuda");
  await seed(page, "tmg_favorites", [group.id, other.id]);
  await seed(page, "tmg_comparison", [group.products[0].id, other.products[0].id, ...(group.products[1] ? [group.products[1].id] : [])]);
  for (const path of ["/favorites", "/comparison", `/catalog/goods/${group.id}`]) {
    await page.goto(path);
    await waitForHydration(page);
    if (path === "/favorites") await expect(page.locator(".saved-page .product-card")).toHaveCount(2);
    if (path === "/comparison") await expect(page.getByTestId("compare-table")).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  }
});

test("the pages are personal: private, noindex, disallowed for robots", async ({ request }) => {
  for (const path of ["/favorites", "/comparison"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).not.toMatch(/public/);
    expect(response.headers()["x-page-cache"] ?? "BYPASS").not.toBe("HIT");
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /favorites");
  expect(robots).toContain("Disallow: /comparison");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pages say JavaScript is needed and show the empty-results block; the buttons are not offered", async ({ page }) => {
    for (const [path, what] of [
      ["/favorites", "Избранное хранится в вашем браузере"],
      ["/comparison", "Список сравнения хранится в вашем браузере"],
    ]) {
      await page.goto(path);
      // (Playwright's text engine skips <noscript>: the block is found by its class.)
      const notice = page.locator(".saved-page__empty");
      await expect(notice).toBeVisible();
      await expect(notice.locator(".saved-page__empty-title")).toHaveText("Включите JavaScript");
      await expect(notice).toContainText(what);
      await expect(notice.locator(".empty-results")).toBeVisible();
    }
    await page.goto(CATEGORY);
    await expect(favButton(page.locator(".product-card").first())).toBeHidden();
    await expect(compareButton(page.locator(".product-card").first())).toBeHidden();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the comparison table scrolls sideways inside the page, the property column stays", async ({ page, request }) => {
    // Three variations of one category: one tab, wider than the phone.
    const response = await request.get("/api/product/list?category=ruchki&pageLimit=30");
    const groups = ((await response.json()) as { data: { elements: Group[] } }).data.elements;
    const byCategory = new Map<number, number[]>();
    for (const g of groups) byCategory.set(g.category.id, [...(byCategory.get(g.category.id) ?? []), ...g.products.map((p) => p.id)]);
    const ids = [...byCategory.values()].find((list) => list.length >= 3)!.slice(0, 3);
    await seed(page, "tmg_comparison", ids);
    await page.goto("/comparison");
    await waitForHydration(page);
    const scroller = page.locator(".compare-table__scroll");
    await expect(page.getByTestId("compared-product").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const rowHeader = page.getByRole("rowheader", { name: /Цена/ });
    const before = await rowHeader.boundingBox();
    await scroller.evaluate((el) => (el.scrollLeft = 200));
    const after = await rowHeader.boundingBox();
    expect(after?.x).toBe(before?.x);
  });
});
