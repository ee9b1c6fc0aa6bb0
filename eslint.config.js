import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/*
 * Import boundaries (docs/architecture.md, "Where code goes"; ADR 050).
 *
 * Each group is one kind of module a directory may not import. A pattern matches the `#app/*`-style
 * aliases of package.json "imports" and the relative spelling of the same place (`../../app/…`,
 * `../features/…`), so neither way around the rule lints clean. Static imports and re-exports are
 * checked by @typescript-eslint/no-restricted-imports (ESLint's rule plus `allowTypeImports`),
 * `import("…")` with a literal by no-restricted-syntax. Colocated tests are outside the zones.
 */
const forbidden = {
  express: {
    regex: "^(express|@react-router/express|compression|on-headers|@hono/node-server)(/|$)",
    message: "Express and the HTTP listeners live in server/ only (docs/architecture.md, Where code goes).",
  },
  app: {
    regex: "^(#app/|(\\.\\./)+app(/|$))",
    message: "This layer never imports app/: share code through contract/ (docs/architecture.md, Where code goes).",
  },
  api: {
    regex: "^(#api/|(\\.\\./)+api(/|$))",
    message: "Only the server mounts api/; the app reaches it through contract/ and HTTP (docs/architecture.md, Where code goes).",
  },
  server: {
    regex: "^(#server/|(\\.\\./)+server(/|$))",
    message: "server/ imports the app and the api, never the other way round (docs/architecture.md, Where code goes).",
  },
  limits: {
    regex: "^(#limits/|(\\.\\./)+limits(/|$))",
    message: "contract/ holds the shapes and pure rules both sides share, shared/ the Redis link: each imports no other layer (docs/architecture.md, Where code goes).",
  },
  shared: {
    regex: "^(#shared/|(\\.\\./)+shared(/|$))",
    message: "contract/ imports no other layer: shared/ (the Redis link, change events) serves the server, the API and the limiter (docs/architecture.md, Where code goes).",
  },
  appUi: {
    regex: "^(#app/|(\\.\\./)+(app/)?)(features|components|routes|layouts)(/|$)",
    message: "app/lib holds app-wide utilities that import no feature, component, route or layout (docs/architecture.md, Where code goes).",
  },
  domainUi: {
    regex: "^(#app/|(\\.\\./)+(app/)?)(features|layouts)(/|$)",
    message: "app/components holds UI shared across domains: it imports no feature or layout (a component that needs one belongs in that feature) (docs/architecture.md, Where code goes).",
  },
  layouts: {
    regex: "^(#app/|(\\.\\./)+(app/)?)layouts(/|$)",
    message: "Features never import a layout: the layouts compose the features, not the other way round (docs/architecture.md, Where code goes).",
  },
  routes: {
    regex: "^(#app/|(\\.\\./)+(app/)?)routes(/|$)",
    allowTypeImports: true,
    message: "Route modules are leaves: import only a route's types (`typeof loader`); shared logic goes in app/features (docs/architecture.md, Where code goes).",
  },
};

/**
 * What each directory may not import. A folder inherits the groups of the folders around it
 * (app/lib: its own and app's); a file takes the zone of its longest matching directory.
 */
export const boundaryZones = {
  app: ["express", "api", "server"],
  "app/lib": ["appUi"],
  "app/features": ["routes", "layouts"],
  "app/components": ["routes", "domainUi"],
  "app/layouts": ["routes"],
  api: ["express", "app", "server"],
  contract: ["express", "app", "api", "server", "limits", "shared"],
  limits: ["express", "app", "api", "server"],
  shared: ["express", "app", "api", "server", "limits"],
};

/*
 * TEMPORARY exceptions: code written before the boundaries were enforced, one entry per file with the
 * groups it still imports (`{ file: "app/lib/x.ts", allow: ["appUi"] }`); everything else stays
 * forbidden for it. Empty since issue 26 moved the last ones (ADR 050); an entry is removed when the
 * file moves or stops importing across the line (tests/integration/lint-boundaries.test.ts fails on
 * an entry that is no longer needed, so this list only shrinks).
 */
/** @type {{ file: string; allow: string[] }[]} */
export const boundaryExceptions = [];

/** Test files may reach across layers to set up what they test. */
const testFiles = ["**/*.test.ts", "**/*.test.tsx"];

const escapeSelector = (regex) => regex.replaceAll("/", "\\/");

function boundaryRules(groups) {
  const patterns = groups.map((name) => forbidden[name]);
  return {
    "@typescript-eslint/no-restricted-imports": ["error", { patterns: patterns.map(({ regex, message, allowTypeImports = false }) => ({ regex, message, allowTypeImports })) }],
    "no-restricted-syntax": [
      "error",
      ...patterns.map(({ regex, message }) => ({ selector: `ImportExpression > Literal[value=/${escapeSelector(regex)}/]`, message })),
    ],
  };
}

/** The groups forbidden in `dir`: its own and those of every zone that contains it. */
function forbiddenIn(dir) {
  const outer = Object.keys(boundaryZones).filter((zone) => dir === zone || dir.startsWith(`${zone}/`));
  return [...new Set(outer.flatMap((zone) => boundaryZones[zone]))];
}

function zoneOf(file) {
  const dirs = Object.keys(boundaryZones).filter((dir) => file.startsWith(`${dir}/`));
  return dirs.sort((a, b) => b.length - a.length)[0];
}

const boundaries = [
  // Wider zones first: for a file in two zones, the later (narrower) block's options win.
  ...Object.entries(boundaryZones)
    .sort(([a], [b]) => a.length - b.length)
    .map(([dir]) => ({
      name: `boundaries/${dir}`,
      files: [`${dir}/**/*.{ts,tsx,js,mjs}`],
      ignores: testFiles,
      rules: boundaryRules(forbiddenIn(dir)),
    })),
  ...boundaryExceptions.map(({ file, allow }) => ({
    name: `boundaries/exception/${file}`,
    files: [file],
    rules: boundaryRules(forbiddenIn(zoneOf(file)).filter((group) => !allow.includes(group))),
  })),
];

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/", "api/db/migrations/", "bench/results/", "bench/.baseline/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly", clearTimeout: "readonly" } },
  },
  ...boundaries,
);
