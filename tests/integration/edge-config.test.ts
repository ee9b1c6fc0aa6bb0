/**
 * The edge's configuration (deploy/nginx, ADR 060) is one file for `npm run cluster` and for the
 * compose file's edge image: both fill the same three variables, the script in JS, the image with
 * envsubst; nginx accepts the result.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nginxBinary, renderSiteConfig } from "../../scripts/cluster.mjs";

const TEMPLATE = readFileSync("deploy/nginx/storefront.conf.template", "utf8");
const VARIABLES = ["EDGE_LISTEN", "EDGE_SECRET", "EDGE_UPSTREAMS"];
const VALUES = { EDGE_LISTEN: "127.0.0.1:8099", EDGE_UPSTREAMS: "server 127.0.0.1:3328 max_fails=1 fail_timeout=5s; server 127.0.0.1:3329;", EDGE_SECRET: "0123456789abcdef".repeat(3) };
const hasCommand = (name: string) => spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;

describe("the edge's configuration", () => {
  it("names three variables, which the edge image substitutes and compose.yaml sets", () => {
    expect([...new Set([...TEMPLATE.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]))].sort()).toEqual(VARIABLES);
    const dockerfile = readFileSync("deploy/nginx/Dockerfile", "utf8");
    const list = /envsubst '([^']+)'/.exec(dockerfile)?.[1];
    expect(list?.split(" ").map((v) => v.replace(/^\$\{|\}$/g, "")).sort()).toEqual(VARIABLES);
    // compose.yaml (no YAML parser among the dependencies: its edge service read as text).
    const compose = readFileSync("compose.yaml", "utf8");
    const edge = /\n {2}edge:\n((?: {4}.*\n|\s*\n)+)/.exec(compose)?.[1] ?? "";
    expect(edge).toContain("build: deploy/nginx");
    for (const name of VARIABLES) expect(edge).toMatch(new RegExp(`\\n\\s+${name}: \\S`));
    expect(edge).toMatch(/EDGE_UPSTREAMS: "server app1:3000 [^"]*; server app2:3000 [^"]*;"/);
    // The instances get the edge's secret (one anchor for both) and are app1 and app2.
    expect(compose).toMatch(/\n {4}EDGE_SECRET: \$\{EDGE_SECRET:\?[^}]*\}\n[\s\S]*\n {6}EDGE_SECRET: \$\{EDGE_SECRET:\?[^}]*\}\n/);
    expect(compose).toMatch(/\n {2}app1: \*storefront\n {2}app2: \*storefront\n/);
  });

  it.runIf(hasCommand("envsubst"))("envsubst (the image) and npm run cluster render the same file", () => {
    const result = spawnSync("envsubst", [VARIABLES.map((v) => `\${${v}}`).join(" ")], { input: TEMPLATE, env: { ...process.env, ...VALUES }, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(renderSiteConfig(VALUES));
    expect(() => renderSiteConfig({ EDGE_LISTEN: "1" })).toThrow(/no value for \$\{EDGE_/);
  });

  it.runIf(nginxBinary() !== null)("nginx accepts the rendered configuration, brotli included", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "edge-config-"));
    try {
      for (const sub of ["logs", "temp", "cache"]) mkdirSync(path.join(dir, sub));
      for (const file of ["nginx.conf", "brotli.conf", "modules.conf"]) copyFileSync(path.join("deploy/nginx", file), path.join(dir, file));
      writeFileSync(path.join(dir, "storefront.conf"), renderSiteConfig(VALUES));
      const tested = spawnSync(nginxBinary()!, ["-t", "-p", `${dir}/`, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
      expect(tested.stderr).toContain("test is successful");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
