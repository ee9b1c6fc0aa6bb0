/**
 * Issue 16 / ADR 023: dependencies are used as published and pages render on React Router's own
 * path. These checks keep the removed mechanisms from creeping back unnoticed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [file] : [];
  });
}

const code = ["app", "server", "api", "contract", "scripts"].flatMap(sources).concat(["server.ts", "vite.config.ts", "react-router.config.ts"]);

describe("the framework's own path", () => {
  it("no install script of ours touches node_modules (`npm ci --ignore-scripts` gives the same app)", () => {
    for (const hook of ["preinstall", "install", "postinstall", "prepare"]) expect(pkg.scripts[hook], hook).toBeUndefined();
  });

  it("no code is compiled through node:vm, and nothing reads or writes files under node_modules", () => {
    for (const file of code) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toMatch(/from ["'](node:)?vm["']|require\(["'](node:)?vm["']\)/);
      expect(text, file).not.toMatch(/writeFileSync\([^)]*node_modules/);
    }
  });

  it("the build rewrites no dependency's code (no transform hooks in vite.config.ts)", () => {
    const vite = readFileSync("vite.config.ts", "utf8");
    expect(vite).not.toMatch(/\btransform\s*\(/);
    expect(vite).not.toMatch(/renderChunk|generateBundle/);
  });

  it("entry.server renders with React's Node API", () => {
    const entry = readFileSync("app/entry.server.tsx", "utf8");
    expect(entry).toContain('import { renderToPipeableStream } from "react-dom/server"');
  });
});
