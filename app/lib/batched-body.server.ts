import { Buffer } from "node:buffer";
import type { DirectSink } from "./fizz.server.ts";
import type { SlabWriter } from "./page-slabs.server.ts";

/**
 * Where React writes a page (app/lib/fizz.server.ts): it hands over strings and calls `flush()`
 * at the end of each batch, `end()` when the page is complete. Each batch's strings are joined and
 * encoded once into one chunk of `stream`, so the response and the socket see a few writes per
 * page and no stream machinery runs per piece (ADR 012, ADR 014). What React writes before the
 * stream is first read is kept and becomes its first chunk.
 */
export class BatchedBody implements DirectSink {
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private web: ReadableStream<Uint8Array> | null = null;
  private kept = "";
  private ended = false;
  private failure: { reason: unknown } | null = null;
  private complete = false;

  /**
   * `onEnd`: the page is complete, failed or abandoned (called once);
   * `onCancel`: the reader went away before the end (React should stop rendering).
   */
  constructor(
    private readonly onEnd: () => void,
    private readonly onCancel: (reason: unknown) => void = () => {},
    /** Encodes the batches into pooled slabs (app/lib/page-slabs.server.ts); else a Buffer each. */
    private readonly slabs: SlabWriter | null = null,
  ) {}

  /** The page as a web stream (created on first use). */
  get stream(): ReadableStream<Uint8Array> {
    this.web ??= new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
        this.flush();
        if (this.failure) controller.error(this.failure.reason);
        else if (this.complete) controller.close();
      },
      cancel: (reason) => {
        if (this.ended) return;
        this.finish();
        this.onCancel(reason);
      },
    });
    return this.web;
  }

  /** Always takes the chunk: React stops writing (and waits for a pull that never comes) on a falsy answer. */
  write(chunk: string): boolean {
    if (!this.ended) this.kept += chunk;
    return true;
  }

  /** Called by React at the end of every batch it writes. */
  flush(): void {
    if (!this.controller || this.kept === "") return;
    this.controller.enqueue(this.slabs ? this.slabs.encode(this.kept) : Buffer.from(this.kept));
    this.kept = "";
  }

  end(): void {
    if (this.ended) return;
    this.flush();
    this.complete = true;
    this.finish();
    this.controller?.close();
  }

  /** React closes without an error when it has none to give. */
  close(): void {
    this.end();
  }

  error(reason: unknown): void {
    if (this.ended) return;
    this.failure = { reason };
    this.kept = "";
    this.finish();
    this.controller?.error(reason);
  }

  private finish(): void {
    this.ended = true;
    this.onEnd();
  }
}
