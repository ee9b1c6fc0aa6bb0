// `npm start`: builds on a fresh clone (no build/ yet), then runs the production server.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

if (!existsSync("build/server.mjs") || !existsSync("build/server/index.js")) {
  console.log("No production build yet: running `npm run build` once…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../build/server.mjs");
