// Soak (issue 28): the mixed load against the cluster for SOAK_MINUTES (10), one minute at a time,
// while every instance's resident memory is read each second (/proc/PID/status VmRSS). Reports per
// minute each instance's highest RSS, and the whole run's peak (VmHWM). Target: flat, and each
// instance ≤ SOAK_RSS_LIMIT_MB (300) at its peak; no failed request.
//
//   node scripts/faults/soak.mjs      (the environment of scripts/faults/lib.mjs, plus SOAK_MINUTES)
import { readFileSync } from "node:fs";
import { clearInterval, setInterval } from "node:timers";
import { browsingPaths, runMixed } from "../../bench/mixed.mjs";
import { table } from "../../bench/lib.mjs";
import { clusterEnv, clusterState, log, withCluster } from "./lib.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES) > 0 ? Number(process.env.SOAK_MINUTES) : 10;
const LIMIT_MB = Number(process.env.SOAK_RSS_LIMIT_MB) > 0 ? Number(process.env.SOAK_RSS_LIMIT_MB) : 300;

function memoryMb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

const result = await withCluster(async ({ url }) => {
  const pids = clusterState(clusterEnv).instances.map((i) => i.pid);
  const paths = await browsingPaths(url);
  const minutes = [];
  let failed = 0;
  for (let minute = 1; minute <= MINUTES; minute++) {
    const highest = pids.map(() => 0);
    const sampler = setInterval(() => pids.forEach((pid, i) => (highest[i] = Math.max(highest[i], memoryMb(pid, "VmRSS") ?? 0))), 1000);
    const rows = await runMixed(url, { duration: 60, paths });
    clearInterval(sampler);
    const all = rows.find((r) => r.name === "all");
    failed += all.errors;
    minutes.push({ minute, rps: all.rps, p99: all.p99, errors: all.errors, rss: highest });
    log(`minute ${minute}: ${all.rps} req/s, p99 ${all.p99} ms, ${all.errors} errors, RSS ${highest.map((mb) => `${mb} MB`).join(", ")}`);
  }
  const peaks = pids.map((pid) => memoryMb(pid, "VmHWM"));
  console.log(table(minutes, [["minute", (m) => m.minute], ["req/s", (m) => m.rps], ["p99 ms", (m) => m.p99], ["errors", (m) => m.errors], ...pids.map((_, i) => [`instance ${i + 1} RSS MB`, (m) => m.rss[i]])]));
  log(`peak RSS (VmHWM): ${peaks.map((mb, i) => `instance ${i + 1} ${mb} MB`).join(", ")}`);
  const growth = pids.map((_, i) => minutes.at(-1).rss[i] - minutes[Math.min(1, minutes.length - 1)].rss[i]);
  log(`RSS from minute 2 to the last: ${growth.map((mb) => `${mb >= 0 ? "+" : ""}${mb} MB`).join(", ")}`);
  return { failed, peaks };
});
const ok = result.failed === 0 && result.peaks.every((mb) => mb !== null && mb <= LIMIT_MB);
log(ok ? `passed: no request failed, every instance ≤ ${LIMIT_MB} MB` : `FAILED: ${result.failed} failed requests, peaks ${result.peaks.join(", ")} MB (limit ${LIMIT_MB})`);
process.exit(ok ? 0 : 1);
