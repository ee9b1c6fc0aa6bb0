/**
 * §7 "Files: POST /api/file/upload (form data)". Used for cart images (cart/image {imageKeys}) and the
 * order's legal file (order draft legalFile), both by the file's unguessable `key`; a file attached
 * to an order cannot be attached to another, and one never attached is deleted after a day (ADR 025). Open to anonymous visitors: §6 lets them order too.
 *
 * The server decides the type from the file's first bytes, never from the name or the browser's
 * claimed type, and keeps only what it can show safely: PNG, JPEG and WebP pictures (checked by
 * decoding them) and PDF. SVG is refused: it is a document that can carry scripts. The file is
 * served back at `url` (and images as a small WebP preview at `thumbnailUrl`), at a random,
 * unguessable address.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id, isoDateTime, url } from "./common.ts";

/** An upload's random storage key (24 random bytes, base64url): how an order or a cart names a file. */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const FILE_NOT_FOUND_MESSAGE = "Файл не найден, загрузите его ещё раз";

/**
 * A file as a request names it (order legalFile, imageKeys; cart images): by its unguessable key,
 * never by the serial id, so one visitor cannot attach another's upload by counting ids.
 */
export const fileKey = () => z.string().regex(FILE_KEY_PATTERN, FILE_NOT_FOUND_MESSAGE);

/**
 * 10 MB: enough for a print-ready layout or a scanned requisites page; each upload is held in
 * memory while it is checked and stored in PostgreSQL (ADR 025), so the bound is kept low.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A request body that carries one file: the file plus room for the multipart boundaries and part headers. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** What the server accepts (decided from the bytes). */
export const UPLOAD_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** For `<input type="file" accept>`; a hint only, the server checks the bytes. */
export const UPLOAD_ACCEPT = ".png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf";

export const UPLOAD_TYPE_MESSAGE = "Можно загрузить изображение (PNG, JPEG, WebP) или PDF";
export const UPLOAD_SIZE_MESSAGE = "Файл больше 10 МБ";

export const FileUploadForm = z.object({
  file: z
    .file({ error: "Выберите файл" })
    .min(1, "Файл пустой")
    .max(MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGE),
});
export type FileUploadForm = z.input<typeof FileUploadForm>;

export const UploadedFile = z.object({
  id: id(),
  /** What an order or a cart names the file by (the same key is in `url`). */
  key: fileKey(),
  url: url(),
  /** WebP preview of an image (at most 320×320); null for a PDF. */
  thumbnailUrl: url().nullable(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: isoDateTime(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

export const fileEndpoints = {
  fileUpload: endpoint({
    id: "fileUpload",
    method: "POST",
    path: "/file/upload",
    tag: "file",
    summary:
      "Upload one file (form data, field `file`: PNG, JPEG, WebP or PDF up to 10 MB); answers its key for cart images or the order's legal file",
    timeout: "upload",
    bodyKind: "form",
    body: FileUploadForm,
    response: UploadedFile,
  }),
};
