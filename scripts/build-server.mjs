// Bundles server.ts (with the embedded API it imports) into build/server.mjs, and the embedded
// database process into build/pglite-process.mjs (ADR 008); npm packages stay external.
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: true, logLevel: "warning" };
await build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.mjs", define: { "process.env.STOREFRONT_MAIN": '"1"' } });
await build({ ...common, entryPoints: ["api/db/pglite-process.ts"], outfile: "build/pglite-process.mjs" });
console.log("built build/server.mjs and build/pglite-process.mjs");
