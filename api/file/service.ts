/**
 * Uploaded files (contract/file.ts, ADR 025): checked, stored in PostgreSQL and served back.
 *
 * - The type comes from the first bytes (PNG, JPEG, WebP and PDF signatures), never from the
 *   name or the browser's claim. Pictures are then decoded by sharp (already the project's image
 *   library, api/media/png.ts), which both proves they are pictures (an HTML page renamed .png,
 *   a truncated JPEG fail) and draws the preview. SVG is refused: it is a document that can carry
 *   scripts. Four fixed signatures need no file-type library: sharp is the real check.
 * - Bytes go to `file_blobs` (bytea) in the same transaction as the `files` row, so any number
 *   of stateless instances serve every upload; the public address is a random 24-byte key
 *   (`files.storage_key`), so one visitor cannot walk ids to read another's files.
 * - Memory (ADR 025): every upload, picture or PDF, goes through one queue (UPLOAD_CONCURRENCY at
 *   a time) under one byte budget (UPLOAD_BYTE_BUDGET of requests being read, checked or stored,
 *   waiting ones counted; the route reserves the declared length before reading the body, `admit`):
 *   beyond it, or with more than MAX_WAITING waiting, the upload is refused with 503 + Retry-After
 *   instead of holding more in memory. Reads (GET /api/file/{key}) are bounded the
 *   same way (READ_CONCURRENCY, MAX_READS_WAITING): a 10 MB file is ~25 MB while it is encoded,
 *   decoded and sent.
 * - Decoding runs off the event loop (libuv's pool) inside that queue; a picture over MAX_PIXELS is
 *   refused before it is decoded (decompression bombs).
 * - A file is named by its key in an order (`files.order_id` is set when the order is stored; a
 *   file with an order cannot go into another). Files no order took within UNATTACHED_TTL_MS are
 *   deleted: at most once per SWEEP_INTERVAL_MS, an upload starts a sweep in the background that
 *   deletes up to SWEEP_BATCH of them (an index on created_at where order_id is null). A file in a
 *   logged-in user's server cart (`carts.image_ids`, issue 19) is kept while it is there, and so
 *   are a user's avatar (api/auth/avatar.ts) and a company logo (api/account/logo.ts), named by
 *   their URL.
 * - A logged-in uploader is recorded (`files.user_id`): the server cart accepts only the caller's
 *   own files or anonymous uploads not yet attached (api/cart/server-cart.ts).
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pLimit from "p-limit";
import { FILE_KEY_PATTERN, MAX_UPLOAD_BYTES, UPLOAD_TYPE_MESSAGE, type UploadMimeType, type UploadedFile } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { files } from "../db/schema";
import { HttpError } from "../http/errors";
import { loadSharp } from "../media/png";
import { log } from "../../log/logger";

/** 40 megapixels: a print layout at 300 dpi on A3 is ~17. */
export const MAX_PIXELS = 40_000_000;
/** Longest side of an image preview, px. */
export const THUMBNAIL_SIZE = 320;
/** Uploads checked and stored at once (decode, base64, the INSERT): the rest wait in the queue. */
export const UPLOAD_CONCURRENCY = 2;
/** Bytes of uploads in the queue (running and waiting) at most: 4 files of 10 MB. */
export const UPLOAD_BYTE_BUDGET = 4 * MAX_UPLOAD_BYTES;
/** Uploads waiting beyond this are refused with 503 (Retry-After) rather than queued. */
const MAX_WAITING = 16;
/** File reads at once, and waiting beyond which a read is refused with 503. */
export const READ_CONCURRENCY = 4;
const MAX_READS_WAITING = 64;
/** An upload no order took within a day is deleted. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
export const SWEEP_BATCH = 200;

const KEY_PATTERN = FILE_KEY_PATTERN;

export function fileUrl(key: string): string {
  return `/api/file/${key}`;
}
export function thumbnailUrl(key: string): string {
  return `/api/file/${key}/thumbnail`;
}

const EXTENSIONS: Record<UploadMimeType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** The type by signature; null when it is none of the accepted ones (SVG, HTML, ZIP, text…). */
export function sniffType(bytes: Uint8Array): UploadMimeType | null {
  const starts = (signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  return null;
}

/** A name safe to store and to put in Content-Disposition: no control or path characters, ≤ 200 characters. */
export function cleanFileName(name: string, type: UploadMimeType): string {
  const base = name
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u202a-\u202e\u2066-\u2069]/g, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(-200);
  const extension = EXTENSIONS[type];
  const stem = base || "file";
  return stem.toLowerCase().endsWith(`.${extension}`) || (extension === "jpg" && /\.jpe?g$/i.test(stem)) ? stem : `${stem}.${extension}`;
}

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export class FileServiceBusy extends Error {}

const DAMAGED = "Файл повреждён или это не изображение";
const TOO_LARGE = "Изображение слишком большое: не больше 40 мегапикселей";

export interface FileServiceOptions {
  uploadConcurrency?: number;
  uploadByteBudget?: number;
  readConcurrency?: number;
  /** Uploads / reads waiting beyond which one is refused (FileServiceBusy). */
  maxWaiting?: number;
  maxReadsWaiting?: number;
  /** Where a failed sweep is reported. */
  logError?: (message: string, error: unknown) => void;
  now?: () => number;
}

export function createFileService(db: Db, options: FileServiceOptions = {}) {
  const uploads = pLimit(options.uploadConcurrency ?? UPLOAD_CONCURRENCY);
  const reads = pLimit(options.readConcurrency ?? READ_CONCURRENCY);
  const budget = options.uploadByteBudget ?? UPLOAD_BYTE_BUDGET;
  const maxWaiting = options.maxWaiting ?? MAX_WAITING;
  const maxReadsWaiting = options.maxReadsWaiting ?? MAX_READS_WAITING;
  const logError = options.logError ?? ((message: string, error: unknown) => log.error({ err: error }, message));
  const now = options.now ?? Date.now;
  /** Bytes of the uploads in the queue (running and waiting). */
  let queuedBytes = 0;
  let lastSweep = 0;
  let sweeping: Promise<number> | null = null;

  /** Deletes up to SWEEP_BATCH files no order took within UNATTACHED_TTL_MS; the number deleted. */
  async function sweep(): Promise<number> {
    const before = new Date(now() - UNATTACHED_TTL_MS).toISOString();
    const rows = await queryRows<{ id: number }>(
      db,
      sql`DELETE FROM files WHERE id IN (
            SELECT f.id FROM files f WHERE f.order_id IS NULL AND f.created_at < ${before}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM carts c WHERE f.id = ANY(c.image_ids))
              -- A company's logo (api/account/logo.ts) is a file no order takes: it stays.
              AND NOT EXISTS (SELECT 1 FROM legal_companies lc WHERE lc.image = '/api/file/' || f.storage_key)
              -- an avatar (api/auth/avatar.ts) is kept while it is someone's
              AND NOT EXISTS (SELECT 1 FROM users u WHERE u.avatar = '/api/file/' || f.storage_key)
            ORDER BY f.created_at LIMIT ${SWEEP_BATCH})
          RETURNING id`,
    );
    return rows.length;
  }

  function admit(bytes: number): () => void {
    const size = Math.max(1, Math.ceil(bytes));
    if (queuedBytes + size > budget) throw new FileServiceBusy("The upload budget is spent");
    queuedBytes += size;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      queuedBytes -= size;
    };
  }

  /** A sweep in the background, at most once per SWEEP_INTERVAL_MS (an upload starts it). */
  function maybeSweep(): void {
    if (sweeping || now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now();
    sweeping = sweep()
      .catch((error: unknown) => {
        logError("[file] sweeping unattached uploads failed:", error);
        return 0;
      })
      .finally(() => {
        sweeping = null;
      });
  }

  /** Decodes a picture (proving it is one) and draws its WebP preview (inside the upload queue). */
  async function preview(bytes: Buffer, type: UploadMimeType): Promise<Buffer> {
    const sharp = await loadSharp();
    const options = { limitInputPixels: MAX_PIXELS, failOn: "truncated" as const };
    let meta: { format?: string; width?: number; height?: number };
    try {
      // The header only: size and format, nothing decoded yet.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new HttpError(400, DAMAGED, [{ field: "file", message: DAMAGED }]);
    }
    if (`image/${meta.format}` !== type) throw new HttpError(400, UPLOAD_TYPE_MESSAGE, [{ field: "file", message: UPLOAD_TYPE_MESSAGE }]);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) {
      throw new HttpError(400, TOO_LARGE, [{ field: "file", message: TOO_LARGE }]);
    }
    try {
      return await sharp(bytes, options)
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new HttpError(400, DAMAGED, [{ field: "file", message: DAMAGED }]);
    }
  }

  /** Checks and stores one upload (inside the queue). */
  async function store(file: File, userId: number | null): Promise<UploadedFile> {
    const bytes = Buffer.from(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (!type) throw new HttpError(400, UPLOAD_TYPE_MESSAGE, [{ field: "file", message: UPLOAD_TYPE_MESSAGE }]);
    const thumbnail = type === "application/pdf" ? null : await preview(bytes, type);
    const key = randomBytes(24).toString("base64url");
    const originalName = cleanFileName(file.name, type);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(files)
        // A subquery, not the id: a token can outlive its deleted user (the upload is then anonymous).
        .values({ originalName, mimeType: type, size: bytes.byteLength, storageKey: key, userId: userId === null ? null : sql`(SELECT id FROM users WHERE id = ${userId})` })
        .returning({ id: files.id, createdAt: files.createdAt });
      // Base64 text rather than a bytea parameter: PGlite's own bytea (de)serialisation is
      // ~6× slower on insert and ~18× on read (10 MB: 3.5 s vs 0.6 s, 2 s vs 0.1 s here).
      await tx.execute(sql`INSERT INTO file_blobs (file_id, data, thumbnail)
        VALUES (${inserted.id}, decode(${bytes.toString("base64")}, 'base64'),
                ${thumbnail ? sql`decode(${thumbnail.toString("base64")}, 'base64')` : null})`);
      return inserted;
    });
    return {
      id: row.id,
      key,
      url: fileUrl(key),
      thumbnailUrl: thumbnail ? thumbnailUrl(key) : null,
      originalName,
      mimeType: type,
      size: bytes.byteLength,
      createdAt: new Date(row.createdAt).toISOString(),
    };
  }

  /** The stored bytes (or preview) by public key; null when there is none. */
  async function readNow(key: string, variant: "original" | "thumbnail") {
    const column = variant === "original" ? sql`b.data` : sql`b.thumbnail`;
    const [row] = await queryRows<{ name: string; mimeType: string; data: string | null }>(
      db,
      sql`SELECT f.original_name AS name, f.mime_type AS "mimeType", encode(${column}, 'base64') AS data
          FROM files f JOIN file_blobs b ON b.file_id = f.id WHERE f.storage_key = ${key}`,
    );
    if (!row?.data) return null;
    return {
      name: row.name,
      mimeType: variant === "original" ? (row.mimeType as UploadMimeType) : ("image/webp" as const),
      // encode() breaks lines every 76 characters; Node's base64 decoder skips them.
      bytes: Buffer.from(row.data, "base64"),
    };
  }

  return {
    /**
     * Checks and stores one upload; 400 with a Russian field error on `file` when it is not
     * accepted; FileServiceBusy (the route's 503) when the queue or its byte budget is full.
     */
    async upload(file: File, { admitted = false, userId = null }: { admitted?: boolean; userId?: number | null } = {}): Promise<UploadedFile> {
      if (uploads.pendingCount >= maxWaiting) throw new FileServiceBusy("Too many uploads are waiting");
      // The route admits the request's bytes before the body is read (admit); direct callers here.
      const release = admitted ? () => {} : admit(file.size);
      try {
        return await uploads(() => store(file, userId));
      } finally {
        release();
        maybeSweep();
      }
    },

    /**
     * Reserves `bytes` of the upload budget (FileServiceBusy when it is spent); the answer gives
     * them back. The upload route reserves the request's declared length before reading the body,
     * so a multipart body being parsed counts too.
     */
    admit,

    /** Deletes files no order took within a day (also started by uploads); the number deleted. */
    sweepUnattached: () => sweep(),

    /** The stored bytes (or preview) by public key; null when there is none; FileServiceBusy when too many are read. */
    async read(key: string, variant: "original" | "thumbnail") {
      if (!KEY_PATTERN.test(key)) return null;
      if (reads.pendingCount >= maxReadsWaiting) throw new FileServiceBusy("Too many files are being read");
      return reads(() => readNow(key, variant));
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
