import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

const require = createRequire(import.meta.url);
const routerDist = path.join(path.dirname(require.resolve("react-router/package.json")), "dist/production");
const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "app");

/**
 * react-router's package exports only point at its development build (with dev-only warnings).
 * The browser bundle uses the production build the package ships instead: same code, smaller
 * (ADR 023, which keeps this from the superseded ADR 002).
 */
function reactRouterProductionBuild(): Plugin {
  const targets: Record<string, string> = {
    "react-router": path.join(routerDist, "index.mjs"),
    "react-router/dom": path.join(routerDist, "dom-export.mjs"),
  };
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (options?.ssr) return null;
      return targets[id] ?? null;
    },
  };
}

/**
 * Everything the document needs on every page (React, React Router, entry.client, root and the
 * shell it renders) goes into one chunk, the entry: one gzip stream instead of a dozen files,
 * several of them under the 1 KB below which nothing is compressed (ADR 023). Route modules and
 * what only they use keep their own chunks.
 */
function shellChunk() {
  let shell: Set<string> | null = null;
  const roots = new Set([path.join(appDir, "entry.client.tsx"), path.join(appDir, "root.tsx")]);
  return (id: string, api: { getModuleIds(): IterableIterator<string>; getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
    if (!shell) {
      shell = new Set();
      const stack = [...api.getModuleIds()].filter((m) => roots.has(m.split("?")[0]));
      while (stack.length) {
        const m = stack.pop()!;
        if (shell.has(m)) continue;
        shell.add(m);
        stack.push(...(api.getModuleInfo(m)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouterProductionBuild(), reactRouter()],
  build: {
    // Hashed file names under /assets are served immutable by server.ts.
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
    // Terser with several passes: a few KB less JavaScript on every first visit (ADR 023). ES2020
    // output is below the build target (Vite's baseline-widely-available browsers).
    // The server bundle stays readable (stack traces and profiles name the app's functions).
    minify: isSsrBuild ? false : "terser",
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { ecma: 2020, passes: 3, pure_getters: true, unsafe_arrows: true, unsafe_methods: true },
      format: { comments: false, ecma: 2020 },
    },
  },
}));
