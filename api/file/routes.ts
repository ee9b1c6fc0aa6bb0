/**
 * §7 "Files": POST /api/file/upload (form data, field `file`), and the stored files served back at
 * their random addresses: GET /api/file/{key} and, for pictures, GET /api/file/{key}/thumbnail.
 * The upload route refuses a body over UPLOAD_BODY_LIMIT (the file + multipart overhead) with 413 before
 * reading it (hono/body-limit; the storefront's Express body limit has the same rule). Uploads are
 * rate-limited per client IP by count (api/http/write-limits.ts) and by bytes kept (here: refused
 * before the body is read once the bytes are spent, counted when the file is known; ADR 041).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { endpoints, UPLOAD_BODY_LIMIT, UPLOAD_SIZE_MESSAGE } from "../../contract/index";
import type { RouteDeps } from "../deps";
import { honoPath, route } from "../http/route";
import { HttpError, notFound } from "../http/errors";
import { contentDisposition, createFileService, FileServiceBusy } from "./service";
import { optionalUser } from "../auth/session";
import { clientKey, RateLimited } from "../../limits/limiter";
import { clientIp } from "../http/client-ip";
import { consumeForClient, tooMany } from "../http/write-limits";

/** Ids never change what they point to; uploads are personal, so no shared cache keeps them. */
const IMMUTABLE_PRIVATE = "private, max-age=31536000, immutable";
const BUSY_UPLOAD = "Сервер занят, повторите загрузку через несколько секунд";

export function fileRoutes(deps: RouteDeps): Hono {
  const app = new Hono();
  const files = createFileService(deps.db);
  const limits = deps.limits;
  const busy = (c: Context, message: string) => {
    c.header("Retry-After", "2");
    return new HttpError(503, message);
  };

  // Bytes already spent: refused before a byte of this body is read (the body limit below buffers
  // a body of unknown length).
  app.use(honoPath(endpoints.fileUpload.path), async (c, next) => {
    if (c.req.method === "POST") {
      await limits.check("uploadBytes", clientKey(clientIp(c))).catch((error: unknown) => {
        throw error instanceof RateLimited ? tooMany(c, error) : error;
      });
    }
    return next();
  });
  app.use(
    honoPath(endpoints.fileUpload.path),
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: (c) => c.json({ message: UPLOAD_SIZE_MESSAGE, errors: [{ field: "file", message: UPLOAD_SIZE_MESSAGE }] }, 413),
    }),
  );
  // The upload budget (ADR 025) is reserved for the declared body before it is read and parsed:
  // beyond it the request is refused at once with 503, holding nothing.
  const admitted = new WeakSet<Request>();
  app.use(honoPath(endpoints.fileUpload.path), async (c, next) => {
    if (c.req.method !== "POST") return next();
    const declared = Number(c.req.header("content-length"));
    const bytes = Number.isFinite(declared) && declared > 0 ? Math.min(declared, UPLOAD_BODY_LIMIT) : UPLOAD_BODY_LIMIT;
    let release: () => void;
    try {
      release = files.admit(bytes);
    } catch (error) {
      if (!(error instanceof FileServiceBusy)) throw error;
      throw busy(c, BUSY_UPLOAD);
    }
    admitted.add(c.req.raw);
    try {
      await next();
    } finally {
      release();
    }
  });
  route(
    app,
    endpoints.fileUpload,
    async ({ body }, c) => {
      await consumeForClient(c, limits, "uploadBytes", body.file.size);
      try {
        return await files.upload(body.file, { admitted: admitted.has(c.req.raw), userId: optionalUser(c)?.id ?? null });
      } catch (error) {
        if (!(error instanceof FileServiceBusy)) throw error;
        throw busy(c, BUSY_UPLOAD);
      }
    },
    { validateResponses: deps.validateResponses },
  );

  const serve = (variant: "original" | "thumbnail") =>
    app.get(variant === "original" ? "/file/:key" : "/file/:key/thumbnail", async (c) => {
      const file = await files.read(c.req.param("key"), variant).catch((error: unknown) => {
        if (error instanceof FileServiceBusy) throw busy(c, "Сервер занят, откройте файл через несколько секунд");
        throw error;
      });
      if (!file) throw notFound("Файл не найден");
      const pdf = file.mimeType === "application/pdf";
      return c.body(file.bytes, 200, {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        // A PDF is downloaded, not rendered in the shop's origin; a picture is shown as is.
        "Content-Disposition": contentDisposition(pdf ? "attachment" : "inline", variant === "original" ? file.name : "preview.webp"),
        // Nothing in an upload may run or load anything, even when opened directly.
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Cache-Control": IMMUTABLE_PRIVATE,
      });
    });
  serve("original");
  serve("thumbnail");
  return app;
}
