/**
 * A GET from another site changes nothing (issue 25, item 10; ADR 040): a page on another site
 * (127.0.0.1 is another site to Chromium than localhost) sends the logged-in visitor to
 * /search/text=…; the browser carries the SameSite=Lax session along, says
 * `Sec-Fetch-Site: cross-site`, and the search is shown but not recorded. A search from the
 * shop's own header form is.
 */
import type { APIRequestContext } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { SHOP_PORT } from "#tests/support/servers.ts";

const OTHER_SITE = `http://127.0.0.1:${SHOP_PORT}`;

async function history(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get("/api/search/history", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { text: string }[] }).data.map((e) => e.text);
}

test("a search another site opens is shown but not recorded; one from the header form is", async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const res = await request.post("/api/auth/login", { data: { email: "chief@demo.ru", password: "demo12345" } });
  const { token, refreshToken } = ((await res.json()) as { data: { authenticated: { token: string; refreshToken: string } } }).data.authenticated;
  await context.addCookies(
    [["token", token], ["refreshToken", refreshToken]].map(([name, value]) => ({ name, value, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" as const })),
  );
  const spam = `спам ${Date.now().toString(36)}`;

  // The other site's page navigates the top-level window to the shop's search.
  await page.goto(`${OTHER_SITE}/about`);
  const crossSite = page.waitForRequest((r) => r.url().includes("/search/text=") && r.isNavigationRequest());
  await page.evaluate((url) => {
    window.location.href = url;
  }, `http://localhost:${SHOP_PORT}/search/text=${encodeURIComponent(spam)}`);
  expect((await (await crossSite).allHeaders())["sec-fetch-site"]).toBe("cross-site");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(spam);
  // Logged in (the session came along), and still nothing recorded.
  await expect(page.getByTestId("header-user")).toBeVisible();
  expect(await history(request, token)).not.toContain(spam);

  // The shop's own search form records.
  await waitForHydration(page);
  const field = page.getByRole("combobox", { name: "Поиск по каталогу" });
  await field.fill("ежедневник");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\/text=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ежедневник");
  await expect.poll(() => history(request, token)).toContain("ежедневник");
  expect(await history(request, token)).not.toContain(spam);
});
