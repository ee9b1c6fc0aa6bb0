import type { RequestHandler } from "express";
import type { Env } from "#app/lib/env.server.ts";
import { rejectionOf } from "./reject.ts";
import { redactUrl } from "./log-redact.ts";

/**
 * One line per request with its latency, written when the response finishes. A refused request's
 * line ends with why it was refused (server/reject.ts): one line, no stack trace (issue 16). Link
 * tokens and capability addresses in the URL are hidden (server/log-redact.ts, issue 25).
 */
export function requestLog(env: Pick<Env, "LOG_LEVEL">): RequestHandler {
  return (req, res, next) => {
    if (env.LOG_LEVEL !== "info") return next();
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const rejection = rejectionOf(res);
      process.stdout.write(`${req.method} ${redactUrl(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms${rejection ? ` (${rejection})` : ""}\n`);
    });
    next();
  };
}
