/** §2/§9: the mobile layout applies at 767 px and below. */
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

for (const path of ["/about", "/contacts"]) {
  test(`${path} at 375 px: header links hidden, content readable, no horizontal scroll`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".header__links")).toBeHidden();
    await expect(page.locator("details.city-picker")).toBeVisible();
    await waitForHydration(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
}

test("the header links are back at 768 px", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/about");
  await expect(page.locator(".header__links")).toBeVisible();
  await waitForHydration(page);
});
