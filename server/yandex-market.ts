/**
 * /yandex-market.xml (ADR 031), in front of React Router like the sitemaps: the feed for the
 * requesting host's city origin (§1: on msk. every URL carries the prefix), streamed from the
 * feed service (a stored file, or written page by page while it is stored).
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { RETRY_AFTER_SECONDS } from "#app/lib/page-errors.server.ts";
import { FEED_CACHE_CONTROL, FEED_CONTENT_TYPE, type YandexMarketFeed } from "#app/features/feed/yandex-market.server.ts";

export { FEED_PATH } from "#app/features/feed/yandex-market.server.ts";

export function yandexMarketHandler(feed: YandexMarketFeed, cityOrigin: (req: ExpressRequest, res: ExpressResponse) => Promise<string>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const source = await feed.open(await cityOrigin(req, res));
      if (source.kind === "unavailable" || source.kind === "busy") {
        res
          .status(503)
          .set({ "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
          .send("Сервис временно недоступен");
        return;
      }
      res.set({ "Content-Type": FEED_CONTENT_TYPE, "Cache-Control": FEED_CACHE_CONTROL });
      const body = source.kind === "file" ? createReadStream(source.path) : Readable.from(source.chunks);
      await pipeline(body, res);
    } catch (error) {
      // Once the head is out, a failure can only cut the answer short (a crawler sees a broken
      // transfer, never a truncated document that parses).
      if (res.headersSent) res.destroy();
      else next(error);
    }
  };
}
