/**
 * Network faults (issue 28): a TCP proxy between the storefront and its API, and between the
 * embedded API and PostgreSQL (with TEST_DATABASE_URL), injects latency, resets and a black hole.
 * Pages degrade as §8 says — slower while the network is slow, the 503 error page with Retry-After
 * (never a 500, never a hang past §9's timeouts) while it fails — and come back by themselves once
 * the network heals, without a restart; /readyz tells the balancer the truth meanwhile.
 *
 * Two built servers: the back one with the embedded API (on PostgreSQL through the database proxy,
 * or on an in-memory PGlite without TEST_DATABASE_URL), the front one with API_URL through the API
 * proxy, REQUEST_TIMEOUT 1500 ms and no page or read cache, so every page asks the API.
 */
import { test, expect } from "#tests/support/fixtures.ts";
import { startBuiltServer, stopBuiltServer, type BuiltServer } from "#tests/support/built-server.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";
import { createScratchDatabase } from "#api/testing.ts";
import pg from "pg";

const REQUEST_TIMEOUT_MS = 1_500;
/** A failing API must be told within this: one read, its one retry (§7), both at REQUEST_TIMEOUT, and the render. */
const FAILS_WITHIN_MS = 2 * REQUEST_TIMEOUT_MS + 2_000;
const CATEGORY = "/catalog/ruchki";

type Shop = BuiltServer;
const startShop = (env: Record<string, string>) => startBuiltServer(env, 60_000);
const stop = stopBuiltServer;

/** A GET with its status, the time it took and its Retry-After; a connection error is a failure of the test. */
async function timedGet(port: number, path: string) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { host: `localhost:${port}` }, signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get("retry-after"), body };
}

test.describe.configure({ mode: "serial" });

let back: Shop | undefined;
let front: Shop | undefined;
let apiProxy: TcpProxy | undefined;
let dbProxy: TcpProxy | undefined;
let scratch: { url: string; drop(): Promise<void> } | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const baseUrl = process.env.TEST_DATABASE_URL;
  let database = "";
  if (baseUrl) {
    const created = await createScratchDatabase(baseUrl);
    scratch = created;
    const url = new URL(created.url);
    dbProxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(dbProxy.port);
    database = url.toString();
  }
  back = await startShop({ API_URL: "", DATABASE_URL: database, DATA_DIR: "memory://", APP_ENV: "demo", PAGE_CACHE: "off", API_CACHE_TTL: "0" });
  apiProxy = await startTcpProxy({ host: "127.0.0.1", port: back.port });
  front = await startShop({ API_URL: `http://127.0.0.1:${apiProxy.port}`, REQUEST_TIMEOUT: String(REQUEST_TIMEOUT_MS), PAGE_CACHE: "off", API_CACHE_TTL: "0" });
});

test.afterAll(async () => {
  await stop(front);
  await apiProxy?.close();
  await stop(back);
  await dbProxy?.close();
  await scratch?.drop();
});

test("a healthy network: the pages answer 200", async () => {
  for (const path of ["/about", CATEGORY]) expect((await timedGet(front!.port, path)).status, path).toBe(200);
  expect((await timedGet(front!.port, "/readyz")).status).toBe(200);
});

test("a slow API (300 ms each way on every packet): pages are slower, and still 200", async () => {
  apiProxy!.set({ kind: "latency", ms: 300 });
  try {
    // The category asks the API every time (no read cache here); /contacts is asked for the first time.
    for (const path of [CATEGORY, "/contacts"]) {
      const page = await timedGet(front!.port, path);
      expect(page.status, path).toBe(200);
      // Each API call waited at least a round trip through the proxy: the fault was there.
      expect(page.ms, path).toBeGreaterThan(600);
    }
  } finally {
    apiProxy!.heal();
  }
});

test("an API that resets every connection: 503 with Retry-After at once, and 200 again when it heals", async () => {
  apiProxy!.set({ kind: "reset" });
  try {
    // /route's text was never asked: nothing to serve it from.
    for (const path of [CATEGORY, "/route"]) {
      const page = await timedGet(front!.port, path);
      expect(page.status, path).toBe(503);
      expect(page.ms, path).toBeLessThan(FAILS_WITHIN_MS);
      expect(Number(page.retryAfter), path).toBeGreaterThan(0);
      expect(page.body, path).toContain('<html lang="ru"');
    }
    expect((await timedGet(front!.port, "/readyz")).status).toBe(503);
    expect(apiProxy!.stats().resets).toBeGreaterThan(0);
  } finally {
    apiProxy!.heal();
  }
  await expect.poll(async () => (await timedGet(front!.port, CATEGORY)).status, { timeout: 10_000 }).toBe(200);
  expect((await timedGet(front!.port, "/route")).status).toBe(200);
  expect((await timedGet(front!.port, "/readyz")).status).toBe(200);
});

test("an API that accepts and never answers: the page gives up within §9's timeout with the 503 page", async () => {
  // Reset first so no kept-alive connection slips past the black hole.
  apiProxy!.set({ kind: "reset" });
  apiProxy!.set({ kind: "blackhole" });
  try {
    // A static page's text is a call of the default class (REQUEST_TIMEOUT), asked for the first time.
    const page = await timedGet(front!.port, "/delivery");
    expect(page.status).toBe(503);
    expect(page.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(page.ms).toBeLessThan(FAILS_WITHIN_MS);
    expect(page.retryAfter).toBeTruthy();
  } finally {
    apiProxy!.set({ kind: "reset" });
    apiProxy!.heal();
  }
  await expect.poll(async () => (await timedGet(front!.port, "/delivery")).status, { timeout: 10_000 }).toBe(200);
});

test.describe("between the API and PostgreSQL", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (a PostgreSQL server; .ci/run sets it)");

  test("a slow database: pages slower, still 200", async () => {
    dbProxy!.set({ kind: "latency", ms: 100 });
    try {
      const page = await timedGet(front!.port, CATEGORY);
      expect(page.status).toBe(200);
      expect(page.ms).toBeGreaterThan(200);
    } finally {
      dbProxy!.heal();
    }
  });

  /** Straight to the scratch database, past the proxy. */
  async function sql<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: scratch!.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  /** An anonymous order over the minimal price, as the ordering page sends it, under one Idempotency-Key. */
  async function order(key: string, variation: { id: number; price: number }) {
    const response = await fetch(`http://127.0.0.1:${back!.port}/api/order/create_unauth`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ cityId: 3, representativeName: "Ольга Смирнова", representativeEmail: "o.smirnova@example.ru", representativePhone: "+7 (921) 555-12-34", variations: [{ variation: variation.id, count: Math.ceil(15_000 / variation.price) }] }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as { data?: { id: number }; message?: string };
    return { status: response.status, id: body.data?.id, message: body.message };
  }

  test("the database connections reset (a restart): /readyz 503 and pages 503, then both recover without a restart; an order is neither lost nor doubled", async () => {
    const [variation] = await sql<{ id: number; price: number }>("SELECT id, price::float8 AS price FROM products WHERE stock >= 1000 AND price >= 100 ORDER BY id LIMIT 1");
    const key = `faults-${Date.now()}`;
    const ordersBefore = (await sql<{ n: number }>("SELECT count(*)::int AS n FROM orders"))[0]!.n;
    dbProxy!.set({ kind: "reset" });
    try {
      // The shopper's order while the database is away: refused with a message, nothing half-stored.
      const refused = await order(key, variation!);
      expect(refused.status).toBe(503);
      expect(refused.message).toMatch(/[а-яё]/i);
      await expect.poll(async () => (await timedGet(back!.port, "/readyz")).status, { timeout: 10_000 }).toBe(503);
      const page = await timedGet(front!.port, CATEGORY);
      expect(page.status).toBe(503);
      expect(page.ms).toBeLessThan(FAILS_WITHIN_MS);
      expect(page.retryAfter).toBeTruthy();
      // The back server's own pages: the same 503 page, never a 500.
      expect((await timedGet(back!.port, CATEGORY)).status).toBe(503);
    } finally {
      dbProxy!.heal();
    }
    await expect.poll(async () => (await timedGet(back!.port, "/readyz")).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await timedGet(front!.port, CATEGORY)).status, { timeout: 10_000 }).toBe(200);
    expect(back!.child.exitCode).toBeNull();
    expect((await sql<{ n: number }>("SELECT count(*)::int AS n FROM orders"))[0]!.n).toBe(ordersBefore);
    // The page sends it again with the same key: one order, and a second retry names the same one.
    const placed = await order(key, variation!);
    expect(placed.status, placed.message).toBe(200);
    expect(await order(key, variation!)).toMatchObject({ status: 200, id: placed.id });
    expect((await sql<{ n: number }>("SELECT count(*)::int AS n FROM orders"))[0]!.n).toBe(ordersBefore + 1);
  });
});
