// `npm run bench`: the shop's production server against the naive Remix baseline, side by side,
// on loopback, in one run (the machines are noisy: ratios measured together hold, absolutes drift).
//
// 1. builds the shop if needed, prepares the baseline in bench/.baseline (npm ci + build, once);
// 2. start-up: spawn → first 200 of /healthz and of /about, on a built and seeded checkout;
// 3. load: autocannon, 50 connections, BENCH_DURATION s per target, after a warm-up;
//    shop /about (full shell, the headline), /contacts, /delivery, the 404; baseline /grid;
// 4. peak RSS of each server (VmHWM, and VmRSS polled during the runs);
// 5. first-visit page weight in headless Chromium: gzip bytes of the HTML document and of the JS.
// Prints a table and writes bench/results/latest.json.
//
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50),
// BENCH_STARTUPS (3), BENCH_ROUNDS (1; more = the median of each figure), BENCH_PIN (auto|0|1: servers on CPU 0, load generator on CPU 1),
// BENCH_PORT (3400; the baseline uses +1), BASELINE_DIR (../shared/baseline), CHROMIUM_PATH.
/* global AbortSignal */
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setInterval, clearInterval } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH_DIR = path.join(ROOT, "bench");
const RESULTS = path.join(BENCH_DIR, "results", "latest.json");

const config = {
  duration: numberEnv("BENCH_DURATION", 10),
  warmup: numberEnv("BENCH_WARMUP", 3),
  connections: numberEnv("BENCH_CONNECTIONS", 50),
  startups: Math.max(1, numberEnv("BENCH_STARTUPS", 3)),
  rounds: Math.max(1, Math.round(numberEnv("BENCH_ROUNDS", 1))),
  shopPort: numberEnv("BENCH_PORT", 3400),
  baselinePort: numberEnv("BENCH_PORT", 3400) + 1,
  baselineSource: path.resolve(process.env.BASELINE_DIR ?? path.join(ROOT, "..", "shared", "baseline")),
  baselineDir: path.join(BENCH_DIR, ".baseline"),
  dataDir: path.join("data", "bench"),
  chromium: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  pin: pinMode(process.env.BENCH_PIN ?? "auto"),
};
/** Read before the bench pins itself to one CPU (affinity shrinks availableParallelism). */
const CPUS = os.availableParallelism();
const HOST = "127.0.0.1";
const SHOP = `http://${HOST}:${config.shopPort}`;
const BASELINE = `http://${HOST}:${config.baselinePort}`;
const SHOP_PAGES = [
  { name: "shop /about (full shell)", path: "/about", headline: true },
  { name: "shop /contacts", path: "/contacts" },
  { name: "shop /delivery", path: "/delivery" },
  { name: "shop 404", path: "/no-such-page", expectStatus: 404 },
  { name: "shop /about, gzip", path: "/about", headers: { "accept-encoding": "gzip" } },
];
/** Nothing in the bench may hang: every wait has a limit. */
const LIMITS = { build: 300_000, npmCi: 600_000, start: 60_000, request: 10_000, stop: 15_000 };

const children = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const child of children) child.kill("SIGKILL");
    process.exit(130);
  });
}

function numberEnv(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function pinMode(value) {
  const available = os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0;
  if (value === "0") return false;
  if (value === "1" && !available) throw new Error("BENCH_PIN=1 needs taskset and at least 2 CPUs");
  return available;
}

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

function run(command, args, options) {
  log(`${command} ${args.join(" ")}${options.cwd && options.cwd !== ROOT ? `  (in ${path.relative(ROOT, options.cwd)})` : ""}`);
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], timeout: options.timeout, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

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
    filter: (src) => !path.relative(config.baselineSource, src).split(path.sep).some((part) => part === "node_modules" || part === "build"),
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

// ---------------------------------------------------------------- processes

function pinned(cpu, command, args) {
  return config.pin ? ["taskset", ["-c", String(cpu), command, ...args]] : [command, args];
}

/** Starts a server; `pid` is the server itself (taskset execs it). */
function startProcess(name, command, args, options) {
  const [cmd, argv] = pinned(0, command, args);
  const startedAt = performance.now();
  const child = spawn(cmd, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(child));
  return { name, child, pid: child.pid, startedAt, exited, output: () => output };
}

async function stopProcess(proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill("SIGTERM");
  const result = await Promise.race([proc.exited, sleep(LIMITS.stop).then(() => null)]);
  if (!result) {
    log(`${proc.name} did not stop within ${LIMITS.stop} ms: killing it`);
    proc.child.kill("SIGKILL");
    await proc.exited;
  }
}

async function get(url, headers = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(LIMITS.request), redirect: "manual" });
  const body = await response.arrayBuffer();
  return { status: response.status, headers: response.headers, bytes: body.byteLength };
}

/** Polls `url` until it answers `status`; returns ms since the process was spawned. */
async function waitFor(proc, url, status = 200) {
  const deadline = performance.now() + LIMITS.start;
  while (performance.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited early:\n${proc.output()}`);
    try {
      if ((await get(url)).status === status) return performance.now() - proc.startedAt;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${proc.name}: no ${status} from ${url} within ${LIMITS.start} ms:\n${proc.output()}`);
}

const SHOP_ENV = {
  NODE_ENV: "production",
  HOST,
  PORT: String(config.shopPort),
  LOG_LEVEL: "silent",
  DATA_DIR: config.dataDir,
  // Explicitly unset: a developer's .env must not point the bench elsewhere.
  API_URL: "",
  DATABASE_URL: "",
};

function startShop() {
  return startProcess("shop", process.execPath, ["build/server.mjs"], { cwd: ROOT, env: SHOP_ENV });
}

function startBaseline() {
  return startProcess("baseline", process.execPath, ["server.js"], {
    cwd: config.baselineDir,
    env: { NODE_ENV: "production", PORT: String(config.baselinePort) },
  });
}

/** The process and its descendants (the embedded PGlite may run in a child process, ADR 008). */
function processTree(pid) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Resident memory summed over a process tree, in MB: now (VmRSS) and each process's peak (VmHWM). */
function memory(pids) {
  let rss = 0;
  let hwm = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      rss += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      hwm += Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return { rssMb: rss / 1024, hwmMb: hwm / 1024 };
}

// ---------------------------------------------------------------- measurements

/** Start-up on a seeded database: the first start ever seeds it, and is not counted. */
async function measureStartups() {
  const seeded = existsSync(path.join(ROOT, config.dataDir));
  if (!seeded) {
    log(`seeding ${config.dataDir} (first start, not measured)`);
    const first = startShop();
    await waitFor(first, `${SHOP}/about`);
    await stopProcess(first);
  }
  const runs = [];
  let shop;
  for (let i = 0; i < config.startups; i++) {
    shop = startShop();
    const healthzMs = await waitFor(shop, `${SHOP}/healthz`);
    const aboutMs = await waitFor(shop, `${SHOP}/about`);
    runs.push({ healthzMs: Math.round(healthzMs), aboutMs: Math.round(aboutMs) });
    if (i < config.startups - 1) await stopProcess(shop);
  }
  return {
    shop,
    startup: { runs, medianHealthzMs: median(runs.map((r) => r.healthzMs)), medianAboutMs: median(runs.map((r) => r.aboutMs)) },
  };
}

async function load(target, { duration, sampleMemory = true } = {}) {
  const url = target.url;
  let peakRssMb = 0;
  let tree = processTree(target.pid);
  let samples = 0;
  const sampler = sampleMemory
    ? setInterval(() => {
        if (++samples % 20 === 0) tree = processTree(target.pid);
        const { rssMb } = memory(tree);
        if (rssMb > peakRssMb) peakRssMb = rssMb;
      }, 100)
    : null;
  try {
    const result = await autocannon({ url, connections: config.connections, duration, headers: target.headers ?? {}, timeout: 10 });
    const expected = target.expectStatus ?? 200;
    const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
    const unexpected = Object.entries(statusCounts).filter(([code]) => Number(code) !== expected).reduce((n, [, count]) => n + count, 0);
    return {
      name: target.name,
      url,
      pageCache: target.pageCache,
      reqPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      unexpectedStatus: unexpected,
      statusCounts,
      throughputMBps: Number((result.throughput.average / 1e6).toFixed(2)),
      peakRssDuringRunMb: sampleMemory ? Math.round(peakRssMb) : null,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** With several rounds: the median of each figure; errors are summed, memory is the peak. */
function medianRun(runs) {
  if (runs.length === 1) return runs[0];
  const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
  return {
    ...runs[0],
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    requests: sum("requests"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    unexpectedStatus: sum("unexpectedStatus"),
    statusCounts: undefined,
    throughputMBps: median(runs.map((r) => r.throughputMBps)),
    peakRssDuringRunMb: Math.max(...runs.map((r) => r.peakRssDuringRunMb ?? 0)),
  };
}

/** First visit in Chromium: every response, the HTML document and JS summed as gzip bytes. */
async function pageWeight(url) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: config.chromium,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    timeout: 30_000,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const responses = [];
    page.on("response", (response) => responses.push(response));
    await page.goto(url, { waitUntil: "networkidle", timeout: 30_000 });
    const totals = { htmlRaw: 0, htmlGzip: 0, jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0, jsFiles: 0, requests: responses.length };
    const failed = [];
    for (const response of responses) {
      const type = response.request().resourceType();
      const kind = type === "document" ? "html" : type === "script" ? "js" : type === "stylesheet" ? "css" : null;
      if (!kind) continue;
      // A rebuild while the server runs replaces the hashed files: the weight would be a 404's.
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      const body = await response.body().catch(() => Buffer.alloc(0));
      const encoding = (await response.headerValue("content-encoding")) ?? "";
      // The bytes on the wire when the server gzipped it; otherwise what gzip would make of it.
      const wire = encoding === "gzip" ? (await response.request().sizes()).responseBodySize : 0;
      totals[`${kind}Raw`] += body.length;
      totals[`${kind}Gzip`] += wire > 0 ? wire : gzipSync(body).length;
      if (kind === "js") totals.jsFiles++;
    }
    if (failed.length) throw new Error(`${url}: failed responses (was build/ rebuilt during the bench?): ${failed.join(", ")}`);
    return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, k.endsWith("Raw") || k.endsWith("Gzip") ? Number((v / 1024).toFixed(1)) : v]));
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- report

function table(rows, columns) {
  const widths = columns.map(([title, pick]) => Math.max(title.length, ...rows.map((r) => String(pick(r)).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  return [line(columns.map(([t]) => t)), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map((r) => line(columns.map(([, pick]) => pick(r))))].join("\n");
}

async function main() {
  const started = performance.now();
  const loadAverageAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  if (loadAverageAtStart[0] > 1) log(`the machine is busy (load average ${loadAverageAtStart[0]}): absolute figures will be low, compare the ratios`);
  if (config.pin) spawnSync("taskset", ["-a", "-pc", "1", String(process.pid)], { stdio: "ignore" });
  ensureShopBuild();
  ensureBaseline();

  log("measuring start-up");
  const { shop, startup } = await measureStartups();
  const baseline = startBaseline();
  let results;
  try {
    await waitFor(baseline, `${BASELINE}/grid`);
    const shopTargets = SHOP_PAGES.map((p) => ({ ...p, url: `${SHOP}${p.path}`, pid: shop.pid }));
    const grid = { name: "baseline /grid", url: `${BASELINE}/grid`, pid: baseline.pid };

    // Sanity: the pages answer what they should before anything is timed.
    for (const t of [...shopTargets, grid]) {
      const { status } = await get(t.url, t.headers);
      if (status !== (t.expectStatus ?? 200)) throw new Error(`${t.url} answered ${status}`);
    }
    // What the shop's page cache says about a repeat visit (HIT, STALE, MISS, BYPASS; "-" = none).
    for (const t of shopTargets) t.pageCache = (await get(t.url, t.headers)).headers.get("x-page-cache") ?? "-";

    log(`warm-up: ${config.warmup} s per target`);
    for (const t of [...shopTargets, grid]) await load(t, { duration: config.warmup, sampleMemory: false });

    log(`load: ${config.connections} connections, ${config.duration} s per target${config.pin ? ", servers on CPU 0, autocannon on CPU 1" : ", unpinned"}`);
    // The headline pair runs back to back, so its ratio is measured under the same conditions.
    const [about, ...others] = shopTargets;
    const order = [about, grid, ...others];
    const rounds = [];
    for (let round = 1; round <= config.rounds; round++) {
      const results = [];
      for (const t of order) {
        log(`  ${config.rounds > 1 ? `round ${round}: ` : ""}${t.name}`);
        results.push(await load(t, { duration: config.duration }));
      }
      rounds.push(results);
    }
    const runs = order.map((_, i) => medianRun(rounds.map((results) => results[i])));
    const gridRun = runs.find((r) => r.name === grid.name);
    for (const r of runs) r.ratioToBaseline = Number((r.reqPerSec / gridRun.reqPerSec).toFixed(2));

    const shopTree = processTree(shop.pid);
    const memoryPeak = {
      shopVmHwmMb: Math.round(memory(shopTree).hwmMb),
      shopMainVmHwmMb: Math.round(memory([shop.pid]).hwmMb),
      shopProcesses: shopTree.length,
      baselineVmHwmMb: Math.round(memory(processTree(baseline.pid)).hwmMb),
    };

    log("first-visit page weight (Chromium)");
    let weight;
    try {
      weight = { shopAbout: await pageWeight(`${SHOP}/about`), baselineGrid: await pageWeight(`${BASELINE}/grid`) };
    } catch (error) {
      weight = { error: String(error.message ?? error) };
    }

    results = {
      date: new Date().toISOString(),
      machine: { cpus: CPUS, cpuModel: os.cpus()[0]?.model ?? "", node: process.version, pinned: config.pin, loadAverageAtStart },
      config: { duration: config.duration, warmup: config.warmup, connections: config.connections, rounds: config.rounds },
      startup,
      runs,
      rounds: config.rounds > 1 ? rounds : undefined,
      memoryPeak,
      pageWeight: weight,
      headline: {
        aboutReqPerSec: runs[0].reqPerSec,
        baselineGridReqPerSec: gridRun.reqPerSec,
        ratio: runs[0].ratioToBaseline,
      },
      elapsedS: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await stopProcess(baseline);
    await stopProcess(shop);
  }

  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  print(results);
  const bad = results.runs.filter((r) => r.errors > 0 || r.timeouts > 0 || r.unexpectedStatus > 0);
  if (bad.length) {
    log(`errors, timeouts or unexpected statuses in: ${bad.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  }
}

function print(r) {
  const out = [];
  out.push(`\nLoad: ${r.config.connections} connections, ${r.config.duration} s per target${r.config.rounds > 1 ? `, median of ${r.config.rounds} rounds` : ""}, ${r.machine.cpus} CPUs (load average ${r.machine.loadAverageAtStart.join(" ")} at start), ${r.machine.pinned ? "pinned (servers CPU 0, autocannon CPU 1)" : "unpinned"}, Node ${r.machine.node}\n`);
  out.push(
    table(r.runs, [
      ["target", (x) => x.name],
      ["req/s", (x) => x.reqPerSec],
      ["× baseline", (x) => x.ratioToBaseline.toFixed(2)],
      ["p50 ms", (x) => x.p50Ms],
      ["p99 ms", (x) => x.p99Ms],
      ["errors", (x) => x.errors + x.timeouts + x.unexpectedStatus],
      ["page cache", (x) => x.pageCache ?? ""],
      ["peak RSS MB", (x) => x.peakRssDuringRunMb],
    ]),
  );
  out.push(`\nHeadline: shop /about ${r.headline.aboutReqPerSec} req/s vs baseline /grid ${r.headline.baselineGridReqPerSec} req/s = ${r.headline.ratio.toFixed(2)}×`);
  out.push(
    `Peak RSS (VmHWM over the process life, summed over the process tree): shop ${r.memoryPeak.shopVmHwmMb} MB (${r.memoryPeak.shopProcesses > 1 ? `${r.memoryPeak.shopProcesses} processes, the server itself ${r.memoryPeak.shopMainVmHwmMb} MB` : "1 process"}), baseline ${r.memoryPeak.baselineVmHwmMb} MB`,
  );
  out.push(
    `Start-up on a seeded checkout (median of ${r.startup.runs.length}): first 200 /healthz ${r.startup.medianHealthzMs} ms, first 200 /about ${r.startup.medianAboutMs} ms` +
      `  [${r.startup.runs.map((s) => `${s.healthzMs}/${s.aboutMs}`).join(", ")}]`,
  );
  if (r.pageWeight.error) {
    out.push(`\nPage weight: failed (${r.pageWeight.error})`);
  } else {
    out.push("\nFirst visit (KB; gzip = bytes on the wire when gzipped, else zlib's gzip of the body):\n");
    out.push(
      table(
        [
          { name: "shop /about", ...r.pageWeight.shopAbout },
          { name: "baseline /grid", ...r.pageWeight.baselineGrid },
        ],
        [
          ["page", (x) => x.name],
          ["HTML gzip", (x) => x.htmlGzip],
          ["HTML raw", (x) => x.htmlRaw],
          ["JS gzip", (x) => x.jsGzip],
          ["JS raw", (x) => x.jsRaw],
          ["JS files", (x) => x.jsFiles],
          ["CSS gzip", (x) => x.cssGzip],
          ["requests", (x) => x.requests],
        ],
      ),
    );
  }
  out.push(`\nJSON: ${path.relative(ROOT, RESULTS)} (${r.elapsedS} s)`);
  console.log(out.join("\n"));
}

main().catch(async (error) => {
  console.error(error);
  for (const child of children) child.kill("SIGKILL");
  process.exitCode = 1;
});
