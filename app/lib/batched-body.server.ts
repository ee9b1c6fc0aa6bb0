import { Buffer } from "node:buffer";
import { EventEmitter } from "node:events";

/**
 * What React pipes into (it only needs write/flush/end/destroy and the "drain"/"close" events),
 * feeding the web stream the Response carries. React writes a page as many small pieces (2 KB
 * views and long strings) and calls `flush()` after each batch; the pieces are kept as they are and
 * joined into one chunk per batch, so the stream, the response and the socket see a few writes per
 * page, and no Node stream machinery runs per piece (ADR 012).
 */
export class BatchedBody extends EventEmitter {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private pieces: (Uint8Array | string)[] = [];
  /** React was told to wait (write() returned false); it resumes on "drain". */
  private waiting = false;
  private ended = false;

  /** `highWaterMark`: bytes the reader may lag behind before React is paused. */
  constructor(
    private readonly onEnd: () => void,
    highWaterMark = 128 * 1024,
  ) {
    super();
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => {
          if (!this.waiting) return;
          this.waiting = false;
          this.emit("drain");
        },
        cancel: () => {
          // The client went away: React stops rendering ("close" aborts it).
          this.finish();
          this.emit("close");
        },
      },
      { highWaterMark, size: (chunk) => chunk.byteLength },
    );
  }

  write(piece: Uint8Array | string): boolean {
    if (this.ended) return false;
    this.pieces.push(piece);
    return !this.waiting;
  }

  /** Called by React at the end of every batch it writes. */
  flush(): void {
    if (this.ended || this.pieces.length === 0) return;
    this.controller.enqueue(join(this.pieces));
    this.pieces = [];
    if ((this.controller.desiredSize ?? 1) <= 0) this.waiting = true;
  }

  end(): void {
    if (this.ended) return;
    this.flush();
    this.finish();
    this.controller.close();
  }

  destroy(error?: unknown): void {
    if (this.ended) return;
    this.finish();
    this.controller.error(error);
  }

  private finish(): void {
    this.ended = true;
    this.pieces = [];
    this.onEnd();
  }
}

/** One buffer from React's pieces, encoding each string straight into it. */
function join(pieces: (Uint8Array | string)[]): Uint8Array {
  if (pieces.length === 1 && typeof pieces[0] !== "string") return pieces[0];
  let size = 0;
  for (const piece of pieces) size += typeof piece === "string" ? Buffer.byteLength(piece) : piece.byteLength;
  const out = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") offset += out.write(piece, offset);
    else {
      out.set(piece, offset);
      offset += piece.byteLength;
    }
  }
  return out;
}
