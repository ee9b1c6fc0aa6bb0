import { Transform, type TransformCallback } from "node:stream";

/**
 * What React pipes into. React writes a page as many 2 KB pieces and calls `flush()` after each
 * batch; this stream holds the pieces back (corked) and passes each batch on as one chunk, so the
 * web stream, the response and the socket see a few writes per page instead of dozens.
 */
export class BatchedBody extends Transform {
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
