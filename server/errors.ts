/**
 * The last handler of the pipeline: errors that reach Express. A client's mistake (an error with
 * a 4xx status, such as the router's URIError for "%FF", or a value that cannot go into a URL or a
 * header) answers its 4xx with a short Russian text and one log line (issue 16); anything else is
 * our bug: 500 and one error line with its stack (`err`) and the request's id (ADR 056), and reported
 * when SENTRY_DSN is set (ADR 058). Express's own handler printed a stack for both.
 */
import type { ErrorRequestHandler } from "express";
import { quoted, reject } from "./reject.ts";
import { log } from "#log/logger.ts";
import { reportServerError } from "#app/lib/error-reporting.server.ts";

/** Node's codes for a URL or header value that cannot be built from what the client sent. */
const CLIENT_VALUE_CODES = new Set(["ERR_INVALID_URL", "ERR_INVALID_CHAR", "ERR_HTTP_INVALID_HEADER_VALUE", "ERR_INVALID_HTTP_TOKEN", "ERR_UNESCAPED_CHARACTERS"]);

const MESSAGES: Record<number, string> = {
  400: "Неверный запрос",
  404: "Страница не найдена",
  413: "Слишком большой запрос",
  415: "Неподдерживаемый формат запроса",
};

/** The 4xx status an error stands for, or null when it is the server's fault. */
export function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode, code } = error as { status?: unknown; statusCode?: unknown; code?: unknown };
  const given = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : null;
  if (given !== null && given >= 400 && given < 500) return given;
  if (error instanceof URIError || (typeof code === "string" && CLIENT_VALUE_CODES.has(code))) return 400;
  return null;
}

export function errorHandler(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = clientErrorStatus(error);
    if (res.headersSent) {
      // Too late for an answer: the client gets a cut-off response rather than a wrong one.
      if (status === null) {
        log.error({ err: error, method: req.method, url: req.originalUrl }, "failed after the headers were sent");
        reportServerError(error, { request: { method: req.method, url: req.originalUrl } });
      }
      res.destroy();
      return;
    }
    if (status !== null) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return reject(res, status, MESSAGES[status] ?? MESSAGES[400], quoted(reason));
    }
    log.error({ err: error, method: req.method, url: req.originalUrl }, "request failed");
    reportServerError(error, { request: { method: req.method, url: req.originalUrl } });
    res.status(500).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("Внутренняя ошибка сервера");
  };
}
