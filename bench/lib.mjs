// Shared parts of `npm run bench` (see bench/run.mjs): configuration, child processes with time
// limits, HTTP helpers, memory of a process tree, tables.
/* global AbortSignal */
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_DIR = path.join(ROOT, "bench");
export const RESULTS = path.join(BENCH_DIR, "results", "latest.json");
export const HOST = "127.0.0.1";

export function numberEnv(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function pinMode(value) {
  const available = os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0;
  if (value === "0") return false;
  if (value === "1" && !available) throw new Error("BENCH_PIN=1 needs taskset and at least 2 CPUs");
  return available;
}

const port = numberEnv("BENCH_PORT", 3400);
export const config = {
  duration: numberEnv("BENCH_DURATION", 10),
  warmup: numberEnv("BENCH_WARMUP", 10),
  connections: numberEnv("BENCH_CONNECTIONS", 50),
  /** autocannon's per-request time-out, s: a request slower than this counts as a time-out. */
  timeout: numberEnv("BENCH_TIMEOUT", 10),
  startups: Math.max(1, numberEnv("BENCH_STARTUPS", 3)),
  rounds: Math.max(1, Math.round(numberEnv("BENCH_ROUNDS", 1))),
  /** The shop (cached, then uncached: one at a time on the same database), the baseline, the 100k shop. */
  shopPort: port,
  baselinePort: port + 1,
  largePort: port + 2,
  baselineSource: path.resolve(process.env.BASELINE_DIR ?? path.join(ROOT, "..", "shared", "baseline")),
  baselineDir: path.join(BENCH_DIR, ".baseline"),
  dataDir: path.join("data", "bench"),
  largeGroups: Math.round(numberEnv("BENCH_SCALE_GROUPS", 100_000)),
  scale: process.env.BENCH_SCALE !== "0",
  scaleRequests: Math.round(numberEnv("BENCH_SCALE_REQUESTS", 30)),
  lighthouse: process.env.BENCH_LIGHTHOUSE !== "0",
  /** The offers' exports scenario (bench/exports.mjs); 0 skips it. */
  exports: process.env.BENCH_EXPORTS !== "0",
  lighthouseRuns: Math.max(1, Math.round(numberEnv("BENCH_LIGHTHOUSE_RUNS", 3))),
  chromium: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  pin: pinMode(process.env.BENCH_PIN ?? "auto"),
};

/** One directory per size (data/bench-100k by default), so another size never reseeds it. */
config.largeDataDir = path.join("data", `bench-${config.largeGroups % 1000 === 0 ? `${config.largeGroups / 1000}k` : config.largeGroups}`);

/** Nothing in the bench may hang: every wait has a limit (ms). */
export const LIMITS = {
  build: 300_000,
  npmCi: 600_000,
  seed: 1_200_000,
  start: 60_000,
  startLarge: 180_000,
  request: 10_000,
  stop: 15_000,
  /** autocannon past its duration (it stops itself; this is the guard). */
  loadOverrun: 30_000,
  browserLaunch: 30_000,
  navigation: 30_000,
  lighthouse: 150_000,
};

/** Every child process, killed when the bench is interrupted or fails. */
export const children = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

export function killAll() {
  for (const child of children) {
    try {
      // Detached children (Chromium) lead their own process group.
      if (child.ownGroup) process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

export function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

export function run(command, args, options) {
  log(`${command} ${args.join(" ")}${options.cwd && options.cwd !== ROOT ? `  (in ${path.relative(ROOT, options.cwd)})` : ""}`);
  // Their output goes to stderr: stdout carries only the bench's tables.
  const result = spawnSync(command, args, { stdio: ["ignore", 2, 2], timeout: options.timeout, killSignal: "SIGKILL", ...options });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.error?.message ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.status}`)})`,
    );
}

/** A promise, or an error after `ms`; `onTimeout` cleans up (kills what the promise waits for). */
export async function withTimeout(promise, ms, what, onTimeout) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(`${what}: no result within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  promise.catch(() => {}); // a late rejection after the time-out is not unhandled
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- processes

/** Every CPU of the machine (os.cpus ignores this process's affinity). */
const CPUS = os.cpus().length;

function pinned(cpu, command, args) {
  return config.pin ? ["taskset", ["-c", String(cpu), command, ...args]] : [command, args];
}

/**
 * A command on every CPU, although this process is pinned to CPU 1: for the Chromium that
 * Lighthouse drives, a multi-process browser whose main thread, compositor, network and GPU
 * processes would otherwise share one core (half the score on a 2-core host, ADR 021).
 */
export const onEveryCpu = (command, args) => pinned(`0-${CPUS - 1}`, command, args);

/** When pinned: this process (autocannon, Lighthouse) and all its threads on CPU 1, the servers on CPU 0. */
export function pinSelf() {
  if (config.pin) spawnSync("taskset", ["-a", "-pc", "1", String(process.pid)], { stdio: "ignore" });
}

/** Starts a server on CPU 0 (when pinned); `pid` is the server itself (taskset execs it). */
export function startProcess(name, command, args, options) {
  // pin: false = every CPU (the bench process itself is pinned to CPU 1, and children inherit that).
  const [cmd, argv] = options.pin === false ? onEveryCpu(command, args) : pinned(0, command, args);
  const startedAt = performance.now();
  // `group`: its own process group, stopped like Ctrl+C in a terminal (SIGINT to the group), for
  // commands such as `npm start` whose shell does not pass a SIGTERM on to the server.
  const child = spawn(cmd, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"], detached: Boolean(options.group) });
  children.add(child);
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(child));
  return { name, child, pid: child.pid, startedAt, exited, output: () => output, group: Boolean(options.group) };
}

const alive = (pid) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readSafe(`/proc/${pid}/status`));
const readSafe = (file) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

/** SIGTERM, then SIGKILL after a limit; waits for the whole tree (a PGlite directory is single-process). */
export async function stopProcess(proc) {
  if (!proc) return;
  const tree = processTree(proc.pid);
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    if (proc.group) {
      try {
        process.kill(-proc.pid, "SIGINT");
      } catch {
        // already gone
      }
    } else proc.child.kill("SIGTERM");
    const result = await Promise.race([proc.exited, sleep(LIMITS.stop).then(() => null)]);
    if (!result) {
      log(`${proc.name} did not stop within ${LIMITS.stop} ms: killing it`);
      proc.child.kill("SIGKILL");
      await proc.exited;
    }
  }
  const deadline = performance.now() + LIMITS.stop;
  while (tree.slice(1).some(alive)) {
    if (performance.now() > deadline) {
      log(`${proc.name}: child processes outlived it, killing them`);
      for (const pid of tree.slice(1)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // gone
        }
      }
      break;
    }
    await sleep(50);
  }
}

export async function get(url, headers = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(LIMITS.request), redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes: body.byteLength, text: () => body.toString("utf8") };
}

export async function getJson(url) {
  const response = await get(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return JSON.parse(response.text());
}

/** Polls `url` until it answers `status`; returns ms since the process was spawned. */
export async function waitFor(proc, url, status = 200, limit = LIMITS.start) {
  const deadline = performance.now() + limit;
  while (performance.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${proc.name} exited early:\n${proc.output()}`);
    try {
      if ((await get(url)).status === status) return performance.now() - proc.startedAt;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${proc.name}: no ${status} from ${url} within ${limit} ms:\n${proc.output()}`);
}

// ---------------------------------------------------------------- memory

/** The process and its descendants (the embedded PGlite runs in a child process, ADR 008). */
export function processTree(pid) {
  const kids = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readSafe(`/proc/${name}/stat`);
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!kids.has(ppid)) kids.set(ppid, []);
    kids.get(ppid).push(Number(name));
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(kids.get(tree[i]) ?? []));
  return tree;
}

/** Resident memory summed over processes, in MB: now (VmRSS) and each process's peak (VmHWM). */
export function memory(pids) {
  let rss = 0;
  let hwm = 0;
  for (const pid of pids) {
    const status = readSafe(`/proc/${pid}/status`);
    rss += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    hwm += Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  }
  return { rssMb: rss / 1024, hwmMb: hwm / 1024 };
}

/**
 * A shop's memory by role: the web server (the spawned process) and the database (its
 * descendants: the PGlite process). `hwm` = VmHWM, the kernel's peak over each process's life.
 */
export function memoryByRole(pid) {
  const tree = processTree(pid);
  const server = memory([pid]);
  const database = memory(tree.slice(1));
  return {
    server,
    database,
    databaseProcesses: tree.slice(1).map((p) =>
      readSafe(`/proc/${p}/cmdline`)
        .split("\0")
        .filter(Boolean)
        .map((a) => path.basename(a))
        .join(" "),
    ),
  };
}

// ---------------------------------------------------------------- numbers and tables

export const median = (values) => quantile(values, 0.5);

export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const round1 = (n) => Math.round(n * 10) / 10;

export function table(rows, columns) {
  const cell = (v) => (v === undefined || v === null ? "" : String(v));
  const widths = columns.map(([title, pick]) => Math.max(title.length, ...rows.map((r) => cell(pick(r)).length)));
  const line = (cells) => `| ${cells.map((c, i) => cell(c).padEnd(widths[i])).join(" | ")} |`;
  return [
    line(columns.map(([t]) => t)),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...rows.map((r) => line(columns.map(([, pick]) => pick(r)))),
  ].join("\n");
}

/** As React writes text into HTML. */
export function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
