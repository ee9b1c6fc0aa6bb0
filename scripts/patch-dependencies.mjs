#!/usr/bin/env node
// Runs after `npm ci`/`npm install` (postinstall). Applies small source patches to dependencies
// in node_modules (ADR 018). Each one must find its exact original text (a few expressions left
// open), is idempotent, and fails the install loudly when the dependency's text has changed (an
// upgrade must revisit it).
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * React Router's `createStaticRouter` (one per server render) returns an object literal with
 * getters. V8 keeps such objects in dictionary mode with their accessor pairs allocated in the
 * old generation, so every render's route tree and loader data survive young-generation GCs
 * until the next full GC (ADR 018). The patch returns the same values as plain properties,
 * computed once; a static router never changes, so nothing can observe the difference.
 * The @…@ holes are the two expressions the ES module and CommonJS builds write differently.
 */
const STATIC_ROUTER_ORIGINAL = `  return {
    get basename() {
      return context.basename;
    },
    get future() {
      return {
        v8_middleware: false,
        v8_passThroughRequests: false,
        v8_trailingSlashAwareDataRequests: false,
        ...@FUTURE@
      };
    },
    get state() {
      return {
        historyAction: "POP" /* Pop */,
        location: context.location,
        matches,
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
        initialized: true,
        renderFallback: false,
        navigation: @IDLE@,
        restoreScrollPosition: null,
        preventScrollReset: false,
        revalidation: "idle",
        fetchers: /* @__PURE__ */ new Map(),
        blockers: /* @__PURE__ */ new Map()
      };
    },
    get routes() {
      return dataRoutes;
    },
    get branches() {
      return opts.branches;
    },
    get manifest() {
      return manifest;
    },
    get window() {
      return void 0;
    },`;

/** `get name() { return expression; }` → `name: expression,` (an expression over several lines keeps its text). */
function gettersToProperties(text) {
  return text.replace(
    /^( +)get (\w+)\(\) \{\n\1 {2}return ([\s\S]*?);\n\1\},$/gm,
    (_, indent, name, expression) => `${indent}${name}: ${expression.replaceAll("\n  ", "\n")},`,
  );
}

/**
 * `ServerRouter` (once per document render) builds the server route tree of the whole app from the
 * build's manifest, and `createStaticRouter` converts it into data routes: ~3 % of a catalogue
 * page's CPU for a result that is the same for every render of one build (ADR 020). Both are kept
 * per build, in WeakMaps keyed by the build's manifest routes and by the route tree: nothing
 * mutates them during a static render, and a new build (development) brings new keys.
 */
const SERVER_ROUTES_ORIGINAL = `  let routes = @CREATE@
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`;

function memoisedServerRoutes(text) {
  const call = text.replace(/^ {2}let routes = /, "");
  return `  const serverRoutesMemo = (globalThis[Symbol.for("storefront.serverRoutes")] ??= new WeakMap());
  let routes = serverRoutesMemo.get(manifest.routes);
  if (!routes) {
    routes = ${call.replaceAll("\n", "\n  ")}
    serverRoutesMemo.set(manifest.routes, routes);
  }`;
}

const DATA_ROUTES_ORIGINAL = `  let manifest = {};
  let dataRoutes = @CONVERT@
    routes,
    @MAP@,
    void 0,
    manifest
  );`;

function memoisedDataRoutes(text) {
  const call = text.replace(/^ {2}let manifest = \{\};\n {2}let dataRoutes = /, "").replace(/;$/, "");
  return `  const dataRoutesMemo = (globalThis[Symbol.for("storefront.staticDataRoutes")] ??= new WeakMap());
  let memo = dataRoutesMemo.get(routes);
  if (!memo) {
    let manifest = {};
    memo = { manifest, dataRoutes: ${call.replaceAll("\n", "\n  ")} };
    dataRoutesMemo.set(routes, memo);
  }
  let { manifest, dataRoutes } = memo;`;
}

/**
 * A document's loader data goes into the page as a turbo-stream: React Router encodes it into a
 * web stream (an abort controller, a timer, a promise chain) that `StreamTransfer` reads back
 * inside a Suspense boundary, suspending the render once per chunk: ~9 % of a page's CPU
 * (ADR 021). When the data is plain and whatever it defers has settled,
 * `app/lib/plain-handoff.server.ts` encodes the same chunks at once; `renderHtml` asks it first,
 * and `ServerRouter` hands them to `StreamTransfer` already read, so it renders without suspending.
 */
const HANDOFF_ENCODE_ORIGINAL = `      serverHandoffStream: encodeViaTurboStream(
        state,`;

const plainHandoffFirst = (text) =>
  text.replace("encodeViaTurboStream(", 'globalThis[Symbol.for("storefront.plainHandoff")]?.(state) ?? encodeViaTurboStream(');

const HANDOFF_READER_ORIGINAL = `      reader: context.serverHandoffStream.getReader(),`;

const plainHandoffRead = () => `      reader: ((stream, meta) => {
        const chunks = stream.storefrontChunks;
        if (!Array.isArray(chunks)) return stream.getReader();
        const read = (result) => Object.assign(Promise.resolve(), { result });
        const cache = (meta.streamCache = { ...meta.streamCache });
        chunks.forEach((value, i) => (cache[i] = read({ done: false, value })));
        cache[chunks.length] = read({ done: true, value: "" });
        return null;
      })(context.serverHandoffStream, context.renderMeta),`;

/** React Router's ES module and CommonJS builds (Vitest loads the latter). */
const REACT_ROUTER_BUILDS = { dir: "node_modules/react-router/dist", files: (name) => /\.m?js$/.test(name) };

const patches = [
  {
    name: "react-router: ServerRouter builds the route tree once per build",
    ...REACT_ROUTER_BUILDS,
    anchor: "function ServerRouter(",
    marker: "  // storefront patch (scripts/patch-dependencies.mjs): route tree once per build\n",
    original: SERVER_ROUTES_ORIGINAL,
    transform: memoisedServerRoutes,
  },
  {
    name: "react-router: createStaticRouter converts a route tree once",
    ...REACT_ROUTER_BUILDS,
    anchor: "function createStaticRouter(",
    marker: "  // storefront patch (scripts/patch-dependencies.mjs): data routes once per route tree\n",
    original: DATA_ROUTES_ORIGINAL,
    transform: memoisedDataRoutes,
  },
  {
    name: "react-router: plain loader data encoded at once",
    ...REACT_ROUTER_BUILDS,
    anchor: "async function renderHtml(",
    marker: "      // storefront patch (scripts/patch-dependencies.mjs): plain data encoded at once\n",
    original: HANDOFF_ENCODE_ORIGINAL,
    transform: plainHandoffFirst,
  },
  {
    name: "react-router: StreamTransfer reads plain data without suspending",
    ...REACT_ROUTER_BUILDS,
    anchor: "function ServerRouter(",
    marker: "      // storefront patch (scripts/patch-dependencies.mjs): plain data already read\n",
    original: HANDOFF_READER_ORIGINAL,
    transform: plainHandoffRead,
  },
  {
    name: "react-router: createStaticRouter without accessors",
    ...REACT_ROUTER_BUILDS,
    anchor: "function createStaticRouter(",
    marker: "  // storefront patch (scripts/patch-dependencies.mjs): plain properties, no accessors\n",
    original: STATIC_ROUTER_ORIGINAL,
    transform: gettersToProperties,
  },
];

/** The original text as a pattern: each @NAME@ stands for any expression on one line. */
function pattern(text) {
  const source = text
    .split(/@(\w+)@/)
    .map((part, i) => (i % 2 ? "[^\n]+?" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(source);
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

let failed = false;
for (const patch of patches) {
  const dir = path.join(root, patch.dir);
  if (!existsSync(dir)) continue; // not installed (e.g. a production install without it)
  let applied = 0;
  let already = 0;
  for (const file of filesUnder(dir).filter((f) => patch.files(path.basename(f)))) {
    const source = readFileSync(file, "utf8");
    if (!source.includes(patch.anchor)) continue;
    if (source.includes(patch.marker)) {
      already++;
      continue;
    }
    const match = pattern(patch.original).exec(source.slice(source.indexOf(patch.anchor)));
    if (!match) {
      console.error(`patch-dependencies: "${patch.name}" does not apply to ${path.relative(root, file)}`);
      failed = true;
      continue;
    }
    const at = source.indexOf(patch.anchor) + match.index;
    const replacement = patch.marker + patch.transform(match[0]);
    writeFileSync(file, source.slice(0, at) + replacement + source.slice(at + match[0].length));
    applied++;
  }
  if (applied + already === 0) {
    console.error(`patch-dependencies: "${patch.name}" found no file to patch under ${patch.dir}`);
    failed = true;
  } else if (applied > 0) {
    console.log(`patch-dependencies: ${patch.name} (${applied} file${applied > 1 ? "s" : ""})`);
  }
}
if (failed) {
  console.error("patch-dependencies: a dependency changed; update scripts/patch-dependencies.mjs (see ADR 018)");
  process.exit(1);
}
