/**
 * Streaming SSR (§4): people get the shell first and deferred parts stream in after it;
 * crawlers get the complete document. The abort timer is cleared when the stream ends,
 * so finished renders are not retained (the baseline's memory problem).
 */
import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";

/**
 * What React pipes into. React writes a page as many 2 KB pieces and calls `flush()` after each
 * batch; this stream holds the pieces back (corked) and passes each batch on as one chunk, so the
 * web stream, the response and the socket see a few writes per page instead of dozens.
 */
class BatchedBody extends Transform {
  constructor(private readonly onFinal: () => void) {
    // A whole page fits before React sees backpressure (it resumes on "drain" after flush()).
    super({ writableHighWaterMark: 128 * 1024 });
  }
  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (!this.writableCorked) this.cork();
    return super.write(chunk, encoding as BufferEncoding, callback as (error: Error | null | undefined) => void);
  }
  /** Called by React at the end of every batch it writes. */
  flush(): void {
    while (this.writableCorked) this.uncork();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, chunk);
  }
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.push(chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk)));
    callback();
  }
  override _final(callback: (error?: Error | null) => void): void {
    this.onFinal();
    callback();
  }
}

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
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
    };

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />, {
      nonce: loadContext.nonce,
      onShellReady: waitForAll ? undefined : onReady,
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
