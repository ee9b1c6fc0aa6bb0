/**
 * Start-up shortcut for the production server (ADR 008): forks the embedded PGlite process before
 * the web server has even loaded its modules, so the database boots on the other core meanwhile.
 * server.ts imports this module first; the build keeps it a separate file (build/pglite-prestart.mjs)
 * so it runs before the bundle's dependencies load. Only node built-ins here.
 *
 * It starts nothing unless the server will use embedded, on-disk PGlite (no API_URL, no
 * DATABASE_URL) and it runs from the build. openDatabase() adopts the process when it asks for the
 * same directory; an unused one exits with its parent (it watches the IPC channel).
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface PrestartedPglite {
  /** Absolute data directory the process was started on. */
  dir: string;
  child: ChildProcess;
  /** The loopback port, once the process reports ready. */
  port: Promise<number>;
}

const KEY = Symbol.for("storefront.pglite-prestart");
type Registry = { [KEY]?: PrestartedPglite };

/** Forks `entry` on `dir` and listens for its ready message at once (it may come early). */
export function forkPglite(entry: string, dir: string, execArgv: string[] = []): PrestartedPglite {
  const child = fork(entry, [dir], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`PGlite process exited with code ${code} before it was ready`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.on("message", (message: { type?: string; port?: number }) => {
      if (message?.type === "ready" && message.port) {
        child.off("exit", onExit);
        resolve(message.port);
      }
    });
  });
  port.catch(() => {});
  return { dir: path.resolve(dir), child, port };
}

/** The prestarted process for `dir`, handed over once (later callers start their own). */
export function takePrestartedPglite(dir: string): PrestartedPglite | null {
  const registry = globalThis as Registry;
  const found = registry[KEY];
  if (!found || found.dir !== path.resolve(dir) || found.child.exitCode !== null) return null;
  delete registry[KEY];
  return found;
}

function prestart(): void {
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
  const set = (name: string) => (process.env[name] ?? "").trim() !== "";
  if (set("API_URL") || set("DATABASE_URL") || process.env.NODE_ENV === "development") return;
  const dataDir = (process.env.DATA_DIR ?? "").trim() || "./data";
  if (dataDir.startsWith("memory://")) return;
  const entry = fileURLToPath(new URL("./pglite-process.mjs", here));
  if (!existsSync(entry)) return;
  (globalThis as Registry)[KEY] = forkPglite(entry, path.join(dataDir, "pglite"));
}

prestart();
