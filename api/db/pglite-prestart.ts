/**
 * Where the embedded PGlite runs (ADR 008, ADR 017) and the production server's start-up shortcut.
 *
 * From the build, PGlite runs in a worker thread of the server process (build/pglite-process.mjs):
 * SQL still runs on its own thread (the other core), and the process pays for one Node runtime
 * instead of two. Under tsx (development) a worker cannot load TypeScript, so the same entry runs
 * as a forked child process instead. Either way it serves the PostgreSQL wire protocol on a
 * loopback port and the reference API talks to it with node-postgres.
 *
 * server.ts imports this module first; the build keeps it a separate file
 * (build/pglite-prestart.mjs) so it runs before the bundle's dependencies load, and it starts the
 * worker at once when the server will use embedded, on-disk PGlite (no API_URL, no DATABASE_URL):
 * PGlite boots on the other core meanwhile. openDatabase() adopts it when it asks for the same
 * directory. It first takes the data folder's lock (data-dir-lock.mjs): a second server on the
 * same folder stops there. Only node built-ins here (pglite-options.ts has no runtime imports).
 */
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { CREATE_ONLY, CREATING_SUFFIX } from "./pglite-options";
import { embeddedDataDir, lockDataDirOrExit } from "./data-dir-lock.mjs";

/** A running PGlite wire-protocol server. */
export interface PgliteServer {
  /** Absolute data directory it was started on. */
  dir: string;
  /** A worker thread of this process (the build) or a child process (the source under tsx). */
  kind: "thread" | "process";
  /** The loopback port, once it reports ready. */
  port: Promise<number>;
  running(): boolean;
  /** Asks it to close (PGlite checkpoints), and waits until it has stopped. */
  close(): Promise<void>;
}

/** How long close() waits for a clean stop before it stops the thread or process by force. */
const CLOSE_TIMEOUT_MS = 5000;
/**
 * The worker's own JavaScript heap: PGlite keeps its data in WASM memory and answers in raw
 * protocol bytes, so its heap stays near 10–20 MB; the limits only keep V8 from growing it.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

type Ready = { type?: string; port?: number };
type Endpoint = {
  on(event: "message", fn: (message: Ready) => void): unknown;
  once(event: "exit", fn: (code: number | null) => void): unknown;
  once(event: "error", fn: (error: Error) => void): unknown;
  off(event: "exit", fn: (code: number | null) => void): unknown;
};

/** Resolves with the port of the first `ready` message; rejects if it stops first. */
function readyPort(endpoint: Endpoint): Promise<number> {
  const port = new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`PGlite exited with code ${code} before it was ready`));
    endpoint.once("exit", onExit);
    endpoint.once("error", reject);
    endpoint.on("message", (message) => {
      if (message?.type === "ready" && message.port) {
        endpoint.off("exit", onExit);
        resolve(message.port);
      }
    });
  });
  port.catch(() => {});
  return port;
}

/**
 * Starts `entry` (the built .mjs) on `dir` in a worker thread of this process. A new directory is
 * first created by a short-lived child process: PostgreSQL's initdb grows PGlite's WASM memory to
 * ~650 MB, which WASM never gives back, and even a thread that ends leaves ~64 MB of malloc arena
 * behind; a process that exits returns all of it.
 */
export function startPgliteWorker(entry: string, dir: string): PgliteServer {
  let worker: Worker | null = null;
  let stopped = false;
  let closing = false;
  let exited = Promise.resolve();
  const creation: Creation = { child: null, cancelled: false };
  const port = (async () => {
    if (!existsSync(path.join(dir, "PG_VERSION"))) await createDirectory(entry, dir, creation);
    if (closing) throw new Error("PGlite was closed before it was ready");
    const serving = new Worker(entry, { workerData: { dir }, resourceLimits: WORKER_LIMITS });
    serving.on("error", (error) => console.error("[pglite] the database thread stopped:", error.message));
    exited = new Promise<void>((resolve) =>
      serving.once("exit", () => {
        stopped = true;
        resolve();
      }),
    );
    worker = serving;
    const ready = await readyPort(serving);
    // Once ready it never keeps the process alive by itself (the server closes it on shutdown).
    serving.unref();
    return ready;
  })();
  port.catch(() => {});
  return {
    dir: path.resolve(dir),
    kind: "thread",
    port,
    running: () => !stopped,
    async close() {
      closing = true;
      // A directory being made is made beside its place (createDirectory): stopping that is
      // safe, and a server that stops at start does not wait for a seed.
      creation.cancelled = true;
      creation.child?.kill("SIGKILL");
      // Never cut PGlite off while it opens its directory: wait until it is ready.
      await port.catch(() => {});
      if (!worker || stopped) return;
      worker.postMessage("close");
      const timer = setTimeout(() => void worker?.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Creates, migrates and seeds a new PGlite directory in a short-lived child process, next to
 * `dir` under another name, and moves it into place when it is complete: a start that is killed
 * meanwhile (the child ends with it) leaves no half-made database, only a folder the next start
 * discards and makes again (issue 25: a crash must never leave the data folder unusable).
 */
interface Creation {
  /** The process making the directory, while it runs. */
  child: ChildProcess | null;
  /** Set by close(): make nothing (more). */
  cancelled: boolean;
}

async function createDirectory(entry: string, dir: string, creation: Creation): Promise<void> {
  // Leftovers of starts that were killed (this process holds the data folder's lock: none of
  // them is running; a child of one may still write for a moment, into its own folder).
  const parent = path.dirname(dir);
  const prefix = `${path.basename(dir)}${CREATING_SUFFIX}-`;
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (name.startsWith(prefix)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const creating = path.join(parent, `${prefix}${process.pid}`);
  if (creation.cancelled) throw new Error("PGlite was closed before it was ready");
  const child = fork(entry, [creating, CREATE_ONLY], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  creation.child = child;
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  creation.child = null;
  if (code !== 0) {
    rmSync(creating, { recursive: true, force: true });
    throw new Error(creation.cancelled ? "PGlite was closed before it was ready" : `PGlite could not create ${dir} (exit code ${code ?? signal})`);
  }
  if (existsSync(dir)) {
    // A folder without PG_VERSION holds no database: an empty one goes, anything else is kept aside.
    if (readdirSync(dir).length === 0) rmdirSync(dir);
    else {
      const aside = `${dir}.incomplete-${Date.now()}`;
      renameSync(dir, aside);
      console.warn(`[pglite] ${dir} held no complete database: moved to ${aside}`);
    }
  }
  renameSync(creating, dir);
}

/** Forks `entry` on `dir` as a child process (the .ts source under tsx: development, tests). */
export function forkPglite(entry: string, dir: string, execArgv: string[] = []): PgliteServer {
  const child = fork(entry, [dir], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    dir: path.resolve(dir),
    kind: "process",
    port: readyPort(child),
    running: () => child.exitCode === null && child.signalCode === null,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send("close");
      const timer = setTimeout(() => child.kill("SIGKILL"), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

const KEY = Symbol.for("storefront.pglite-prestart");
type Registry = { [KEY]?: PgliteServer };

/** The server started early for `dir`, handed over once (later callers start their own). */
export function takePrestartedPglite(dir: string): PgliteServer | null {
  const registry = globalThis as Registry;
  const found = registry[KEY];
  if (!found || found.dir !== path.resolve(dir) || !found.running()) return null;
  delete registry[KEY];
  return found;
}

/**
 * Closes what prestart() started if nobody adopted it (a server that stops at start: a bad
 * configuration). A directory still being made is dropped (the next start makes it again); one
 * being opened is closed cleanly.
 */
export async function closePrestartedPglite(): Promise<void> {
  const registry = globalThis as Registry;
  const found = registry[KEY];
  delete registry[KEY];
  await found?.close();
}

async function prestart(): Promise<void> {
  const here = import.meta.url;
  if (!here.endsWith(".mjs")) return; // the source (.ts) runs under tsx or Vitest: no shortcut
  // The same optional .env the server reads (real environment variables win).
  if (existsSync(".env")) {
    try {
      process.loadEnvFile(".env");
    } catch {
      return; // the server reports a broken .env itself
    }
  }
  const dataDir = embeddedDataDir();
  if (!dataDir) return;
  const entry = fileURLToPath(new URL("./pglite-process.mjs", here));
  if (!existsSync(entry)) return;
  // One process per data folder (issue 25): a second server stops here, before its database
  // opens the first one's files.
  await lockDataDirOrExit(dataDir);
  (globalThis as Registry)[KEY] = startPgliteWorker(entry, path.join(dataDir, "pglite"));
}

await prestart();
