/**
 * The pictures of an offer's document, as PNG bytes by URL (ADR 052). The document names its
 * pictures by the URLs the shop serves them at, and this reads them from where those URLs come
 * from, never over the network:
 * - `/api/media/{kind}/{name}.svg|.png`: the demo catalogue's drawings (api/media/svg.ts), drawn
 *   again from the URL and rasterised by sharp (pdfkit and Excel draw no SVG);
 * - `/api/file/{key}` and `…/thumbnail`: an upload (a company's logo): its stored bytes, PNG or
 *   JPEG or WebP, redrawn as a PNG.
 * Anything else (another host, a broken URL, a PDF upload) has no picture: the document shows a
 * dash in its place rather than failing.
 *
 * Each picture is drawn once at PICTURE_PX on white (the table prints it at ~13 mm, so ~300 dpi),
 * and kept in a small LRU bounded in bytes: exporting an offer again costs no drawing. sharp works
 * in libuv's thread pool, so drawing stays off the event loop; two at a time.
 */
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { FILE_KEY_PATTERN } from "#contract/file.ts";
import { queryRows, type Db } from "../../db/client";
import { loadSharp } from "../../media/png";
import { renderMedia } from "../../media/svg";

/** Longest side of a drawn picture, px. */
export const PICTURE_PX = 160;
/** Longest side of a drawn logo, px (printed at most 96 × 48 pt). */
export const LOGO_PX = 400;
export const IMAGE_CACHE_BYTES = 4 * 1024 * 1024;
/** An upload bigger than this is not a logo: no picture. */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

export type KpImageSource = { kind: "svg"; svg: string } | { kind: "raster"; bytes: Buffer };

/** Where a picture URL's bytes come from; null when the document shows no picture for it. */
export async function readImageSource(db: Pick<Db, "execute">, url: string): Promise<KpImageSource | null> {
  const media = /^\/api\/media\/([a-z-]{1,20})\/([A-Za-z0-9-]{1,60})\.(?:svg|png)$/.exec(url);
  if (media) {
    const svg = renderMedia(media[1]!, media[2]!);
    return svg === null ? null : { kind: "svg", svg };
  }
  const file = /^\/api\/file\/([^/?#]+)(?:\/thumbnail)?$/.exec(url);
  if (file && FILE_KEY_PATTERN.test(file[1]!)) {
    const [row] = await queryRows<{ data: string | null }>(
      db,
      sql`SELECT encode(b.data, 'base64') AS data FROM files f JOIN file_blobs b ON b.file_id = f.id
          WHERE f.storage_key = ${file[1]!} AND f.mime_type IN ('image/png', 'image/jpeg', 'image/webp') AND f.size <= ${MAX_SOURCE_BYTES}`,
    );
    return row?.data ? { kind: "raster", bytes: Buffer.from(row.data, "base64") } : null;
  }
  return null;
}

/** A PNG of `source` fitted into `px` × `px` on white. */
export async function drawPicture(source: KpImageSource, px: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const input = source.kind === "svg" ? Buffer.from(source.svg) : source.bytes;
  return sharp(input, { limitInputPixels: 40_000_000 })
    .resize(px, px, { fit: "inside", withoutEnlargement: source.kind === "raster" })
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export interface KpImageLoaderOptions {
  cacheBytes?: number;
  concurrency?: number;
}

/**
 * The loader the export calls: the pictures of `urls` (pictures, and the logo with `logo`), as PNG
 * bytes by URL; a picture that can't be read is left out.
 */
export function createKpImageLoader(db: Pick<Db, "execute">, options: KpImageLoaderOptions = {}) {
  const limit = pLimit(options.concurrency ?? 2);
  const cache = new LRUCache<string, Buffer, number>({
    maxSize: options.cacheBytes ?? IMAGE_CACHE_BYTES,
    sizeCalculation: (png) => Math.max(1, png.byteLength),
    fetchMethod: async (key, _stale, { context: px }) => {
      const url = key.slice(key.indexOf(" ") + 1);
      const source = await readImageSource(db, url);
      if (!source) return Buffer.alloc(0);
      return limit(() => drawPicture(source, px)).catch(() => Buffer.alloc(0));
    },
  });

  async function one(url: string, px: number): Promise<Buffer | null> {
    // A picture that can't be read (its upload gone, the database busy) is only left out.
    const png = await cache.fetch(`${px} ${url}`, { context: px }).catch(() => undefined);
    return png && png.byteLength > 0 ? png : null;
  }

  return async function loadImages(doc: { seller: { logo: string | null } | null; lines: readonly { image: string | null }[] }): Promise<Map<string, Uint8Array>> {
    const wanted = new Map<string, number>();
    if (doc.seller?.logo) wanted.set(doc.seller.logo, LOGO_PX);
    for (const line of doc.lines) if (line.image && !wanted.has(line.image)) wanted.set(line.image, PICTURE_PX);
    const images = new Map<string, Uint8Array>();
    await Promise.all(
      [...wanted].map(async ([url, px]) => {
        const png = await one(url, px);
        if (png) images.set(url, png);
      }),
    );
    return images;
  };
}

export type KpImageLoader = ReturnType<typeof createKpImageLoader>;
