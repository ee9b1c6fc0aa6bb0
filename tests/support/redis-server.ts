/**
 * A Redis server of a test's own (`redis-server` from Debian's package), on a free port, with no
 * persistence: it can be stopped and started again on the same port to play an outage without
 * touching the shared Redis of TEST_REDIS_URL. Waits on the server's own output and exit, never on
 * a timer.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

/** Whether `redis-server` can be run here (the suites that need it are skipped otherwise). */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server and waits until it has exited (clients see their connections close). */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start() {
    const proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          proc.stdout!.off("data", onData);
          proc.stdout!.resume();
          resolve();
        }
      };
      proc.stdout!.on("data", onData);
      proc.stderr!.resume();
      proc.once("exit", (code) => reject(new Error(`redis-server on ${port} exited (${code}): ${output.slice(-500)}`)));
    });
  }

  async function stop() {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    child = null;
    const exited = once(proc, "exit");
    proc.kill("SIGKILL");
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
