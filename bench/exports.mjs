// The offers' exports part of `npm run bench` (see bench/run.mjs; `npm run bench -- exports` runs
// it alone). Issue 27: "A 200-line export runs off the event loop or streams, so it never stalls
// other visitors: with 5 exports running at once, other pages' p99 stays within 1.5× of their p99
// without them." (ADR 052: the documents are drawn in a worker thread of their own.)
//
// 1. Prepares, through the API as a manager would: logs in the demo accounts (password
//    demo12345, POST /api/auth/login), the demo manager creates a client, a representative whose
//    e-mail is the demo customer's, and an offer of EXPORT_LINES (200) lines, each with a print
//    line, and sends it (so the customer may read it too). Checks that the PDF and the Excel file
//    of it download through the storefront.
// 2. Loads the anonymous pages (home, the category with two filters, a product; one autocannon
//    per page, all at once, BENCH_EXPORTS_CONNECTIONS (8) connections each, at most
//    BENCH_EXPORTS_RATE (25) requests a second each: visitors at a steady pace, so a stall shows
//    in the p99 instead of hiding in a saturated queue) after a warm-up (BENCH_WARMUP), without
//    a break while the exports are switched off and on in turn, BENCH_EXPORTS_SLICES (8) slices
//    of BENCH_EXPORTS_SLICE (5) s. On the host this runs on (2 cores shared with other builds and
//    browsers) the p99 of two 20-second runs one after the other moved 43 → 686 ms with nothing
//    changed; slices taken in turn see the same drift, so the ratio holds. A page request counts
//    for "with" when asked while exports ran, for "without" in a slice without any (the seconds
//    after switching off, while the last documents are drawn and downloaded, count for neither).
//    "On": BENCH_EXPORT_LOOPS (5) exports at once, each a loop of downloads
//    GET /kp/export/{pdf|xlsx}/{id} through the storefront with a session cookie, PDF and Excel in
//    turn, the next as soon as the last one's bytes are in. Each loop is another demo account:
//    the export limit (limits/tiers.ts `kpExport`, per user: 10 in 10 s, 30 a minute) is no
//    person's but a script's, and a loop is a script. The slices keep each account within it (a
//    loop draws ~7 documents in a 5-second slice here); a loop refused with 429 waits the
//    Retry-After it was given, and refusals are counted and reported. The warm-up exports only
//    the four documents of the check.
// 3. Reports each page's p50/p99 with and without, the ratio p99 with ÷ p99 without (target ≤ 1.5×,
//    on the worst page; all three pages together too), and what the exports got: documents,
//    their times, and every refusal (503 = the documents' queue full, 429 = the export limit)
//    counted, never dropped.
//
// The server under test runs on every CPU, as in production: the documents' thread is meant to
// take the second core (ADR 052); pinned to one core, a 1-core server would be measured.
//
// Alone, against a server already running (no build; the demo accounts exist unless APP_ENV=production):
//   node bench/exports.mjs http://127.0.0.1:3000 [category path] [product path]
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { load } from "./load.mjs";
import { config, getJson, LIMITS, log, median, numberEnv, quantile, round1, withTimeout } from "./lib.mjs";

export const EXPORT_LINES = 200;
export const EXPORT_LOOPS = Math.min(5, Math.round(numberEnv("BENCH_EXPORT_LOOPS", 5)));
export const EXPORT_CONNECTIONS = Math.round(numberEnv("BENCH_EXPORTS_CONNECTIONS", 8));
export const EXPORT_RATE = Math.round(numberEnv("BENCH_EXPORTS_RATE", 25));
/**
 * The measured run: BENCH_EXPORTS_SLICES (8) slices of BENCH_EXPORTS_SLICE (5) seconds, exports
 * off and on in turn. Each account's downloads stay within its export allowance (10 in 10 s, 30 a
 * minute): ~7 documents a slice, 4 slices with exports, the slices with exports 10 s apart.
 */
export const EXPORT_SLICES = Math.max(2, 2 * Math.round(numberEnv("BENCH_EXPORTS_SLICES", 8) / 2));
export const EXPORT_SLICE_S = numberEnv("BENCH_EXPORTS_SLICE", 5);
/** Other pages' p99 with the exports running, ÷ their p99 without: at most this (issue 27). */
export const EXPORT_P99_TARGET = 1.5;

const PASSWORD = "demo12345";
const MANAGER = "manager@demo.ru";
const CUSTOMER = "user@demo.ru";
const LOAD_CLIENT = "ООО «Северный склад»";
/** One account per export loop: the manager, three staff roles that see every offer, the customer it is addressed to. */
const ACCOUNTS = [MANAGER, "chief@demo.ru", "admin@demo.ru", "adminmanager@demo.ru", CUSTOMER];

async function api(base, path, { token, body, method } = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: globalThis.AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method ?? (body === undefined ? "GET" : "POST")} /api${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function login(base, email) {
  const { data } = await api(base, "/auth/login", { body: { email, password: PASSWORD } });
  return { email, token: data.authenticated.token, refreshToken: data.authenticated.refreshToken };
}

/** The storefront's session cookies (http: the plain names, app/lib/cookies.server.ts). */
const cookieOf = (session) => `token=${session.token}; refreshToken=${session.refreshToken}`;

/** EXPORT_LINES lines, the first variation of each of the catalogue's first groups, each with its group's first print type. */
async function offerLines(base) {
  const coatings = new Map((await getJson(`${base}/api/coating/all`)).data.map((c) => [c.id, c]));
  const lines = [];
  for (let page = 1; lines.length < EXPORT_LINES; page++) {
    const { data } = await getJson(`${base}/api/product/list?pageLimit=100&page=${page}`);
    if (!data.elements.length) break;
    for (const group of data.elements) {
      const variation = group.products.find((p) => p.id);
      if (!variation) continue;
      const coating = coatings.get(group.coatings?.[0]);
      const side = (limit) => Math.min(30, limit ?? 30);
      lines.push({
        productId: variation.id,
        count: 100 + lines.length * 7,
        ...(lines.length % 5 === 0 ? { discountPercent: 5 } : {}),
        coatings: coating
          ? [{ id: `p${lines.length}`, coating: coating.id, width: side(coating.maxWidth), height: side(coating.maxHeight), variant: coating.variants[0]?.id ?? null, options: [] }]
          : [],
        comment: lines.length % 10 === 0 ? "Логотип по центру, цвет Pantone 286 C" : null,
      });
      if (lines.length === EXPORT_LINES) break;
    }
  }
  if (lines.length < EXPORT_LINES) throw new Error(`${base}: only ${lines.length} products for a ${EXPORT_LINES}-line offer`);
  return lines;
}

/** Logs in, creates and sends the 200-line offer; answers its id and one session per export loop. */
export async function prepareExports(base) {
  const sessions = [];
  for (const email of ACCOUNTS.slice(0, Math.max(1, EXPORT_LOOPS))) sessions.push(await login(base, email));
  const manager = sessions[0];
  // One client and representative for every run (a data folder kept between runs gains no new ones).
  const clients = (await api(base, "/kp/client/list", { token: manager.token })).data;
  const client =
    clients.find((c) => c.title === LOAD_CLIENT) ?? (await api(base, "/kp/client/create", { token: manager.token, body: { title: LOAD_CLIENT } })).data;
  const representatives = (await api(base, `/kp/client/${client.id}/representative/list`, { token: manager.token })).data;
  const representative =
    representatives.find((r) => r.email === CUSTOMER) ??
    (await api(base, `/kp/client/${client.id}/representative/create`, { token: manager.token, body: { name: "Ольга Петрова", email: CUSTOMER } })).data;
  const items = await offerLines(base);
  const offer = (
    await api(base, "/kp/create", {
      token: manager.token,
      body: { title: `Подарки к Новому году, ${EXPORT_LINES} позиций`, clientId: client.id, representativeId: representative.id, items },
    })
  ).data;
  if (offer.items.length !== EXPORT_LINES) throw new Error(`the offer has ${offer.items.length} lines, not ${EXPORT_LINES}`);
  // Sent, so the customer reads its latest version (and every export reuses that version: nothing changed).
  await api(base, `/kp/send/${offer.id}`, { token: manager.token, method: "POST" });
  return { offerId: offer.id, number: offer.number, manager, sessions: sessions.map((s) => ({ ...s, cookie: cookieOf(s) })) };
}

/** The scenario's offer deleted once measured, so repeated runs on one data folder leave nothing behind. */
async function removeOffer(base, prepared) {
  await api(base, `/kp/delete/${prepared.offerId}`, { token: prepared.manager.token, method: "DELETE" }).catch((error) => log(`exports: the offer was not deleted: ${error.message}`));
}

async function download(base, session, format, offerId) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/kp/export/${format}/${offerId}`, {
      headers: { cookie: session.cookie },
      redirect: "manual",
      signal: globalThis.AbortSignal.timeout(120_000),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    const retryAfterS = Number(response.headers.get("retry-after")) || null;
    return { status: response.status, type: response.headers.get("content-type") ?? "", bytes, retryAfterS, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, error: String(error.message ?? error), bytes: 0, ms: performance.now() - started };
  }
}

/** One PDF and one Excel file of the offer, as the manager and as the customer: 200 and a document each. */
export async function checkExports(base, prepared) {
  const checked = {};
  for (const session of [prepared.sessions[0], prepared.sessions.at(-1)]) {
    for (const format of ["pdf", "xlsx"]) {
      const got = await download(base, session, format, prepared.offerId);
      const want = format === "pdf" ? "application/pdf" : "spreadsheetml";
      if (got.status !== 200 || !got.type.includes(want)) throw new Error(`${session.email}: /kp/export/${format}/${prepared.offerId} answered ${got.status} ${got.type} ${got.error ?? ""}`);
      checked[format] = { bytes: got.bytes, firstMs: Math.round(checked[format]?.firstMs ?? got.ms) };
    }
  }
  return checked;
}

/**
 * EXPORT_LOOPS downloads at once until stop(): loop i is session i, PDF and Excel in turn (odd
 * loops start with Excel). Every answer is counted by status. A 429 waits its Retry-After (the
 * account's export limit: the wait the limit asks for), a 503 its Retry-After too (the documents'
 * queue full), at most until stop(); a failed request waits a second.
 */
export function startExportLoops(base, prepared) {
  let running = true;
  // Stops a loop's wait at once (no timer left behind to keep the bench alive).
  const stopping = new globalThis.AbortController();
  const results = [];
  let waitedMs = 0;
  const loops = prepared.sessions.map(async (session, i) => {
    let n = i % 2;
    while (running) {
      const format = n++ % 2 === 0 ? "pdf" : "xlsx";
      const got = await download(base, session, format, prepared.offerId);
      results.push({ format, ...got, at: performance.now() });
      if (got.status !== 200) {
        const from = performance.now();
        await sleep(got.status === 0 ? 1000 : Math.max(1, got.retryAfterS ?? 1) * 1000, undefined, { signal: stopping.signal }).catch(() => {});
        waitedMs += performance.now() - from;
      }
    }
  });
  const startedAt = performance.now();
  return {
    async stop() {
      const stoppedAt = performance.now();
      running = false;
      stopping.abort();
      await Promise.all(loops);
      return { ...summarise(results, (stoppedAt - startedAt) / 1000), waitedS: round1(waitedMs / 1000) };
    },
  };
}

function summarise(results, seconds) {
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const ok = (format) => results.filter((r) => r.status === 200 && r.format === format);
  const times = (rs) => (rs.length ? { count: rs.length, medianMs: Math.round(median(rs.map((r) => r.ms))), maxMs: Math.round(Math.max(...rs.map((r) => r.ms))) } : { count: 0 });
  return {
    seconds: round1(seconds),
    documents: results.filter((r) => r.status === 200).length,
    perMinute: round1((results.filter((r) => r.status === 200).length / seconds) * 60),
    pdf: times(ok("pdf")),
    xlsx: times(ok("xlsx")),
    byStatus,
    busy503: byStatus[503] ?? 0,
    limited429: byStatus[429] ?? 0,
    failed: results.filter((r) => r.status !== 200 && r.status !== 503 && r.status !== 429).length,
    errors: [...new Set(results.filter((r) => r.error).map((r) => r.error))].slice(0, 3),
  };
}

/** The anonymous pages under load, one autocannon each, all at once (bench/load.mjs for the warm-up). */
function pageTargets(base, pages, pid) {
  return pages.map(({ key, path }) => ({
    name: `${key} ${path}`,
    group: "exports",
    page: key,
    url: `${base}${path}`,
    pid,
    connections: EXPORT_CONNECTIONS,
    overallRate: EXPORT_RATE,
  }));
}

/**
 * The pages' load for as long as `during` runs, every answer kept with when it was asked (ms since
 * the start) and how long it took: one autocannon per page at its steady rate.
 */
async function recordPages(targets, during) {
  const samples = [];
  const started = performance.now();
  const instances = targets.map((t) => {
    const instance = autocannon({ url: t.url, connections: t.connections, overallRate: t.overallRate, duration: 3600, timeout: config.timeout });
    instance.on("response", (_client, status, _bytes, ms) => {
      const now = performance.now() - started;
      samples.push({ page: t.page, askedAt: now - ms, ms, status });
    });
    instance.on("reqError", () => samples.push({ page: t.page, askedAt: performance.now() - started, ms: null, status: 0 }));
    return instance;
  });
  try {
    await during(() => performance.now() - started);
  } finally {
    for (const instance of instances) instance.stop();
    await Promise.all(instances.map((instance) => withTimeout(Promise.resolve(instance), LIMITS.stop, "autocannon stop")));
  }
  return samples;
}

const percentile = (values, q) => (values.length ? quantile(values, q) : null);

function pageFigures(samples) {
  const ok = samples.filter((x) => x.status === 200);
  const ms = ok.map((x) => x.ms);
  return {
    requests: samples.length,
    p50Ms: percentile(ms, 0.5) === null ? null : round1(percentile(ms, 0.5)),
    p99Ms: percentile(ms, 0.99) === null ? null : round1(percentile(ms, 0.99)),
    maxMs: ms.length ? round1(Math.max(...ms)) : null,
    errors: samples.filter((x) => x.status === 0).length,
    unexpectedStatus: samples.filter((x) => x.status !== 0 && x.status !== 200).length,
  };
}

/**
 * The scenario: `pages` [{ key, path }] of the shop at `base` (its process `pid`). After the
 * warm-up the pages are loaded without a break while the exports are switched on and off in
 * EXPORT_SLICES slices of EXPORT_SLICE_S seconds (off, on, off, on, …): the host's noise (other
 * builds and browsers on shared cores) drifts over tens of seconds, far more than the effect
 * measured, and slices taken in turn see the same drift. A page request counts for "with" when it
 * was asked while exports ran, for "without" when none ran or was still being drawn (the seconds
 * after switching off, while the last documents drain, count for neither).
 */
export async function exportsScenario(base, pages, { pid = null, warmup = config.warmup, slices = EXPORT_SLICES, sliceS = EXPORT_SLICE_S } = {}) {
  const prepared = await prepareExports(base);
  const check = await checkExports(base, prepared);
  log(
    `exports: offer ${prepared.number} (${EXPORT_LINES} lines): PDF ${Math.round(check.pdf.bytes / 1024)} KB, Excel ${Math.round(check.xlsx.bytes / 1024)} KB; ` +
      `pages ${pages.map((p) => p.path).join("  ")} at ${EXPORT_CONNECTIONS} connections and ≤ ${EXPORT_RATE} req/s each`,
  );
  const targets = pageTargets(base, pages, pid);
  // The pages only: the four documents of the check started the documents' thread, and the accounts keep their allowance for the measured run.
  log(`exports: warm-up ${warmup} s (the pages)`);
  await Promise.all(targets.map((t) => load(t, { duration: warmup, sampleMemory: false })));

  log(`exports: ${slices} slices of ${sliceS} s, exports off and on in turn, the pages loaded throughout`);
  const windows = { off: [], on: [] };
  const exportStats = [];
  const samples = await recordPages(targets, async (clock) => {
    for (let i = 0; i < slices; i++) {
      const on = i % 2 === 1;
      const from = clock();
      if (!on) {
        await sleep(sliceS * 1000);
        windows.off.push([from, clock()]);
        continue;
      }
      const loops = startExportLoops(base, prepared);
      await sleep(sliceS * 1000);
      windows.on.push([from, clock()]);
      // Stops asking; the documents already asked for are drawn and downloaded (not counted as "without").
      exportStats.push(await loops.stop());
    }
  });
  const inside = (list, t) => list.some(([a, b]) => t >= a && t < b);
  const rows = targets.map((t) => {
    const mine = samples.filter((x) => x.page === t.page);
    const without = pageFigures(mine.filter((x) => inside(windows.off, x.askedAt)));
    const withExports = pageFigures(mine.filter((x) => inside(windows.on, x.askedAt)));
    return {
      page: t.page,
      path: t.url.slice(base.length),
      without,
      with: withExports,
      p99Ratio: without.p99Ms > 0 && withExports.p99Ms !== null ? Number((withExports.p99Ms / without.p99Ms).toFixed(2)) : null,
    };
  });
  const all = {
    without: pageFigures(samples.filter((x) => inside(windows.off, x.askedAt))),
    with: pageFigures(samples.filter((x) => inside(windows.on, x.askedAt))),
  };
  all.p99Ratio = all.without.p99Ms > 0 && all.with.p99Ms !== null ? Number((all.with.p99Ms / all.without.p99Ms).toFixed(2)) : null;
  // A second view, steadier on a shared host: the p99 of every slice (all pages), then the median
  // over the slices of each kind, so one stall of the host in one slice does not decide the ratio.
  const sliceP99 = (list) => list.map(([a, b]) => pageFigures(samples.filter((x) => x.askedAt >= a && x.askedAt < b)).p99Ms).filter((v) => v !== null);
  const slicesOff = sliceP99(windows.off);
  const slicesOn = sliceP99(windows.on);
  const bySlice = { withoutP99Ms: slicesOff, withP99Ms: slicesOn, medianWithoutMs: median(slicesOff), medianWithMs: median(slicesOn) };
  bySlice.ratio = bySlice.medianWithoutMs > 0 ? Number((bySlice.medianWithMs / bySlice.medianWithoutMs).toFixed(2)) : null;
  await removeOffer(base, prepared);
  const worst = rows.reduce((w, r) => (r.p99Ratio !== null && r.p99Ratio > (w?.p99Ratio ?? -1) ? r : w), null);
  return {
    lines: EXPORT_LINES,
    offer: prepared.number,
    loops: prepared.sessions.length,
    accounts: prepared.sessions.map((s) => s.email),
    connections: EXPORT_CONNECTIONS,
    ratePerPage: EXPORT_RATE,
    slices,
    sliceS,
    documentSizes: { pdfKb: Math.round(check.pdf.bytes / 1024), xlsxKb: Math.round(check.xlsx.bytes / 1024), firstPdfMs: check.pdf.firstMs, firstXlsxMs: check.xlsx.firstMs },
    pages: rows,
    all,
    bySlice,
    p99Ratio: worst?.p99Ratio ?? null,
    worstPage: worst?.page ?? null,
    target: EXPORT_P99_TARGET,
    met: worst !== null && worst.p99Ratio <= EXPORT_P99_TARGET,
    exports: mergeExportStats(exportStats),
  };
}

function mergeExportStats(stats) {
  const byStatus = {};
  for (const s of stats) for (const [k, v] of Object.entries(s.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
  const sum = (key) => stats.reduce((n, s) => n + s[key], 0);
  const times = (format) => ({
    count: stats.reduce((n, s) => n + s[format].count, 0),
    medianMs: median(stats.filter((s) => s[format].count).map((s) => s[format].medianMs)) ?? null,
    maxMs: Math.max(0, ...stats.map((s) => s[format].maxMs ?? 0)),
  });
  const seconds = sum("seconds");
  return {
    seconds: round1(seconds),
    documents: sum("documents"),
    perMinute: seconds > 0 ? round1((sum("documents") / seconds) * 60) : 0,
    pdf: times("pdf"),
    xlsx: times("xlsx"),
    byStatus,
    busy503: sum("busy503"),
    limited429: sum("limited429"),
    failed: sum("failed"),
    waitedS: round1(sum("waitedS")),
    errors: [...new Set(stats.flatMap((s) => s.errors))].slice(0, 3),
  };
}

/** The report's lines for the scenario (bench/run.mjs prints them; so does this file alone). */
export function exportsReport(r, table) {
  if (!r) return [];
  if (r.error) return [`\nExports: ${r.error}`];
  const yes = (ok) => (ok ? "yes" : "NO");
  const e = r.exports;
  const rows = [...r.pages, { page: "all three", path: "", ...r.all }];
  const errorsOf = (x) => x.without.errors + x.without.unexpectedStatus + x.with.errors + x.with.unexpectedStatus;
  return [
    `\nExports (issue 27, ADR 052): other pages while ${r.loops} exports of the ${r.lines}-line offer ${r.offer} run at once (PDF and Excel in turn, through /kp/export, one demo account each), against the same pages without them. The pages are loaded throughout (${r.connections} connections and ≤ ${r.ratePerPage} req/s each, all at once) while the exports are switched off and on in ${r.slices} slices of ${r.sliceS} s; a request counts where it was asked. Target: p99 with ÷ p99 without ≤ ${r.target}× on every page.`,
    `Documents: PDF ${r.documentSizes.pdfKb} KB, Excel ${r.documentSizes.xlsxKb} KB (first download ${r.documentSizes.firstPdfMs} / ${r.documentSizes.firstXlsxMs} ms).\n`,
    table(rows, [
      ["page", (x) => `${x.page} ${x.path}`.trim()],
      ["requests without", (x) => x.without.requests],
      ["p50 without", (x) => x.without.p50Ms],
      ["p99 without", (x) => x.without.p99Ms],
      ["requests with", (x) => x.with.requests],
      ["p50 with", (x) => x.with.p50Ms],
      ["p99 with", (x) => x.with.p99Ms],
      ["max with", (x) => x.with.maxMs],
      ["p50 ratio", (x) => (x.without.p50Ms > 0 ? `${(x.with.p50Ms / x.without.p50Ms).toFixed(2)}×` : "")],
      ["p99 ratio", (x) => `${x.p99Ratio}×`],
      [`≤ ${r.target}×`, (x) => yes(x.p99Ratio !== null && x.p99Ratio <= r.target)],
      ["errors", errorsOf],
    ]),
    `Worst page ${r.worstPage}: p99 ratio ${r.p99Ratio}× — ${r.met ? "met" : "MISSED"} (≤ ${r.target}×).`,
    `Slice by slice (all pages; the host's own stalls land in one slice): p99 without ${r.bySlice.withoutP99Ms.join(", ")} ms, with ${r.bySlice.withP99Ms.join(", ")} ms; median ${r.bySlice.medianWithoutMs} → ${r.bySlice.medianWithMs} ms = ${r.bySlice.ratio}×.`,
    `Exports while switched on: ${e.documents} documents in ${e.seconds} s (${e.perMinute} a minute; PDF ${e.pdf.count}, median ${e.pdf.medianMs ?? "-"} ms, max ${e.pdf.maxMs || "-"} ms; Excel ${e.xlsx.count}, median ${e.xlsx.medianMs ?? "-"} ms, max ${e.xlsx.maxMs || "-"} ms, each from asking to the last byte); refused: ${e.busy503} × 503 (queue full), ${e.limited429} × 429 (export limit; the loops waited ${e.waitedS} s for it); other failures ${e.failed}${e.errors.length ? ` (${e.errors.join("; ")})` : ""}. By status: ${JSON.stringify(e.byStatus)}.`,
  ];
}

/** Load errors of the scenario (bench/run.mjs fails the run on these, never on a missed target). */
export function exportsErrors(r) {
  if (!r || r.error) return [];
  const errors = [];
  for (const row of r.pages) {
    for (const [phase, run] of [["without exports", row.without], ["with exports", row.with]]) {
      if (run.errors + run.unexpectedStatus > 0) errors.push(`${row.page} ${phase}: ${run.errors} errors, ${run.unexpectedStatus} unexpected statuses`);
      else if (run.requests === 0) errors.push(`${row.page} ${phase}: no request completed`);
    }
  }
  if (r.exports.failed > 0) errors.push(`exports: ${r.exports.failed} downloads failed (not 200, 503 or 429) ${JSON.stringify(r.exports.byStatus)}`);
  if (r.exports.documents === 0) errors.push("exports: no document was downloaded while the pages were measured");
  return errors;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [shop, category = "/catalog/ruchki", product] = process.argv.slice(2);
  if (!shop) {
    console.error("usage: node bench/exports.mjs <shop URL> [category path] [product path]");
    process.exit(2);
  }
  const productPath = product ?? `/catalog/goods/${(await getJson(`${shop}/api/product/list?category=ruchki&pageLimit=1`)).data.elements[0].id}`;
  const { table } = await import("./lib.mjs");
  const result = await exportsScenario(shop, [
    { key: "home", path: "/" },
    { key: "category", path: category },
    { key: "product", path: productPath },
  ]);
  console.log(exportsReport(result, table).join("\n"));
  const errors = exportsErrors(result);
  for (const e of errors) console.log(`error: ${e}`);
  console.log(JSON.stringify({ p99Ratio: result.p99Ratio, met: result.met, exports: result.exports }));
  if (errors.length) process.exitCode = 1;
}
