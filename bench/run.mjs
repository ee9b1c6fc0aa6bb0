// `npm run bench`: every figure of the performance targets (issue 3) in one run, the shop's
// production build against the naive Remix baseline (../shared/baseline) side by side on loopback
// (the machines are noisy: ratios measured together hold, absolutes drift).
//
// 1. builds the shop if needed, prepares the baseline in bench/.baseline (npm ci + build, once), and
//    seeds the bench's databases: data/bench (2 000 groups, by the server's first start) and
//    data/bench-100k (`npm run seed -- --groups 100000`, about 1.5 min, once; both are reseeded
//    when api/db's seed, schema or migrations change);
// 2. start-up: spawn → first 200 of /healthz and of /about (median of BENCH_STARTUPS);
// 3. the pages: /about, / (home), a category with 2 filters (the most common colour of
//    /catalog/ruchki, then its most common material: a full page of 24) and a product page (the
//    first product of that listing), checked to answer 200 with their products in the HTML;
// 4. load: autocannon, BENCH_CONNECTIONS (50) connections, BENCH_DURATION (10) s per target after a
//    BENCH_WARMUP (10) s warm-up: those pages FROM THE PAGE CACHE (the default server; plus the 404
//    and /about with gzip), then UNCACHED (the same database, a server restarted with
//    PAGE_CACHE=off); baseline /grid runs at the start of each of the two phases, and each row's
//    ratio is against the /grid run of its phase, its p99 against that run's p99 (issue 16:
//    both measured side by side, ADR 023);
// 5. memory: peak RSS (VmHWM) of each shop server's process tree (the web server, whose embedded
//    PGlite is a worker thread since ADR 017, and any database process it started), apart and
//    summed, plus their resident memory polled during every load run;
// 6. first-visit weight in headless Chromium (playwright-core) of /about, /, the category and the
//    product page: gzip bytes of the HTML document and of the JS, beside the issue's budgets;
// 7. Lighthouse (npm `lighthouse`, default = mobile config, performance category only, a fresh
//    Chromium per run, on every CPU) on /, the category and the product page (page cache on; its user agent is
//    not a crawler's, so it gets the streamed document people get): score, CLS and the other
//    metrics, and the audits that cost the most; if it cannot run, says why and goes on;
// 8. scale (BENCH_SCALE=0 skips it): a second PAGE_CACHE=off shop on the 100k catalogue, beside the
//    2k one; the uncached render time (median of BENCH_SCALE_REQUESTS (30) sequential requests,
//    alternating between the two servers) of the filtered category, the product, a brand page and
//    a curated listing on each, and the ratio 100k / 2k (target ≤ 1.5×).
// 9. cart pricing (bench/cart.mjs): POST /api/cart/unauth with 20 lines with coatings at
//    BENCH_CART_CONNECTIONS (20) connections on the PAGE_CACHE=off shop, beside the baseline /grid at
//    the same connections (target: req/s ≥ /grid's; p99 reported against /grid's; the API's read
//    cache on, as in production), and in the scale step the same kind of cart on the 100k shop
//    beside the 2k one, both with API_CACHE_TTL=0 so every cart is priced from the database
//    (target: 2k req/s ÷ 100k ≤ 1.5×).
//    `node bench/cart.mjs <shop URL> [<100k URL>] [<baseline URL>]` runs this part alone.
// 10. search (bench/search.mjs): GET /api/search/fast and /api/search/global at
//    BENCH_SEARCH_CONNECTIONS (20) connections, each request the next of a few hundred varied texts
//    (words, forms, phrases, typos, wrong layout, transliteration, synonyms, brands, codes; prefixes
//    for fast), on the PAGE_CACHE=off shop beside the baseline /grid at the same connections
//    (targets: fast ≥ 2× /grid's req/s, global ≥ 1×), then on a 2k and a 100k shop started side by
//    side with the API caches on, as in production (target: 2k req/s ÷ 100k ≤ 2). Every text is
//    asked once before the load (the answer cache's first fill, ADR 028) and those cold times are
//    reported. `node bench/search.mjs <shop URL> [<100k URL>] [<baseline URL>]` runs this part alone.
// 11. exports (bench/exports.mjs, BENCH_EXPORTS=0 skips it): a default shop on every CPU; `/`, the
//    category and the product page, anonymous, at a steady rate while five demo accounts download
//    the PDF and the Excel file of a 200-line offer in loops, switched off and on in slices
//    (target: each page's p99 with ÷ without ≤ 1.5×; 503s and 429s counted). `npm run bench --
//    exports` runs this part alone (bench/results/exports.json); `node bench/exports.mjs <shop URL>`
//    runs it against a server already running.
// Prints the tables and writes bench/results/latest.json (`node bench/run.mjs --print` prints them again). Exits non-zero on errors, timeouts and
// unexpected statuses only, never on a missed target. About 7 min with the defaults on 2 cores
// (plus the one-off builds and the 100k seed).
//
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 10: a server just started reaches its steady
// speed after ~7 s of load, while V8 compiles the hot code), BENCH_CONNECTIONS (50), BENCH_TIMEOUT
// (s, 10: autocannon's per-request limit; a slower answer is a time-out, i.e. an error),
// BENCH_STARTUPS (3), BENCH_ROUNDS (1; more = the median of each figure), BENCH_PIN (auto|0|1:
// servers on CPU 0, load generator and Chromium on CPU 1), BENCH_PORT (3400; the baseline +1,
// the 100k shop +2), BENCH_SCALE (1|0), BENCH_SCALE_REQUESTS (30), BENCH_SCALE_GROUPS (100000),
// BENCH_LIGHTHOUSE (1|0), BENCH_LIGHTHOUSE_RUNS (3: the median-score run of each page),
// BENCH_CATEGORY (ruchki), BENCH_CATEGORY_PATH and BENCH_PRODUCT_ID (instead of the chosen ones),
// BASELINE_DIR (../shared/baseline), CHROMIUM_PATH (/usr/bin/chromium).
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { lighthouseRuns, pageWeights } from "./browser.mjs";
import { load, medianRun } from "./load.mjs";
import {
  config,
  escapeHtml,
  get,
  getJson,
  HOST,
  killAll,
  LIMITS,
  log,
  median,
  memoryByRole,
  pinSelf,
  RESULTS,
  ROOT,
  run,
  startProcess,
  stopProcess,
  table,
  waitFor,
} from "./lib.mjs";
import { dropStale, ensureLargeCatalogue, isSeeded, markSeeded, sequentialPair } from "./scale.mjs";
import { CART_CONNECTIONS, CART_LINES, cartBody, cartRuns, cartTarget, checkCart, compareScale, compareToBaseline } from "./cart.mjs";
import {

  SEARCH_CONNECTIONS,
  checkSearch,
  compareSearchScale,
  compareSearchToBaseline,
  primeSearch,
  searchQueries,
  searchRuns,
  searchTarget,
} from "./search.mjs";
import { EXPORT_LINES, EXPORT_LOOPS, exportsErrors, exportsReport, exportsScenario } from "./exports.mjs";

/** Read before the bench pins itself to one CPU (affinity shrinks availableParallelism). */
const CPUS = os.availableParallelism();
const SHOP = `http://${HOST}:${config.shopPort}`;
const BASELINE = `http://${HOST}:${config.baselinePort}`;
const LARGE = `http://${HOST}:${config.largePort}`;
const PAGE_SIZE = 24;
/** The 2k database is seeded by the server's first start with its default size. */
const SMALL_GROUPS = "server-default";

/** The issue's targets (benchmarks, not tests: a miss is printed, never an error). */
/** Columns of the cart and search load tables: one row per autocannon run with its ratio and goal. */
const LOAD_COLUMNS = [
  ["target", (x) => x.name],
  ["req/s", (x) => x.run.reqPerSec],
  ["ratio", (x) => x.ratio],
  ["goal", (x) => x.goal],
  ["p50 ms", (x) => x.run.p50Ms],
  ["p99 ms", (x) => x.run.p99Ms],
  ["p99 ratio", (x) => x.p99],
  ["errors", (x) => x.run.errors + x.run.timeouts + x.run.unexpectedStatus],
];

const TARGETS = {
  cachedRatio: 10,
  uncachedRatio: 1,
  /** Uncached pages: p99 no higher than the baseline /grid's p99 in the same phase. */
  uncachedP99RatioMax: 1,
  jsGzipKb: { about: 120, home: 120, category: 120, product: 130 },
  htmlGzipKb: 30,
  lighthouseScore: 90,
  cls: 0.05,
  memoryMb: 300,
  scaleRatio: 1.5,
  /** cart/unauth (20 lines with coatings, 20 connections): req/s ≥ baseline /grid's at 20 connections. */
  cartRatio: 1,
  /** …and on the 100k catalogue within 1.5× of the 2k figure. */
  cartScaleRatio: 1.5,
  /** search/fast (20 connections, varied texts): req/s ≥ 2× baseline /grid's at 20 connections (issue 18). */
  searchFastRatio: 2,
  /** search/global: ≥ 1× /grid's. */
  searchGlobalRatio: 1,
  /** …each on the 100k catalogue within 2× of its 2k figure. */
  searchScaleRatio: 2,
};
/** Pages with the issue's req/s and p99 targets. */
const TARGET_PAGES = new Set(["home", "category", "product"]);


// ---------------------------------------------------------------- preparation

function ensureShopBuild() {
  if (existsSync(path.join(ROOT, "build/server.mjs")) && existsSync(path.join(ROOT, "build/server/index.js"))) return;
  run("npm", ["run", "build"], { cwd: ROOT, timeout: LIMITS.build });
}

/** Hash of the baseline's sources, so a changed baseline is copied and rebuilt. */
function sourceHash(dir) {
  const hash = createHash("sha256");
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      if (name === "node_modules" || name === "build" || name.startsWith(".")) continue;
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

/** /work/shared is read-only: the baseline is installed and built in a copy (bench/.baseline, git-ignored). */
function ensureBaseline() {
  if (!existsSync(path.join(config.baselineSource, "package.json"))) {
    throw new Error(`Baseline not found at ${config.baselineSource} (set BASELINE_DIR)`);
  }
  const stampFile = path.join(config.baselineDir, ".source-hash");
  const wanted = sourceHash(config.baselineSource);
  const ready =
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === wanted &&
    existsSync(path.join(config.baselineDir, "node_modules")) &&
    existsSync(path.join(config.baselineDir, "build/server/index.js"));
  if (ready) return;
  log(`preparing the baseline in ${path.relative(ROOT, config.baselineDir)}`);
  rmSync(config.baselineDir, { recursive: true, force: true });
  cpSync(config.baselineSource, config.baselineDir, {
    recursive: true,
    filter: (src) =>
      !path
        .relative(config.baselineSource, src)
        .split(path.sep)
        .some((part) => part === "node_modules" || part === "build"),
  });
  makeWritable(config.baselineDir);
  run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: config.baselineDir, timeout: LIMITS.npmCi });
  run("npm", ["run", "build"], { cwd: config.baselineDir, timeout: LIMITS.build });
  writeFileSync(stampFile, wanted);
}

function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(full);
    else chmodSync(full, 0o644);
  }
}

// ---------------------------------------------------------------- servers

function shopEnv({ port = config.shopPort, dataDir = config.dataDir, pageCache = "on", apiCache = true }) {
  return {
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PAGE_CACHE: pageCache,
    // The shared read cache of catalogue answers (ADR 010) and the API's cart pricing cache
    // (ADR 025) are on by default; off, every page and cart asks the database (the scale comparison).
    API_CACHE_TTL: apiCache ? "" : "0",
    // As `npm start` and the Dockerfile (ADR 017): two glibc malloc arenas, not one per thread.
    MALLOC_ARENA_MAX: "2",
    // Explicitly unset: a developer's .env must not point the bench elsewhere.
    API_URL: "",
    DATABASE_URL: "",
  };
}

/** Node's flags of `npm start` (the V8 heap settings of ADR 011 and ADR 019), so the bench runs what people run. */
const START_FLAGS = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start.match(/(?<=\s)--[\w-]+=\S+/g) ?? [];

function startShop({ name = "shop", port = config.shopPort, dataDir = config.dataDir, pageCache = "on", apiCache = true, pin = true } = {}) {
  return startProcess(name, process.execPath, [...START_FLAGS, "build/server.mjs"], {
    cwd: ROOT,
    env: shopEnv({ port, dataDir, pageCache, apiCache }),
    // pin: false = every CPU, as in production (the exports' scenario: the documents' thread takes the second core).
    ...(pin ? {} : { pin: false }),
  });
}

function startBaseline() {
  return startProcess("baseline", process.execPath, ["server.js"], {
    cwd: config.baselineDir,
    env: { NODE_ENV: "production", PORT: String(config.baselinePort) },
  });
}

/** Resolves once nothing listens on `port` any more (a stopped server's socket is gone). */
async function waitForPortFree(port) {
  const deadline = performance.now() + LIMITS.stop;
  while (performance.now() < deadline) {
    try {
      await fetch(`http://${HOST}:${port}/healthz`, { signal: globalThis.AbortSignal.timeout(500) });
    } catch {
      return;
    }
    await sleep(50);
  }
  throw new Error(`port ${port} still answers after the server stopped`);
}

/** Seeds data/bench by the server's first start unless it is seeded; answers that start's memory (or null). */
async function seedSmall() {
  dropStale(config.dataDir, SMALL_GROUPS);
  if (isSeeded(config.dataDir, SMALL_GROUPS)) return null;
  log(`seeding ${config.dataDir} (first start, not measured)`);
  const first = startShop();
  let firstStartMemory = null;
  try {
    await waitFor(first, `${SHOP}/about`, 200, LIMITS.startLarge);
    firstStartMemory = shopMemory(first, "shop, first start (creates and seeds the 2k catalogue)");
  } finally {
    await stopProcess(first);
  }
  markSeeded(config.dataDir, SMALL_GROUPS);
  return firstStartMemory;
}

/**
 * Start-up on a seeded database: the first start ever seeds it, and is not counted (its memory is:
 * a row of the memory table when this run seeded).
 */
async function measureStartups() {
  const firstStartMemory = await seedSmall();
  // Start-up is the README's command itself, `npm start` (npm's own start included), unpinned:
  // a real start has both cores, and the database thread boots beside the web server (ADR 008, 017).
  const runs = [];
  for (let i = 0; i < config.startups; i++) {
    const started = startProcess("npm start", "npm", ["start", "--silent"], { cwd: ROOT, env: shopEnv({}), pin: false, group: true });
    try {
      const healthzMs = await waitFor(started, `${SHOP}/healthz`);
      const aboutMs = await waitFor(started, `${SHOP}/about`);
      runs.push({ healthzMs: Math.round(healthzMs), aboutMs: Math.round(aboutMs) });
    } finally {
      await stopProcess(started);
    }
    await waitForPortFree(config.shopPort);
  }
  // The server under load is pinned (CPU 0; autocannon on CPU 1).
  const shop = startShop();
  await waitFor(shop, `${SHOP}/about`);
  return {
    shop,
    firstStartMemory,
    startup: { runs, medianHealthzMs: median(runs.map((r) => r.healthzMs)), medianAboutMs: median(runs.map((r) => r.aboutMs)) },
  };
}

// ---------------------------------------------------------------- the pages

const byCount = (values) => [...(values ?? [])].filter((v) => v.count > 0).sort((a, b) => b.count - a.count || (a.slug < b.slug ? -1 : 1));

/**
 * The measured pages, from the seeded API itself: a category with two filters that fills a page
 * of 24 (its most common colour, then that colour's most common material), the first product of
 * that listing, the category's most common brand, and a curated listing.
 */
async function choosePages(base) {
  const api = async (p) => (await getJson(`${base}/api${p}`)).data;
  const slug = process.env.BENCH_CATEGORY ?? "ruchki";
  const facets = await api(`/filter/all?category=${encodeURIComponent(slug)}`);
  let categoryPath = process.env.BENCH_CATEGORY_PATH;
  let listQuery = null;
  if (!categoryPath) {
    let best = null;
    for (const color of byCount(facets.colors).slice(0, 8)) {
      const withColor = await api(`/filter/all?category=${slug}&colors[]=${color.slug}`);
      const [material] = byCount(withColor.attributes?.find((a) => a.slug === "material")?.values);
      if (material && (!best || material.count > best.count)) best = { color: color.slug, material: material.slug, count: material.count };
      if (best && best.count >= PAGE_SIZE) break;
    }
    if (!best) throw new Error(`no colour + material combination with products in ${slug}: set BENCH_CATEGORY_PATH`);
    categoryPath = `/catalog/${slug}/filter/color=${best.color}/material=${best.material}`;
    listQuery = `category=${slug}&colors[]=${best.color}&attrs[]=material:${best.material}`;
  }
  const listing = listQuery ? await api(`/product/list?${listQuery}&pageLimit=${PAGE_SIZE}`) : null;
  const productId = process.env.BENCH_PRODUCT_ID ?? listing?.elements?.[0]?.id ?? (await api(`/product/list?category=${slug}&pageLimit=1`)).elements[0].id;
  const [brand] = byCount(facets.brands);
  return {
    about: { path: "/about" },
    home: { path: "/" },
    category: {
      path: categoryPath,
      expectTitles: listing?.elements?.slice(0, 3).map((g) => g.title) ?? [],
      products: listing ? { onPage: listing.elements.length, total: listing.countItems } : null,
    },
    product: { path: `/catalog/goods/${productId}` },
    brand: { path: `/brands/${brand?.slug ?? "arrow"}` },
    curated: { path: "/bestoffers" },
  };
}

/** Each page answers 200 with a document (and the category its products) before anything is timed. */
async function checkPages(base, pages, keys, { titles = true } = {}) {
  for (const key of keys) {
    const page = pages[key];
    const response = await get(`${base}${page.path}`);
    if (response.status !== 200) throw new Error(`${base}${page.path} answered ${response.status}`);
    const html = response.text();
    if (!html.includes("</html>")) throw new Error(`${base}${page.path}: not a complete HTML document`);
    for (const title of titles ? (page.expectTitles ?? []) : []) {
      if (!html.includes(escapeHtml(title))) throw new Error(`${base}${page.path}: the product "${title}" of the listing is not in the HTML`);
    }
  }
}

// ---------------------------------------------------------------- load phases

async function loadPhase(label, targets) {
  log(`${label}: warm-up ${config.warmup} s per target`);
  for (const t of targets) await load(t, { duration: config.warmup, sampleMemory: false });
  log(`${label}: ${config.connections} connections, ${config.duration} s per target${config.pin ? ", servers on CPU 0, autocannon on CPU 1" : ", unpinned"}`);
  const rounds = [];
  for (let round = 1; round <= config.rounds; round++) {
    const results = [];
    for (const t of targets) {
      log(`  ${config.rounds > 1 ? `round ${round}: ` : ""}${t.name}`);
      results.push(await load(t, { duration: config.duration }));
    }
    rounds.push(results);
  }
  const runs = targets.map((_, i) => medianRun(rounds.map((results) => results[i])));
  const grid = runs.find((r) => r.group === "baseline");
  for (const r of runs) {
    r.ratioToBaseline = Number((r.reqPerSec / grid.reqPerSec).toFixed(2));
    // The p99 against the baseline's p99 of the same phase: side by side, like the throughput.
    r.p99RatioToBaseline = grid.p99Ms > 0 ? Number((r.p99Ms / grid.p99Ms).toFixed(2)) : null;
    if (TARGET_PAGES.has(r.page) && r.group !== "baseline") {
      r.targetRatio = r.group === "cached" ? TARGETS.cachedRatio : TARGETS.uncachedRatio;
      if (r.group === "uncached") r.targetP99Ratio = TARGETS.uncachedP99RatioMax;
    }
  }
  return { runs, baselineP99Ms: grid.p99Ms, rounds: config.rounds > 1 ? rounds : undefined };
}

/** What the page cache says about a repeat request (HIT, STALE, MISS, BYPASS; "-" = no header). */
async function cacheStatus(target) {
  await get(target.url, target.headers);
  return (await get(target.url, target.headers)).headers.get("x-page-cache") ?? "-";
}

function shopMemory(proc, label, group = null) {
  const m = memoryByRole(proc.pid);
  return {
    label,
    group,
    serverVmHwmMb: Math.round(m.server.hwmMb),
    databaseVmHwmMb: Math.round(m.database.hwmMb),
    totalVmHwmMb: Math.round(m.server.hwmMb + m.database.hwmMb),
    databaseProcesses: m.databaseProcesses,
  };
}

// ---------------------------------------------------------------- exports (bench/exports.mjs)

const EXPORT_PAGES = ["home", "category", "product"];

/**
 * The exports' scenario on a default server (page cache on, embedded API) started for it on every
 * CPU, as in production: the documents' thread is meant to take the second core (ADR 052).
 */
async function exportsOnDefaultServer(chosen = null) {
  log(`exports: a default shop on every CPU; ${EXPORT_LOOPS} loops of ${EXPORT_LINES}-line PDF/Excel downloads against ${EXPORT_PAGES.join(", ")}`);
  const server = startShop({ name: "shop (exports, every CPU)", pin: false });
  try {
    await waitFor(server, `${SHOP}/about`);
    const pages = chosen ?? (await choosePages(SHOP));
    if (!chosen) await checkPages(SHOP, pages, EXPORT_PAGES);
    return await exportsScenario(
      SHOP,
      EXPORT_PAGES.map((key) => ({ key, path: pages[key].path })),
      { pid: server.pid },
    );
  } finally {
    await stopProcess(server);
    await waitForPortFree(config.shopPort);
  }
}

/** `npm run bench -- exports`: the build, the 2k database, and the exports' scenario alone (bench/results/exports.json). */
async function mainExports() {
  const started = performance.now();
  const loadAverageAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  if (loadAverageAtStart[0] > 1) log(`the machine is busy (load average ${loadAverageAtStart[0]}): compare the ratio, and run again if it looks noisy`);
  pinSelf();
  ensureShopBuild();
  await seedSmall();
  const errors = [];
  const results = {
    date: new Date().toISOString(),
    only: "exports",
    machine: { cpus: CPUS, cpuModel: os.cpus()[0]?.model ?? "", node: process.version, pinned: config.pin, loadAverageAtStart },
    config: { warmup: config.warmup },
  };
  try {
    results.exports = await exportsOnDefaultServer();
    for (const message of exportsErrors(results.exports)) errors.push({ section: "exports", message });
  } catch (error) {
    errors.push({ section: "exports", message: String(error.message ?? error) });
    results.exports = { error: String(error.message ?? error) };
  }
  results.errors = errors;
  results.elapsedS = Math.round((performance.now() - started) / 1000);
  const file = path.join(path.dirname(RESULTS), "exports.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const out = [
    `\n${machineLine(results.machine)}`,
    ...exportsReport(results.exports, table),
    ...(errors.length ? ["\nErrors:", ...errors.map((e) => `  - ${e.section}: ${e.message}`)] : []),
    `\nJSON: ${path.relative(ROOT, file)} (${results.elapsedS} s)`,
  ];
  console.log(out.join("\n"));
  if (errors.length) process.exitCode = 1;
}

/** The machine line of a report. */
const machineLine = (m) => `${m.cpus} CPUs (load average ${m.loadAverageAtStart.join(" ")} at start), Node ${m.node}; the shop on every CPU, the load generator${m.pinned ? " on CPU 1" : " unpinned"}`;

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const loadAverageAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  if (loadAverageAtStart[0] > 1) log(`the machine is busy (load average ${loadAverageAtStart[0]}): absolute figures will be low, compare the ratios`);
  pinSelf();
  const errors = [];
  const fail = (section, error) => {
    const message = String(error?.message ?? error);
    log(`${section} failed: ${message}`);
    errors.push({ section, message });
  };

  ensureShopBuild();
  ensureBaseline();
  let largeSeed = null;
  if (config.scale) {
    try {
      largeSeed = ensureLargeCatalogue(config.largeDataDir, config.largeGroups);
    } catch (error) {
      fail("scale (seeding the large catalogue)", error);
    }
  }

  log("measuring start-up");
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: CPUS, cpuModel: os.cpus()[0]?.model ?? "", node: process.version, pinned: config.pin, loadAverageAtStart },
    config: {
      duration: config.duration,
      warmup: config.warmup,
      connections: config.connections,
      timeoutS: config.timeout,
      rounds: config.rounds,
      scaleRequests: config.scaleRequests,
      largeGroups: config.largeGroups,
    },
    targets: TARGETS,
  };
  const startups = await measureStartups();
  let shop = startups.shop;
  results.startup = startups.startup;
  const baseline = startBaseline();
  let shopOff = null;
  let large = null;
  let memoryOff = null;
  try {
    await waitFor(baseline, `${BASELINE}/grid`);
    const pages = await choosePages(SHOP);
    results.pages = Object.fromEntries(Object.entries(pages).map(([k, p]) => [k, { path: p.path, ...(p.products ? { products: p.products } : {}) }]));
    log(
      `pages: ${Object.values(pages)
        .map((p) => p.path)
        .join("  ")}`,
    );
    await checkPages(SHOP, pages, Object.keys(pages));
    const grid = { name: "baseline /grid", group: "baseline", page: "grid", url: `${BASELINE}/grid`, pid: baseline.pid };
    {
      const { status } = await get(grid.url);
      if (status !== 200) throw new Error(`${grid.url} answered ${status}`);
    }

    // ------------------------------------------------ phase 1: the default server (page cache on)
    const cachedTarget = (page, extra = {}) => ({
      name: `cached ${pages[page].path}`,
      group: "cached",
      page,
      url: `${SHOP}${pages[page].path}`,
      pid: shop.pid,
      ...extra,
    });
    const cached = [
      cachedTarget("about"),
      cachedTarget("home"),
      cachedTarget("category"),
      cachedTarget("product"),
      { name: "404, page cache on (never cached)", group: "cached", page: "404", url: `${SHOP}/no-such-page`, pid: shop.pid, expectStatus: 404 },
      cachedTarget("about", { name: "cached /about, gzip", page: "about-gzip", headers: { "accept-encoding": "gzip" } }),
    ];
    for (const t of cached) {
      const { status } = await get(t.url, t.headers);
      if (status !== (t.expectStatus ?? 200)) throw new Error(`${t.url} answered ${status}`);
      t.pageCache = await cacheStatus(t);
      if (TARGET_PAGES.has(t.page) && !["HIT", "STALE"].includes(t.pageCache))
        log(`note: ${t.url} is not served from the page cache (X-Page-Cache: ${t.pageCache})`);
    }
    // The headline pair runs back to back, so its ratio is measured under the same conditions.
    const phase1 = await loadPhase("page cache on", [cached[0], grid, ...cached.slice(1)]);

    log("first-visit page weight (Chromium)");
    try {
      results.pageWeight = await pageWeights([
        ...["about", "home", "category", "product"].map((key) => ({ key, url: `${SHOP}${pages[key].path}` })),
        { key: "baselineGrid", url: grid.url },
      ]);
      for (const [key, w] of Object.entries(results.pageWeight)) if (w.error) fail(`page weight (${key})`, w.error);
    } catch (error) {
      results.pageWeight = { error: String(error.message ?? error) };
      fail("page weight", error);
    }

    if (config.lighthouse) {
      log("Lighthouse (mobile, performance)");
      try {
        results.lighthouse = await lighthouseRuns(["home", "category", "product"].map((key) => ({ key, url: `${SHOP}${pages[key].path}` })));
      } catch (error) {
        results.lighthouse = { error: String(error.message ?? error) };
      }
      if (results.lighthouse.error) log(`Lighthouse could not run: ${results.lighthouse.error}`);
    } else {
      results.lighthouse = { error: "skipped: BENCH_LIGHTHOUSE=0" };
    }
    const memoryCached = shopMemory(shop, "shop, page cache on (2k)", "cached");
    await stopProcess(shop);
    shop = null;

    // ------------------------------------------------ exports: other pages while 5 documents are drawn
    if (config.exports) {
      try {
        results.exports = await exportsOnDefaultServer(pages);
        for (const message of exportsErrors(results.exports)) fail("exports", message);
      } catch (error) {
        fail("exports", error);
        results.exports = { error: String(error.message ?? error) };
      }
    } else {
      results.exports = { error: "skipped: BENCH_EXPORTS=0" };
    }

    // ------------------------------------------------ phase 2: PAGE_CACHE=off on the same database
    log("restarting the shop with PAGE_CACHE=off");
    shopOff = startShop({ name: "shop (PAGE_CACHE=off)", pageCache: "off" });
    await waitFor(shopOff, `${SHOP}/about`);
    const uncached = ["about", "home", "category", "product"].map((page) => ({
      name: `uncached ${pages[page].path}`,
      group: "uncached",
      page,
      url: `${SHOP}${pages[page].path}`,
      pid: shopOff.pid,
    }));
    for (const t of uncached) {
      t.pageCache = await cacheStatus(t);
      if (t.pageCache === "HIT" || t.pageCache === "STALE") throw new Error(`${t.url}: X-Page-Cache ${t.pageCache} with PAGE_CACHE=off`);
    }
    const phase2 = await loadPhase("page cache off", [{ ...grid, name: "baseline /grid (uncached phase)" }, ...uncached]);
    results.runs = [...phase1.runs, ...phase2.runs];
    results.baselineP99Ms = { cached: phase1.baselineP99Ms, uncached: phase2.baselineP99Ms };
    if (config.rounds > 1) results.rounds = [phase1.rounds, phase2.rounds];
    const grid1 = phase1.runs.find((r) => r.group === "baseline");
    results.headline = { aboutReqPerSec: phase1.runs[0].reqPerSec, baselineGridReqPerSec: grid1.reqPerSec, ratio: phase1.runs[0].ratioToBaseline };

    // ------------------------------------------------ cart pricing beside /grid, same connections
    let smallCartBody = null;
    log(`cart/unauth: ${CART_LINES} lines with coatings, ${CART_CONNECTIONS} connections, beside baseline /grid at ${CART_CONNECTIONS}`);
    try {
      smallCartBody = await cartBody(SHOP);
      await checkCart(SHOP, smallCartBody);
      const [gridRun, cartRun] = await cartRuns([
        { ...grid, name: `baseline /grid (${CART_CONNECTIONS} connections)`, connections: CART_CONNECTIONS },
        cartTarget(SHOP, smallCartBody, { pid: shopOff.pid }),
      ]);
      results.cart = { lines: CART_LINES, connections: CART_CONNECTIONS, runs: [gridRun, cartRun], ...compareToBaseline(gridRun, cartRun) };
    } catch (error) {
      fail("cart", error);
      results.cart = { error: String(error.message ?? error) };
    }

    // ------------------------------------------------ search beside /grid, same connections
    const queries = searchQueries();
    log(`search: fast (${queries.fast.length} texts) and global (${queries.global.length} texts), ${SEARCH_CONNECTIONS} connections, beside baseline /grid at ${SEARCH_CONNECTIONS}`);
    try {
      await checkSearch(SHOP, queries);
      const cold = { fast: await primeSearch(SHOP, "fast", queries.fast), global: await primeSearch(SHOP, "global", queries.global) };
      const [gridRun, fastRun, globalRun] = await searchRuns([
        { ...grid, name: `baseline /grid (${SEARCH_CONNECTIONS} connections)`, connections: SEARCH_CONNECTIONS },
        searchTarget(SHOP, "fast", queries.fast, { pid: shopOff.pid }),
        searchTarget(SHOP, "global", queries.global, { pid: shopOff.pid }),
      ]);
      results.search = {
        connections: SEARCH_CONNECTIONS,
        texts: { fast: queries.fast.length, global: queries.global.length },
        cold,
        runs: [gridRun, fastRun, globalRun],
        ...compareSearchToBaseline(gridRun, fastRun, globalRun),
      };
    } catch (error) {
      fail("search", error);
      results.search = { error: String(error.message ?? error) };
    }

    // ------------------------------------------------ scale: uncached render time, 2k vs 100k
    // Both PAGE_CACHE=off servers run side by side (their own databases), requests alternate.
    const scaleKeys = ["category", "product", "brand", "curated"];
    if (config.scale && largeSeed) {
      log(
        `scale: the ${config.largeGroups}-group catalogue (PAGE_CACHE=off), ${config.scaleRequests} sequential requests per page, alternating with the 2k shop`,
      );
      try {
        // Memory of the uncached phase is read before its server makes way for one without the
        // API read cache: the scale compares database work, so neither server may skip it.
        memoryOff = shopMemory(shopOff, "shop, PAGE_CACHE=off (2k)", "uncached");
        await stopProcess(shopOff);
        shopOff = startShop({ name: "shop (2k, PAGE_CACHE=off, API_CACHE_TTL=0)", pageCache: "off", apiCache: false });
        await waitFor(shopOff, `${SHOP}/about`);
        large = startShop({ name: "shop (100k, PAGE_CACHE=off, API_CACHE_TTL=0)", port: config.largePort, dataDir: config.largeDataDir, pageCache: "off", apiCache: false });
        const startMs = await waitFor(large, `${LARGE}/healthz`, 200, LIMITS.startLarge);
        // The 100k listing has other products first: only the statuses and documents are checked.
        await checkPages(LARGE, pages, scaleKeys, { titles: false });
        const measured = [];
        for (const key of scaleKeys) {
          const [small, big] = await sequentialPair([`${SHOP}${pages[key].path}`, `${LARGE}${pages[key].path}`], { count: config.scaleRequests });
          measured.push({ page: key, path: pages[key].path, small, large: big, ratio: Number((big.medianMs / small.medianMs).toFixed(2)) });
        }
        results.scale = { groups: config.largeGroups, seed: largeSeed, startMs: Math.round(startMs), pages: measured };
        if (smallCartBody && results.cart && !results.cart.error) {
          log(`scale: cart/unauth on the 2k and the ${config.largeGroups / 1000}k shop, ${CART_CONNECTIONS} connections`);
          const largeCartBody = await cartBody(LARGE);
          await checkCart(LARGE, largeCartBody);
          const [small, big] = await cartRuns(
            [
              cartTarget(SHOP, smallCartBody, { name: "cart/unauth, 2k catalogue", pid: shopOff.pid }),
              cartTarget(LARGE, largeCartBody, { name: `cart/unauth, ${config.largeGroups / 1000}k catalogue`, pid: large.pid }),
            ],
            { warmup: Math.min(5, config.warmup) },
          );
          results.cart.scale = { groups: config.largeGroups, small, large: big, ...compareScale(small, big) };
        }
      } catch (error) {
        fail("scale", error);
        results.scale = { error: String(error.message ?? error) };
      }
    } else {
      results.scale = { error: config.scale ? "not measured (see the errors)" : "skipped: BENCH_SCALE=0" };
    }
    const memoryRows = [memoryCached, memoryOff ?? shopMemory(shopOff, "shop, PAGE_CACHE=off (2k)", "uncached")];
    if (large) memoryRows.push(shopMemory(large, `shop, PAGE_CACHE=off (${config.largeGroups / 1000}k)`));
    if (startups.firstStartMemory) memoryRows.push(startups.firstStartMemory);
    await stopProcess(large);
    large = null;
    await stopProcess(shopOff);
    shopOff = null;

    const baselineMemory = memoryByRole(baseline.pid);
    memoryRows.push({
      label: "baseline",
      group: "baseline",
      serverVmHwmMb: Math.round(baselineMemory.server.hwmMb),
      databaseVmHwmMb: Math.round(baselineMemory.database.hwmMb),
      totalVmHwmMb: Math.round(baselineMemory.server.hwmMb + baselineMemory.database.hwmMb),
      databaseProcesses: baselineMemory.databaseProcesses,
    });
    // The polled peaks of the load runs, by server.
    for (const row of memoryRows) {
      const runs = results.runs.filter((r) => r.group === row.group);
      row.loadPeakRssMb = runs.length ? Math.max(...runs.map((r) => r.peakRssDuringRunMb ?? 0)) : null;
    }
    results.memory = memoryRows;

    // ------------------------------------------------ search: 2k vs 100k, API caches on
    // After the memory figures: these two servers hold a few hundred cached search answers each.
    if (config.scale && largeSeed && results.search && !results.search.error) {
      log(`search scale: the 2k and the ${config.largeGroups / 1000}k shop side by side (API caches on, as in production)`);
      try {
        shopOff = startShop({ name: "shop (2k, PAGE_CACHE=off, search)", pageCache: "off" });
        large = startShop({ name: "shop (100k, PAGE_CACHE=off, search)", port: config.largePort, dataDir: config.largeDataDir, pageCache: "off" });
        await waitFor(shopOff, `${SHOP}/healthz`);
        await waitFor(large, `${LARGE}/healthz`, 200, LIMITS.startLarge);
        await checkSearch(LARGE, queries);
        const cold = {};
        for (const kind of ["fast", "global"]) {
          cold[kind] = { small: await primeSearch(SHOP, kind, queries[kind]), large: await primeSearch(LARGE, kind, queries[kind]) };
        }
        const label = `${config.largeGroups / 1000}k`;
        const [fastSmall, fastLarge, globalSmall, globalLarge] = await searchRuns(
          [
            searchTarget(SHOP, "fast", queries.fast, { name: "search/fast, 2k catalogue", pid: shopOff.pid }),
            searchTarget(LARGE, "fast", queries.fast, { name: `search/fast, ${label} catalogue`, pid: large.pid }),
            searchTarget(SHOP, "global", queries.global, { name: "search/global, 2k catalogue", pid: shopOff.pid }),
            searchTarget(LARGE, "global", queries.global, { name: `search/global, ${label} catalogue`, pid: large.pid }),
          ],
          { warmup: Math.min(5, config.warmup) },
        );
        results.search.scale = {
          groups: config.largeGroups,
          cold,
          fast: { small: fastSmall, large: fastLarge, ...compareSearchScale(fastSmall, fastLarge) },
          global: { small: globalSmall, large: globalLarge, ...compareSearchScale(globalSmall, globalLarge) },
        };
      } catch (error) {
        fail("search scale", error);
        results.search.scale = { error: String(error.message ?? error) };
      } finally {
        await stopProcess(large);
        large = null;
        await stopProcess(shopOff);
        shopOff = null;
      }
    }
  } finally {
    await stopProcess(large);
    await stopProcess(shopOff);
    await stopProcess(shop);
    await stopProcess(baseline);
  }

  const cartLoadRuns = [...(results.cart?.runs ?? []), ...(results.cart?.scale ? [results.cart.scale.small, results.cart.scale.large] : [])];
  const searchScale = results.search?.scale?.fast ? results.search.scale : null;
  const searchLoadRuns = [
    ...(results.search?.runs ?? []),
    ...(searchScale ? [searchScale.fast.small, searchScale.fast.large, searchScale.global.small, searchScale.global.large] : []),
  ];
  for (const r of [...results.runs, ...cartLoadRuns, ...searchLoadRuns]) {
    if (r.errors > 0 || r.timeouts > 0 || r.unexpectedStatus > 0) {
      fail(
        `load ${r.name}`,
        `${r.errors} errors, ${r.timeouts} time-outs (> ${config.timeout} s), ${r.unexpectedStatus} unexpected statuses ${JSON.stringify(r.statusCounts ?? {})}`,
      );
    } else if (r.requests === 0) {
      fail(`load ${r.name}`, `no request completed in ${config.duration} s`);
    }
  }
  results.errors = errors;
  results.elapsedS = Math.round((performance.now() - started) / 1000);
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  print(results);
  if (errors.length) process.exitCode = 1;
}

// ---------------------------------------------------------------- report

const yesNo = (ok) => (ok ? "yes" : "NO");
const PAGE_NAMES = {
  about: "/about",
  home: "/",
  category: "category, 2 filters",
  product: "product",
  brand: "brand",
  curated: "curated (/bestoffers)",
  baselineGrid: "baseline /grid",
};

function print(r) {
  const out = [];
  out.push(
    `\nLoad: ${r.config.connections} connections, ${r.config.duration} s per target after ${r.config.warmup} s of warm-up${r.config.rounds > 1 ? `, median of ${r.config.rounds} rounds` : ""}, ${r.machine.cpus} CPUs (load average ${r.machine.loadAverageAtStart.join(" ")} at start), ${r.machine.pinned ? "pinned (servers CPU 0, autocannon CPU 1)" : "unpinned"}, Node ${r.machine.node}`,
  );
  out.push(
    `Pages: ${Object.entries(r.pages)
      .map(([k, p]) => `${k} ${p.path}${p.products ? ` (${p.products.onPage} of ${p.products.total} products)` : ""}`)
      .join(", ")}`,
  );
  out.push(
    "Cached rows: the default server (page cache on); uncached rows: the same database, PAGE_CACHE=off (every request renders; catalogue API answers come from the shared read cache, ADR 010, as in production). Ratios against the /grid run of the same phase.\n",
  );
  out.push(
    table(r.runs, [
      ["target", (x) => x.name],
      ["X-Page-Cache", (x) => x.pageCache ?? ""],
      ["req/s", (x) => x.reqPerSec],
      ["× baseline", (x) => x.ratioToBaseline.toFixed(2)],
      ["goal", (x) => (x.targetRatio ? `≥ ${x.targetRatio}× ${yesNo(x.ratioToBaseline >= x.targetRatio)}` : "")],
      ["p50 ms", (x) => x.p50Ms],
      ["p99 ms", (x) => x.p99Ms],
      ["p99 ÷ baseline p99", (x) => x.p99RatioToBaseline ?? ""],
      ["p99 goal", (x) => (x.targetP99Ratio && x.p99RatioToBaseline !== null ? `≤ 1× ${yesNo(x.p99RatioToBaseline <= x.targetP99Ratio)}` : "")],
      ["errors", (x) => x.errors + x.timeouts + x.unexpectedStatus],
      ["peak RSS MB", (x) => x.peakRssDuringRunMb],
    ]),
  );
  out.push(
    "\nEach row's ratios are against the baseline /grid run of its own phase (req/s, and p99: the uncached pages' p99 must be no higher than the baseline's, issue 16).",
  );
  out.push(
    `\nHeadline: cached /about ${r.headline.aboutReqPerSec} req/s vs baseline /grid ${r.headline.baselineGridReqPerSec} req/s = ${r.headline.ratio.toFixed(2)}×`,
  );

  out.push(
    `\nMemory (MB): VmHWM = the kernel's peak RSS over each process's life (the embedded PGlite runs in the web server's process, ADR 017); "load peak" = the process tree's RSS polled every 100 ms during the load runs. Target: ≤ ${TARGETS.memoryMb} MB.\n`,
  );
  out.push(
    table(r.memory, [
      ["server", (x) => x.label],
      ["web server", (x) => x.serverVmHwmMb],
      ["database process", (x) => (x.databaseProcesses.length ? x.databaseVmHwmMb : x.group === "baseline" ? "-" : "- (a thread)")],
      ["sum", (x) => x.totalVmHwmMb],
      ["load peak", (x) => x.loadPeakRssMb ?? ""],
      [`≤ ${TARGETS.memoryMb}`, (x) => (x.group === "baseline" ? "" : yesNo(x.totalVmHwmMb <= TARGETS.memoryMb))],
    ]),
  );
  out.push(
    `Start-up on a seeded checkout (median of ${r.startup.runs.length}): first 200 /healthz ${r.startup.medianHealthzMs} ms, first 200 /about ${r.startup.medianAboutMs} ms` +
      `  [${r.startup.runs.map((s) => `${s.healthzMs}/${s.aboutMs}`).join(", ")}]`,
  );

  if (r.pageWeight?.error) {
    out.push(`\nPage weight: failed (${r.pageWeight.error})`);
  } else if (r.pageWeight) {
    out.push("\nFirst visit (KB; gzip = bytes on the wire when gzipped, else zlib's gzip of the body):\n");
    const rows = Object.entries(r.pageWeight).map(([key, w]) => ({ key, name: PAGE_NAMES[key] ?? key, ...w }));
    const budget = (x, value, limit) => (x.error || !limit ? "" : `≤ ${limit} ${yesNo(value <= limit)}`);
    out.push(
      table(rows, [
        ["page", (x) => x.name],
        ["JS gzip", (x) => (x.error ? `failed: ${x.error}` : x.jsGzip)],
        ["JS budget", (x) => budget(x, x.jsGzip, TARGETS.jsGzipKb[x.key])],
        ["HTML gzip", (x) => x.htmlGzip ?? ""],
        ["HTML budget", (x) => budget(x, x.htmlGzip, x.key === "baselineGrid" ? null : TARGETS.htmlGzipKb)],
        ["JS raw", (x) => x.jsRaw ?? ""],
        ["JS files", (x) => x.jsFiles ?? ""],
        ["CSS gzip", (x) => x.cssGzip ?? ""],
        ["HTML raw", (x) => x.htmlRaw ?? ""],
        ["requests", (x) => x.requests ?? ""],
      ]),
    );
  }

  if (r.lighthouse?.error) {
    out.push(`\nLighthouse: not run (${r.lighthouse.error})`);
  } else if (r.lighthouse) {
    const rows = Object.entries(r.lighthouse.pages).map(([key, l]) => ({ key, name: PAGE_NAMES[key] ?? key, ...l }));
    const version = rows.find((x) => x.lighthouseVersion)?.lighthouseVersion ?? "?";
    out.push(
      `\nLighthouse ${version} (mobile preset: simulated slow 4G, 4× CPU slowdown; performance only; page cache on; Chromium on every CPU${r.machine.pinned ? ", the idle server on CPU 0" : ""}). Targets: score ≥ ${TARGETS.lighthouseScore}, CLS ≤ ${TARGETS.cls}.\n`,
    );
    out.push(
      table(rows, [
        ["page", (x) => x.name],
        ["score", (x) => (x.error ? `failed: ${x.error}` : x.score)],
        [`≥ ${TARGETS.lighthouseScore}`, (x) => (x.error ? "" : yesNo(x.score >= TARGETS.lighthouseScore))],
        ["CLS", (x) => x.cls ?? ""],
        [`≤ ${TARGETS.cls}`, (x) => (x.error ? "" : yesNo(x.cls <= TARGETS.cls))],
        ["FCP ms", (x) => x.fcpMs ?? ""],
        ["LCP ms", (x) => x.lcpMs ?? ""],
        ["TBT ms", (x) => x.tbtMs ?? ""],
        ["SI ms", (x) => x.siMs ?? ""],
      ]),
    );
    const host = rows.find((x) => x.benchmarkIndex)?.benchmarkIndex;
    if (host)
      out.push(
        `Host CPU benchmark index ${Math.round(host)} (Lighthouse warns below 1000). TBT is the observed main-thread work × 4: a busy host inflates it; the median of BENCH_LIGHTHOUSE_RUNS runs steadies the scores.`,
      );
    for (const x of rows) {
      if (x.error) continue;
      if (x.scores?.length > 1)
        out.push(`  ${x.name}: scores of ${x.scores.length} runs ${x.scores.map((score) => score ?? "failed").join(", ")} (the median run is shown)`);
      for (const failure of x.failures ?? []) out.push(`  ${x.name}: a run failed: ${failure}`);
      if (x.runtimeError) out.push(`  ${x.name}: runtime error ${x.runtimeError}`);
      for (const w of x.warnings) out.push(`  ${x.name}: warning: ${w}`);
      for (const e of x.auditErrors ?? []) out.push(`  ${x.name}: audit failed: ${e}`);
      const missed = x.score < TARGETS.lighthouseScore || x.cls > TARGETS.cls;
      if (!missed) continue;
      const breakdown = Object.entries(x.lcpBreakdownMs ?? {})
        .map(([k, v]) => `${k} ${v} ms`)
        .join(", ");
      out.push(`  ${x.name}: what costs the most${x.lcpElement ? ` (LCP element ${x.lcpElement}${breakdown ? `: ${breakdown}` : ""})` : ""}:`);
      for (const a of x.topAudits.slice(0, 5)) {
        const savings = Object.entries(a.savings)
          .filter(([, v]) => v)
          .map(([k, v]) => `${k} ${k === "CLS" ? v.toFixed(3) : `${Math.round(v)} ms`}`)
          .join(", ");
        out.push(
          `    - ${a.id}${a.score !== null ? ` (score ${a.score})` : ""}: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}${savings ? ` [saves ${savings}]` : ""}`,
        );
        if (a.items?.length) out.push(`        ${a.items.join("; ")}`);
      }
      if (x.cls > TARGETS.cls) for (const s of x.layoutShifts) out.push(`    - layout shift ${s.score}: ${s.node}`);
    }
  }

  if (r.scale?.error) {
    out.push(`\nScale: ${r.scale.error}`);
  } else if (r.scale) {
    out.push(
      `\nScale: uncached render time (PAGE_CACHE=off and API_CACHE_TTL=0, so every page asks the database; ${r.config.scaleRequests} sequential requests per page and server after 5 of warm-up, alternating between the two), ${r.scale.groups}-group catalogue vs the 2k one; target ≤ ${TARGETS.scaleRatio}×. 100k start-up ${r.scale.startMs} ms${r.scale.seed.seeded ? `, seeded in this run in ${r.scale.seed.seconds} s` : ""}.\n`,
    );
    out.push(
      table(r.scale.pages, [
        ["page", (x) => `${PAGE_NAMES[x.page]} ${x.path}`],
        ["2k median ms", (x) => x.small.medianMs],
        ["2k p90", (x) => x.small.p90Ms],
        [`${r.scale.groups / 1000}k median ms`, (x) => x.large.medianMs],
        [`${r.scale.groups / 1000}k p90`, (x) => x.large.p90Ms],
        ["ratio", (x) => `${x.ratio.toFixed(2)}×`],
        [`≤ ${TARGETS.scaleRatio}×`, (x) => yesNo(x.ratio <= TARGETS.scaleRatio)],
      ]),
    );
  }

  if (r.cart?.error) {
    out.push(`\nCart pricing: ${r.cart.error}`);
  } else if (r.cart) {
    const [gridRun, cartRun] = r.cart.runs;
    out.push(
      `\nCart pricing: POST /api/cart/unauth, ${r.cart.lines} lines each with a coating, ${r.cart.connections} connections (PAGE_CACHE=off shop), beside the baseline /grid at the same connections; targets: req/s ≥ ${TARGETS.cartRatio}× /grid, ${r.cart.scale ? `${r.cart.scale.groups / 1000}k` : "100k"} within ${TARGETS.cartScaleRatio}× of 2k.\n`,
    );
    const rows = [
      { name: gridRun.name, run: gridRun, ratio: "", p99: "", goal: "" },
      {
        name: cartRun.name,
        run: cartRun,
        ratio: `${r.cart.reqPerSecRatio}×`,
        p99: `${r.cart.p99Ratio}×`,
        goal: `≥ ${TARGETS.cartRatio}× ${yesNo(r.cart.reqPerSecRatio >= TARGETS.cartRatio)}`,
      },
    ];
    if (r.cart.scale) {
      rows.push({ name: r.cart.scale.small.name, run: r.cart.scale.small, ratio: "", p99: "", goal: "" });
      rows.push({
        name: r.cart.scale.large.name,
        run: r.cart.scale.large,
        ratio: `2k ÷ ${r.cart.scale.groups / 1000}k = ${r.cart.scale.slowdown}×`,
        p99: `${r.cart.scale.p99Ratio}× 2k`,
        goal: `≤ ${TARGETS.cartScaleRatio}× ${yesNo(r.cart.scale.slowdown <= TARGETS.cartScaleRatio)}`,
      });
    }
    out.push(
      table(rows, LOAD_COLUMNS),
    );
  }

  printSearch(r, out);
  out.push(...exportsReport(r.exports, table));

  if (r.errors.length) {
    out.push("\nErrors:");
    for (const e of r.errors) out.push(`  - ${e.section}: ${e.message}`);
  }
  out.push(`\nJSON: ${path.relative(ROOT, RESULTS)} (${r.elapsedS} s)`);
  console.log(out.join("\n"));
}

function printSearch(r, out) {
  if (r.search?.error) {
    out.push(`\nSearch: ${r.search.error}`);
    return;
  }
  if (!r.search) return;
  const s = r.search;
  const [gridRun, fastRun, globalRun] = s.runs;
  const coldText = (c) => `${c.texts} texts in ${(c.totalMs / 1000).toFixed(1)} s, median ${c.medianMs} ms, p90 ${c.p90Ms} ms`;
  out.push(
    `\nSearch: GET /api/search/fast (${s.texts.fast} texts) and /api/search/global (${s.texts.global} texts), each request the next text, ${s.connections} connections (PAGE_CACHE=off shop, answer cache warm: every text asked once before), beside the baseline /grid at the same connections; targets: fast ≥ ${TARGETS.searchFastRatio}× /grid, global ≥ ${TARGETS.searchGlobalRatio}×, 100k within ${TARGETS.searchScaleRatio}× of 2k.`,
  );
  out.push(`Cold (first ask of each text, one at a time): fast ${coldText(s.cold.fast)}; global ${coldText(s.cold.global)}.\n`);
  const rows = [
    { name: gridRun.name, run: gridRun, ratio: "", goal: "", p99: "" },
    { name: fastRun.name, run: fastRun, ratio: `${s.fastRatio}×`, goal: `≥ ${TARGETS.searchFastRatio}× ${yesNo(s.fastRatio >= TARGETS.searchFastRatio)}`, p99: `${s.fastP99Ratio}×` },
    { name: globalRun.name, run: globalRun, ratio: `${s.globalRatio}×`, goal: `≥ ${TARGETS.searchGlobalRatio}× ${yesNo(s.globalRatio >= TARGETS.searchGlobalRatio)}`, p99: `${s.globalP99Ratio}×` },
  ];
  const sc = s.scale;
  if (sc?.error) out.push(`Search scale: ${sc.error}`);
  else if (sc) {
    const label = `${sc.groups / 1000}k`;
    for (const kind of ["fast", "global"]) {
      const k = sc[kind];
      rows.push({ name: k.small.name, run: k.small, ratio: "", goal: "", p99: "" });
      rows.push({
        name: k.large.name,
        run: k.large,
        ratio: `2k ÷ ${label} = ${k.slowdown}×`,
        goal: `≤ ${TARGETS.searchScaleRatio}× ${yesNo(k.slowdown <= TARGETS.searchScaleRatio)}`,
        p99: `${k.p99Ratio}× 2k`,
      });
      out.push(`Cold ${kind}: 2k ${coldText(sc.cold[kind].small)}; ${label} ${coldText(sc.cold[kind].large)}.`);
    }
    out.push("");
  }
  out.push(
    table(rows, LOAD_COLUMNS),
  );
}

// `node bench/run.mjs --print` prints the last run's report again (bench/results/latest.json);
// `npm run bench -- exports` runs the exports' scenario alone.
if (process.argv.includes("--print")) print(JSON.parse(readFileSync(RESULTS, "utf8")));
else
  (process.argv.slice(2).includes("exports") ? mainExports() : main()).catch((error) => {
    console.error(error);
    killAll();
    process.exitCode = 1;
  });
