/**
 * Request body limits, decided from the headers before a byte of the body is read (issue 16: six
 * 40 MB JSON bodies took the process from 253 to 720 MB; `request.formData()` and the API's JSON
 * parsing read a whole body into memory).
 *
 * A body must declare its length, and the length must be within the limit of its path: the
 * default, or the first `paths` rule whose path is the request's path or a parent of it (an upload
 * route gets its own there). React Router posts `<Form>` and fetcher submissions to the route's
 * single-fetch URL, the path plus ".data" ("/cart/upload.data"; "/cart/upload/_.data" with a
 * trailing slash), so a rule covers that form of its path too; "/_root.data" (the home page) has
 * no rule of its own and keeps the default. With a Content-Length, Node's HTTP parser reads exactly that many
 * bytes, so the declared length is the real bound. A chunked body (no length) would have to be
 * read to be measured, and whatever measured it would have consumed the stream that React Router
 * and the API read: it is refused with 411. Browsers send a Content-Length with every form and
 * fetch body. The answer closes the connection, so the unread body is not drained.
 */
import type { RequestHandler } from "express";
import { UPLOAD_BODY_LIMIT, UPLOAD_SIZE_MESSAGE } from "../contract/file.ts";
import { LOGO_SIZE_MESSAGE, MAX_LOGO_BYTES } from "../contract/profile.ts";
import { reject } from "./reject.ts";
import { ACCOUNT_UPLOAD_LIMIT, ACCOUNT_UPLOAD_MESSAGE } from "#app/features/account/upload-limit.ts";

export const MiB = 1024 * 1024;

export interface BodyLimitRule {
  /** A path ("/api/file/upload"): the rule covers it and every path below it. */
  path: string;
  /** Bytes. */
  limit: number;
  /** The 413 text; default "Слишком большой запрос: не больше …". */
  message?: string;
}

/**
 * The shop's own rules: file/upload takes a file (contract MAX_UPLOAD_BYTES) plus multipart
 * overhead; so does the cart's upload route (layouts, app/routes/cart-upload.ts); the ordering
 * form carries the requisites file beside the cart's lines (up to ~600 KB), hence 1 MiB more.
 */
export const UPLOAD_RULES: readonly BodyLimitRule[] = [
  { path: "/api/file/upload", limit: UPLOAD_BODY_LIMIT, message: UPLOAD_SIZE_MESSAGE },
  { path: "/cart/upload", limit: UPLOAD_BODY_LIMIT, message: UPLOAD_SIZE_MESSAGE },
  { path: "/cart/ordering", limit: UPLOAD_BODY_LIMIT + 1024 * 1024, message: UPLOAD_SIZE_MESSAGE },
  // The account pages' multipart forms (/profile's photo, /profile/companies' logo): a 5 MB image
  // plus the form's fields (ACCOUNT_UPLOAD_LIMIT, app/features/account/forms.ts).
  { path: "/profile", limit: ACCOUNT_UPLOAD_LIMIT, message: ACCOUNT_UPLOAD_MESSAGE },
  // A company with its logo (contract MAX_LOGO_BYTES; the API's own limit is api/account/routes.ts).
  { path: "/api/profile/legal", limit: MAX_LOGO_BYTES + 64 * 1024, message: LOGO_SIZE_MESSAGE },
];

export interface BodyLimitOptions {
  /** Bytes, for every path no rule covers. */
  limit: number;
  paths?: readonly BodyLimitRule[];
}

/** "1 МБ", "512 КБ", "100 байт". */
function size(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} МБ`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} КБ`;
  return `${bytes} байт`;
}

/** React Router's single-fetch URL of a route: "/a/b" → "/a/b.data". */
const DATA_SUFFIX = ".data";

/** Whether a rule's path covers a request's path: itself, its ".data" form, or anything below it. */
export function covers(rulePath: string, path: string): boolean {
  return path === rulePath || path === `${rulePath}${DATA_SUFFIX}` || path.startsWith(`${rulePath}/`);
}

export function bodyLimit({ limit, paths = [] }: BodyLimitOptions): RequestHandler {
  const ruleFor = (path: string) => paths.find((rule) => covers(rule.path, path));
  return (req, res, next) => {
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined) {
      return reject(res, 411, "Укажите длину тела запроса (Content-Length)", "chunked body without a length", { Connection: "close" });
    }
    if (length === undefined || length === "0") return next();
    const rule = ruleFor(req.path);
    const max = rule?.limit ?? limit;
    if (Number(length) > max) {
      const message = rule?.message ?? `Слишком большой запрос: не больше ${size(max)}`;
      return reject(res, 413, message, `body of ${length} bytes over ${max}`, { Connection: "close" });
    }
    next();
  };
}
