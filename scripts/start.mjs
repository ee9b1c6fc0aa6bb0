// `npm start`: builds on a fresh clone (no build/ yet), then runs the production server.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { embeddedDataDir, lockDataDirOrExit } from "../api/db/data-dir-lock.mjs";

// The data folder is this process's before anything else happens (issue 25): a second start on
// it stops here, before it builds over the first one's files. The server takes the same lock
// again (api/db/pglite-prestart.ts), which in one process is the same lock.
if (existsSync(".env")) {
  try {
    process.loadEnvFile(".env");
  } catch {
    // the server reports a broken .env itself
  }
}
const dataDir = embeddedDataDir();
if (dataDir) await lockDataDirOrExit(dataDir);
if (!existsSync("build/server.mjs") || !existsSync("build/server/index.js")) {
  console.log("No production build yet: running `npm run build` once…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../build/server.mjs");
