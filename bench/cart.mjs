// The cart pricing part of `npm run bench` (see bench/run.mjs): POST /api/cart/unauth with
// CART_LINES (20) lines, each with a complete coating line, at BENCH_CART_CONNECTIONS (20)
// connections, beside the baseline's /grid at the same connections, and on the 100k catalogue
// beside the 2k one (target: the 2k req/s within 1.5× of the 100k req/s).
//
// The cart is built from the server's own catalogue (a listing page from the middle of it, the
// first variation of each group, the group's first coating with its first variant), so it is a
// valid cart on either database and every line is priced.
//
// Smoke run of this part alone, against servers already running (no build, no baseline needed):
//   node bench/cart.mjs http://127.0.0.1:3000 [http://127.0.0.1:3002 (100k)] [baseline URL]
// with BENCH_DURATION/BENCH_WARMUP (s) as for the whole bench.
import { pathToFileURL } from "node:url";
import { load } from "./load.mjs";
import { config, getJson, log, numberEnv } from "./lib.mjs";

export const CART_LINES = 20;
export const CART_CONNECTIONS = Math.round(numberEnv("BENCH_CART_CONNECTIONS", 20));

/** JSON body of a CART_LINES-line cart with coatings, from the catalogue of the server at `base`. */
export async function cartBody(base, lines = CART_LINES) {
  const first = (await getJson(`${base}/api/product/list?pageLimit=${lines}`)).data;
  const page = Math.max(1, Math.ceil(first.countPages / 2));
  const groups = (await getJson(`${base}/api/product/list?pageLimit=${lines}&page=${page}`)).data.elements;
  const coatings = new Map((await getJson(`${base}/api/coating/all`)).data.map((c) => [c.id, c]));
  const variations = groups.slice(0, lines).map((group, i) => {
    const coating = coatings.get(group.coatings[0]);
    const side = (limit) => Math.min(30, limit ?? 30);
    return {
      variation: group.products[0].id,
      count: 50 + i * 37,
      comment: i % 4 === 0 ? "Логотип по центру" : null,
      coatings: coating
        ? [{ id: `line-${i}`, coating: coating.id, width: side(coating.maxWidth), height: side(coating.maxHeight), variant: coating.variants[0]?.id ?? null, options: [] }]
        : [],
    };
  });
  if (variations.length < lines) throw new Error(`${base}: only ${variations.length} groups for a ${lines}-line cart`);
  return JSON.stringify({ variations });
}

/** Checks that the body prices every line (200, no unavailable variation, no coating problem). */
export async function checkCart(base, body) {
  const response = await fetch(`${base}/api/cart/unauth`, { method: "POST", body, headers: { "content-type": "application/json" } });
  if (response.status !== 200) throw new Error(`${base}/api/cart/unauth answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const cart = (await response.json()).data;
  const problems = cart.cartItems.flatMap((line) => line.coatings.flatMap((c) => c.problems));
  if (cart.cartItems.length !== CART_LINES || cart.unavailableVariations.length || problems.length || !(cart.printPrice > 0)) {
    throw new Error(`${base}: the bench cart is not fully priced (${cart.cartItems.length} lines, ${problems.length} coating problems)`);
  }
  return cart;
}

/** A load target (bench/load.mjs) for the cart of `base`. */
export function cartTarget(base, body, extra = {}) {
  return {
    name: `POST /api/cart/unauth (${CART_LINES} lines with coatings)`,
    group: "cart",
    page: "cart",
    url: `${base}/api/cart/unauth`,
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    connections: CART_CONNECTIONS,
    ...extra,
  };
}

/** Warm-up, then one measured run of each target in order. */
export async function cartRuns(targets, { warmup = config.warmup, duration = config.duration } = {}) {
  for (const t of targets) await load(t, { duration: warmup, sampleMemory: false });
  const runs = [];
  for (const t of targets) {
    log(`  ${t.name}`);
    runs.push(await load(t, { duration, sampleMemory: Boolean(t.pid) }));
  }
  return runs;
}

const ratio = (a, b) => (b > 0 ? Number((a / b).toFixed(2)) : null);

/** The cart against the baseline /grid, both at CART_CONNECTIONS. */
export function compareToBaseline(grid, cart) {
  return { reqPerSecRatio: ratio(cart.reqPerSec, grid.reqPerSec), p99Ratio: ratio(cart.p99Ms, grid.p99Ms) };
}

/** 2k req/s ÷ 100k req/s: how much slower the big catalogue prices the same kind of cart. */
export function compareScale(small, large) {
  return { slowdown: ratio(small.reqPerSec, large.reqPerSec), p99Ratio: ratio(large.p99Ms, small.p99Ms) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [shop, large, baseline] = process.argv.slice(2);
  if (!shop) {
    console.error("usage: node bench/cart.mjs <shop URL> [<100k shop URL>] [<baseline URL>]");
    process.exit(2);
  }
  const body = await cartBody(shop);
  await checkCart(shop, body);
  const targets = [cartTarget(shop, body, { name: "cart 2k" })];
  if (large) {
    const largeBody = await cartBody(large);
    await checkCart(large, largeBody);
    targets.push(cartTarget(large, largeBody, { name: "cart 100k" }));
  }
  if (baseline) targets.unshift({ name: "baseline /grid", group: "baseline", url: `${baseline}/grid`, connections: CART_CONNECTIONS });
  const runs = await cartRuns(targets);
  for (const r of runs) console.log(`${r.name}: ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors + r.timeouts + r.unexpectedStatus}`);
  if (baseline) console.log("vs baseline:", compareToBaseline(runs[0], runs[1]));
  if (large) console.log("100k vs 2k:", compareScale(runs.at(-2), runs.at(-1)));
}
