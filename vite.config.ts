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
 * The browser bundle uses the production build instead: same code, smaller (ADR 002).
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
 * Branches of react-router's browser runtime that this app cannot reach, cut at build time
 * (ADR 002). Each group is applied only when every one of its edits matches exactly as often as
 * expected; otherwise (another react-router version) the group is skipped with a warning and the
 * bundle keeps the original code: correct, only larger.
 */
const ROUTER_UNREACHABLE: { name: string; edits: [from: string, to: string, count: number][] }[] = [
  {
    // RSC framework mode (RSCHydratedRouter) is not used: RSCRouterContext always holds its default, false.
    name: "RSC",
    edits: [
      ["return React.useContext(RSCRouterContext);", "return false;", 1],
      ["RenderErrorBoundary.contextType = RSCRouterContext;", "", 1],
      ["if (this.context && typeof error", "if (false && typeof error", 1],
      ["if (this.context) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler", "if (false) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler", 1],
    ],
  },
  {
    // entry.client.tsx passes no `unstable_instrumentations` to <HydratedRouter>.
    name: "instrumentations",
    edits: [["if (init.instrumentations) {", "if (false) {", 2]],
  },
  {
    // No route's links() returns a `{ page }` descriptor (<PrefetchPageLinks>); <Links> renders the rest.
    name: "page links",
    edits: [["({ key, link }) => isPageLinkDescriptor(link) ?", "({ key, link }) => false ?", 1]],
  },
];

/**
 * Tree-shaking for react-router's dist, a single prebundled module (browser build only):
 * - Rollup keeps every top-level `React.forwardRef(…)`, `React.createContext(…)` and
 *   `React.memo(…)` call (it cannot know they are pure) with the `X.displayName = "…"` after it,
 *   so <NavLink>, <Link>, <Form> and the rest stayed in the bundle although nothing renders them.
 *   The calls are marked pure and the DevTools-only display names dropped;
 * - the unreachable branches above are cut.
 */
function reactRouterTreeShaking(): Plugin {
  const applied = new Set<string>();
  let browserBuild = false;
  return {
    name: "react-router-tree-shaking",
    apply: "build",
    buildStart() {
      applied.clear();
      browserBuild = false;
    },
    transform(code, id, options) {
      if (options?.ssr || !id.startsWith(routerDist)) return null;
      browserBuild = true;
      let out = code
        .replace(/(?<!__PURE__ \*\/ )\b(React\d*\.(?:createContext|forwardRef|memo)\()/g, "/* @__PURE__ */ $1")
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, "");
      for (const group of ROUTER_UNREACHABLE) {
        const counts = group.edits.map(([from]) => out.split(from).length - 1);
        if (counts.every((n) => n === 0)) continue; // another module of the dist
        if (counts.some((n, i) => n !== group.edits[i][2])) {
          this.warn(`react-router "${group.name}" branches not cut: ${path.basename(id)} does not match (react-router upgraded?)`);
          continue;
        }
        for (const [from, to] of group.edits) out = out.split(from).join(to);
        applied.add(group.name);
      }
      return out === code ? null : { code: out, map: null };
    },
    buildEnd() {
      if (!browserBuild) return;
      for (const group of ROUTER_UNREACHABLE) {
        if (!applied.has(group.name)) this.warn(`react-router "${group.name}" branches not cut (react-router upgraded?): the bundle is larger`);
      }
    },
  };
}

/**
 * Everything the document needs on every page (React, React Router, entry.client, root and the
 * shell it renders) goes into one chunk, the entry: one gzip stream instead of a dozen files,
 * several of them under the 1 KB below which nothing is compressed (ADR 002). Route modules and
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
    // Terser with several passes: a few KB less JavaScript on every first visit (ADR 002). ES2020
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
