/**
 * §7 "Files: POST /api/file/upload (form data)". Used for cart images (cart/image {imagesIds}) and the
 * order's legal file (order draft legalFile). Open to anonymous visitors: §6 lets them order too.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { id, isoDateTime, url } from "./common.ts";

/** 20 MB: layouts and requisites scans are large, but not unbounded. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Layouts, logos and requisite scans. */
export const UPLOAD_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/svg+xml",
  "application/pdf",
  "application/postscript",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/zip",
] as const;

export const FileUploadForm = z.object({ file: z.file().max(MAX_UPLOAD_BYTES).mime([...UPLOAD_MIME_TYPES]) });
export type FileUploadForm = z.input<typeof FileUploadForm>;

export const UploadedFile = z.object({
  id: id(),
  url: url(),
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
    summary: "Upload one file (form data); answers its id for cart images or the order's legal file",
    timeout: "default",
    bodyKind: "form",
    body: FileUploadForm,
    response: UploadedFile,
  }),
};
