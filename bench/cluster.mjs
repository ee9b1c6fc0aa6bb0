// `node bench/cluster.mjs` (ADR 060): one process with its in-process page cache beside nginx in
// front of two instances (`npm run cluster`), on one PostgreSQL database, with autocannon.
//
// For each page (/about, /, a category): requests from the cache (the in-process cache's HIT, then
// nginx's HIT) and requests every cache lets through (an unknown query parameter: the page is
// rendered each time; on the cluster also without the render gate, RENDER_CONCURRENCY=0), BENCH_CONNECTIONS (50) connections, BENCH_DURATION (10) s after a 3 s
// warm-up, gzip accepted as browsers do. The single process runs first (PAGE_CACHE=on, as
// `npm start`), then the cluster, one at a time on the same machine; a second round in the other
// order when BENCH_ROUNDS=2. Prints the table and writes bench/results/cluster.json.
//
// Environment: DATABASE_URL (postgres://postgres@127.0.0.1:5432/storefront_bench_cluster, created
// and seeded when missing), REDIS_URL (the cluster's; redis://127.0.0.1:6379), BENCH_CLUSTER_PORT
// (8098; the instances on 3327 and 3328, the single process on 3326).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { HOST, numberEnv, ROOT, startProcess, stopProcess, waitFor } from "./lib.mjs";
import { ensureDatabase, start as startCluster, stop as stopCluster } from "../scripts/cluster.mjs";

const duration = numberEnv("BENCH_DURATION", 10);
const connections = numberEnv("BENCH_CONNECTIONS", 50);
const rounds = Math.round(numberEnv("BENCH_ROUNDS", 1));
const clusterPort = numberEnv("BENCH_CLUSTER_PORT", 8098);
const singlePort = clusterPort === 8098 ? 3326 : clusterPort + 10;
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/storefront_bench_cluster";
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const PAGES = ["/about", "/", "/catalog/ruchki"];
const clusterEnv = {
  ...process.env,
  CLUSTER_PORT: String(clusterPort),
  CLUSTER_INSTANCE_PORT: "3327",
  CLUSTER_INSTANCES: "2",
  CLUSTER_DIR: path.join(ROOT, "data", "bench-cluster"),
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: "error",
};

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers: { "user-agent": PERSON, "accept-encoding": "gzip" }, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(origin, label, results, kinds = ["cached", "rendered"]) {
  for (const page of PAGES) {
    for (const [kind, suffix] of [["cached", ""], ["rendered", "?bench=1"]].filter(([kind]) => kinds.includes(kind))) {
      const url = `${origin}${page}${suffix}`;
      await new Promise((resolve, reject) =>
        autocannon({ url, connections, duration: 3, headers: { "user-agent": PERSON, "accept-encoding": "gzip" } }, (e) => (e ? reject(e) : resolve())),
      );
      const result = await load(url);
      const row = {
        setup: label,
        page,
        kind,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      results.push(row);
      console.log(`${label.padEnd(28)} ${page.padEnd(16)} ${kind.padEnd(9)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}`);
    }
  }
}

async function single(results) {
  const proc = startProcess("single", process.execPath, ["--max-old-space-size=256", "--max-semi-space-size=4", "--heap-growing-percent=100", "build/server.mjs"], {
    cwd: ROOT,
    env: { NODE_ENV: "production", MALLOC_ARENA_MAX: "2", HOST, PORT: String(singlePort), DATABASE_URL: databaseUrl, REDIS_URL: "", PAGE_CACHE: "on", LOG_LEVEL: "error" },
    pin: false,
  });
  try {
    await waitFor(proc, `http://${HOST}:${singlePort}/healthz`);
    await measure(`http://${HOST}:${singlePort}`, "1 process, in-process cache", results);
  } finally {
    await stopProcess(proc);
  }
}

async function cluster(results) {
  await startCluster(clusterEnv);
  try {
    await measure(`http://127.0.0.1:${clusterPort}`, "nginx + 2 instances", results);
  } finally {
    await stopCluster(clusterEnv, { quiet: true });
  }
  // The render gate once instances scale by process (ADR 016, 020): the same renders without it.
  await startCluster({ ...clusterEnv, RENDER_CONCURRENCY: "0" });
  try {
    await measure(`http://127.0.0.1:${clusterPort}`, "nginx + 2, no render gate", results, ["rendered"]);
  } finally {
    await stopCluster(clusterEnv, { quiet: true });
  }
}

await ensureDatabase(databaseUrl);
const results = [];
for (let round = 0; round < rounds; round++) {
  if (round % 2 === 0) {
    await single(results);
    await cluster(results);
  } else {
    await cluster(results);
    await single(results);
  }
}
mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
writeFileSync(path.join(ROOT, "bench", "results", "cluster.json"), JSON.stringify({ connections, duration, rounds, results }, null, 2));
