/**
 * /metrics and Server-Timing on the built server (ADR 057): the real route manifest, entry.server's
 * render timing, the real page cache, the database pool of PGlite on its own thread. The test
 * runner is on this machine (loopback); a request that came through a proxy gets the shop's 404.
 */
import { test, expect } from "#tests/support/fixtures.ts";

test("Server-Timing: a rendered page has its render, a cached hit only its own total", async ({ request }) => {
  // A personal page: never cached, always rendered.
  const cart = await request.get("/cart");
  expect(cart.status()).toBe(200);
  expect(cart.headers()["server-timing"]).toMatch(/^render;dur=\d+(\.\d)?, total;dur=\d+(\.\d)?, cache;desc=bypass$/);

  // The home page is shared. An earlier test may have left it in the cache, fresh or already stale
  // (a STALE answer starts a background render); either way a HIT follows once the entry is fresh.
  const first = await request.get("/");
  if (first.headers()["x-page-cache"] === "MISS") expect(first.headers()["server-timing"]).toMatch(/^render;dur=[\d.]+, total;dur=[\d.]+, cache;desc=miss$/);
  let hit = first;
  await expect
    .poll(async () => {
      hit = await request.get("/");
      return hit.headers()["x-page-cache"];
    })
    .toBe("HIT");
  expect(hit.headers()["server-timing"]).toMatch(/^total;dur=\d+(\.\d)?, cache;desc=hit$/);
});

test("/metrics from this machine: routes by id, the page cache, the database pool, the process", async ({ request }) => {
  await request.get("/");
  await request.get("/catalog/goods/1");
  await request.get("/catalog/goods/2");
  const answer = await request.get("/metrics");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  const text = await answer.text();
  expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="routes\/home",status="2xx"\} \d+/m);
  expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="routes\/product",status="[24]xx"\} \d+/m);
  expect(text).not.toMatch(/route="\/catalog/);
  expect(text).toMatch(/^page_cache_requests_total\{route="routes\/home",result="hit"\} \d+/m);
  expect(text).toMatch(/^db_pool_max\{kind="pglite"\} 1$/m);
  expect(text).toMatch(/^db_pool_waiting\{kind="pglite"\} \d+$/m);
  expect(text).toMatch(/^read_cache_requests_total\{cache="content",result="hit"\} \d+/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/Failed to load resource.*404/] });

  test("/metrics through a proxy is the shop's 404 page", async ({ request, page }) => {
    const proxied = await request.get("/metrics", { headers: { "X-Forwarded-For": "203.0.113.7" } });
    expect(proxied.status()).toBe(404);
    expect(proxied.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await proxied.text()).not.toContain("http_request_duration_seconds");
    const wrongToken = await request.get("/metrics", { headers: { "X-Forwarded-For": "203.0.113.7", Authorization: "Bearer not-the-token-not-the-token-not-the" } });
    expect(wrongToken.status()).toBe(404);
    // The browser sees the same page as for any unknown path.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.7" });
    const response = await page.goto("/metrics");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toBeVisible();
  });
});
