// What the fault scripts of issue 28 share (scripts/faults/*.mjs, docs/scaling.md): a cluster of
// their own (scripts/cluster.mjs: nginx in front of FAULT_INSTANCES (2) instances) on a database of
// their own on the local PostgreSQL and on a Redis server of their own (redis-server from Debian,
// started here on FAULT_REDIS_PORT, so stopping it touches nobody else), the mixed load of
// bench/mixed.mjs against nginx, and the report.
//
// Environment: FAULT_PORT (8095: nginx), FAULT_INSTANCE_PORT (3131), FAULT_INSTANCES (2),
// FAULT_REDIS_PORT (6395), FAULT_DATABASE_URL (postgres://postgres@127.0.0.1:5432/storefront_faults),
// FAULT_DURATION (s, 40: the load), FAULT_AT (s, 10: when the fault comes), BENCH_MIXED_CONNECTIONS (50).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { browsingPaths, MIXED_CONNECTIONS, printRows, runMixed } from "../../bench/mixed.mjs";
import { clusterState, start, stop } from "../cluster.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const number = (name, fallback) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback);
export const DURATION = number("FAULT_DURATION", 40);
export const FAULT_AT = number("FAULT_AT", 10);
const REDIS_PORT = number("FAULT_REDIS_PORT", 6395);

export const clusterEnv = {
  ...process.env,
  CLUSTER_PORT: String(number("FAULT_PORT", 8095)),
  CLUSTER_INSTANCE_PORT: String(number("FAULT_INSTANCE_PORT", 3131)),
  CLUSTER_INSTANCES: String(number("FAULT_INSTANCES", 2)),
  CLUSTER_DIR: path.join(ROOT, "data", "faults-cluster"),
  DATABASE_URL: process.env.FAULT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/storefront_faults",
  REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  LOG_LEVEL: "error",
  APP_ENV: "demo",
  API_URL: "",
  SENTRY_DSN: "",
};

export const log = (message) => console.log(`[fault] ${new Date().toISOString().slice(11, 19)} ${message}`);

/** A Redis server of the script's own (no disk), and a way to stop and start it again. */
export function ownRedis() {
  const dir = path.join(ROOT, "data", "faults-redis");
  mkdirSync(dir, { recursive: true });
  let proc = null;
  const up = async () => {
    proc = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      if (spawnSync("redis-cli", ["-p", String(REDIS_PORT), "ping"], { encoding: "utf8" }).stdout?.trim() === "PONG") return;
      await sleep(50);
    }
    throw new Error(`redis-server did not start on ${REDIS_PORT}`);
  };
  const down = async () => {
    if (!proc) return;
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill("SIGKILL");
    await exited;
    proc = null;
  };
  return { up, down };
}

/** `run` with a fresh cluster of the scripts' own, on their own Redis; everything stopped afterwards. */
export async function withCluster(run) {
  const redis = ownRedis();
  await redis.up();
  try {
    await stop(clusterEnv, { quiet: true });
    const state = await start(clusterEnv);
    try {
      return await run({ state, redis, url: state.url.replace(/\/$/, "") });
    } finally {
      await stop(clusterEnv, { quiet: true });
    }
  } finally {
    await redis.down();
  }
}

/** GET `url` now: its status, or the error. */
export async function probe(url) {
  try {
    const response = await fetch(url, { signal: globalThis.AbortSignal.timeout(5_000) });
    const body = await response.text();
    return { status: response.status, body };
  } catch (error) {
    return { status: 0, body: String(error.cause?.code ?? error.message) };
  }
}

/**
 * The mixed load against the cluster for DURATION s; `fault` runs FAULT_AT s after the load began
 * (its result is returned beside the load's rows); `beforeLoad` runs after the warm-up, just before
 * the measured load. Prints the table.
 */
export async function loadWithFault(url, fault, { beforeLoad } = {}) {
  const paths = await browsingPaths(url);
  log(`warm-up: 10 s of the mix`);
  await runMixed(url, { duration: 10, paths });
  await beforeLoad?.();
  let faulted = null;
  const rows = await runMixed(url, {
    duration: DURATION,
    connections: MIXED_CONNECTIONS,
    paths,
    onStart: () => {
      faulted = sleep(FAULT_AT * 1000).then(fault);
    },
  });
  const outcome = await faulted;
  printRows(rows);
  return { rows, outcome, failed: rows.find((r) => r.name === "all").errors };
}

export { clusterState };
