// Two builds side by side on one noisy host (ADR 020): `node bench/side-by-side.mjs DIR_A DIR_B [PATH]`
//
// DIR_A and DIR_B are built checkouts (e.g. `git worktree add /tmp/before HEAD~1 && cd /tmp/before &&
// npm ci && npm run build`; the same directory twice checks the method itself). Both servers run
// at once, pinned to CPU 0, on copies of this checkout's data/bench (seeded by `npm run bench`; in
// DIR/data/side-by-side-A and -B, removed afterwards),
// with PAGE_CACHE=off and each checkout's `npm start` Node flags; this process loads both at once
// from CPU 1 (SBS_CONNECTIONS each), so the host's noise hits both alike, and prints what each
// served per cycle and the ratio B/A, then each one's latencies and peak RSS. Absolute runs one
// after the other moved 2× within a minute on shared hosts; this ratio held within ±5 % for two
// copies of one build. The order still counts a little: B, started second, served 1–3 % more and
// peaked up to ~25 MB higher than A for one build twice; run both orders before concluding.
//
// Environment: SBS_CYCLES (6), SBS_SECONDS (5 per cycle, after 10 s of warm-up), SBS_CONNECTIONS
// (25 per server), SBS_ENV_A / SBS_ENV_B (extra variables, "NAME=value NAME=value"), SBS_PORT (3450;
// B on the next one).
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { HOST, killAll, memory, numberEnv, pinSelf, quantile, ROOT, startProcess, stopProcess, waitFor } from "./lib.mjs";

const [dirA, dirB, page = "/catalog/ruchki"] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("usage: node bench/side-by-side.mjs DIR_A DIR_B [PATH]");
  process.exit(2);
}
const cycles = numberEnv("SBS_CYCLES", 6);
const seconds = numberEnv("SBS_SECONDS", 5);
const connections = numberEnv("SBS_CONNECTIONS", 25);
const firstPort = numberEnv("SBS_PORT", 3450);
const seeded = path.join(ROOT, "data", "bench");
if (!existsSync(seeded)) throw new Error("data/bench is missing: run `npm run bench` once to seed it");

const envOf = (text = "") => Object.fromEntries(text.split(/\s+/).filter(Boolean).map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
const startFlags = (dir) => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts.start.match(/(?<=\s)--[\w-]+=\S+/g) ?? [];

async function startServer(name, dir, port, extraEnv) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, "build", "server.mjs"))) throw new Error(`${root} has no build: run npm run build there`);
  const data = path.join(root, "data", `side-by-side-${name}`);
  rmSync(data, { recursive: true, force: true });
  cpSync(seeded, data, { recursive: true });
  const proc = startProcess(name, process.execPath, [...startFlags(root), "build/server.mjs"], {
    cwd: root,
    env: { NODE_ENV: "production", PORT: String(port), HOST, DATA_DIR: data, PAGE_CACHE: "off", MALLOC_ARENA_MAX: "2", ...envOf(extraEnv) },
  });
  await waitFor(proc, `http://${HOST}:${port}/healthz`);
  return proc;
}

/** Closed-loop keep-alive clients; `count` says how many 200s each server gave while counting, `latencies` how long each took (ms). */
function load(ports) {
  const count = new Map(ports.map((port) => [port, 0]));
  const latencies = new Map(ports.map((port) => [port, []]));
  let counting = false;
  let stopped = false;
  const one = (port, agent) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get({ host: HOST, port, path: page, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          if (counting && res.statusCode === 200) {
            count.set(port, count.get(port) + 1);
            latencies.get(port).push(performance.now() - started);
          }
          resolve();
        });
      });
      request.on("error", resolve);
    });
  const loops = ports.flatMap((port) =>
    Array.from({ length: connections }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!stopped) await one(port, agent);
      agent.destroy();
    }),
  );
  return {
    count,
    latencies,
    setCounting: (on) => (counting = on),
    stop: () => ((stopped = true), Promise.all(loops)),
  };
}

pinSelf();
process.on("SIGINT", () => {
  killAll();
  process.exit(130);
});
const a = await startServer("A", dirA, firstPort, process.env.SBS_ENV_A);
const b = await startServer("B", dirB, firstPort + 1, process.env.SBS_ENV_B);
try {
  const run = load([firstPort, firstPort + 1]);
  await sleep(10_000);
  const ratios = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    run.count.set(firstPort, 0).set(firstPort + 1, 0);
    run.setCounting(true);
    await sleep(seconds * 1000);
    run.setCounting(false);
    const [servedA, servedB] = [run.count.get(firstPort), run.count.get(firstPort + 1)];
    if (servedA === 0 || servedB === 0) throw new Error(`no 200 from ${servedA === 0 ? "A" : "B"} on ${page}`);
    ratios.push(servedB / servedA);
    console.log(`cycle ${cycle + 1}: A ${Math.round(servedA / seconds)} req/s, B ${Math.round(servedB / seconds)} req/s, B/A ${ratios.at(-1).toFixed(3)}`);
  }
  await run.stop();
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(`${page}: B/A median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)} (${sorted[0].toFixed(3)}–${sorted.at(-1).toFixed(3)}) over ${cycles} cycles of ${seconds} s`);
  // Latency while both share the core (about twice a lone server's), and each server's peak RSS.
  for (const [name, port, proc] of [["A", firstPort, a], ["B", firstPort + 1, b]]) {
    const all = run.latencies.get(port);
    const at = (q) => Math.round(quantile(all, q));
    const { hwmMb } = memory([proc.pid]);
    console.log(`${name}: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms over ${all.length} requests; peak RSS ${hwmMb ? Math.round(hwmMb) : "?"} MB`);
  }
} finally {
  await Promise.all([stopProcess(a), stopProcess(b)]);
  for (const [name, dir] of [["A", dirA], ["B", dirB]]) rmSync(path.join(path.resolve(dir), "data", `side-by-side-${name}`), { recursive: true, force: true });
}
