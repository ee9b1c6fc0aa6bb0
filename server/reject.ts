import type { Response } from "express";

/** Why a request was refused, for its line in the request log (server/request-log.ts). */
export function rejectionOf(res: Response): string | undefined {
  return res.locals.rejection as string | undefined;
}

/** A value from a request, quoted and cut short, for a log line (junk can be long). */
export function quoted(value: string | undefined): string {
  if (value === undefined) return "(none)";
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

/**
 * Answers a bad request: its status, a short Russian text, never cached. `reason` (English, short)
 * goes into the request's log line instead of a stack trace (issue 16).
 */
export function reject(res: Response, status: number, message: string, reason: string, headers: Record<string, string> = {}): void {
  res.locals.rejection = reason;
  res
    .status(status)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers })
    .send(message);
}
