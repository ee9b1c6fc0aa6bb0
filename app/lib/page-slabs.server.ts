/**
 * Reused memory for the bytes of rendered pages (ADR 020).
 *
 * A page's HTML used to become a new Buffer per batch React wrote (~60 KB per page). Those Buffers
 * are external memory to V8: they live until the response is written, often long enough to be
 * promoted, and V8 counts external memory allocated since the last full collection against the
 * old generation's limit, so the pages' bytes (~30 MB/s under load) started most full
 * collections and grew the malloc heap by ~16 MB. Instead a page encodes its batches into slabs
 * taken from this pool and gives them back when its response is over (`finish`: every byte has
 * been handed to the kernel; `close`: the client went away); a slab is never written again by
 * the page that gave it back.
 */
import { Buffer } from "node:buffer";

export const SLAB_BYTES = 128 * 1024;

export class SlabPool {
  private readonly free: Buffer[] = [];

  /** `keep`: free slabs kept for reuse (the others are left to the garbage collector). */
  constructor(private readonly keep = 16) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES);
  }

  give(slabs: readonly Buffer[]): void {
    for (const slab of slabs) if (this.free.length < this.keep) this.free.push(slab);
  }

  /** Free slabs waiting to be reused. */
  get idle(): number {
    return this.free.length;
  }
}

/**
 * One page's writer into pooled slabs: `encode` returns the bytes of a string, in the current slab
 * when they fit, else in a new one, else (a batch bigger than a slab, or after `release`) in a
 * Buffer of their own.
 */
export class SlabWriter {
  private readonly slabs: Buffer[] = [];
  private current: Buffer | null = null;
  private used = 0;
  private released = false;

  constructor(private readonly pool: SlabPool) {}

  encode(text: string): Buffer {
    if (this.released) return Buffer.from(text);
    if (this.current) {
      const bytes = writeWhole(this.current, text, this.used);
      if (bytes >= 0) {
        const start = this.used;
        this.used += bytes;
        return this.current.subarray(start, this.used);
      }
    }
    // Every UTF-16 code unit takes at least one byte: longer text never fits a slab.
    if (text.length > SLAB_BYTES) return Buffer.from(text);
    const slab = this.pool.take();
    this.slabs.push(slab);
    this.current = slab;
    const bytes = writeWhole(slab, text, 0);
    // Too big for a fresh slab: the slab stays current, nothing of it handed out, for the batches that follow.
    this.used = Math.max(bytes, 0);
    return bytes >= 0 ? slab.subarray(0, bytes) : Buffer.from(text);
  }

  /** The response is over: the slabs go back to the pool, and later batches get their own Buffers. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.pool.give(this.slabs);
    this.slabs.length = 0;
    this.current = null;
  }
}

/**
 * Writes all of `text` into `slab` at `offset` and answers its byte count, or -1 when it does not
 * fit. One pass, without counting the bytes first (a second pass over the page's text, ADR 021):
 * `Buffer#write` stops before a character that does not fit whole, and a character takes at most
 * 4 bytes, so 4 or more bytes left over prove that everything was written.
 */
function writeWhole(slab: Buffer, text: string, offset: number): number {
  const room = SLAB_BYTES - offset;
  if (text.length > room) return -1;
  const written = slab.write(text, offset, "utf8");
  return room - written >= 4 || Buffer.byteLength(text) === written ? written : -1;
}
