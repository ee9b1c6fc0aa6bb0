/**
 * Streaming SSR (§4): people get the shell first and deferred parts stream in after it;
 * crawlers get the complete document. The abort timer is cleared when the stream ends,
 * so finished renders are not retained (the baseline's memory problem).
 */
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { BatchedBody } from "./lib/batched-body.server.ts";
import { renderToDirectStream } from "./lib/fizz.server.ts";
import { SlabPool, SlabWriter } from "./lib/page-slabs.server.ts";
import { installPlainHandoff } from "./lib/plain-handoff.server.ts";

/** Plain loader data is written into the page without React Router's stream machinery (ADR 021). */
installPlainHandoff();

/** The pages' bytes are encoded into reused slabs, given back when each response is over (ADR 020). */
const slabPool = new SlabPool();

/** Deferred data that has not arrived by then is rejected into its error boundary. */
export const streamTimeout = 5_000;

export default async function handleRequest(
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
  let shellRendered = false;
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort.abort(), streamTimeout + 1000);
  const stopTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  let stream;
  try {
    stream = await renderToDirectStream(<ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />, {
      nonce: loadContext.nonce,
      signal: abort.signal,
      // Deferred data that is ready in time (cached strips, app/lib/settled.ts) should cost nothing
      // extra: a Suspense boundary complete when the page is written goes inline instead of after
      // the shell with a swap script. React renders boundary content in its own task, finished one
      // turn after the shell, and outlines boundaries past ~12 KB of page by default; so the shell
      // is written one turn later, and the limit is above our pages' size.
      progressiveChunkSize: 128 * 1024,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  } catch (error) {
    stopTimer();
    throw error;
  }
  if (waitForAll) await stream.allReady.catch(() => {});
  else await new Promise((resolve) => setImmediate(resolve));
  shellRendered = true;

  const slabs = new SlabWriter(slabPool);
  loadContext.whenResponseOver(() => slabs.release());
  const body = new BatchedBody(stopTimer, (reason) => abort.abort(reason), slabs);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
  stream.pipe(body);
  return new Response(body.stream, { headers: responseHeaders, status: responseStatusCode });
}
