import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { inRequestContext, log as defaultLog, REQUEST_ID_HEADER, requestIdFrom } from "#log/logger.ts";
import { redactUrl } from "#log/redact.ts";
import { rejectionOf } from "./reject.ts";

export interface RequestLogOptions {
  /** The route label of a finished request (server/metrics.ts: the React Router route id, "api", "asset", "other"). */
  route?: (path: string, res: Response) => string;
  /** Tests: another logger. */
  log?: Logger;
  /** Tests: another request context (log/logger.ts `inRequestContext`). */
  inContext?: <T>(reqId: string, fn: () => T) => T;
}

/**
 * Mounted first (ADR 056). Gives the request its id — the X-Request-Id it came with (nginx sets
 * one) when it is sane, otherwise a new UUID — sends it back in X-Request-Id, and serves the rest
 * of the pipeline inside that id's context, so every log line written for the request (the page's,
 * the embedded API's) carries `reqId`; the API client passes it on to the API (app/lib/context.server.ts).
 *
 * At LOG_LEVEL=info, one line per request when it is over: method, URL (link tokens and capability
 * addresses hidden, log/redact.ts), route, status, latency in ms, and for a refused request why
 * (server/reject.ts, issue 16); `aborted` when the client left before the answer was sent.
 */
export function requestLog(options: RequestLogOptions = {}): RequestHandler {
  const log = options.log ?? defaultLog;
  const inContext = options.inContext ?? inRequestContext;
  return (req, res, next) => {
    const reqId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader(REQUEST_ID_HEADER, reqId);
    // What the embedded API's /api listener passes on is the id in use, not a refused one.
    req.headers["x-request-id"] = reqId;
    if (log.isLevelEnabled("info")) {
      const start = process.hrtime.bigint();
      res.once("close", () => log.info(requestLine(req, res, reqId, Number(process.hrtime.bigint() - start) / 1e6, options.route)));
    }
    inContext(reqId, next);
  };
}

function requestLine(req: Request, res: Response, reqId: string, ms: number, route: RequestLogOptions["route"]) {
  const url = redactUrl(req.originalUrl);
  const q = req.originalUrl.indexOf("?");
  const rejection = rejectionOf(res);
  const aborted = !res.writableFinished;
  const latency = Math.round(ms * 10) / 10;
  return {
    reqId,
    method: req.method,
    url,
    route: route?.(q === -1 ? req.originalUrl : req.originalUrl.slice(0, q), res),
    status: res.statusCode,
    ms: latency,
    ...(rejection ? { rejection } : {}),
    ...(aborted ? { aborted } : {}),
    msg: `${req.method} ${url} ${res.statusCode} ${latency}ms${rejection ? ` (${rejection})` : ""}${aborted ? " (aborted)" : ""}`,
  };
}
