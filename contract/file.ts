/**
 * §7 "Files: POST /api/file/upload (form data)". Used for cart images (cart/image {imagesIds}) and the
 * order's legal file (order draft legalFile). Open to anonymous visitors: §6 lets them order too.
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
      "Upload one file (form data, field `file`: PNG, JPEG, WebP or PDF up to 10 MB); answers its id for cart images or the order's legal file",
    timeout: "default",
    bodyKind: "form",
    body: FileUploadForm,
    response: UploadedFile,
  }),
};
