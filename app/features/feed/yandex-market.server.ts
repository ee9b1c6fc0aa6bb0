/**
 * /yandex-market.xml for the requesting host (ADR 031): written from the feed endpoints
 * (contract/feed.ts) through the API client, so it works with the embedded API and with API_URL
 * alike. The document is streamed: the head, then one keyset page of offers at a time (1000 by
 * default), so memory holds one page whatever the catalogue's size.
 *
 * A finished document is kept on disk (not in the heap: 100k offers are ~90 MB of XML) per origin
 * for FRESH_MS and served from the file; the files are dropped when the embedded API reports a
 * catalogue change (`backend.onChange`), and after FRESH_MS for an external API (no change events).
 * At most MAX_BUILDS documents are written at a time: more answer 503 with Retry-After (a crawler
 * comes back; junk Host names cannot make the process write many 100k-offer feeds at once).
 */
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { endpoints, FEED_PAGE_SIZE } from "#contract/index.ts";
import { createApiClient } from "#app/lib/api-client.server.ts";
import type { Backend } from "#app/lib/backend.server.ts";
import { YML_FOOT, ymlHead, ymlOffer } from "./yml.ts";

export const FEED_PATH = "/yandex-market.xml";
export const FEED_CONTENT_TYPE = "application/xml; charset=utf-8";
/** What crawlers and proxies may keep: as long as this process keeps it. */
export const FEED_CACHE_CONTROL = "public, max-age=300";
export const FEED_FRESH_MS = 5 * 60_000;
export const MAX_BUILDS = 2;
/** Origins kept on disk: the plain and the msk. host of one or two domains. */
export const MAX_FEED_FILES = 8;

export type FeedSource =
  | { kind: "file"; path: string }
  | { kind: "stream"; chunks: AsyncIterable<string> }
  | { kind: "unavailable" }
  | { kind: "busy" };

export interface FeedOptions {
  backend: Backend;
  defaultTimeoutMs: number;
  /** Where finished documents are kept; emptied when the service starts. */
  cacheDir: string;
  pageSize?: number;
  freshMs?: number;
  now?: () => number;
}

class Unavailable extends Error {}

export function createYandexMarketFeed(options: FeedOptions) {
  const api = createApiClient({ baseUrl: options.backend.baseUrl, fetch: options.backend.fetch, defaultTimeoutMs: options.defaultTimeoutMs });
  const pageSize = options.pageSize ?? FEED_PAGE_SIZE;
  const freshMs = options.freshMs ?? FEED_FRESH_MS;
  const now = options.now ?? Date.now;
  rmSync(options.cacheDir, { recursive: true, force: true });
  mkdirSync(options.cacheDir, { recursive: true });

  /** origin → stored document; Map order is least recently used first. */
  const files = new Map<string, { path: string; builtAt: number }>();
  let generation = 0;
  let builds = 0;

  const fileName = (origin: string) => path.join(options.cacheDir, `${createHash("sha256").update(origin).digest("hex").slice(0, 32)}.xml`);

  function forget(origin: string) {
    const entry = files.get(origin);
    if (!entry) return;
    files.delete(origin);
    void rm(entry.path, { force: true });
  }

  async function* document(origin: string, head: string, startedIn: number): AsyncGenerator<string> {
    const finalPath = fileName(origin);
    const temp = `${finalPath}.${randomBytes(6).toString("hex")}.part`;
    const file = createWriteStream(temp);
    const save = async (chunk: string) => {
      if (!file.write(chunk)) await once(file, "drain");
    };
    let complete = false;
    try {
      await save(head);
      yield head;
      let after = 0;
      for (;;) {
        const page = await api.call(endpoints.feedOffers, { query: { after, limit: pageSize } });
        if (!page.ok) throw new Unavailable(page.error.message);
        if (page.data.offers.length > 0) {
          const chunk = `${page.data.offers.map((offer) => ymlOffer(offer, origin)).join("\n")}\n`;
          await save(chunk);
          yield chunk;
        }
        if (page.data.next === null || page.data.next <= after) break;
        after = page.data.next;
      }
      await save(YML_FOOT);
      yield YML_FOOT;
      complete = true;
    } finally {
      builds--;
      file.end();
      await once(file, "close").catch(() => {});
      // Stored only when whole and still current (no catalogue change while it was written).
      if (complete && startedIn === generation) {
        await rename(temp, finalPath);
        forget(origin);
        files.set(origin, { path: finalPath, builtAt: now() });
        while (files.size > MAX_FEED_FILES) forget(files.keys().next().value!);
      } else {
        await rm(temp, { force: true });
      }
    }
  }

  return {
    /**
     * The feed for `origin`: a fresh stored file, or a stream that writes it (the head is already
     * fetched, so an API that does not answer is known before the first byte).
     */
    async open(origin: string): Promise<FeedSource> {
      const stored = files.get(origin);
      if (stored && now() - stored.builtAt < freshMs) {
        const exists = await stat(stored.path).then(
          () => true,
          () => false,
        );
        if (exists) {
          files.delete(origin);
          files.set(origin, stored);
          return { kind: "file", path: stored.path };
        }
      }
      if (builds >= MAX_BUILDS) return { kind: "busy" };
      builds++;
      const startedIn = generation;
      let started = false;
      try {
        const head = await api.call(endpoints.feedHead);
        if (!head.ok) return { kind: "unavailable" };
        started = true;
        const it = document(origin, ymlHead(head.data, origin, new Date(now())), startedIn);
        // Run it to its first yield (the head), so that from now on a reader's return() (the
        // client went away) reaches its `finally`: the slot is released and the part file removed.
        const first = await it.next();
        let given = false;
        const chunks: AsyncIterable<string> = {
          [Symbol.asyncIterator]: () => ({
            next: () => (given ? it.next() : ((given = true), Promise.resolve(first))),
            return: (value?: unknown) => it.return(value as undefined),
          }),
        };
        return { kind: "stream", chunks };
      } finally {
        // document() releases the slot when it ends; a head that failed releases it here.
        if (!started) builds--;
      }
    },
    /** Catalogue changed: every stored document is out of date. */
    clear() {
      generation++;
      for (const origin of [...files.keys()]) forget(origin);
    },
  };
}

export type YandexMarketFeed = ReturnType<typeof createYandexMarketFeed>;
