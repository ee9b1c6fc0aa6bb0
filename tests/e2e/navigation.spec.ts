/** After hydration, shell links navigate client-side (no document reload) and scroll to the top (§2). */
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";

test("a footer link changes the page without reloading the document and scrolls to the top", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
  });

  const documentRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentRequests.push(request.url());
  });

  const footerLink = page.locator("footer").getByRole("link", { name: "Доставка", exact: true });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await footerLink.click();

  await expect(page).toHaveURL(/\/delivery$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Доставка");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  expect(documentRequests).toEqual([]);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle(/Доставка/);
});

test("a catalogue menu link is a client navigation too (its panel is prerendered, then hydrated)", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 5;
  });
  await page.locator("details.catalog-menu summary").click();
  const link = page.locator(".catalog-menu__root").first();
  const title = (await link.textContent())!;
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(5);
});

test("back returns to the previous page client-side", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 7;
  });
  await page.locator("footer").getByRole("link", { name: "Оплата", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Оплата");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("О компании");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
});
