/**
 * Streaming SSR with React's Node API, as React Router's default `entry.server` does: people get
 * the shell as soon as it is ready and deferred parts stream in after it; crawlers (isbot) and SPA
 * mode get the complete document (`onAllReady`). The abort timer is cleared when the stream ends,
 * so finished renders are not retained (the baseline's memory problem).
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { log } from "#log/logger.ts";
import { reportServerError } from "./lib/error-reporting.server.ts";

/** Error reporting's spans and route errors (SENTRY_DSN, ADR 058); instruments nothing without a DSN. */
export { instrumentations } from "./lib/error-reporting.server.ts";

/** Deferred data that has not arrived by then is rejected into its error boundary. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Called once the loaders are done: from here to the shell (or, for crawlers, the whole page) is the render.
  const renderStarted = performance.now();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyOption = loadContext.isBot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />, {
      nonce: loadContext.nonce,
      // A Suspense boundary that is complete when the shell is written goes in place. By default
      // React outlines boundaries once a page passes ~12 KB (a hidden copy at the end, moved by a
      // script at load): on our pages that moved the menu, the strips and the footer, and cost the
      // product page ~400 ms of main thread on a phone (Lighthouse, ×4). Pages are far below this.
      progressiveChunkSize: 256 * 1024,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Caching is opt-in (app/lib/cache-control.ts): a page that did not ask to be shared is private.
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
        // The server adds total and the page cache's part (server/metrics.ts, ADR 057).
        responseHeaders.append("Server-Timing", `render;dur=${(performance.now() - renderStarted).toFixed(1)}`);
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject the promise above; later ones are logged (and reported) here.
        if (shellRendered) {
          log.error({ err: error, method: request.method, url: request.url }, "render failed after the shell");
          reportServerError(error, { request });
        }
      },
    });
  });
}

/**
 * Whether React Router refused a page's action because its Origin is another host (it answers 400:
 * "… Aborting the action." for a document, a bare "Bad Request" for a `.data` request).
 */
function isActionOriginRefusal(error: unknown): boolean {
  return error instanceof Error && (error.message.endsWith("Aborting the action.") || error.message === "Bad Request");
}

/**
 * A client's mistakes (a 404, a POST to a page without an action) get the request log's one line,
 * not a stack trace (issue 16); server errors get one error line with their stack (`err`) and the
 * request's id (ADR 056), unless the client went away. Those are also reported (SENTRY_DSN, ADR 058): a
 * loader's or action's error once, with its route (its instrumentation saw it first), a render's here.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if ((isRouteErrorResponse(error) && error.status < 500) || isActionOriginRefusal(error)) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  log.error({ err: inner ?? error, method: request.method, url: request.url }, "page failed");
  reportServerError(inner ?? error, { request });
};
