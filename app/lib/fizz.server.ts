/**
 * React's streaming renderer, writing strings (ADR 014).
 *
 * React ships its streaming server renderer (Fizz) in several builds that differ only in how they
 * write: the Node build encodes every piece of HTML into 2 KB Uint8Arrays (TextEncoder) and
 * measures the bytes of each piece again when a segment completes; the Bun build hands the strings
 * themselves to a "direct" stream (`controller.write(string)`, `flush()`, `end()`), which Node's
 * ReadableStream does not have. Profiles of our pages put the Node build's encoding and byte
 * counting at a third of React's time, so this module loads React's Bun build with a stand-in for
 * that one class: the page's bytes are the same (tests/fizz.server.test.tsx compares both builds),
 * the strings are joined and encoded once per batch by our sink (BatchedBody).
 *
 * Only renderToReadableStream's direct-stream contract is used: React constructs
 * `new ReadableStream({ type: "direct", pull, cancel })` once the shell is ready, calls `pull`'s
 * controller with write/flush/end (or error/close), and `cancel` aborts the render.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { compileFunction } from "node:vm";
import type { ReactNode } from "react";

/**
 * Where React writes: strings, a flush at the end of each batch, then end (or error). `write`
 * must answer true: on a falsy answer React stops and waits for the stream to be pulled again,
 * which a direct stream never is (Bun's answers the bytes it took).
 */
export interface DirectSink {
  write(chunk: string): boolean;
  flush(): void;
  end(): void;
  close(): void;
  error(reason: unknown): void;
}

interface DirectSource {
  type: "direct";
  pull(controller: DirectSink): void;
  cancel(reason?: unknown): void;
}

/** What React's Bun build constructs instead of a web stream: holds the source until piped. */
export class DirectStream {
  /** Set by React: settles when everything, deferred parts included, is rendered. */
  allReady!: Promise<void>;
  private readonly source: DirectSource;

  constructor(source: DirectSource) {
    if (source?.type !== "direct") throw new TypeError("React's renderer asked for a stream that is not direct");
    this.source = source;
  }

  /** Starts writing into `sink`: what is rendered now at once, the rest as it completes. */
  pipe(sink: DirectSink): void {
    this.source.pull(sink);
  }

  /** Stops rendering (the client went away or the time ran out). */
  cancel(reason?: unknown): void {
    this.source.cancel(reason);
  }
}

export interface RenderOptions {
  nonce?: string;
  progressiveChunkSize?: number;
  onError?: (error: unknown) => string | void;
  signal?: AbortSignal;
}

type RenderToDirectStream = (children: ReactNode, options?: RenderOptions) => Promise<DirectStream>;

let renderer: RenderToDirectStream | null = null;

const BYTE_COUNTING = `function byteLengthOfChunk(chunk) {
  return Buffer.byteLength(chunk, "utf8");
}`;

/**
 * React measures the UTF-8 bytes of every piece of a finished segment (`Buffer.byteLength`, ~2.5 %
 * of a catalogue page's CPU) only to decide when a complete Suspense boundary is big enough to be
 * written out of line, after the shell, with a swap script. We never want that: a boundary ready
 * when the page is written goes inline (entry.server's `progressiveChunkSize` said so already). A
 * null `byteLengthOfChunk` is how React's own builds without byte counting say it: sizes stay 0,
 * so no boundary is ever outlined for its size. Fails loudly if React's text changes.
 */
export function withoutByteCounting(source: string, filename = "react-dom-server.bun"): string {
  if (!source.includes(BYTE_COUNTING)) throw new Error(`${filename}: byteLengthOfChunk is not where fizz.server.ts expects it`);
  return source.replace(BYTE_COUNTING, "var byteLengthOfChunk = null;");
}

/** React's Bun build, evaluated like Node evaluates a CommonJS file, with DirectStream for ReadableStream. */
function loadRenderer(): RenderToDirectStream {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("react-dom/server.bun");
  const flavour = process.env.NODE_ENV === "production" ? "production" : "development";
  const filename = path.join(path.dirname(entry), "cjs", `react-dom-server.bun.${flavour}.js`);
  const moduleRequire = createRequire(filename);
  const module = { exports: {} as Record<string, unknown> };
  const body = compileFunction(withoutByteCounting(readFileSync(filename, "utf8"), filename), ["exports", "require", "module", "__filename", "__dirname", "ReadableStream"], {
    filename,
  });
  body(module.exports, moduleRequire, module, filename, path.dirname(filename), DirectStream);
  const render = module.exports.renderToReadableStream;
  if (typeof render !== "function") throw new Error(`${filename} has no renderToReadableStream`);
  return render as RenderToDirectStream;
}

/**
 * Renders `children`; resolves with the stream once the shell is ready (rejects if the shell
 * fails). Suspense boundaries still waiting stream in after it.
 */
export function renderToDirectStream(children: ReactNode, options?: RenderOptions): Promise<DirectStream> {
  renderer ??= loadRenderer();
  return renderer(children, options);
}
