/**
 * Starts the built production server for the e2e run (playwright.config.ts webServer).
 *
 * Playwright starts its webServers before globalSetup runs, so the fresh-database step lives
 * here: with E2E_FRESH_DATA=1 the DATA_DIR (which must be under ./data) is deleted first, so
 * each run seeds its own catalogue and never touches a developer's ./data.
 */
import { existsSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { Buffer } from "node:buffer";
import path from "node:path";
import { pathToFileURL } from "node:url";

const entry = path.resolve("build", "server.mjs");
if (!existsSync(entry) || !existsSync(path.resolve("build", "server", "index.js"))) {
  console.error("No production build: run `npm run build` before the e2e tests (`npm test` does).");
  process.exit(1);
}

const dataDir = process.env.DATA_DIR;
if (process.env.E2E_FRESH_DATA === "1" && dataDir) {
  const target = path.resolve(dataDir);
  const dataRoot = path.resolve("data");
  if (!target.startsWith(dataRoot + path.sep)) {
    console.error(`Refusing to delete ${target}: the e2e DATA_DIR must be inside ${dataRoot}`);
    process.exit(1);
  }
  rmSync(target, { recursive: true, force: true });
}

/**
 * E2E_SERVER_LOG: the shop's stdout and stderr are also written to this file (Playwright ignores
 * the server's stdout), so tests can read what a fresh clone's developer reads in the terminal: the
 * login codes and the letters' links when no SMS provider or SMTP is configured
 * (tests/support/server-log.ts). Written synchronously: a line is in the file before the API's
 * answer that caused it leaves.
 */
const logFile = process.env.E2E_SERVER_LOG;
if (logFile) {
  mkdirSync(path.dirname(path.resolve(logFile)), { recursive: true });
  const fd = openSync(logFile, "w");
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = (chunk, ...rest) => {
      try {
        writeSync(fd, typeof chunk === "string" ? chunk : Buffer.from(chunk));
      } catch {
        // The log file is a convenience for tests; the server goes on without it.
      }
      return write(chunk, ...rest);
    };
  }
}

await import(pathToFileURL(entry).href);
