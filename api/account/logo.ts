/**
 * A company's logo (legal/create, legal/update form field `image`): checked by its bytes (PNG,
 * JPEG or WebP signature, then decoded by sharp: an HTML page renamed .png or a truncated JPEG is
 * refused), resized to fit LOGO_SIZE and stored as PNG (documents such as a PDF offer can embed
 * PNG, not WebP) in `files` + `file_blobs`, served at /api/file/{key} like every upload (ADR 025).
 * One logo is processed at a time; with more than MAX_WAITING waiting the request is a 503.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pLimit from "p-limit";
import { LOGO_TYPE_MESSAGE } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { HttpError } from "../http/errors";
import { loadSharp } from "../media/png";
import { fileUrl, MAX_PIXELS, sniffType } from "../file/service";

/** Longest side of a stored logo, px (a stamp or logo on a document, a card in the account). */
export const LOGO_SIZE = 600;
const MAX_WAITING = 8;

export const LOGO_DAMAGED = "Логотип повреждён или это не изображение";
export const LOGO_TOO_LARGE = "Логотип слишком большой: не больше 40 мегапикселей";
export const LOGO_BUSY = "Сервер занят, повторите через несколько секунд";

const queue = pLimit(1);

const fieldError = (message: string) => new HttpError(400, message, [{ field: "image", message }]);

/** The bytes as a PNG of at most LOGO_SIZE a side; a 400 on `image` when they are no picture. */
export async function processLogo(file: File): Promise<Buffer> {
  if (queue.pendingCount >= MAX_WAITING) throw new HttpError(503, LOGO_BUSY);
  return queue(async () => {
    const bytes = Buffer.from(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (type === null || type === "application/pdf") throw fieldError(LOGO_TYPE_MESSAGE);
    const sharp = await loadSharp();
    let meta: { format?: string; width?: number; height?: number };
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw fieldError(LOGO_DAMAGED);
    }
    if (`image/${meta.format}` !== type) throw fieldError(LOGO_TYPE_MESSAGE);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw fieldError(LOGO_TOO_LARGE);
    try {
      return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated" })
        .rotate()
        .resize(LOGO_SIZE, LOGO_SIZE, { fit: "inside", withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer();
    } catch {
      throw fieldError(LOGO_DAMAGED);
    }
  });
}

/** Stores a processed logo (inside the caller's transaction); answers its public URL. */
export async function storeLogo(tx: Pick<Db, "execute">, png: Buffer, userId: number): Promise<string> {
  const key = randomBytes(24).toString("base64url");
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO files (user_id, original_name, mime_type, size, storage_key)
        VALUES (${userId}, 'logo.png', 'image/png', ${png.byteLength}, ${key}) RETURNING id`,
  );
  // Base64 text, as api/file/service.ts does (PGlite's bytea parameters are slow).
  await tx.execute(sql`INSERT INTO file_blobs (file_id, data) VALUES (${row.id}, decode(${png.toString("base64")}, 'base64'))`);
  return fileUrl(key);
}

/** Deletes the stored file behind a logo URL (its blob goes with it); other URLs are left alone. */
export async function deleteLogo(tx: Pick<Db, "execute">, url: string | null): Promise<void> {
  const key = url ? /^\/api\/file\/([A-Za-z0-9_-]{32})$/.exec(url)?.[1] : undefined;
  if (key) await tx.execute(sql`DELETE FROM files WHERE storage_key = ${key}`);
}
