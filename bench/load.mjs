// Load runs of `npm run bench` (see bench/run.mjs): autocannon against one URL, with the memory of
// the server's process tree polled meanwhile.
import { setInterval, clearInterval } from "node:timers";
import autocannon from "autocannon";
import { config, LIMITS, log, median, memory, processTree, withTimeout } from "./lib.mjs";

/**
 * `target`: { name, url, pid, headers?, expectStatus?, pageCache?, method?, body?, connections?, requests?, overallRate? }
 * (method and body for a POST such as the cart pricing; connections instead of BENCH_CONNECTIONS;
 * requests: autocannon's request list, e.g. a setupRequest that varies the path, bench/search.mjs;
 * overallRate: at most this many requests a second over all connections, bench/exports.mjs).
 * Errors, timeouts and answers other than `expectStatus` (200) are counted; the caller decides
 * what they mean.
 */
export async function load(target, { duration, sampleMemory = true }) {
  const peak = { serverMb: 0, databaseMb: 0, totalMb: 0 };
  let tree = processTree(target.pid);
  let samples = 0;
  const sampler = sampleMemory
    ? setInterval(() => {
        if (++samples % 20 === 0) tree = processTree(target.pid);
        const server = memory(tree.slice(0, 1)).rssMb;
        const database = memory(tree.slice(1)).rssMb;
        peak.serverMb = Math.max(peak.serverMb, server);
        peak.databaseMb = Math.max(peak.databaseMb, database);
        peak.totalMb = Math.max(peak.totalMb, server + database);
      }, 100)
    : null;
  const instance = autocannon({
    url: target.url,
    connections: target.connections ?? config.connections,
    duration,
    headers: target.headers ?? {},
    timeout: config.timeout,
    ...(target.method ? { method: target.method } : {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
    ...(target.overallRate ? { overallRate: target.overallRate } : {}),
  });
  let overran = false;
  try {
    const result = await withTimeout(Promise.resolve(instance), duration * 1000 + LIMITS.loadOverrun, `autocannon ${target.url}`, () => {
      overran = true;
      instance.stop();
    }).catch(async (error) => {
      // stop() makes autocannon resolve with what it measured so far.
      log(String(error.message));
      return withTimeout(Promise.resolve(instance), LIMITS.stop, `autocannon ${target.url} after stop()`);
    });
    const expected = target.expectStatus ?? 200;
    const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
    const unexpected = Object.entries(statusCounts)
      .filter(([code]) => Number(code) !== expected)
      .reduce((n, [, count]) => n + count, 0);
    return {
      name: target.name,
      connections: target.connections ?? config.connections,
      group: target.group,
      page: target.page,
      url: target.url,
      pageCache: target.pageCache,
      reqPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + (overran ? 1 : 0),
      timeouts: result.timeouts,
      unexpectedStatus: unexpected,
      statusCounts,
      throughputMBps: Number((result.throughput.average / 1e6).toFixed(2)),
      peakRssDuringRunMb: sampleMemory ? Math.round(peak.totalMb) : null,
      peakRssDuringRunServerMb: sampleMemory ? Math.round(peak.serverMb) : null,
      peakRssDuringRunDatabaseMb: sampleMemory ? Math.round(peak.databaseMb) : null,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/** With several rounds: the median of each figure; errors are summed, memory is the peak. */
export function medianRun(runs) {
  if (runs.length === 1) return runs[0];
  const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
  const max = (key) => Math.max(...runs.map((r) => r[key] ?? 0));
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
    peakRssDuringRunMb: max("peakRssDuringRunMb"),
    peakRssDuringRunServerMb: max("peakRssDuringRunServerMb"),
    peakRssDuringRunDatabaseMb: max("peakRssDuringRunDatabaseMb"),
  };
}
