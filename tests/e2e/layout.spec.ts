/**
 * Issue 25, item 21, as a shopper sees it at 1366 px and 375 px, with and without JavaScript:
 * - the home page's "Как заказать" fills whole rows (no narrow card alone in a row of four, no
 *   cards in half a row), its product cards a strip of their own under the sections;
 * - on a phone the category's filters open in a sheet that stays open and scrolled where it was
 *   after each tap, with a sticky "Показать N товаров" that closes it onto the results.
 * Screenshots of each state are attached to the report.
 */
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 800 };
const CATEGORY = "/catalog/ruchki";

async function pageAt(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport, javaScriptEnabled, locale: "ru-RU" });
  return { context, page: await context.newPage() };
}

async function attach(testInfo: TestInfo, page: Page, name: string, target?: Locator) {
  const body = target ? await target.screenshot() : await page.screenshot();
  await testInfo.attach(name, { body, contentType: "image/png" });
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "laid out").not.toBeNull();
  return b!;
}

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`home «Как заказать» fills whole rows at 1366 px and 375 px (${js})`, async ({ browser }, testInfo) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await pageAt(browser, viewport, javaScriptEnabled);
      try {
        await page.goto("/");
        const block = page.locator(".order-info");
        const grid = await box(page.getByTestId("order-info-grid"));
        const sections = page.locator(".order-info__section");
        const count = await sections.count();
        expect(count).toBe(4);
        const boxes = await Promise.all(Array.from({ length: count }, (_, i) => box(sections.nth(i))));
        if (viewport === DESKTOP) {
          // One row: the same top, the same width, together as wide as the grid.
          for (const b of boxes) {
            expect(Math.abs(b.y - boxes[0]!.y)).toBeLessThan(1);
            expect(Math.abs(b.width - boxes[0]!.width)).toBeLessThan(1);
          }
          expect(boxes[0]!.x).toBeCloseTo(grid.x, 0);
          expect(boxes.at(-1)!.x + boxes.at(-1)!.width).toBeCloseTo(grid.x + grid.width, 0);
        } else {
          // One column: each section as wide as the grid, one under another.
          for (const [i, b] of boxes.entries()) {
            expect(b.width).toBeCloseTo(grid.width, 0);
            if (i > 0) expect(b.y).toBeGreaterThan(boxes[i - 1]!.y + boxes[i - 1]!.height);
          }
        }
        // The product cards: a strip of the block's full width under the sections.
        const strip = await box(page.getByTestId("order-info-products"));
        expect(strip.y).toBeGreaterThan(grid.y + grid.height);
        expect(strip.width).toBeCloseTo(grid.width, 0);
        await expect(page.getByTestId("order-info-products").locator(".product-card").first()).toBeVisible();
        await attach(testInfo, page, `order-info-${viewport.width}px-${javaScriptEnabled ? "js" : "nojs"}`, block);
      } finally {
        await context.close();
      }
    }
  });
}

/** The sheet's scroll and where a facet option sits in the viewport. */
async function sheetState(page: Page, option: Locator) {
  const sheet = page.getByTestId("filters-sheet");
  return { scrollTop: await sheet.evaluate((e) => e.scrollTop), y: (await box(option)).y };
}

test("phone, JavaScript: a filter tap keeps the sheet open where it was; «Показать N товаров» shows the results", async ({ browser }, testInfo) => {
  const { context, page } = await pageAt(browser, PHONE, true);
  try {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const sheet = page.getByTestId("filters-sheet");
    await expect(sheet).toBeHidden();
    await page.locator(".filters__title label").click();
    await expect(sheet).toBeVisible();
    await expect(page.getByTestId("filters-show")).toBeInViewport();
    // A colour far down the sheet: scrolled to the middle of the screen.
    const colour = sheet.locator('.facet[data-filter-goal="colors"] a.facet__option').nth(3);
    const href = (await colour.getAttribute("href"))!;
    await colour.evaluate((e) => e.scrollIntoView({ block: "center" }));
    const before = await sheetState(page, colour);
    expect(before.scrollTop).toBeGreaterThan(300);
    await attach(testInfo, page, "filters-sheet-375px-before-tap");
    await colour.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    // Open, scrolled as it was: the tapped colour (now chosen) where the finger left it.
    await expect(sheet).toBeVisible();
    const chosen = sheet.locator(`.facet[data-filter-goal="colors"] a.facet__option--on`);
    await expect(chosen).toHaveCount(1);
    const after = await sheetState(page, chosen);
    expect(Math.abs(after.scrollTop - before.scrollTop)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(2);
    // The button counts what the loader found, in words.
    const total = Number((await page.getByTestId("listing-total").textContent())!.match(/\d+/)![0]);
    const form = total % 10 === 1 && total % 100 !== 11 ? "товар" : [2, 3, 4].includes(total % 10) && ![12, 13, 14].includes(total % 100) ? "товара" : "товаров";
    await expect(page.getByTestId("filters-show")).toHaveText(`Показать ${total} ${form}`);
    await expect(page.getByTestId("filters-show")).toBeInViewport();
    await attach(testInfo, page, "filters-sheet-375px-after-tap");
    await page.getByTestId("filters-show").click();
    await expect(sheet).toBeHidden();
    await expect(page.locator(".product-grid .product-card").first()).toBeInViewport();
    await attach(testInfo, page, "filters-results-375px");
    // Escape closes the sheet too.
    await page.locator(".filters__title label").click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  } finally {
    await context.close();
  }
});

test("phone, without JavaScript: the sheet opens and closes, a filter tap loads the results first", async ({ browser }, testInfo) => {
  const { context, page } = await pageAt(browser, PHONE, false);
  try {
    await page.goto(CATEGORY);
    const sheet = page.getByTestId("filters-sheet");
    await page.locator(".filters__title label").click();
    await expect(sheet).toBeVisible();
    await page.getByTestId("filters-show").click();
    await expect(sheet).toBeHidden();
    await page.locator(".filters__title label").click();
    const colour = sheet.locator('.facet[data-filter-goal="colors"] a.facet__option').nth(3);
    const href = (await colour.getAttribute("href"))!;
    await colour.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(sheet).toBeHidden();
    await expect(page.locator(".filters__selected")).toBeVisible();
    await expect(page.locator(".product-grid .product-card").first()).toBeInViewport();
    await attach(testInfo, page, "filters-375px-nojs-after-tap");
  } finally {
    await context.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`desktop: the filters are a sidebar, without the sheet's bars (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({ browser }, testInfo) => {
    const { context, page } = await pageAt(browser, DESKTOP, javaScriptEnabled);
    try {
      await page.goto(CATEGORY);
      await expect(page.locator(".filters .facet__option").first()).toBeVisible();
      await expect(page.getByTestId("filters-show")).toBeHidden();
      await expect(page.locator(".filters__close")).toBeHidden();
      const filters = await box(page.locator(".filters"));
      const results = await box(page.locator("#listing-results"));
      expect(filters.x + filters.width).toBeLessThan(results.x);
      await attach(testInfo, page, `filters-1366px-${javaScriptEnabled ? "js" : "nojs"}`);
    } finally {
      await context.close();
    }
  });
}
