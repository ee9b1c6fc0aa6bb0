// Bundles server.ts (with the embedded API it imports) into build/server.mjs, and the embedded
// database process into build/pglite-process.mjs (ADR 008); npm packages stay external.
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: true, logLevel: "warning" };

/**
 * api/db/pglite-prestart stays its own file (one copy), and build/server.mjs imports it on its
 * first line: imports run in the order they appear, so it forks the database before the bundle's
 * npm dependencies load.
 */
const prestartExternal = {
  name: "pglite-prestart-external",
  setup(b) {
    b.onResolve({ filter: /pglite-prestart(\.ts)?$/ }, () => ({ path: "./pglite-prestart.mjs", external: true }));
  },
};
await build({ ...common, entryPoints: ["api/db/pglite-prestart.ts"], outfile: "build/pglite-prestart.mjs" });
await build({
  ...common,
  entryPoints: ["server.ts"],
  outfile: "build/server.mjs",
  define: { "process.env.STOREFRONT_MAIN": '"1"' },
  banner: { js: 'import "./pglite-prestart.mjs";' },
  plugins: [prestartExternal],
});
await build({ ...common, entryPoints: ["api/db/pglite-process.ts"], outfile: "build/pglite-process.mjs" });
console.log("built build/server.mjs, build/pglite-prestart.mjs and build/pglite-process.mjs");
