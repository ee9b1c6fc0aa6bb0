/**
 * Request body limits (issue 16: six 40 MB JSON bodies took the process from 253 to 720 MB;
 * `request.formData()` and the API's JSON parsing read a whole body into memory).
 *
 * Each path has a limit: the default, or the first `paths` rule whose path is the request's path
 * or a parent of it (an upload route gets its own there). React Router posts `<Form>` and fetcher
 * submissions to the route's single-fetch URL, the path plus ".data" ("/cart/upload.data";
 * "/cart/upload/_.data" with a trailing slash), so a rule covers that form of its path too;
 * "/_root.data" (the home page) has no rule of its own and keeps the default.
 *
 * A body with a Content-Length is judged by it before a byte is read: Node's HTTP parser reads
 * exactly that many bytes, so the declared length is the real bound. A chunked body
 * (`Transfer-Encoding: chunked`, which HTTP/1.1 clients may send, Node's own `http.request`
 * among them when it streams) declares nothing: it is counted as the parser hands it over and
 * refused with 413 the moment it passes the limit; nothing after that is kept. Within the limit
 * it is passed on whole, with the Content-Length it turned out to have, as a reverse proxy that
 * buffers request bodies (nginx) would: what reads it next (React Router, the API) sees an
 * ordinary body and never a part of one that is refused later (issue 25; it was a 411). Either
 * refusal closes the connection, so the unread rest of the body is not drained.
 */
import type { Request, RequestHandler } from "express";
import { UPLOAD_BODY_LIMIT, UPLOAD_SIZE_MESSAGE } from "../contract/file.ts";
import { AVATAR_BODY_LIMIT, AVATAR_SIZE_MESSAGE, LOGO_SIZE_MESSAGE, MAX_LOGO_BYTES } from "../contract/profile.ts";
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
 * form carries the requisites file beside the cart's lines (up to ~600 KB), hence 1 MiB more; the
 * profile's avatar takes a picture up to 5 MB.
 */
export const UPLOAD_RULES: readonly BodyLimitRule[] = [
  { path: "/api/file/upload", limit: UPLOAD_BODY_LIMIT, message: UPLOAD_SIZE_MESSAGE },
  // The avatar (contract MAX_AVATAR_BYTES + overhead, api/auth/avatar.ts).
  { path: "/api/profile/change_avatar", limit: AVATAR_BODY_LIMIT, message: AVATAR_SIZE_MESSAGE },
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
    const rule = ruleFor(req.path);
    const max = rule?.limit ?? limit;
    const refuse = (reason: string) =>
      reject(res, 413, rule?.message ?? `Слишком большой запрос: не больше ${size(max)}`, reason, { Connection: "close" });
    if (req.headers["transfer-encoding"] !== undefined) {
      return readChunked(req, max, {
        over: (bytes) => refuse(`chunked body over ${max} bytes (${bytes} read)`),
        whole: () => next(),
      });
    }
    const length = req.headers["content-length"];
    if (length === undefined || length === "0") return next();
    if (Number(length) > max) return refuse(`body of ${length} bytes over ${max}`);
    next();
  };
}

/**
 * Takes in a chunked body as Node's parser hands it over (its Readable.push), counting: `over`
 * once it passes `max` (the rest is dropped, and the parser stops reading the socket), else
 * `whole` when it has ended, with the request's headers saying its length and no longer chunked.
 */
function readChunked(req: Request, max: number, on: { over(bytes: number): void; whole(): void }): void {
  // What the parser handed over before this middleware ran is in the request's buffer, unread.
  let bytes = req.readableLength;
  let refused = false;
  const refuse = () => {
    if (refused) return;
    refused = true;
    on.over(bytes);
  };
  if (req.complete && bytes <= max) {
    setLength(req, bytes);
    return on.whole();
  }
  const push = req.push;
  req.push = function (chunk: unknown, encoding?: BufferEncoding) {
    if (refused) return false;
    if (chunk === null) {
      req.push = push;
      const result = push.call(this, null);
      setLength(req, bytes);
      // Out of the parser's callback before the rest of the pipeline runs.
      process.nextTick(on.whole);
      return result;
    }
    bytes += (chunk as Buffer).length;
    if (bytes > max) {
      refuse();
      return false;
    }
    push.call(this, chunk, encoding);
    // Bounded by `max`: the parser keeps reading whatever the request's own buffer would like.
    return true;
  };
  if (bytes > max) refuse();
}

/** The request as a body of `bytes` bytes: Content-Length instead of Transfer-Encoding, in both header views. */
function setLength(req: Request, bytes: number): void {
  delete req.headers["transfer-encoding"];
  req.headers["content-length"] = String(bytes);
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name !== "transfer-encoding" && name !== "content-length") raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  raw.push("Content-Length", String(bytes));
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}
