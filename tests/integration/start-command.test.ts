import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INSTANCE_NODE_FLAGS } from "../../scripts/cluster.mjs";

/** Node's `--name=value` flags on a command line. */
const flagsOf = (command: string) => command.match(/(?<=[\s"[])--[\w-]+=[^\s",\]]+/g) ?? [];

describe("the production command", () => {
  const start = JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string;
  const cmd = readFileSync("Dockerfile", "utf8").match(/^CMD (.+)$/m)?.[1] ?? "";

  it("sets the V8 heap of ADR 011 and ADR 019 for `npm start`", () => {
    expect(flagsOf(start)).toEqual(["--max-old-space-size=256", "--max-semi-space-size=4", "--heap-growing-percent=100"]);
    expect(start).toContain("MALLOC_ARENA_MAX=2");
  });

  it("runs the image with the same node flags as `npm start` (the bench reads them from there)", () => {
    expect(flagsOf(cmd)).toEqual(flagsOf(start));
  });

  it("runs the instances of compose.yaml with the node flags of npm run cluster's, a smaller old generation than npm start's", () => {
    const compose = readFileSync("compose.yaml", "utf8");
    const command = /\n {2}command: (\[.*\])\n/.exec(compose)?.[1] ?? "[]";
    expect(JSON.parse(command)).toEqual(["node", ...INSTANCE_NODE_FLAGS, "build/server.mjs"]);
    const oldSpace = (flags: readonly string[]) => Number(flags.find((f) => f.startsWith("--max-old-space-size="))?.split("=")[1]);
    const others = (flags: readonly string[]) => flags.filter((f) => !f.startsWith("--max-old-space-size="));
    expect(oldSpace(INSTANCE_NODE_FLAGS)).toBeLessThan(oldSpace(flagsOf(start)));
    expect(others(INSTANCE_NODE_FLAGS)).toEqual(others(flagsOf(start)));
  });

  it("runs the image on a Node LTS that engines name, checked by `npm test` (ADR 059)", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string }; scripts: Record<string, string> };
    const major = Number(readFileSync("Dockerfile", "utf8").match(/^ARG NODE_IMAGE=node:(\d+)-/m)?.[1]);
    // Even majors become LTS; Node 20 reached its end of life on 2026-04-30.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
    expect(pkg.engines.node).toBe(`>=${major}`);
    // scripts/node-lts-check.mjs takes the image's major from the Dockerfile and runs after the build.
    expect(pkg.scripts.test).toMatch(/npm run build && npm run test:node-lts\b/);
    expect(pkg.scripts["test:node-lts"]).toBe("node scripts/node-lts-check.mjs");
  });

  it("copies only files that exist into the image (a deleted script broke `docker build`)", () => {
    const sources = [...readFileSync("Dockerfile", "utf8").matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(/\s+/));
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources.filter((s) => s !== ".")) expect(existsSync(source), source).toBe(true);
  });
});
