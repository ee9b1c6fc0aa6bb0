/**
 * GET /api/media/{kind}/{name}.svg and .png — generated demo pictures (no network, no files).
 * The PNG is the same picture drawn by sharp (png.ts), for crawlers and social networks (og:image).
 */
import { Hono } from "hono";
import { HttpError, notFound } from "../http/errors";
import { createPngRenderer, PngRendererBusy, type PngRendererOptions } from "./png";
import { renderMedia } from "./svg";

/** The URL fully determines the picture. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function mediaRoutes(options: { png?: PngRendererOptions } = {}): Hono {
  const app = new Hono();
  const png = createPngRenderer(options.png);
  app.get("/media/:kind/:file", async (c) => {
    const kind = c.req.param("kind");
    const file = c.req.param("file");
    const extension = /\.(svg|png)$/.exec(file)?.[1];
    const body = extension ? renderMedia(kind, file.slice(0, -4)) : null;
    if (body === null) throw notFound("Изображение не найдено");
    if (extension === "svg") {
      return c.body(body, 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": IMMUTABLE,
        // Opened directly, an SVG is a document: allow nothing but its own inline styles.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      });
    }
    let image: Buffer;
    try {
      image = await png.render(`${kind}/${file}`, body);
    } catch (error) {
      if (!(error instanceof PngRendererBusy)) throw error;
      c.header("Retry-After", "1");
      throw new HttpError(503, "Сервер занят, повторите запрос");
    }
    return c.body(new Uint8Array(image), 200, { "Content-Type": "image/png", "Cache-Control": IMMUTABLE });
  });
  return app;
}
