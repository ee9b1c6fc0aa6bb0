/**
 * The one error type of the API. Anything thrown that is not an HttpError becomes a 500; the
 * body always follows contract ApiErrorBody ({ message, errors: [{ field, message }] }, §5/§8).
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { ApiErrorBody } from "../../contract/index";

export type FieldError = ApiErrorBody["errors"][number];

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors: FieldError[] = [],
    /** More of the contract's error body (order/create_unauth's 409 names its order: `orderId`). */
    readonly extra: Omit<Partial<ApiErrorBody>, "message" | "errors"> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  get body(): ApiErrorBody {
    return { message: this.message, errors: this.errors, ...this.extra };
  }
}

export const NOT_FOUND_MESSAGE = "Не найдено";
export const INTERNAL_ERROR_MESSAGE = "Внутренняя ошибка сервера";
export const UNAVAILABLE_MESSAGE = "Сервис временно недоступен. Попробуйте через минуту.";
/** Seconds a client waits before it tries again while the database is away (a restart takes a few). */
export const UNAVAILABLE_RETRY_AFTER = 5;

/** Socket errors of a connection that failed or died, and PostgreSQL's own "going away" codes. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03", "53300"]);

/**
 * Whether `error` says the database could not be reached, rather than that our code is wrong: a
 * refused or reset connection, a connection pg ended under a query, a server shutting down or
 * starting (SQLSTATE class 08 and 57P0x), too many connections. Drizzle wraps the driver's error
 * in `cause`, so the chain is followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

export function notFound(message = NOT_FOUND_MESSAGE): HttpError {
  return new HttpError(404, message);
}

/** 400 with one field error per zod issue (the first MAX_FIELD_ERRORS); `source` names the field when the issue has no path. */
/** A hostile body (10 000 bad lines) must not come back as 10 000 field errors. */
export const MAX_FIELD_ERRORS = 50;

export function validationError(error: z.ZodError, source: "params" | "query" | "body"): HttpError {
  const errors = error.issues.slice(0, MAX_FIELD_ERRORS).map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join(".") : source,
    message: issue.message,
  }));
  return new HttpError(400, "Проверьте правильность заполнения полей", errors);
}

/** The app's one error handler: HttpError as is, Hono's client errors as 4xx, the database away a 503, anything else a logged 500. */
export function errorResponse(error: Error, c: Context, logError: (error: unknown) => void): Response {
  if (error instanceof HttpError) return c.json(error.body, error.status);
  // Hono's own errors, e.g. a malformed form body.
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ message: error.message || "Некорректный запрос", errors: [] }, error.status);
  }
  logError(error);
  // The database is away (a restart, a network fault): the client may try again; nothing was half-stored,
  // since every write is one transaction.
  if (isDatabaseUnavailable(error)) {
    c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER));
    return c.json({ message: UNAVAILABLE_MESSAGE, errors: [] }, 503);
  }
  return c.json({ message: INTERNAL_ERROR_MESSAGE, errors: [] }, 500);
}
