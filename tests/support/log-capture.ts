/**
 * What the server's logger (log/logger.ts, ADR 056) writes during a test: it writes JSON lines to
 * stdout, so a test reads them there, parsed. Anything else written to stdout passes through.
 */
import { vi } from "vitest";

export interface LogLine {
  level: string;
  msg?: string;
  reqId?: string;
  [field: string]: unknown;
}

export function captureLog() {
  const lines: LogLine[] = [];
  /** The lines as written, for "this never appears anywhere in the log" checks. */
  const raw: string[] = [];
  const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  const spy = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.startsWith("{")) {
      try {
        lines.push(JSON.parse(text) as LogLine);
        raw.push(text);
        return true;
      } catch {
        // not a log line
      }
    }
    return write(chunk, ...rest);
  }) as typeof process.stdout.write);
  return {
    lines,
    raw,
    /** The `msg` of every line. */
    messages: () => lines.map((line) => line.msg ?? ""),
    restore: () => spy.mockRestore(),
  };
}
