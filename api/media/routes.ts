/** GET /api/media/{kind}/{name}.svg — generated demo pictures (no network, no files). */
import { Hono } from "hono";
import { notFound } from "../http/errors";
import { renderMedia } from "./svg";

export function mediaRoutes(): Hono {
  const app = new Hono();
  app.get("/media/:kind/:file", (c) => {
    const file = c.req.param("file");
    const body = file.endsWith(".svg") ? renderMedia(c.req.param("kind"), file.slice(0, -4)) : null;
    if (body === null) throw notFound("Изображение не найдено");
    return c.body(body, 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // The URL fully determines the picture.
      "Cache-Control": "public, max-age=31536000, immutable",
      // Opened directly, an SVG is a document: allow nothing but its own inline styles.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
  });
  return app;
}
