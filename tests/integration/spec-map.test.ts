// docs/spec-map.md explains every "§N" the code cites (the specification is not in the repository).
// This test keeps it true: every section cited in app/, api/, contract/, server/, limits/, shared/ and tests/
// has a heading there, and every path the map names exists, so a reference can be followed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CITING_DIRS = ["app", "api", "contract", "server", "limits", "shared", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs|css|md)$/;
const SKIP_DIRS = new Set(["node_modules", "migrations", "test-results", "playwright-report"]);
/** "§4", "§3.2": a section of the spec, unless an RFC is named right before it (RFC 9112 §3.2). */
const CITATION = /(RFC\s*\d+\s*)?§\s?(\d+(?:\.\d+)*)/g;

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files(path.join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name)) out.push(path.join(dir, entry.name));
  }
  return out;
}

/** Every spec section cited, with the first file that cites it. */
function citedSections(): Map<string, string> {
  const cited = new Map<string, string>();
  const self = fileURLToPath(import.meta.url);
  for (const file of CITING_DIRS.flatMap((dir) => files(path.join(root, dir))).filter((f) => f !== self)) {
    for (const [, rfc, section] of readFileSync(file, "utf8").matchAll(CITATION)) {
      if (!rfc && !cited.has(section)) cited.set(section, path.relative(root, file));
    }
  }
  return cited;
}

const map = readFileSync(path.join(root, "docs/spec-map.md"), "utf8");
/** The sections the map explains: headings such as "## §4 — States and transitions" or "### §4.2 …". */
const mapped = new Set([...map.matchAll(/^#{2,4} §(\d+(?:\.\d+)*)\b/gm)].map((m) => m[1]));

describe("docs/spec-map.md", () => {
  it("finds the citations it checks (the grep is not silently empty)", () => {
    const cited = citedSections();
    expect(cited.size).toBeGreaterThanOrEqual(9);
    expect(cited.has("4")).toBe(true);
  });

  it("has an entry for every section the code cites", () => {
    const missing = [...citedSections()].filter(([section]) => !mapped.has(section)).map(([section, file]) => `§${section} (cited in ${file})`);
    expect(missing, "add a heading for these sections to docs/spec-map.md").toEqual([]);
  });

  it("tells the spec's sections from RFC sections", () => {
    expect([..."RFC 9112 §3.2 and §4, RFC 6797 §8.1".matchAll(CITATION)].filter((m) => !m[1]).map((m) => m[2])).toEqual(["4"]);
  });

  it("names only paths that exist", () => {
    const named = new Set(
      [...map.matchAll(/`((?:app|api|contract|server|limits|shared|tests|docs|scripts)\/[^`\s]*)`/g)].map((m) => m[1]),
    );
    expect(named.size).toBeGreaterThan(50);
    const gone = [...named].filter((p) => !existsSync(path.join(root, p)));
    expect(gone, "these paths moved or were removed: update docs/spec-map.md").toEqual([]);
  });
});
