/**
 * One process per PGlite data folder (issue 25). PGlite has no lock of its own: a second
 * `npm start` on the same DATA_DIR opened the same files beside the first, and several starting
 * at once aborted inside the database's WebAssembly (`RuntimeError: Aborted()`).
 *
 * The lock is the operating system's, so a crash (kill -9 included) can never leave it behind:
 * on Linux the process binds an abstract Unix socket named after the folder's device and inode;
 * the kernel lets exactly one process bind a name and frees it when that process ends, and the
 * holder answers its PID to whoever connects, for the message. Elsewhere (macOS, Windows; or when
 * such a socket cannot be bound) it is a lock file in the folder, created atomically with the
 * holder's PID in it and taken over when that PID is no longer running (two processes that find
 * the same stale file at the same instant may still race there).
 *
 * Within one process the lock is shared: `npm start` takes it before it builds, the database's
 * start (pglite-prestart.ts, client.ts) takes it again, and it is free once every taker released
 * it or the process ended. Plain JavaScript with node built-ins only: scripts/start.mjs runs it
 * before there is a build; the TypeScript side reads its types from data-dir-lock.d.mts.
 */
import { connect, createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, realpathSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The data folder the production server will open embedded PGlite in, or null when it will not
 * (API_URL or DATABASE_URL set, development, in-memory): what `npm start` and the server's first
 * import lock. The server's own rules (app/lib/env.server.ts, app/lib/backend.server.ts).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | null}
 */
export function embeddedDataDir(env = process.env) {
  const set = (/** @type {string} */ name) => (env[name] ?? "").trim() !== "";
  if (set("API_URL") || set("DATABASE_URL") || env.NODE_ENV === "development") return null;
  const dir = (env.DATA_DIR ?? "").trim() || "./data";
  return dir.startsWith("memory://") ? null : dir;
}

/** The lock file of the fallback, inside the data folder. */
export const LOCK_FILE = ".storefront.lock";

export class DataDirBusyError extends Error {
  /**
   * @param {string} dir the data folder as the user named it, absolute
   * @param {number | null} pid the process holding it, when it said
   */
  constructor(dir, pid) {
    super(
      `Не удалось запустить: папка данных ${dir} уже используется ${pid === null ? "другим процессом" : `процессом ${pid}`}. ` +
        "Остановите его или укажите другую папку в DATA_DIR.",
    );
    this.name = "DataDirBusyError";
    this.code = "DATA_DIR_BUSY";
    this.dir = dir;
    this.pid = pid;
  }
}

const REGISTRY = Symbol.for("storefront.data-dir-locks");

/**
 * This process's locks by the folder's real path (one copy across bundles: start.mjs, the
 * prestart file and the server bundle each carry this module).
 * @typedef {{ refs: number; ready: Promise<() => Promise<void>>; releasing: Promise<void> | null }} Held
 * @returns {Map<string, Held>}
 */
function held() {
  const scope = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  scope[REGISTRY] ??= new Map();
  return /** @type {Map<string, Held>} */ (scope[REGISTRY]);
}

/**
 * Takes the data folder `dir` (created when missing) for this process, or rejects with
 * DataDirBusyError naming the process that has it.
 * @param {string} dir
 * @param {{ socket?: boolean }} [options] socket: the abstract-socket lock (default on Linux); false: the lock file
 * @returns {Promise<{ dir: string; release(): Promise<void> }>}
 */
export async function lockDataDir(dir, { socket = process.platform === "linux" } = {}) {
  const shown = path.resolve(dir);
  mkdirSync(shown, { recursive: true });
  const real = realpathSync(shown);
  const locks = held();
  let lock = locks.get(real);
  if (lock?.releasing) {
    await lock.releasing;
    lock = locks.get(real);
  }
  if (!lock) {
    const ready = socket
      ? socketLock(real, shown).catch((error) => {
          if (error instanceof DataDirBusyError) throw error;
          return fileLock(real, shown);
        })
      : Promise.resolve().then(() => fileLock(real, shown));
    const created = /** @type {Held} */ ({ refs: 0, ready, releasing: null });
    locks.set(real, created);
    ready.catch(() => {
      if (locks.get(real) === created) locks.delete(real);
    });
    lock = created;
  }
  const taken = lock;
  taken.refs++;
  try {
    await taken.ready;
  } catch (error) {
    taken.refs--;
    throw error;
  }
  let released = false;
  return {
    dir: shown,
    async release() {
      if (released) return;
      released = true;
      if (--taken.refs > 0) return;
      taken.releasing = taken.ready
        .then((free) => free())
        .finally(() => {
          if (locks.get(real) === taken) locks.delete(real);
        });
      await taken.releasing;
    },
  };
}

/**
 * The abstract socket `\0…` (Linux): bound by one process at a time, gone when it ends.
 * @param {string} real
 * @param {string} shown
 * @returns {Promise<() => Promise<void>>}
 */
async function socketLock(real, shown) {
  const { dev, ino } = statSync(real);
  const name = `\0podarki-storefront/data-dir/${dev}/${ino}`;
  const server = createServer((client) => {
    client.on("error", () => {});
    client.end(`${process.pid}\n`);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: name }, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  }).catch(async (error) => {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EADDRINUSE") throw error;
    throw new DataDirBusyError(shown, await holderPid(name));
  });
  // The lock never keeps the process alive by itself.
  server.unref();
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The holder's PID, as it answers on the socket; null when it does not within 2 s.
 * @param {string} name
 * @returns {Promise<number | null>}
 */
function holderPid(name) {
  return new Promise((resolve) => {
    let text = "";
    const client = connect({ path: name });
    client.setEncoding("utf8");
    client.setTimeout(2000, () => client.destroy());
    client.on("data", (chunk) => (text += chunk));
    client.on("error", () => {});
    client.on("close", () => resolve(/^\d+\n$/.test(text) ? Number(text.trim()) : null));
  });
}

/**
 * The lock file: created whole (a written file linked into place, which fails if one is there),
 * taken over when its PID is not running.
 * @param {string} real
 * @param {string} shown
 * @returns {() => Promise<void>}
 */
function fileLock(real, shown) {
  const file = path.join(real, LOCK_FILE);
  const mine = path.join(real, `${LOCK_FILE}.${process.pid}.${randomBytes(6).toString("hex")}`);
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, file);
        return async () => {
          if (pidIn(file) === process.pid) unlinkQuietly(file);
        };
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      }
      const pid = pidIn(file);
      // Our own PID: a process before us had it (a restarted container reuses PIDs); this one holds no lock here.
      if (pid !== null && pid !== process.pid && running(pid)) throw new DataDirBusyError(shown, pid);
      // Its process is gone (or it is unreadable): stale.
      unlinkQuietly(file);
    }
    throw new DataDirBusyError(shown, pidIn(file));
  } finally {
    unlinkQuietly(mine);
  }
}

/** @param {string} file */
function pidIn(file) {
  try {
    const text = readFileSync(file, "utf8");
    return /^\d+\n$/.test(text) ? Number(text.trim()) : null;
  } catch {
    return null;
  }
}

/** @param {number} pid */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** @param {string} file */
function unlinkQuietly(file) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/**
 * A start (npm start, the prestart): takes the data folder, or prints whose it is and ends the
 * process with exit code 1 before anything opens the database.
 * @param {string} dir
 */
export async function lockDataDirOrExit(dir) {
  try {
    await lockDataDir(dir);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
