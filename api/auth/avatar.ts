/**
 * Avatars (issue 19): PNG, JPEG or WebP by their bytes (the browser's type is not trusted),
 * decoded by sharp (a renamed HTML page or a truncated picture fails), cropped to
 * AVATAR_SIZE_PX × AVATAR_SIZE_PX WebP and stored like uploads (`files` + `file_blobs`, ADR 025),
 * served from /api/file/{key}. The previous avatar's file is deleted; the file sweep keeps files
 * that are someone's avatar (api/file/service.ts).
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { AVATAR_SIZE_PX, AVATAR_TYPE_MESSAGE } from "../../contract/index";
import type { Db } from "../db/client";
import { files, users } from "../db/schema";
import { fileUrl, MAX_PIXELS, sniffType } from "../file/service";
import { HttpError } from "../http/errors";
import { loadSharp } from "../media/png";

const DAMAGED = "Файл повреждён или это не изображение";
const TOO_LARGE = "Фото слишком большое: не больше 40 мегапикселей";
/** Decodings at once (each up to ~40 Mpx in memory): the rest wait. */
const decoding = pLimit(1);

const bad = (message: string) => new HttpError(400, message, [{ field: "avatar", message }]);

/** The picture as the stored avatar (256×256 WebP); 400 with a field error when it is not one. */
export async function avatarWebp(bytes: Buffer): Promise<Buffer> {
  const type = sniffType(bytes);
  if (!type || type === "application/pdf") throw bad(AVATAR_TYPE_MESSAGE);
  const sharp = await loadSharp();
  return decoding(async () => {
    let meta: { format?: string; width?: number; height?: number };
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw bad(DAMAGED);
    }
    if (`image/${meta.format}` !== type) throw bad(AVATAR_TYPE_MESSAGE);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw bad(TOO_LARGE);
    try {
      return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated" })
        .rotate()
        .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw bad(DAMAGED);
    }
  });
}

const KEY_OF_URL = /^\/api\/file\/([A-Za-z0-9_-]{32})$/;

/** Stores the avatar and points the user at it; answers its URL. */
export async function changeAvatar(db: Db, userId: number, file: File): Promise<string> {
  const webp = await avatarWebp(Buffer.from(await file.arrayBuffer()));
  const key = randomBytes(24).toString("base64url");
  const url = fileUrl(key);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for("update");
    const [row] = await tx
      .insert(files)
      .values({ userId, originalName: "avatar.webp", mimeType: "image/webp", size: webp.byteLength, storageKey: key })
      .returning({ id: files.id });
    await tx.execute(sql`INSERT INTO file_blobs (file_id, data) VALUES (${row.id}, decode(${webp.toString("base64")}, 'base64'))`);
    await tx.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId));
    const old = before?.avatar ? KEY_OF_URL.exec(before.avatar)?.[1] : undefined;
    if (old) await tx.delete(files).where(and(eq(files.storageKey, old), eq(files.userId, userId)));
  });
  return url;
}
