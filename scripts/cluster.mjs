// `npm run cluster` / `npm run cluster:stop` (ADR 060): on this machine, Debian's nginx as the
// shared page cache in front of CLUSTER_INSTANCES (2) storefront instances of the production build,
// on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). Everything runs unprivileged in the background
// from CLUSTER_DIR (data/cluster): nginx's rendered configuration (deploy/nginx), pid file, logs,
// temp files and cache, the instances' logs, and state.json, which says what `cluster:stop` stops.
//
// Environment: CLUSTER_PORT (8080, nginx; the URL is printed), CLUSTER_INSTANCES (2),
// CLUSTER_INSTANCE_PORT (3101: the first instance's port, the next ones follow), DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/storefront_cluster, created when missing), REDIS_URL
// (redis://127.0.0.1:6379), CLUSTER_DIR, NGINX (the binary, /usr/sbin/nginx or nginx on PATH).
// Other variables (.env included) reach the instances as they are.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TEMPLATE_DIR = path.join(ROOT, "deploy", "nginx");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";

/** The one place the edge's variables are put into deploy/nginx/storefront.conf.template (the edge image does the same with envsubst). */
export function renderSiteConfig(variables) {
  const template = readFileSync(path.join(TEMPLATE_DIR, "storefront.conf.template"), "utf8");
  return template.replace(/\$\{(EDGE_[A-Z_]+)\}/g, (match, name) => {
    if (!(name in variables)) throw new Error(`deploy/nginx/storefront.conf.template: no value for ${match}`);
    return variables[name];
  });
}

export function nginxBinary() {
  if (process.env.NGINX) return existsSync(process.env.NGINX) ? process.env.NGINX : null;
  if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

function settings(env = process.env) {
  const number = (name, fallback) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) fail(`${name}=${value} is not a port or count`);
    return Number(value);
  };
  const instances = number("CLUSTER_INSTANCES", 2);
  if (instances < 1 || instances > 16) fail(`CLUSTER_INSTANCES=${instances}: 1 to 16`);
  const port = number("CLUSTER_PORT", 8080);
  const firstPort = number("CLUSTER_INSTANCE_PORT", 3101);
  return {
    dir: path.resolve(ROOT, env.CLUSTER_DIR?.trim() || path.join("data", "cluster")),
    port,
    ports: Array.from({ length: instances }, (_, i) => firstPort + i),
    databaseUrl: env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/storefront_cluster",
    redisUrl: env.REDIS_URL?.trim() || "redis://127.0.0.1:6379",
  };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Running (a zombie, dead and not yet reaped by whoever adopted it, is not). */
export function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

function readState(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, "state.json"), "utf8"));
  } catch {
    return null;
  }
}

function nginxPid(dir) {
  try {
    const pid = Number(readFileSync(path.join(dir, "nginx.pid"), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Every process of a state that is still running. */
function running(state, dir) {
  const pids = [...(state?.instances ?? []).map((i) => i.pid), nginxPid(dir)].filter((pid) => pid && alive(pid));
  return pids;
}

/** Creates the database of DATABASE_URL when it does not exist (PostgreSQL of this machine, trust or password). */
export async function ensureDatabase(url) {
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name)) fail(`DATABASE_URL: "${name}" is not a database name this script creates`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    fail(`PostgreSQL at ${target.host} does not answer (${error.message}): start it or set DATABASE_URL`);
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error) => {
        if (error.code !== "42P04") throw error; // created by someone else meanwhile
      });
      console.log(`Created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Whether 127.0.0.1:port can be listened on now. */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function waitForHttp(url, proc, what, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (proc && proc.exitCode !== null) return false;
    try {
      const response = await fetch(url, { signal: globalThis.AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status < 500) return true;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  console.error(`${what} did not answer ${url} within ${ms / 1000} s`);
  return false;
}

/**
 * Node's flags for an instance behind nginx (ADR 060, addendum): `npm start`'s (ADR 011, 019) with a
 * smaller old generation. The edge serves the shared pages, so an instance holds no page cache and
 * its live heap is ~90 MB; `npm start`'s 256 MB let an instance reach 310–355 MB resident in the
 * 10-minute soak, 160 MB keeps it under 300 MB. compose.yaml's `command` says the same (a test
 * keeps them equal).
 */
export const INSTANCE_NODE_FLAGS = ["--max-old-space-size=160", "--max-semi-space-size=4", "--heap-growing-percent=100"];

/**
 * Starts instance `i` of the cluster on `port`, in the background (detached, its output appended to
 * logs/instance-N.log), with INSTANCE_NODE_FLAGS.
 */
function spawnInstance(env, dir, shared, i, port) {
  // CLUSTER_NODE_FLAGS (space-separated) tries others.
  const flags = env.CLUSTER_NODE_FLAGS?.trim() ? env.CLUSTER_NODE_FLAGS.trim().split(/\s+/) : INSTANCE_NODE_FLAGS;
  const log = path.join(dir, "logs", `instance-${i + 1}.log`);
  const out = openSync(log, "a");
  const proc = spawn(process.execPath, [...flags, "build/server.mjs"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", out, out],
    env: {
      ...env,
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "2",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: shared.databaseUrl,
      REDIS_URL: shared.redisUrl,
      EDGE_SECRET: shared.secret,
      TRUST_PROXY: env.TRUST_PROXY || "loopback",
      // The Yandex Market feed's disk cache: one folder per instance.
      DATA_DIR: path.join(dir, `instance-${i + 1}`),
    },
  });
  closeSync(out);
  proc.unref();
  return { proc, log };
}

/**
 * Replaces instance `i` of the running cluster (the fault scripts, scripts/faults/): `signal` to the
 * old one ("SIGTERM" drains it first, as a deploy does; "SIGKILL" is a crash), waits for it to be
 * gone, starts a new one on the same port and waits until it is ready. `start: false` only stops it.
 */
export async function replaceInstance(env, i, { signal = "SIGTERM", start: restart = true } = {}) {
  const { dir } = settings(env);
  const state = readState(dir);
  const instance = state?.instances?.[i];
  if (!instance) throw new Error(`the cluster in ${dir} has no instance ${i + 1}`);
  if (alive(instance.pid)) process.kill(instance.pid, signal);
  const deadline = Date.now() + 30_000;
  while (alive(instance.pid) && Date.now() < deadline) await sleep(50);
  if (alive(instance.pid)) process.kill(instance.pid, "SIGKILL");
  while (alive(instance.pid)) await sleep(50);
  if (!restart) return null;
  const { proc, log } = spawnInstance(env, dir, state, i, instance.port);
  state.instances[i] = { pid: proc.pid, port: instance.port, log };
  writeFileSync(path.join(dir, "state.json"), JSON.stringify(state, null, 2), { mode: 0o600 });
  if (!(await waitForHttp(`http://127.0.0.1:${instance.port}/readyz`, proc, `Instance on port ${instance.port}`, 120_000))) throw new Error(`instance ${i + 1} did not start again:\n${tail(log)}`);
  return proc.pid;
}

/** The running cluster's state (URL, instances), or null. */
export function clusterState(env = process.env) {
  return readState(settings(env).dir);
}

const tail = (file, lines = 30) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "");

export async function start(env = process.env) {
  const config = settings(env);
  const { dir } = config;
  const previous = readState(dir);
  const stillRunning = running(previous, dir);
  if (stillRunning.length > 0) {
    fail(`The cluster is already running at ${previous?.url ?? `http://127.0.0.1:${config.port}/`} (processes ${stillRunning.join(", ")}): npm run cluster:stop stops it.`);
  }
  const nginx = nginxBinary();
  if (!nginx) fail("nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-filter (or set NGINX to the binary)");
  if (!existsSync(path.join(ROOT, "build/server.mjs")) || !existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.log("No production build yet: running `npm run build` once…");
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: ROOT });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  for (const [port, name] of [[config.port, "CLUSTER_PORT"], ...config.ports.map((p) => [p, "CLUSTER_INSTANCE_PORT"])]) {
    if (!(await portFree(port))) fail(`Port ${port} is in use: choose another ${name}.`);
  }
  await ensureDatabase(config.databaseUrl);

  // A fresh prefix: the old cache and configuration go (the secret changes with every start).
  for (const sub of ["cache", "temp", "logs"]) rmSync(path.join(dir, sub), { recursive: true, force: true });
  for (const sub of ["cache", "temp", "logs"]) mkdirSync(path.join(dir, sub), { recursive: true });
  const secret = randomBytes(24).toString("hex");
  const brotli = existsSync(BROTLI_MODULE);
  writeFileSync(path.join(dir, "nginx.conf"), readFileSync(path.join(TEMPLATE_DIR, "nginx.conf")));
  writeFileSync(
    path.join(dir, "storefront.conf"),
    renderSiteConfig({
      EDGE_LISTEN: `127.0.0.1:${config.port}`,
      EDGE_UPSTREAMS: config.ports.map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=2s;`).join("\n    "),
      EDGE_SECRET: secret,
    }),
  );
  // Brotli where Debian's module is installed: the configuration includes these two files then.
  for (const file of ["modules.conf", "brotli.conf"]) {
    if (brotli) writeFileSync(path.join(dir, file), readFileSync(path.join(TEMPLATE_DIR, file)));
    else rmSync(path.join(dir, file), { force: true });
  }
  const tested = spawnSync(nginx, ["-t", "-q", "-p", `${dir}/`, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  if (tested.status !== 0) fail(`nginx refused the configuration:\n${tested.stderr}`);

  // The instances, all at once: the first to take PostgreSQL's advisory locks migrates and seeds
  // an empty database, the others wait for it and find it done (api/db/client.ts, seed.ts).
  const shared = { databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, secret };
  const instances = config.ports.map((port, i) => ({ ...spawnInstance(env, dir, shared, i, port), port }));
  const state = { url: `http://127.0.0.1:${config.port}/`, ...shared, instances: instances.map(({ proc, port, log }) => ({ pid: proc.pid, port, log })) };
  writeFileSync(path.join(dir, "state.json"), JSON.stringify(state, null, 2), { mode: 0o600 });
  const ready = await Promise.all(instances.map(({ proc, port }) => waitForHttp(`http://127.0.0.1:${port}/healthz`, proc, `Instance on port ${port}`, 180_000)));
  const broken = instances.find((_, i) => !ready[i]);
  if (broken) {
    console.error(`An instance did not start (${broken.log}):\n${tail(broken.log)}`);
    await stop({ ...env, CLUSTER_DIR: dir }, { quiet: true });
    process.exit(1);
  }
  const started = spawnSync(nginx, ["-p", `${dir}/`, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  if (started.status !== 0 || !(await waitForHttp(`${state.url}healthz`, null, "nginx", 10_000))) {
    console.error(`nginx did not start:\n${started.stderr}${tail(path.join(dir, "logs", "error.log"))}`);
    await stop({ ...env, CLUSTER_DIR: dir }, { quiet: true });
    process.exit(1);
  }
  console.log(
    `Cluster ready on ${state.url} — nginx${brotli ? " (gzip, brotli)" : " (gzip)"} in front of ${instances.length} instances on ports ${config.ports.join(", ")}` +
      ` (${new URL(config.databaseUrl).pathname.slice(1)} on PostgreSQL, Redis ${config.redisUrl}); logs in ${path.relative(ROOT, dir) || dir}/logs; npm run cluster:stop stops it.`,
  );
  return state;
}

/** Stops nginx and every instance of the state file (SIGTERM: requests in flight finish; SIGKILL after 20 s). */
export async function stop(env = process.env, { quiet = false } = {}) {
  const { dir } = settings(env);
  const state = readState(dir);
  const nginx = nginxPid(dir);
  const pids = [nginx, ...(state?.instances ?? []).map((i) => i.pid)].filter((pid) => pid && alive(pid));
  if (pids.length === 0) {
    rmSync(path.join(dir, "state.json"), { force: true });
    if (!quiet) console.log("The cluster is not running.");
    return;
  }
  // nginx: SIGQUIT is its graceful shutdown; the instances drain on SIGTERM (server.ts).
  for (const pid of pids) process.kill(pid, pid === nginx ? "SIGQUIT" : "SIGTERM");
  const deadline = Date.now() + 20_000;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  for (const pid of pids.filter(alive)) process.kill(pid, "SIGKILL");
  while (pids.some(alive)) await sleep(50);
  rmSync(path.join(dir, "state.json"), { force: true });
  rmSync(path.join(dir, "nginx.pid"), { force: true });
  if (!quiet) console.log(`Cluster stopped (nginx and ${pids.length - (nginx && pids.includes(nginx) ? 1 : 0)} instances).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (existsSync(path.join(ROOT, ".env"))) {
    try {
      process.loadEnvFile(path.join(ROOT, ".env"));
    } catch {
      // the instances report a broken .env themselves
    }
  }
  const command = process.argv[2] ?? "start";
  if (command === "start") await start();
  else if (command === "stop") await stop();
  else fail("usage: node scripts/cluster.mjs [start|stop]");
}
