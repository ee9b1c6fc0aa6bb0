/**
 * Yandex Metrika (§9, ADR 032). A second storefront with METRIKA_ID, started here on the shared
 * e2e shop's API (API_URL, so no second database), with mc.yandex.ru routed to a stub tag that
 * records every `ym(...)` call: init on load, a hit on each client navigation, and the goals of
 * a filter (open, click) and of "В корзину". The shared server has no METRIKA_ID: no request to
 * mc.yandex.ru, no `ym`, and no Yandex host in its CSP.
 */
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { SHOP_URL } from "#tests/support/servers.ts";
import { startBuiltServer, stopBuiltServer, type BuiltServer } from "#tests/support/built-server.ts";

const COUNTER = 98765432;

/** Stands in for tag.js: replays the queue the official loader kept, then records every call. */
const STUB_TAG = `(function(){var q=(window.ym&&window.ym.a)||[];window.__ym=[];
window.ym=function(){window.__ym.push(Array.prototype.slice.call(arguments))};
for(var i=0;i<q.length;i++){window.ym.apply(null,q[i])}})();`;

let server: BuiltServer | null = null;
let shopUrl = "";

test.beforeAll(async () => {
  server = await startBuiltServer({ API_URL: SHOP_URL, DATA_DIR: "", METRIKA_ID: String(COUNTER) });
  shopUrl = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  await stopBuiltServer(server);
});

async function stubMetrika(page: Page) {
  // This storefront's API is the shared shop's (API_URL): its pictures are served there, not here.
  await page.route(`${shopUrl}/api/media/**`, (route) => route.fulfill({ status: 200, contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }));
  await page.route("https://mc.yandex.ru/**", (route) =>
    route.request().url().endsWith("/metrika/tag.js")
      ? route.fulfill({ status: 200, contentType: "application/javascript", body: STUB_TAG })
      : route.fulfill({ status: 204, body: "" }),
  );
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __ym?: unknown[][] }).__ym ?? []);
const goals = async (page: Page) => (await calls(page)).filter((c) => c[1] === "reachGoal").map((c) => c[2]);

test("the tag inits the counter, counts client navigations and the §9 goals", async ({ page }) => {
  await stubMetrika(page);
  const response = await page.goto(`${shopUrl}/`);
  const csp = response!.headers()["content-security-policy"];
  expect(csp).toContain("connect-src 'self' https://mc.yandex.ru");
  expect(csp).toContain("img-src 'self' data: blob: https://mc.yandex.ru");
  // The loader is the inline script with this response's nonce.
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(await page.evaluate(() => [...document.scripts].find((s) => s.textContent?.includes("metrika/tag.js"))?.nonce)).toBe(nonce);
  await waitForHydration(page);
  await expect.poll(() => calls(page)).toContainEqual([COUNTER, "init", expect.objectContaining({ clickmap: true, trackLinks: true })]);
  // The first load is init's page view: no hit for it.
  expect((await calls(page)).filter((c) => c[1] === "hit")).toEqual([]);

  // A client-side navigation is a hit with the new address and the previous one as referrer.
  await page.locator("footer").getByRole("link", { name: "Ручки", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/ruchki$/);
  await expect
    .poll(async () => (await calls(page)).filter((c) => c[1] === "hit"))
    .toEqual([[COUNTER, "hit", `${shopUrl}/catalog/ruchki`, { referer: `${shopUrl}/`, title: expect.stringContaining("Ручки") }]]);

  // A filter: turning to the brand list opens it, choosing a brand is a click.
  const brands = page.locator('[data-filter-goal="brands"]');
  await brands.locator("a.facet__option").first().click();
  await expect.poll(() => goals(page)).toEqual(["filter_brand_open", "filter_brand_click"]);
  await expect(page).toHaveURL(/\/catalog\/ruchki\/filter\//);
  await expect.poll(async () => (await calls(page)).filter((c) => c[1] === "hit").map((c) => String(c[2]))).toEqual([`${shopUrl}/catalog/ruchki`, expect.stringContaining("/catalog/ruchki/filter/")]);

  // The price form: focusing it opens it, applying it is a click.
  const price = page.locator('form[data-filter-goal="price"]');
  await price.getByLabel("Цена от").fill("100");
  await price.getByRole("button", { name: "Применить цену" }).click();
  await expect.poll(() => goals(page)).toEqual(["filter_brand_open", "filter_brand_click", "filter_price_open", "filter_price_click"]);

  // "В корзину" on a card.
  await page.locator(".product-card").first().getByRole("button", { name: "В корзину" }).click();
  await expect.poll(async () => (await goals(page)).at(-1)).toBe("order_add_to_bag");

  // A tel: link (its navigation stopped here: only the goal matters).
  await page.evaluate(() => {
    window.addEventListener("click", (event) => event.preventDefault(), { once: true });
    document.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!.click();
  });
  await expect.poll(async () => (await goals(page)).at(-1)).toBe("telephone");
});

test("without METRIKA_ID nothing of Metrika loads and the CSP names no Yandex host", async ({ page }) => {
  const yandex: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("yandex")) yandex.push(request.url());
  });
  const response = await page.goto(`${SHOP_URL}/catalog/ruchki`);
  expect(response!.headers()["content-security-policy"]).not.toContain("yandex");
  await waitForHydration(page);
  await page.locator('[data-filter-goal="brands"] a.facet__option').first().click();
  await expect(page).toHaveURL(/\/filter\//);
  expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe("undefined");
  expect(await page.content()).not.toContain("mc.yandex.ru");
  expect(yandex).toEqual([]);
});
