/**
 * The city suggested from the visitor's IP (ADR 062). Without DADATA_API_KEY (the e2e shop) the
 * page asks nothing and shows nothing. With it: a second storefront from the same build, started
 * here on a free port with API_URL at the e2e shop, DADATA_API_KEY and DADATA_URL at a fake DaData
 * on 127.0.0.1 that answers by the `ip` it is given. The browser names its address in
 * X-Forwarded-For (the storefront trusts loopback peers' X-Forwarded-For: TRUST_PROXY's default),
 * as a proxy in front of the shop would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { SHOP_PORT, SHOP_URL } from "#tests/support/servers.ts";
import { startBuiltServer, stopBuiltServer, type BuiltServer } from "#tests/support/built-server.ts";

const MOSCOW_IP = "77.88.55.1";
const SPB_IP = "5.18.0.1";
const FAILING_IP = "9.9.9.9";
const KAZAN_IP = "31.13.0.1";

const place = (city: string, region: string) => ({ location: { value: `г ${city}`, data: { city, region, country: "Россия", city_fias_id: null } } });

/** The fake DaData: a place per address, a 500 for FAILING_IP, "unknown" for the rest; counts the calls per address. */
async function fakeDadata(): Promise<{ server: Server; url: string; calls: Map<string, number> }> {
  const calls = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const ip = url.searchParams.get("ip") ?? "";
    calls.set(ip, (calls.get(ip) ?? 0) + 1);
    if (url.pathname !== "/rs/iplocate/address" || req.headers.authorization !== `Token ${"e2e".repeat(8)}`) return void res.writeHead(403).end();
    if (ip === FAILING_IP) return void res.writeHead(500).end("{}");
    const body = ip === MOSCOW_IP ? place("Москва", "Москва") : ip === SPB_IP ? place("Санкт-Петербург", "Санкт-Петербург") : ip === KAZAN_IP ? place("Казань", "Татарстан") : { location: null };
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rs`, calls };
}

/** The storefront with a DaData key, on a free port; resolves once it says where it listens. */
function startShopWithDadata(dadataUrl: string): Promise<BuiltServer> {
  return startBuiltServer({
    COOKIE_DOMAIN: "",
    SENTRY_DSN: "",
    API_URL: `http://127.0.0.1:${SHOP_PORT}`,
    DADATA_API_KEY: "e2e".repeat(8),
    DADATA_URL: dadataUrl,
  });
}

/** Requests the page made to /city/from-ip (a fetcher's, as React Router spells them: `/city/from-ip.data`). */
function suggestionRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname.replace(/\.data$/, "");
    if (path === "/city/from-ip") seen.push(`${request.method()} ${path}`);
  });
  return seen;
}

test.describe("without DADATA_API_KEY", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": MOSCOW_IP } });

  test("the page asks nothing and shows nothing; the route answers «nothing to ask»", async ({ page, request }) => {
    const asked = suggestionRequests(page);
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
    await page.goto(`${SHOP_URL}/about`);
    await waitForHydration(page);
    await expect(page.locator("details.city-picker summary")).toContainText("Россия");
    await expect(page.locator(".city-suggestion")).toHaveCount(0);
    expect(asked).toEqual([]);
    // Not even the suggestion's code is downloaded.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes("city-suggestion"))).toEqual([]);

    const answer = await request.get(`${SHOP_URL}/city/from-ip`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(await answer.json()).toEqual({ status: 200, suggestion: null });
  });
});

test.describe("with DADATA_API_KEY", () => {
  let dadata: Awaited<ReturnType<typeof fakeDadata>>;
  let shop: Awaited<ReturnType<typeof startShopWithDadata>>;
  let shopUrl: string;
  let mskUrl: string;

  test.beforeAll(async () => {
    dadata = await fakeDadata();
    shop = await startShopWithDadata(dadata.url);
    shopUrl = `http://localhost:${shop.port}`;
    mskUrl = `http://msk.localhost:${shop.port}`;
  });
  test.afterAll(async () => {
    await stopBuiltServer(shop);
    dadata?.server.closeAllConnections();
    dadata?.server.close();
  });

  test.describe("a visitor from Moscow on the main site", () => {
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": MOSCOW_IP } });

    test("sees «Ваш город — Москва?» after the page, which stays shared; «Да» moves to the msk. site", async ({ page, context }) => {
      await page.setViewportSize({ width: 1366, height: 800 });
      const document = await page.goto(`${shopUrl}/about`);
      // The page is the one every visitor of the host gets: nobody's city in it.
      expect(await document!.text()).not.toContain("city-suggestion");
      const suggestion = page.getByRole("dialog", { name: "Ваш город — Москва?" });
      await expect(suggestion).toBeVisible();
      await expect(page.locator("details.city-picker summary")).toContainText("Россия");
      // The question and its buttons: no serious or critical accessibility violation.
      const axe = await new AxeBuilder({ page }).include(".city-suggestion").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath("city-suggestion-1366.png") });
      await page.setViewportSize({ width: 375, height: 740 });
      await expect(suggestion).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath("city-suggestion-375.png") });
      await page.setViewportSize({ width: 1366, height: 800 });

      await suggestion.getByRole("button", { name: "Да" }).click();
      await page.waitForURL(`${mskUrl}/about`);
      await expect(page.locator("details.city-picker summary")).toContainText("Москва");
      await waitForHydration(page);
      // The msk. site is Москва already: nothing to suggest there.
      await expect(page.locator(".city-suggestion")).toHaveCount(0);
      expect((await context.cookies(shopUrl)).find((c) => c.name === "cityAsked")?.value).toBe("1");
      expect(dadata.calls.get(MOSCOW_IP)).toBe(1);
    });
  });

  test.describe("a visitor from St Petersburg", () => {
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": SPB_IP } });

    test("«Выбрать другой» opens the picker and is remembered: no question, and no request, again", async ({ page, context }) => {
      const asked = suggestionRequests(page);
      await page.goto(`${shopUrl}/delivery`);
      const suggestion = page.getByRole("dialog", { name: "Ваш город — Санкт-Петербург?" });
      await suggestion.getByRole("button", { name: "Выбрать другой" }).click();
      await expect(suggestion).toHaveCount(0);
      await expect(page.locator("details.city-picker")).toHaveAttribute("open", "");
      await expect(page.locator("details.city-picker summary")).toBeFocused();
      await expect.poll(async () => (await context.cookies(shopUrl)).find((c) => c.name === "cityAsked")?.value).toBe("1");
      expect(asked).toEqual(["GET /city/from-ip", "POST /city/from-ip"]);

      await page.reload();
      await waitForHydration(page);
      await expect(page.locator(".city-suggestion")).toHaveCount(0);
      expect(asked).toHaveLength(2);
      await expect(page.locator("details.city-picker summary")).toContainText("Россия");
    });
  });

  test.describe("a visitor DaData fails for", () => {
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": FAILING_IP } });

    test("sees the page as it is; DaData is asked once for the address", async ({ page, request }) => {
      const asked = suggestionRequests(page);
      await page.goto(`${shopUrl}/about`);
      await waitForHydration(page);
      await expect.poll(() => asked.length).toBe(1);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".city-suggestion")).toHaveCount(0);
      // §8's synthetic 400, in a 200 answer (the visitor's console stays clean).
      const answer = await request.get(`${shopUrl}/city/from-ip`);
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ status: 400, message: "error", errors: {} });
      // Another page of the tab asks nothing (the tab keeps the answer); the server keeps it too.
      await page.goto(`${shopUrl}/delivery`);
      await waitForHydration(page);
      expect(asked).toHaveLength(1);
      expect(dadata.calls.get(FAILING_IP)).toBe(1);
    });
  });

  test("elsewhere in Russia: Россия, the city already shown, so nothing is asked of the visitor", async ({ request }) => {
    const answer = await request.get(`${shopUrl}/city/from-ip`, { headers: { "X-Forwarded-For": KAZAN_IP } });
    expect(await answer.json()).toEqual({ status: 200, suggestion: null });
    expect(dadata.calls.get(KAZAN_IP)).toBe(1);
  });

  test("addresses that are no visitor's, and junk in X-Forwarded-For, never reach DaData", async ({ request }) => {
    const before = [...dadata.calls.values()].reduce((a, b) => a + b, 0);
    for (const forwarded of ["127.0.0.1", "10.0.0.7", "192.168.1.1", "::1", "fe80::1", "junk", "<script>", "1.2.3", "", "%00", "9".repeat(2000)]) {
      const answer = await request.get(`${shopUrl}/city/from-ip`, { headers: { "X-Forwarded-For": forwarded } });
      expect(answer.status(), forwarded).toBeLessThan(500);
      if (answer.status() === 200) expect(await answer.json(), forwarded).toEqual({ status: 400, message: "error", errors: {} });
    }
    expect([...dadata.calls.values()].reduce((a, b) => a + b, 0)).toBe(before);
  });
});
