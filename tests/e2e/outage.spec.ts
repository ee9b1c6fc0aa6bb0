/** The backend is down (API_URL at a dead port): pages answer 503 fast with Retry-After, probes tell the truth. */
import { test, expect, DOCUMENT_STATUS_ERROR, waitForHydration } from "#tests/support/fixtures.ts";
import { NOT_FOUND_TITLE, notFoundMessage } from "#tests/support/pages.ts";
import { OUTAGE_URL } from "#tests/support/servers.ts";

/** An outage answer must never hang the visitor. */
const FAST_MS = 3_000;

test("/about answers 503 with Retry-After and the error page, quickly", async ({ request }) => {
  const started = Date.now();
  const response = await request.get(`${OUTAGE_URL}/about`, { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(FAST_MS);
  expect(response.status()).toBe(503);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  const html = await response.text();
  expect(html).toContain('<html lang="ru"');
  expect(html).toContain(NOT_FOUND_TITLE);
  expect(html).toContain('href="/"');
});

test("static pages all answer 503, never a hang or a 500", async ({ request }) => {
  for (const path of ["/contacts", "/delivery", "/route"]) {
    const started = Date.now();
    const response = await request.get(`${OUTAGE_URL}${path}`, { timeout: 10_000 });
    expect(Date.now() - started, path).toBeLessThan(FAST_MS);
    expect(response.status(), path).toBe(503);
    expect(response.headers()["retry-after"], path).toBeTruthy();
  }
});

test("/healthz is 200 and /readyz is 503", async ({ request }) => {
  expect((await request.get(`${OUTAGE_URL}/healthz`)).status()).toBe(200);
  const started = Date.now();
  const ready = await request.get(`${OUTAGE_URL}/readyz`, { timeout: 10_000 });
  expect(ready.status()).toBe(503);
  expect(Date.now() - started).toBeLessThan(FAST_MS);
});

test("an unknown path is still a 404", async ({ request }) => {
  const response = await request.get(`${OUTAGE_URL}/no-such-page`);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain(notFoundMessage("/no-such-page"));
});

test.describe("in the browser", () => {
  test.use({ allowedConsoleErrors: [DOCUMENT_STATUS_ERROR(503)] });

  test("the 503 page renders the error page and its home link", async ({ page }) => {
    const response = await page.goto(`${OUTAGE_URL}/about`, { timeout: 10_000 });
    expect(response?.status()).toBe(503);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
    await expect(page.getByRole("link", { name: "На главную", exact: true })).toHaveAttribute("href", "/");
    await waitForHydration(page);
  });
});
