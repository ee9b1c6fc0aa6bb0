/**
 * Issue 25: two servers on one data folder. `npm start` (its command: node with the flags of
 * package.json on scripts/start.mjs, on the build) three times at once on one fresh DATA_DIR: one
 * serves, the others stop at once with a message naming the folder and the serving process, and
 * the first keeps serving. Killed with SIGKILL, the holder leaves the folder usable: the next
 * start opens the same database. `npm run seed` meanwhile stops with the same message.
 * (tests/integration/data-dir-lock.test.ts covers the lock itself.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { test, expect } from "#tests/support/fixtures.ts";
import { E2E_DATA_DIR } from "#tests/support/servers.ts";

const START_FLAGS = (JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string).match(/(?<=\s)--[\w-]+=\S+/g) ?? [];

interface Start {
  child: ChildProcess;
  output: () => string;
  /** The port once it says it is ready, or how it ended before that. */
  outcome: Promise<{ port: number } | { code: number | null; signal: NodeJS.Signals | null }>;
}

function start(dataDir: string): Start {
  const child = spawn(process.execPath, [...START_FLAGS, "scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error", API_URL: "", DATABASE_URL: "", DATA_DIR: dataDir, MALLOC_ARENA_MAX: "2" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const outcome = new Promise<Awaited<Start["outcome"]>>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const ready = /ready on http:\/\/[^:]+:(\d+)/.exec(output);
      if (ready) resolve({ port: Number(ready[1]) });
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, outcome };
}

async function status(port: number, pathname: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { headers: { host: `localhost:${port}` }, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
}

test("a second and third `npm start` on one data folder stop at once with its name and the PID; the first keeps serving, and survives kill -9", async () => {
  test.setTimeout(150_000);
  const dataDir = `${E2E_DATA_DIR}-lock`;
  rmSync(dataDir, { recursive: true, force: true });
  const started: Start[] = [];
  try {
    started.push(start(dataDir), start(dataDir), start(dataDir));
    const settled: Start[] = [];
    for (const s of started) void s.outcome.then(() => settled.push(s));
    const outcomes = await Promise.all(started.map((s) => s.outcome));
    const serving = started.filter((_, i) => "port" in outcomes[i]!);
    expect(serving, started.map((s) => s.output()).join("\n---\n")).toHaveLength(1);
    const first = serving[0]!;
    const port = (await first.outcome as { port: number }).port;
    // The refused ones ended before the first had created and seeded its database.
    expect(settled.indexOf(first)).toBe(2);
    for (const refused of started.filter((s) => s !== first)) {
      expect(await refused.outcome, refused.output()).toEqual({ code: 1, signal: null });
      expect(refused.output()).toContain(`папка данных ${path.resolve(dataDir)} уже используется процессом ${first.child.pid}`);
      // No build, no database, no stack trace: the message alone.
      expect(refused.output().trim().split("\n")).toHaveLength(1);
    }
    expect(await status(port, "/readyz")).toBe(200);
    expect(await status(port, "/about")).toBe(200);

    // The seed would rewrite the database under the running server: it stops with the same message.
    const seed = spawn(process.execPath, ["--import", "tsx", "api/db/seed-cli.ts", "--groups", "1"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let seedOutput = "";
    seed.stderr!.on("data", (chunk) => (seedOutput += chunk));
    expect((await once(seed, "exit"))[0], seedOutput).toBe(1);
    expect(seedOutput).toContain(`папка данных ${path.resolve(dataDir)} уже используется процессом ${first.child.pid}`);
    expect(await status(port, "/catalog")).toBe(200);

    // A crash leaves nothing that keeps the folder: the next start opens the same database.
    const killed = once(first.child, "exit");
    first.child.kill("SIGKILL");
    await killed;
    const again = start(dataDir);
    started.push(again);
    const readyAgain = await again.outcome;
    expect(readyAgain, again.output()).toHaveProperty("port");
    expect(again.output()).not.toContain("seeded");
    expect(await status((readyAgain as { port: number }).port, "/catalog")).toBe(200);
  } finally {
    for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Processes whose command line names `text` (Linux /proc). */
function processesNaming(text: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(text)) found.push(Number(name));
    } catch {
      // ended while we looked
    }
  }
  return found;
}

test("a start killed while it creates the database leaves the folder usable: the next start makes it again", async () => {
  test.setTimeout(150_000);
  const dataDir = `${E2E_DATA_DIR}-lock-create`;
  rmSync(dataDir, { recursive: true, force: true });
  const started: Start[] = [];
  try {
    const first = start(dataDir);
    started.push(first);
    // The new database is made beside its place, and moved there only when it is complete.
    await expect.poll(() => (existsSync(dataDir) ? readdirSync(dataDir) : []), { timeout: 30_000 }).toEqual([`pglite.creating-${first.child.pid}`]);
    const killed = once(first.child, "exit");
    first.child.kill("SIGKILL");
    await killed;
    // The process that was creating it stops with its parent.
    await expect.poll(() => processesNaming(`pglite.creating-${first.child.pid}`), { timeout: 30_000 }).toEqual([]);

    const again = start(dataDir);
    started.push(again);
    const ready = await again.outcome;
    expect(ready, again.output()).toHaveProperty("port");
    expect(again.output()).toContain("seeded");
    expect(await status((ready as { port: number }).port, "/catalog")).toBe(200);
    expect(readdirSync(dataDir).filter((name) => name.startsWith("pglite"))).toEqual(["pglite"]);
  } finally {
    for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
