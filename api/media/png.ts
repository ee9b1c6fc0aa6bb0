/**
 * PNG versions of the generated pictures, for crawlers and social networks, which do not show
 * SVG (og:image). sharp (libvips with librsvg) draws the same SVG the .svg route serves.
 *
 * Why sharp: its native buffers are freed as soon as a drawing ends. @resvg/resvg-js was tried
 * first: each drawing leaves its pixmap (5 MB for a slide) in a native object that only a full
 * garbage collection releases, so a burst of 40 slides took the server from 250 to 480 MB.
 *
 * Drawing costs CPU (10–30 ms), so:
 * - results are kept in an LRU bounded in bytes, and concurrent requests of one picture share
 *   one drawing (lru-cache's fetch);
 * - drawings run off the event loop (libuv's thread pool), one at a time by default: enough for
 *   crawlers, and each one more in flight kept ~15 MB more of native memory in measurements;
 * - sharp loads on the first PNG, not at start.
 */
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type sharpModule from "sharp";

export interface PngRendererOptions {
  /** Upper bound of the cached PNGs, bytes. */
  maxBytes?: number;
  /** Drawings at a time. */
  concurrency?: number;
  /** Drawings waiting beyond this many are refused (busy) instead of queued. */
  maxQueue?: number;
}

export const DEFAULT_PNG_CACHE_BYTES = 4 * 1024 * 1024;

/** Thrown when too many drawings are waiting: the route answers 503 with Retry-After. */
export class PngRendererBusy extends Error {}

let loading: Promise<typeof sharpModule> | undefined;

/** sharp, loaded once for the process (drawings here, upload checks in api/file/service.ts). */
export function loadSharp(): Promise<typeof sharpModule> {
  return (loading ??= import("sharp").then(({ default: sharp }) => {
    // Results are kept by their callers (the LRU below); libvips's own operation cache would only hold memory.
    sharp.cache(false);
    // One libvips thread per drawing: drawings are small, and threads each keep a malloc arena.
    sharp.concurrency(1);
    return sharp;
  }));
}

/** Draws an SVG at its own size (72 dpi: one SVG unit is one pixel). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export function createPngRenderer(options: PngRendererOptions = {}) {
  const limit = pLimit(options.concurrency ?? 1);
  const maxQueue = options.maxQueue ?? 64;
  const cache = new LRUCache<string, Buffer, string>({
    maxSize: options.maxBytes ?? DEFAULT_PNG_CACHE_BYTES,
    sizeCalculation: (png) => png.byteLength,
    fetchMethod: (_key, _stale, { context: svg }) => limit(() => svgToPng(svg)),
  });

  return {
    /** The PNG of `svg`, kept under `key` (the picture's URL path). */
    async render(key: string, svg: string): Promise<Buffer> {
      const cached = cache.get(key);
      if (cached) return cached;
      if (limit.pendingCount >= maxQueue) throw new PngRendererBusy("Too many pictures are being drawn");
      const png = await cache.fetch(key, { context: svg });
      // fetch() gives undefined only when the fetch was aborted, which nothing here does.
      if (!png) throw new Error(`PNG of ${key} was not drawn`);
      return png;
    },
    /** What the cache holds, for tests and diagnostics. */
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}

export type PngRenderer = ReturnType<typeof createPngRenderer>;
