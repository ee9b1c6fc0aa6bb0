/** Every shipped page opens with its heading, language, layout and SEO tags; unknown paths get the §2 404. */
import type { Page } from "@playwright/test";
import { test, expect, DOCUMENT_STATUS_ERROR, waitForHydration } from "#tests/support/fixtures.ts";
import { SHIPPED_PAGES, NOT_FOUND_TITLE, notFoundMessage, SEED_CONTACTS } from "#tests/support/pages.ts";
import { SHOP_URL } from "#tests/support/servers.ts";
import { publicPages, routeOf } from "#tests/support/public-pages.ts";

/** Opens with its heading, lang="ru", its layout route's shell and a canonical link to itself. */
async function expectShippedPage(page: Page, path: string, layout: string, h1?: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.locator("div.layout")).toHaveAttribute("data-layout", layout);
  const heading = page.getByRole("heading", { level: 1 });
  if (h1) await expect(heading).toHaveText(h1);
  else await expect(heading).toHaveText(/\S/);
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SHOP_URL}${path}`);
  // Console errors (hydration included) are checked by the fixture once hydration has run.
  await waitForHydration(page);
}

// Every page of the pages sitemap (what the routes declare in their handles, ADR 048) and the
// shipped pages with a known heading: no list of pages to keep here.
test("every public page opens with its heading, lang=\"ru\", its layout and a canonical link", async ({ page, request }) => {
  const pages = await publicPages(request);
  test.setTimeout(10_000 * (pages.length + SHIPPED_PAGES.length));
  const headings = new Map(SHIPPED_PAGES.map((p) => [p.path, p.h1]));
  for (const { path, layout } of pages) await test.step(path, () => expectShippedPage(page, path, layout ?? "default", headings.get(path)));
  for (const { path, h1 } of SHIPPED_PAGES.filter((p) => !pages.some((listed) => listed.path === p.path))) {
    await test.step(path, () => expectShippedPage(page, path, routeOf(path)?.layout ?? "default", h1));
  }
});

test("/contacts shows the office with its phone and a map that opens in a maps service", async ({ page }) => {
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 2, name: "Офис в Санкт-Петербурге" })).toBeVisible();
  await expect(page.getByTestId("office-address")).toContainText(SEED_CONTACTS.officeCity);
  await expect(page.getByTestId("office-phone")).toHaveText(SEED_CONTACTS.phone);
  const map = page.getByTestId("office-map");
  await expect(map.locator("img")).toHaveAttribute("src", "/api/media/map/1-800x400.png");
  // No raw coordinates on the page: a map picture and links to the maps services.
  await expect(page.locator("main")).not.toContainText(SEED_CONTACTS.coordinates);
  const yandex = new URL((await map.getByRole("link", { name: "Яндекс Карты" }).getAttribute("href"))!);
  expect(yandex.host).toBe("yandex.ru");
  expect(yandex.searchParams.get("pt")).toBe("30.356310,59.922620");
  const picture = await page.request.get("/api/media/map/1-800x400.png");
  expect(picture.headers()["content-type"]).toBe("image/png");
  await waitForHydration(page);
});

test("every link names the page it opens: the footer's legal texts and every way to /route", async ({ page }) => {
  await page.goto("/contacts");
  const footer = page.getByRole("navigation", { name: "Покупателям" });
  // The user agreement is its own page; the consent to personal data has its own link.
  await expect(footer.getByRole("link", { name: "Пользовательское соглашение" })).toHaveAttribute("href", "/agreement");
  await expect(footer.getByRole("link", { name: "Согласие на обработку персональных данных" })).toHaveAttribute("href", "/privacy#consent");
  // One name for /route in every menu, button and text that links to it.
  const routeTitle = "Как проехать";
  const names = (await page.locator('a[href="/route"]').allTextContents()).map((t) => t.replace(/[«»]/g, "").trim());
  expect(names.length).toBeGreaterThanOrEqual(3);
  expect(new Set(names)).toEqual(new Set([routeTitle]));

  await page.goto("/agreement");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Пользовательское соглашение");
  await expect(page.locator("main")).not.toContainText("Заполняя формы на сайте, пользователь даёт согласие");
  await page.goto("/privacy#consent");
  await expect(page.locator("#consent")).toHaveText("Согласие на обработку персональных данных");
  await page.goto("/route");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(routeTitle);
});

test.describe("unknown path", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(404)] });

  // One segment is looked up by the static-page route (without asking the API), more by the splat.
  for (const path of ["/no-such-page/at-all", "/no-such-page"]) {
    test(`${path} answers 404 with the error page, the contacts and a link home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", "ru");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
      await expect(page.locator(".error-page__message")).toHaveText(notFoundMessage(path));

      // §2: phone then the city title; e-mail then "— Email". Default host → Россия → site city Санкт-Петербург.
      const emptyResults = page.locator(".empty-results");
      await expect(emptyResults).toBeVisible();
      const [phoneLine, emailLine] = [emptyResults.locator("li").nth(0), emptyResults.locator("li").nth(1)];
      await expect(phoneLine).toHaveText(`${SEED_CONTACTS.phone} Санкт-Петербург`);
      await expect(emailLine).toHaveText(`${SEED_CONTACTS.email} — Email`);

      const home = page.getByRole("link", { name: "На главную", exact: true });
      await expect(home).toHaveAttribute("href", "/");
      await waitForHydration(page);
    });
  }

  test("a form sent to a path without a page is the same 404, never a 405 or 5xx", async ({ request }) => {
    for (const path of ["/no-such-page", "/about", "/no-such-page/at-all"]) {
      const response = await request.post(path, { form: { a: "1" } });
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain(notFoundMessage(path));
    }
  });
});
