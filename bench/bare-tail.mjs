// `node bench/bare-tail.mjs`: is the p99 tail of the uncached rows the app's, or Node's?
// A bare node:http server (no Express, no React, no database) that spends BUSY_MS (5) of
// synchronous CPU per request and answers SIZE_KB (10) of bytes, pinned like the bench's servers
// (bench/lib.mjs: server on CPU 0, this process and autocannon on CPU 1), loaded with 10 and then
// 50 connections. It prints req/s and the latency percentiles of each run. The shop's uncached
// pages cost about the same CPU per request.
import autocannon from "autocannon";
import { config, HOST, numberEnv, pinSelf, startProcess, stopProcess, waitFor } from "./lib.mjs";

const BUSY_MS = numberEnv("BUSY_MS", 5);
const SIZE_KB = numberEnv("SIZE_KB", 10);
const PORT = numberEnv("BENCH_PORT", 3490);
const DURATION = numberEnv("BENCH_DURATION", 8);
const URL = `http://${HOST}:${PORT}/`;

const serverSource = `
  const body = Buffer.alloc(${SIZE_KB * 1024}, 97);
  require("node:http").createServer((req, res) => {
    const end = performance.now() + ${BUSY_MS};
    while (performance.now() < end);
    res.end(body);
  }).listen(${PORT}, "${HOST}");
`;

pinSelf();
const server = startProcess("bare node:http", process.execPath, ["-e", serverSource], {});
try {
  await waitFor(server, URL);
  console.log(`bare node:http, ${BUSY_MS} ms CPU and ${SIZE_KB} KB per request${config.pin ? ", server on CPU 0, autocannon on CPU 1" : ""}, ${DURATION} s per run`);
  console.log("| connections | req/s | p50 ms | p97.5 ms | p99 ms | max ms | time-outs |");
  console.log("|---|---|---|---|---|---|---|");
  for (const connections of [10, 50]) {
    await autocannon({ url: URL, connections, duration: 2 });
    const r = await autocannon({ url: URL, connections, duration: DURATION });
    const l = r.latency;
    console.log(`| ${connections} | ${Math.round(r.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${l.max} | ${r.timeouts} |`);
  }
} finally {
  await stopProcess(server);
}
