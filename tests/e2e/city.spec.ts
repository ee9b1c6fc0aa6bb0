/**
 * §4 city selection by host and cookie, and switching cities with the header picker (§1 msk.
 * host); the switch changes nothing on GET and nothing from another site (issue 16, ADR 024).
 */
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

/**
 * Москва from the plain host, then Санкт-Петербург back from msk., all through the header picker.
 * Москва goes straight to msk. (that host always means Москва, §4); the way back passes through
 * the page that repeats the choice as a POST on the plain host (localhost and msk.localhost share
 * no cookie), submitted by its script at once.
 */
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

test("without JavaScript the way back to the plain host is a «Продолжить» button (ADR 024)", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto(`${MSK_URL}/delivery`);
  await page.locator("details.city-picker summary").click();
  await page.locator(".city-picker__option", { hasText: "Санкт-Петербург" }).click();
  // The hop page, still on msk.: nothing is stored here, the choice goes on to the plain host.
  await expect(page.getByRole("button", { name: "Продолжить" })).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(MSK_URL).host);
  await page.getByRole("button", { name: "Продолжить" }).click();
  await page.waitForURL(`${SHOP_URL}/delivery`);
  await expect(page.locator("details.city-picker summary")).toContainText("Санкт-Петербург");
  expect((await cityCookie(context, SHOP_URL))?.value).toBe("1");
  await context.close();
});

test("GET /city changes nothing: the §2 404 and no cookie for the city asked (issue 16)", async ({ request }) => {
  const response = await request.get(`${SHOP_URL}/city?cityId=1&to=/about`, { headers: { Cookie: "cityId=3" }, maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("a POST /city from another site is refused with 403 and stores nothing (issue 16)", async ({ request }) => {
  const crossSite: Record<string, string>[] = [{ Origin: "http://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }];
  for (const headers of crossSite) {
    const response = await request.post(`${SHOP_URL}/city`, { form: { cityId: "1", redirectTo: "/about" }, headers, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect(await response.text()).toBe("Запрос с другого сайта отклонён");
    expect(response.headers()["set-cookie"]).toBeUndefined();
  }
  // The regional variant is this site: its page posts the choice here.
  const regional = await request.post(`${SHOP_URL}/city`, {
    form: { cityId: "1", redirectTo: "/about" },
    headers: { Origin: MSK_URL, "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(regional.status()).toBe(303);
  expect(regional.headers()["set-cookie"]).toContain("cityId=1");
});

test("redirectTo leaves the site never (issue 16: /%09/evil.com opened evil.com)", async ({ request }) => {
  for (const redirectTo of ["/\t/evil.com", "/\n/evil.com", "//evil.com", "/\\evil.com", "/\\/evil.com", "/.//evil.com", "https://evil.com/", "/%FF", "/\uFFFD", "/кр"]) {
    const response = await request.post(`${SHOP_URL}/city`, { form: { cityId: "1", redirectTo }, maxRedirects: 0 });
    expect(response.status(), redirectTo).toBe(303);
    const location = response.headers()["location"];
    expect(location, redirectTo).toMatch(/^\/(?!\/)/);
    expect(new URL(location, SHOP_URL).host, redirectTo).toBe(new URL(SHOP_URL).host);
  }
});

test.describe("with the page's CSP bypassed", () => {
  // Separates the server's switch logic from the CSP: if only the test above fails, the
  // policy (form-action) is refusing the cross-host redirect, not the /city route.
  test.use({ bypassCSP: true });

  test("the city switch logic moves between hosts and sets each host's cookie", async ({ page, context }) => {
    await switchCitiesThroughThePicker(page, context);
  });
});
