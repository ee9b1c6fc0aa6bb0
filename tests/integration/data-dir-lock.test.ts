/**
 * Issue 25: two servers on one PGlite data folder. The folder's lock (api/db/data-dir-lock.mjs)
 * with real processes: several takers at once leave exactly one holding it, the others stop with
 * a message that names the folder and the holder's PID; a holder killed with SIGKILL leaves
 * nothing behind; the database's start refuses the folder before it opens a file.
 * tests/e2e/data-dir-lock.spec.ts does the same with `npm start` on the build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirBusyError, LOCK_FILE, lockDataDir } from "#api/db/data-dir-lock.mjs";
import { openDatabase } from "#api/db/client.ts";

const MODULE = path.resolve("api/db/data-dir-lock.mjs");

interface Taker {
  child: ChildProcess;
  /** Resolves with "locked" when it holds the folder, or with its exit code and stderr when it stopped. */
  outcome: Promise<{ locked: true } | { locked: false; code: number | null; stderr: string }>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "data-dir-lock-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

/** A process that takes `dir` the way the server does, says so and holds it until killed. */
function taker(dir: string, socket: boolean): Taker {
  const script = `
    import { lockDataDir } from ${JSON.stringify(MODULE)};
    try {
      await lockDataDir(${JSON.stringify(dir)}, { socket: ${socket} });
      process.stdout.write("locked\\n");
      setInterval(() => {}, 60_000);
    } catch (error) {
      console.error(error.message);
      process.exit(error.code === "DATA_DIR_BUSY" ? 1 : 2);
    }`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const outcome = new Promise<Awaited<Taker["outcome"]>>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve({ locked: true });
    });
    child.once("exit", (code) => resolve({ locked: false, code, stderr }));
  });
  return { child, outcome };
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

describe.each([
  ["the abstract socket (Linux)", true],
  ["the lock file (elsewhere)", false],
])("the data folder's lock: %s", (_name, socket) => {
  it("three processes at once: exactly one holds the folder, the others stop with its PID in the message", async () => {
    const dir = tempDir();
    const takers = [taker(dir, socket), taker(dir, socket), taker(dir, socket)];
    const outcomes = await Promise.all(takers.map((t) => t.outcome));
    const holders = takers.filter((_, i) => outcomes[i]!.locked);
    expect(holders).toHaveLength(1);
    const holder = holders[0]!.child;
    for (const outcome of outcomes.filter((o) => !o.locked)) {
      expect(outcome).toEqual({
        locked: false,
        code: 1,
        stderr: `Не удалось запустить: папка данных ${path.resolve(dir)} уже используется процессом ${holder.pid}. Остановите его или укажите другую папку в DATA_DIR.\n`,
      });
    }
    expect(holder.exitCode).toBeNull();
    // This process is refused as well, with the same message.
    await expect(lockDataDir(dir, { socket })).rejects.toMatchObject({ code: "DATA_DIR_BUSY", pid: holder.pid, dir: path.resolve(dir) });
  });

  it("a holder killed with SIGKILL leaves the folder free: the next process takes it", async () => {
    const dir = tempDir();
    const first = taker(dir, socket);
    expect(await first.outcome).toEqual({ locked: true });
    await killHard(first.child);
    const second = taker(dir, socket);
    expect(await second.outcome).toEqual({ locked: true });
    await killHard(second.child);
    const lock = await lockDataDir(dir, { socket });
    await lock.release();
  });

  it("one process shares its lock between its takers and frees it when the last one releases it", async () => {
    const dir = tempDir();
    const a = await lockDataDir(dir, { socket });
    const b = await lockDataDir(dir, { socket });
    await a.release();
    expect(await taker(dir, socket).outcome).toMatchObject({ locked: false, code: 1 });
    await b.release();
    expect(await taker(dir, socket).outcome).toEqual({ locked: true });
  });
});

describe("the lock file", () => {
  it("is taken over from a process that is gone, and from a PID that is this process's own (a reused PID)", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await once(gone, "exit");
    mkdirSync(dir, { recursive: true });
    for (const pid of [gone.pid!, process.pid]) {
      writeFileSync(path.join(dir, LOCK_FILE), `${pid}\n`);
      const lock = await lockDataDir(dir, { socket: false });
      expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(`${process.pid}\n`);
      await lock.release();
    }
    // Released: no lock file, and nothing else of the lock's in the folder.
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("the database's start", () => {
  it("refuses a PGlite folder another process holds before it opens or creates a file", async () => {
    const dir = tempDir();
    const holder = taker(dir, process.platform === "linux");
    expect(await holder.outcome).toEqual({ locked: true });
    for (const ownProcess of [false, true]) {
      const error = await openDatabase({ dataDir: dir, ownProcess }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DataDirBusyError);
      expect((error as DataDirBusyError).message).toContain(`папка данных ${path.resolve(dir)} уже используется процессом ${holder.child.pid}`);
    }
    expect(existsSync(path.join(dir, "pglite"))).toBe(false);
  });
});
