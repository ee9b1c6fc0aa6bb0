// Browser measurements of `npm run bench` (see bench/run.mjs), on the system Chromium:
// first-visit page weight (playwright-core) and Lighthouse (performance category, mobile preset).
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { CHROMIUM_ARGS } from "../tests/support/chromium.mjs";
import { children, config, LIMITS, log, onEveryCpu, round1, withTimeout } from "./lib.mjs";

/** Lighthouse drives its own headless Chromium; page weight launches through playwright-core. */
const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

// ---------------------------------------------------------------- page weight

/**
 * First visit of each URL in a fresh browser context (empty cache): every response, the HTML
 * document and the JS summed as gzip bytes (on the wire when the server gzipped, else zlib's gzip).
 * Returns { [key]: weight | { error } } for `pages` = [{ key, url }].
 */
export async function pageWeights(pages) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: config.chromium, args: [...CHROMIUM_ARGS], timeout: LIMITS.browserLaunch });
  const out = {};
  try {
    for (const { key, url } of pages) {
      try {
        out[key] = await withTimeout(weigh(browser, url), LIMITS.navigation * 2, `page weight of ${url}`);
      } catch (error) {
        out[key] = { error: String(error.message ?? error) };
      }
    }
  } finally {
    await withTimeout(browser.close(), LIMITS.stop, "closing Chromium").catch((error) => log(error.message));
  }
  return out;
}

async function weigh(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses = [];
    page.on("response", (response) => responses.push(response));
    await page.goto(url, { waitUntil: "networkidle", timeout: LIMITS.navigation });
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
      const wire = encoding === "gzip" ? (await response.request().sizes()).responseBodySize : 0;
      totals[`${kind}Raw`] += body.length;
      totals[`${kind}Gzip`] += wire > 0 ? wire : gzipSync(body).length;
      if (kind === "js") totals.jsFiles++;
    }
    if (failed.length) throw new Error(`${url}: failed responses (was build/ rebuilt during the bench?): ${failed.join(", ")}`);
    return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, k.endsWith("Raw") || k.endsWith("Gzip") ? round1(v / 1024) : v]));
  } finally {
    await context.close().catch(() => {});
  }
}

// ---------------------------------------------------------------- Lighthouse

/**
 * Chromium with a DevTools port, in its own process group (so every helper process is killed), on
 * every CPU as a phone's browser has its cores (only the server under test is pinned, and it is idle).
 */
async function launchChromium() {
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const [command, args] = onEveryCpu(config.chromium, [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"]);
  const child = spawn(command, args, {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  child.ownGroup = true;
  children.add(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  exited.then(() => children.delete(child));
  const kill = async () => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
    await Promise.race([exited, sleep(LIMITS.stop)]);
    rmSync(profile, { recursive: true, force: true });
  };
  let stderr = "";
  const port = await withTimeout(
    new Promise((resolve, reject) => {
      child.stderr.on("data", (chunk) => {
        stderr = (stderr + chunk).slice(-4000);
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code, signal) => reject(new Error(`Chromium exited (${signal ?? code}): ${stderr.trim().slice(-500)}`)));
      child.once("error", reject);
    }),
    LIMITS.browserLaunch,
    "Chromium's DevTools port",
  ).catch(async (error) => {
    await kill();
    throw error;
  });
  child.stderr.resume();
  return { port, kill };
}

const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  siMs: "speed-index",
};

/** What an audit costs: its estimated savings (ms of LCP/FCP, TBT; CLS counted as 1000 ms per 1.0). */
function cost(audit) {
  const s = audit.metricSavings ?? {};
  const savings = (s.LCP ?? 0) + (s.FCP ?? 0) + (s.TBT ?? 0) + (s.INP ?? 0) + (s.CLS ?? 0) * 1000;
  return savings || audit.details?.overallSavingsMs || 0;
}

const shortUrl = (url) => {
  try {
    const u = new URL(url);
    return u.pathname.startsWith("/assets/") ? u.pathname.slice("/assets/".length) : u.pathname + u.search;
  } catch {
    return String(url);
  }
};

/** The first rows of an audit's table (what to fix): the resource or element, and its cost. */
function auditItems(audit) {
  let items = audit.details?.items ?? [];
  if (!Array.isArray(items)) return [];
  if (items[0]?.type === "table") items = items[0].items ?? [];
  return items
    .slice(0, 3)
    .map((item) => {
      const what = item.url
        ? shortUrl(item.url)
        : ((item.source?.url ? shortUrl(item.source.url) : null) ?? item.node?.selector ?? item.groupLabel ?? item.label ?? item.statistic ?? "");
      const numeric = (v) => (typeof v === "number" ? v : typeof v?.value === "number" ? v.value : null);
      const bytes = numeric(item.wastedBytes);
      const ms = numeric(item.wastedMs) ?? numeric(item.total) ?? numeric(item.duration) ?? numeric(item.reflowTime);
      const value = numeric(item.value);
      const cost = bytes !== null ? `${Math.round(bytes / 1024)} KiB` : ms !== null ? `${Math.round(ms)} ms` : value !== null ? String(value) : "";
      return `${what}${cost ? ` ${cost}` : ""}`.trim();
    })
    .filter(Boolean);
}

/** The score, metrics and the audits that cost the most (failed or with savings), from a Lighthouse result. */
function summarize(lhr) {
  const perf = lhr.categories.performance;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => {
      const value = lhr.audits[id]?.numericValue;
      return [key, value === undefined ? null : key === "cls" ? Number(value.toFixed(3)) : Math.round(value)];
    }),
  );
  const refs = perf.auditRefs.filter((ref) => ref.group !== "metrics" && ref.group !== "hidden");
  const audits = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
    .filter((a) => (a.score !== null && a.score < 0.9) || cost(a) > 0)
    .sort((a, b) => cost(b) - cost(a) || (a.score ?? 1) - (b.score ?? 1))
    .slice(0, 8)
    .map((a) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      displayValue: a.displayValue ?? "",
      savings: a.metricSavings ?? {},
      items: auditItems(a),
    }));
  const shifts = (lhr.audits["layout-shifts"]?.details?.items ?? []).slice(0, 3).map((item) => ({
    score: Number((item.score ?? 0).toFixed(3)),
    node: item.node?.selector ?? item.node?.snippet ?? "",
  }));
  const lcpDetails = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  const lcpElement = lcpDetails.find((item) => item.type === "node")?.selector ?? null;
  const lcpBreakdown = Object.fromEntries(
    (lcpDetails.find((item) => item.type === "table")?.items ?? []).map((item) => [item.subpart ?? item.label, Math.round(item.duration)]),
  );
  return {
    score: perf.score === null ? null : Math.round(perf.score * 100),
    ...metrics,
    topAudits: audits,
    layoutShifts: shifts,
    lcpElement,
    lcpBreakdownMs: lcpBreakdown,
    auditErrors: Object.values(lhr.audits)
      .filter((a) => a.scoreDisplayMode === "error")
      .map((a) => `${a.id}: ${a.errorMessage ?? "error"}`),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    warnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message ?? null,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.networkUserAgent ?? "",
  };
}

async function lighthouseOnce(lighthouse, url) {
  let chrome;
  try {
    chrome = await launchChromium();
    const result = await withTimeout(
      lighthouse(url, { port: chrome.port, hostname: "127.0.0.1", output: "json", logLevel: "error", onlyCategories: ["performance"] }),
      LIMITS.lighthouse,
      `Lighthouse ${url}`,
      () => chrome.kill(),
    );
    if (!result?.lhr) throw new Error("no result");
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    return summarize(result.lhr);
  } catch (error) {
    return { error: String(error.message ?? error).split("\n")[0] };
  } finally {
    await chrome?.kill();
  }
}

/**
 * Lighthouse on each URL, BENCH_LIGHTHOUSE_RUNS (3) times, one fresh Chromium per run, default
 * config (mobile: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), performance
 * category only.
 * Returns { pages: { [key]: summary | { error } } } or { error } when Lighthouse cannot run at all.
 */
export async function lighthouseRuns(pages) {
  if (!existsSync(config.chromium)) return { error: `no Chromium at ${config.chromium} (set CHROMIUM_PATH)` };
  let lighthouse;
  try {
    ({ default: lighthouse } = await import("lighthouse"));
  } catch (error) {
    return { error: `cannot load the lighthouse package (${String(error.message ?? error).split("\n")[0]}); run npm ci` };
  }
  const out = {};
  for (const { key, url } of pages) {
    const runs = [];
    for (let i = 0; i < config.lighthouseRuns; i++) {
      log(`  Lighthouse ${url}${config.lighthouseRuns > 1 ? ` (${i + 1}/${config.lighthouseRuns})` : ""}`);
      runs.push(await lighthouseOnce(lighthouse, url));
    }
    const ok = runs.filter((r) => !r.error);
    if (!ok.length) {
      out[key] = runs[0];
      continue;
    }
    // Several runs: the one with the median score (Lighthouse's own advice for noisy machines).
    const middle = [...ok].sort((a, b) => a.score - b.score)[Math.floor((ok.length - 1) / 2)];
    const failures = runs.filter((r) => r.error).map((r) => r.error);
    out[key] = { ...middle, runs: runs.length, scores: runs.map((r) => r.score ?? null), ...(failures.length ? { failures } : {}) };
  }
  return { pages: out };
}
