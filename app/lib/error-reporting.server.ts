/**
 * Server error reporting (issue 28, ADR 058): what entry.server gives Sentry once
 * server/error-reporting.ts has started the client (only when SENTRY_DSN is set; otherwise every
 * function here returns at once and `instrumentations` instruments nothing).
 *
 * - `reportServerError`: an error of a loader, an action or the render, with the route id as a tag
 *   and the request's method and URL (scrubbed when sent: app/lib/error-scrub.ts).
 * - `instrumentations` (React Router's instrumentation API, exported by entry.server): a
 *   transaction per page or data request, sampled at 0.2 (§9), named by the route pattern, with a
 *   span per loader and action; a loader's or action's error is reported with its route id.
 *
 * The client lives in @sentry/core's global carrier, so this module (bundled into the route
 * build) and server/error-reporting.ts (bundled into build/server.mjs) share it.
 */
import {
  captureException,
  getActiveSpan,
  getClient,
  getRootSpan,
  spanToJSON,
  startNewTrace,
  startSpan,
  updateSpanName,
  withScope,
  withIsolationScope,
} from "@sentry/core";
import type { ServerInstrumentation } from "react-router";
import { currentRequestId } from "#log/logger.ts";

export { errorReportingConfig, type ErrorReportingConfig } from "./error-reporting-config.server.ts";

export function isReporting(): boolean {
  return getClient() !== undefined;
}

/** The attribute that tells Sentry where a transaction name comes from ("url" or "route"). */
const SOURCE = "sentry.source";

/** Errors already sent, so the same error seen by the loader's instrumentation and by handleError goes once. */
const reported = new WeakSet<object>();

export function reportServerError(error: unknown, where: { request: { method: string; url: string }; routeId?: string; pattern?: string }): void {
  if (!isReporting()) return;
  if (typeof error === "object" && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  withScope((scope) => {
    if (where.routeId) scope.setTag("route.id", where.routeId);
    if (where.pattern) scope.setTag("route.pattern", where.pattern);
    // The id on the request's log lines (ADR 056): from the report to what the log says of it.
    const reqId = currentRequestId();
    if (reqId) scope.setTag("request_id", reqId);
    // The request's method and URL (scrubbed by beforeSend), never its headers, cookies or body.
    scope.addEventProcessor((event) => ({ ...event, request: { method: where.request.method, url: where.request.url } }));
    captureException(error, { mechanism: { type: "auto.function.react_router", handled: false } });
  });
}

/** Names the request's transaction after the deepest route pattern seen so far. */
function nameTransaction(pattern: string) {
  const active = getActiveSpan();
  if (!active) return;
  const root = getRootSpan(active);
  const current = spanToJSON(root).name ?? "";
  const name = current.replace(/^\w+ /, "");
  if (pattern.length >= name.length || !current.includes(" /")) {
    const method = /^\w+/.exec(current)?.[0] ?? "GET";
    updateSpanName(root, `${method} ${pattern}`);
    root.setAttribute(SOURCE, "route");
  }
}

export const instrumentations: ServerInstrumentation[] = [
  {
    handler(handler) {
      if (!isReporting()) return;
      handler.instrument({
        async request(handleRequest, { request }) {
          const url = new URL(request.url);
          // A new trace per request: a cloned isolation scope would share one trace id and one
          // sampling draw, so every request of the process would be traced, or none.
          const span = {
            name: `${request.method} ${url.pathname.replace(/\.data$/, "")}`,
            op: "http.server",
            forceTransaction: true,
            attributes: { [SOURCE]: "url", "http.request.method": request.method },
          };
          await withIsolationScope(() =>
            startNewTrace(() =>
              startSpan(span, async (root) => {
                const { status } = await handleRequest();
                if (status === "error") root.setStatus({ code: 2, message: "internal_error" });
              }),
            ),
          );
        },
      });
    },
    route(route) {
      if (!isReporting()) return;
      const routeId = route.id;
      const wrap = (op: string) => async (call: () => Promise<{ status: "success" | "error"; error: Error | undefined }>, info: { request: { method: string; url: string }; pattern: string }) => {
        // React Router gives the pattern without its leading slash ("order/:id").
        const pattern = `/${info.pattern.replace(/^\/+/, "")}`;
        nameTransaction(pattern);
        await startSpan({ name: routeId, op, attributes: { "route.id": routeId, "route.pattern": pattern } }, async (span) => {
          const { status, error } = await call();
          if (status !== "error") return;
          span.setStatus({ code: 2, message: "internal_error" });
          // A Response thrown on purpose (a 404, a redirect) is not an error of ours.
          if (error instanceof Response || isClientErrorResponse(error)) return;
          reportServerError(error, { request: info.request, routeId, pattern });
        });
      };
      route.instrument({ loader: wrap("function.react_router.loader"), action: wrap("function.react_router.action") });
    },
  },
];

function isClientErrorResponse(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { status, internal } = error as { status?: unknown; internal?: unknown };
  return typeof status === "number" && status < 500 && typeof internal === "boolean";
}
