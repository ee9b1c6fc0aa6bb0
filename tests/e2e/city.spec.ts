/** §4 city selection by host and cookie, and switching cities with the header picker (§1 msk. host). */
import type { BrowserContext, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { MSK_URL, SHOP_URL } from "#tests/support/servers.ts";

/** §9: the cityId cookie lives 31 days on path /. */
const CITY_COOKIE_MAX_AGE = 2678400;

async function cityCookie(context: BrowserContext, url: string) {
  const cookies = await context.cookies(url);
  return cookies.find((c) => c.name === "cityId");
}

test("the msk. host means Москва and writes cityId=2", async ({ page, context }) => {
  const response = await page.goto(`${MSK_URL}/about`);
  expect(response?.status()).toBe(200);
  const setCookie = (await response!.headerValue("set-cookie")) ?? "";
  expect(setCookie).toContain("cityId=2");
  expect(setCookie).toContain(`Max-Age=${CITY_COOKIE_MAX_AGE}`);
  expect(setCookie).toContain("Path=/");

  await expect(page.locator("details.city-picker summary")).toContainText("Москва");
  expect((await cityCookie(context, MSK_URL))?.value).toBe("2");
  // §1: on the regional variant the site address carries the prefix.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${MSK_URL}/about`);
  await waitForHydration(page);
});

test("the plain host without a cookie means Россия and writes cityId=3", async ({ page, context }) => {
  const response = await page.goto(`${SHOP_URL}/about`);
  expect(response?.status()).toBe(200);
  expect((await response!.headerValue("set-cookie")) ?? "").toContain("cityId=3");
  await expect(page.locator("details.city-picker summary")).toContainText("Россия");
  const cookie = await cityCookie(context, SHOP_URL);
  expect(cookie?.value).toBe("3");
  expect(cookie?.path).toBe("/");
  await waitForHydration(page);
});

/** Москва from the plain host, then Санкт-Петербург back from msk., all through the header picker. */
async function switchCitiesThroughThePicker(page: Page, context: BrowserContext) {
  await page.goto(`${SHOP_URL}/delivery`);
  await waitForHydration(page);

  const picker = page.locator("details.city-picker");
  await picker.locator("summary").click();
  await picker.locator(".city-picker__option", { hasText: "Москва" }).click();
  await page.waitForURL(`${MSK_URL}/delivery`, { timeout: 5_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Доставка");
  await expect(page.locator("details.city-picker summary")).toContainText("Москва");
  expect((await cityCookie(context, MSK_URL))?.value).toBe("2");
  await waitForHydration(page);

  await page.locator("details.city-picker summary").click();
  await page.locator(".city-picker__option", { hasText: "Санкт-Петербург" }).click();
  await page.waitForURL(`${SHOP_URL}/delivery`, { timeout: 5_000 });
  await expect(page.locator("details.city-picker summary")).toContainText("Санкт-Петербург");
  expect((await cityCookie(context, SHOP_URL))?.value).toBe("1");

  // The choice sticks on the plain host.
  await page.reload();
  await expect(page.locator("details.city-picker summary")).toContainText("Санкт-Петербург");
  await waitForHydration(page);
}

test("choosing Москва moves to the msk. host on the same page; Санкт-Петербург moves back with cityId=1", async ({ page, context }) => {
  await switchCitiesThroughThePicker(page, context);
});

test.describe("with the page's CSP bypassed", () => {
  // Separates the server's switch logic from the CSP: if only the test above fails, the
  // policy (form-action) is refusing the cross-host redirect, not the /city route.
  test.use({ bypassCSP: true });

  test("the city switch logic moves between hosts and sets each host's cookie", async ({ page, context }) => {
    await switchCitiesThroughThePicker(page, context);
  });
});
