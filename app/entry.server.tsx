/**
 * Streaming SSR (§4): people get the shell first and deferred parts stream in after it;
 * crawlers get the complete document. The abort timer is cleared when the stream ends,
 * so finished renders are not retained (the baseline's memory problem).
 */
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { BatchedBody } from "./lib/batched-body.server.ts";

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
  const waitForAll = loadContext.isBot || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const onReady = () => {
      shellRendered = true;
      const body = new BatchedBody(() => {
        clearTimeout(timer);
        timer = undefined;
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
      pipe(body as unknown as NodeJS.WritableStream);
      resolve(new Response(body.stream, { headers: responseHeaders, status: responseStatusCode }));
    };

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />, {
      nonce: loadContext.nonce,
      // Deferred data that is ready in time (cached strips, app/lib/settled.ts) should cost nothing
      // extra: a Suspense boundary complete when the page is written goes inline instead of after
      // the shell with a swap script. React renders boundary content in its own task, finished one
      // turn after the shell, and outlines boundaries past ~12 KB of page by default; so the shell
      // is written one turn later, and the limit is above our pages' size.
      progressiveChunkSize: 128 * 1024,
      onShellReady: waitForAll ? undefined : () => setImmediate(onReady),
      onAllReady: waitForAll ? onReady : undefined,
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
