// `node bench/bare-tail.mjs`: is the p99 tail of the uncached rows the app's, or Node's?
// A bare node:http server (no Express, no React, no database) that spends BUSY_MS (5) of
// synchronous CPU per request and answers SIZE_KB (10) of bytes, pinned to CPU 0 like the bench's
// servers, loaded by autocannon on CPU 1 with 10 and then 50 connections. It prints req/s and the
// latency percentiles of each run. The shop's uncached pages cost about the same CPU per request.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import autocannon from "autocannon";

const BUSY_MS = Number(process.env.BUSY_MS || 5);
const SIZE_KB = Number(process.env.SIZE_KB || 10);
const PORT = Number(process.env.BENCH_PORT || 3490);
const DURATION = Number(process.env.BENCH_DURATION || 8);

const serverSource = `
  const body = Buffer.alloc(${SIZE_KB * 1024}, 97);
  require("node:http").createServer((req, res) => {
    const end = performance.now() + ${BUSY_MS};
    while (performance.now() < end);
    res.end(body);
  }).listen(${PORT}, "127.0.0.1", () => console.log("ready"));
`;

const pin = os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0;
const command = pin ? ["taskset", ["-c", "0", process.execPath, "-e", serverSource]] : [process.execPath, ["-e", serverSource]];
const server = spawn(command[0], command[1], { stdio: ["ignore", "pipe", "inherit"] });
await once(server.stdout, "data");
if (pin) spawnSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });

try {
  console.log(`bare node:http, ${BUSY_MS} ms CPU and ${SIZE_KB} KB per request${pin ? ", server on CPU 0, autocannon on CPU 1" : ""}, ${DURATION} s per run`);
  console.log("| connections | req/s | p50 ms | p97.5 ms | p99 ms | max ms | time-outs |");
  console.log("|---|---|---|---|---|---|---|");
  for (const connections of [10, 50]) {
    const url = `http://127.0.0.1:${PORT}/`;
    await autocannon({ url, connections, duration: 2 });
    const r = await autocannon({ url, connections, duration: DURATION });
    const l = r.latency;
    console.log(`| ${connections} | ${Math.round(r.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${l.max} | ${r.timeouts} |`);
  }
} finally {
  server.kill();
}
