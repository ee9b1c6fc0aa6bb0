/**
 * The production build (`build/server.mjs`) as a child process of a test, on a free loopback port:
 * the specs that need a server of their own (another API_URL, a fault, a signal) start it here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { SERVER_ENTRY } from "./servers.ts";

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
}

/**
 * Starts the build with `env` over the test's environment (production, port 0 on 127.0.0.1, errors
 * only in its log, no DATABASE_URL or REDIS_URL unless given); resolves with the port its ready line
 * names, rejects when it exits first or says nothing within `startTimeoutMs`.
 */
export async function startBuiltServer(env: Record<string, string>, startTimeoutMs = 30_000): Promise<BuiltServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error", DATABASE_URL: "", REDIS_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = /ready on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { child, port, output: () => output };
}

/** SIGTERM, then SIGKILL if it is still running after `killAfterMs`; resolves once it exited. */
export async function stopBuiltServer(server: Pick<BuiltServer, "child"> | null | undefined, killAfterMs = 10_000): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(timer);
}
