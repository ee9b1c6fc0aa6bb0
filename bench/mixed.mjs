// The mixed load of issue 28: what a day's visitors do at once, against a running shop (the
// cluster's nginx, or one process), for BENCH_MIXED_DURATION (60) s at BENCH_MIXED_CONNECTIONS (50)
// connections in all, beside the naive baseline's /grid at the same connections in the same run.
//
//   node bench/mixed.mjs <shop URL> [<baseline URL>]
//
// The connections are shared out as visitors are (each kind is an autocannon of its own, all at once):
// - anonymous browsing (half): the home page, categories, products, and the long tail of filter
//   URLs crawlers make (colour × material × free price and quantity ranges, pages 1–5), each
//   request the next of a few thousand shuffled URLs built from the shop's own facets;
// - logged-in browsing (a sixth): the same pages and the profile with a demo account's session
//   (user@demo.ru, demo12345), never served from a shared cache;
// - search (a sixth): /search/text=… with a few hundred varied texts;
// - cart pricing (the rest but two): POST /api/cart/unauth with a 20-line cart (bench/cart.mjs);
// - orders (two connections): POST /api/order/create_unauth, each order from its own loopback
//   address (127.0.0.2 …) with its own e-mail and Idempotency-Key, as many shoppers are, so the
//   per-address order limit (10 an hour) is met by no one; a shop behind nginx sees the address
//   in X-Forwarded-For. Each order's key is sent once.
// Reports, per kind and in all: requests, req/s, p50/p99, errors (connection errors, time-outs,
// any status but the expected), and the ratio of the whole mix's req/s to /grid's (issue 28: the
// first figure is the floor for later work). Exits non-zero when any request failed.
//
// Environment: BENCH_MIXED_DURATION (s, 60), BENCH_MIXED_CONNECTIONS (50), BENCH_WARMUP (s, 10; 0 = none),
// BENCH_TIMEOUT (s, 10).
import { Buffer } from "node:buffer";
import { request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { cartBody, checkCart } from "./cart.mjs";
import { config, getJson, log, numberEnv, quantile, round1, table } from "./lib.mjs";

export const MIXED_DURATION = numberEnv("BENCH_MIXED_DURATION", 60);
export const MIXED_CONNECTIONS = Math.max(10, Math.round(numberEnv("BENCH_MIXED_CONNECTIONS", 50)));
const ORDER_CONNECTIONS = 2;
const SEARCH_TEXTS = [
  "ручка", "ручки", "ручка металлическая", "ручка с логотипом", "кружка", "кружки керамические", "термокружка", "бутылка для воды",
  "футболка", "футболки хлопок", "толстовка", "бейсболка", "зонт", "зонт складной", "ежедневник", "ежедневник датированный",
  "блокнот", "power bank", "пауэрбанк", "флешка", "флешка 16 гб", "сумка", "шоппер", "рюкзак", "плед", "термос", "брелок",
  "новогодний подарок", "подарочный набор", "набор для чая", "сувенир", "калькулятор", "часы настенные", "кабель", "колонка",
  "ghjxrf", "rhe;rf", "ruchka", "kruzhka", "ежедневнек", "футболкка", "parker", "logo", "эко", "бамбук", "кожа", "металл",
];

/** Fisher–Yates with a fixed seed: the same URLs in the same order on every run. */
function shuffled(items, seed = 1) {
  const out = [...items];
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The anonymous visitors' URLs: from the shop's own categories, facets and products. */
export async function browsingPaths(base) {
  const home = await (await fetch(`${base}/`)).text();
  const slugs = [...new Set([...home.matchAll(/href="\/catalog\/([a-z0-9-]+)"/g)].map((m) => m[1]))].filter((s) => s !== "goods").slice(0, 12);
  if (slugs.length === 0) throw new Error(`${base}/ links to no category`);
  const paths = ["/", "/about", "/contacts", "/bestoffers"];
  for (const slug of slugs) {
    const facets = (await getJson(`${base}/api/filter/all?category=${encodeURIComponent(slug)}`)).data;
    const colors = (facets.colors ?? []).filter((c) => c.count > 0).slice(0, 6).map((c) => c.slug);
    const materials = (facets.attributes?.find((a) => a.slug === "material")?.values ?? []).filter((v) => v.count > 0).slice(0, 4).map((v) => v.slug);
    paths.push(`/catalog/${slug}`);
    for (let page = 2; page <= 5; page++) paths.push(`/catalog/${slug}/page=${page}`);
    for (const color of colors) {
      paths.push(`/catalog/${slug}/filter/color=${color}`);
      for (const material of materials) paths.push(`/catalog/${slug}/filter/color=${color}/material=${material}`);
    }
    // The long tail: free ranges, as crawlers and shoppers type them.
    for (let i = 0; i < 20; i++) paths.push(`/catalog/${slug}/filter/price=${50 + i * 37}-${400 + i * 113}`);
    for (let i = 0; i < 10; i++) paths.push(`/catalog/${slug}/filter/quantity=${100 + i * 250}`);
    const products = (await getJson(`${base}/api/product/list?category=${encodeURIComponent(slug)}&pageLimit=24`)).data.elements;
    for (const group of products) paths.push(`/catalog/goods/${group.products[0]?.id ?? group.id}`);
  }
  // Every URL must be a page (200) before it is load: a 404 or a redirect would be counted as an error.
  const checked = [];
  for (const path of paths) {
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    await response.body?.cancel();
    if (response.status === 200) checked.push(path);
  }
  if (checked.length < paths.length / 2) throw new Error(`${base}: only ${checked.length} of ${paths.length} browsing URLs answer 200`);
  return shuffled(checked);
}

/** autocannon's request list walking `paths` in turn over all connections. */
function walking(paths, extra = {}) {
  let i = 0;
  return [{ method: "GET", ...extra, setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
}

async function login(base, email) {
  const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "demo12345" }) });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  const { data } = await response.json();
  return `token=${data.authenticated.token}; refreshToken=${data.authenticated.refreshToken}`;
}

function summary(name, result, expected = 200) {
  const counts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  const unexpected = Object.entries(counts).filter(([code]) => Number(code) !== expected).reduce((n, [, c]) => n + c, 0);
  return {
    name,
    requests: result.requests.total,
    rps: round1(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    statuses: counts,
  };
}

const ADDRESSES = 250 * 250;
const addressOf = (n) => `127.0.${1 + (Math.floor(n / 250) % 250)}.${2 + (n % 250)}`;
/** Runs within the hour meet other addresses: each keeps far below its 10 orders an hour. */
const firstAddress = Math.floor(Math.random() * ADDRESSES);

/** Orders from many loopback addresses, one at a time per connection, for `seconds`. */
async function orders(base, variation, seconds) {
  const url = new URL(`${base}/api/order/create_unauth`);
  const latencies = [];
  const failures = [];
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const i = n++;
      const body = JSON.stringify({
        cityId: 3,
        representativeName: "Ольга Смирнова",
        representativeEmail: `load.${Date.now().toString(36)}.${i}@example.ru`,
        representativePhone: "+7 (921) 555-12-34",
        variations: [{ variation: variation.id, count: Math.ceil(15_000 / variation.price) }],
      });
      const started = performance.now();
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          // Another shopper's loopback address for each order (127.0.1.2 … 127.0.250.251, from a random start).
          localAddress: addressOf(firstAddress + i),
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "idempotency-key": `mixed-${Date.now().toString(36)}-${i}` },
          timeout: config.timeout * 1000,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - started);
            if (res.statusCode !== 200) failures.push(`${res.statusCode}`);
            resolve();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        failures.push(error.message);
        resolve();
      });
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: ORDER_CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  return { name: "orders (POST /api/order/create_unauth)", requests: n, rps: round1(n / seconds), p50: Math.round(quantile(sorted, 0.5) ?? 0), p99: Math.round(quantile(sorted, 0.99) ?? 0), errors: failures.length, statuses: failures.reduce((counts, f) => ({ ...counts, [f]: (counts[f] ?? 0) + 1 }), {}) };
}

/**
 * The mix against `base` for `duration` s: one row per kind and one for all. `paths`: the browsing
 * URLs (browsingPaths) when the caller has them; `onStart`: called as the load begins (a fault script
 * times its fault from it).
 */
export async function runMixed(base, { duration = MIXED_DURATION, connections = MIXED_CONNECTIONS, paths: given, onStart } = {}) {
  log(`mixed load: preparing URLs, sessions and carts from ${base}`);
  const paths = given ?? (await browsingPaths(base));
  const cookie = await login(base, "user@demo.ru");
  const cart = await cartBody(base);
  await checkCart(base, cart);
  const [variation] = (await getJson(`${base}/api/product/list?pageLimit=24`)).data.elements.flatMap((g) => g.products.filter((p) => p.stock >= 1000 && p.price >= 100).map((p) => ({ id: p.id, price: p.price })));
  if (!variation) throw new Error(`${base}: no variation in stock to order`);
  const searches = shuffled(SEARCH_TEXTS.map((t) => `/search/text=${encodeURIComponent(t)}`), 7);
  const share = (part) => Math.max(1, Math.round((connections - ORDER_CONNECTIONS) * part));
  const anonymous = share(1 / 2);
  const loggedIn = share(1 / 6);
  const search = share(1 / 6);
  const cartConnections = Math.max(1, connections - ORDER_CONNECTIONS - anonymous - loggedIn - search);
  const common = { duration, timeout: config.timeout };
  const kinds = [
    ["anonymous browsing", autocannon({ url: base, connections: anonymous, requests: walking(paths), ...common })],
    ["logged-in browsing", autocannon({ url: base, connections: loggedIn, headers: { cookie }, requests: walking(shuffled([...paths.slice(0, 200), "/profile", "/profile/orders", "/favorites"], 3)), ...common })],
    ["search", autocannon({ url: base, connections: search, requests: walking(searches), ...common })],
    ["cart pricing (20 lines)", autocannon({ url: `${base}/api/cart/unauth`, connections: cartConnections, method: "POST", body: cart, headers: { "content-type": "application/json" }, ...common })],
  ];
  log(`mixed load: ${duration} s at ${connections} connections (${anonymous} anonymous, ${loggedIn} logged in, ${search} search, ${cartConnections} cart, ${ORDER_CONNECTIONS} orders), ${paths.length} browsing URLs`);
  onStart?.();
  const [ordered, ...results] = await Promise.all([orders(base, variation, duration), ...kinds.map(([, instance]) => instance)]);
  const rows = [...kinds.map(([name], i) => summary(name, results[i])), ordered];
  const total = rows.reduce((sum, row) => ({ requests: sum.requests + row.requests, errors: sum.errors + row.errors }), { requests: 0, errors: 0 });
  rows.push({ name: "all", requests: total.requests, rps: round1(total.requests / duration), p50: null, p99: Math.max(...rows.map((r) => r.p99)), errors: total.errors, statuses: {} });
  return rows;
}

/** The rows as a table, and the statuses of every kind that had errors. */
export function printRows(rows) {
  console.log(table(rows, [["kind", (r) => r.name], ["requests", (r) => r.requests], ["req/s", (r) => r.rps], ["p50 ms", (r) => r.p50], ["p99 ms", (r) => r.p99], ["errors", (r) => r.errors]]));
  for (const row of rows) if (row.errors) console.log(`${row.name}: ${JSON.stringify(row.statuses)}`);
}

/** The baseline's /grid at `connections` for `duration` s. */
export async function runGrid(baseline, { duration = MIXED_DURATION, connections = MIXED_CONNECTIONS } = {}) {
  return summary("baseline /grid", await autocannon({ url: `${baseline}/grid`, connections, duration, timeout: config.timeout }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [base, baseline] = process.argv.slice(2);
  if (!base) {
    console.error("usage: node bench/mixed.mjs <shop URL> [<baseline URL>]");
    process.exit(2);
  }
  // BENCH_WARMUP=0: no warm-up (the cluster's fault scripts warm up themselves).
  if (process.env.BENCH_WARMUP !== "0") {
    log(`warm-up: ${config.warmup} s`);
    await runMixed(base, { duration: config.warmup, connections: MIXED_CONNECTIONS });
  }
  const grid = baseline ? await runGrid(baseline) : null;
  const rows = await runMixed(base);
  if (grid) rows.push(grid, { name: "mix ÷ /grid (req/s)", requests: null, rps: round1(rows.find((r) => r.name === "all").rps / grid.rps), p50: null, p99: round1(rows.find((r) => r.name === "all").p99 / grid.p99), errors: null, statuses: {} });
  printRows(rows);
  process.exit(rows.some((r) => r.errors) ? 1 : 0);
}
