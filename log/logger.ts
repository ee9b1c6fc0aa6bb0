/**
 * The server's one logger (issue 28, ADR 056): JSON lines from pino on stdout, for server/, the
 * server half of app/ and the embedded api/.
 *
 * - every line: `level` (a name: "info", "error"), `time` (ISO), `pid`, `hostname`, `msg`, and
 *   `reqId` when it is written while a request is served (`inRequestContext`, AsyncLocalStorage);
 * - an error goes under `err` (pino's serializer: type, message, stack, code);
 * - redacted before it is written: `url` through the log's URL rule (log/redact.ts), and the values
 *   of the fields in REDACT_PATHS (credentials, codes, tokens, cookies), printed as "[скрыто]".
 *
 * LOG_LEVEL (app/lib/env.server.ts) keeps its three values: `info` writes everything, `error` only
 * errors (no line per request), `silent` nothing. `notice` lines — the start line, the stop, the
 * first seed, and the demo deliveries of codes and letters (api/auth/sms.ts, api/mail/mailer.ts) —
 * are written at `info` and `error` alike: they are what a developer needs to use the shop at all.
 *
 * The state lives on globalThis: the server bundle (build/server.mjs) and React Router's build
 * (build/server/index.js) each carry a copy of this module, and both must write through the same
 * logger at the same level, inside the same request context.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { pino, type DestinationStream, type Logger } from "pino";
import { HIDDEN, redactUrl } from "./redact.ts";

/** LOG_LEVEL's values (app/lib/env.server.ts). */
export type LogLevelSetting = "silent" | "error" | "info";

/** The header a request id travels in: from nginx to the instance, from the instance to its API, back to the client. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * Fields whose values never reach the log: the session's headers, passwords, login and
 * confirmation codes, tokens of every kind. A path names a field at the top of a line, one level
 * down (`body.password`) or in the headers of a request or response.
 */
export const REDACT_PATHS: readonly string[] = [
  ...["password", "newPassword", "currentPassword", "token", "refreshToken", "accessToken", "linkToken", "secret"].flatMap((field) => [field, `*.${field}`]),
  // Not `*.code`: an error's code (ECONNRESET) stays readable.
  "code",
  "body.code",
  ...["authorization", "cookie", "set-cookie", "x-metrics-token"].flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

interface RequestContext {
  reqId: string;
}

interface LogState {
  storage: AsyncLocalStorage<RequestContext>;
  log: Logger;
  notice: Logger;
}

/** Options shared by every logger made here: the line's shape, its redaction, its request id. */
function loggerOptions(storage: AsyncLocalStorage<RequestContext>, setting: string) {
  return {
    level: setting,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    // A fresh object each time: pino merges the line's own fields into it.
    mixin: () => {
      const context = storage.getStore();
      return context ? { reqId: context.reqId } : {};
    },
    serializers: { err: pino.stdSerializers.err, url: (url: unknown) => (typeof url === "string" ? redactUrl(url) : url) },
    redact: { paths: [...REDACT_PATHS], censor: HIDDEN },
  };
}

/**
 * A logger and its notice logger writing to `destination` (stdout for the server, a buffer in
 * tests), with their own request context.
 */
export function createLoggers(destination: DestinationStream, setting: LogLevelSetting = "info") {
  const storage = new AsyncLocalStorage<RequestContext>();
  // LOG_LEVEL's names are pino's own levels.
  const log = pino(loggerOptions(storage, setting), destination);
  const notice = pino(loggerOptions(storage, noticeLevel(setting)), destination);
  return { storage, log, notice };
}

function noticeLevel(setting: LogLevelSetting): "silent" | "info" {
  return setting === "silent" ? "silent" : "info";
}

const STATE = Symbol.for("podarki-storefront.log");
const state: LogState = ((globalThis as { [STATE]?: LogState })[STATE] ??= createLoggers(process.stdout));

/** The logger: `log.info({ … }, "text")`, `log.error({ err }, "what failed")`. */
export const log: Logger = state.log;

/**
 * Lines written whatever LOG_LEVEL says, except `silent`: the start and stop, the first seed, the
 * demo deliveries (a code, a letter) that a developer reads in the terminal.
 */
export const notice: Logger = state.notice;

/** Applies LOG_LEVEL (the server calls it once the environment is parsed). */
export function setLogLevel(setting: LogLevelSetting, loggers: { log: Logger; notice: Logger } = state): void {
  loggers.log.level = setting;
  loggers.notice.level = noticeLevel(setting);
}

/** A request id a client or a proxy may give: up to 128 letters, digits and `._:-` (a UUID, nginx's $request_id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the one it came with when that is sane, otherwise a new UUID. */
export function requestIdFrom(given: string | string[] | null | undefined): string {
  return typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Runs `fn` (and everything it starts) as part of the request `reqId`: its log lines carry the id. */
export function inRequestContext<T>(reqId: string, fn: () => T, storage: AsyncLocalStorage<RequestContext> = state.storage): T {
  return storage.run({ reqId }, fn);
}

/** The id of the request being served here, if any. */
export function currentRequestId(storage: AsyncLocalStorage<RequestContext> = state.storage): string | undefined {
  return storage.getStore()?.reqId;
}
