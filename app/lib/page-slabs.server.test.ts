import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { BatchedBody } from "./batched-body.server.ts";
import { whenResponseOver } from "./response-over.server.ts";
import { SLAB_BYTES, SlabPool, SlabWriter } from "./page-slabs.server.ts";

describe("SlabWriter (ADR 020)", () => {
  it("encodes batches one after another into one slab, Cyrillic included", () => {
    const pool = new SlabPool();
    const writer = new SlabWriter(pool);
    const a = writer.encode("<h1>Ручки с логотипом</h1>");
    const b = writer.encode("<p>Цена от 12 ₽</p>");
    expect(a.toString()).toBe("<h1>Ручки с логотипом</h1>");
    expect(b.toString()).toBe("<p>Цена от 12 ₽</p>");
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + a.length);
  });

  it("takes a new slab when a batch does not fit, and gives a batch bigger than a slab its own Buffer", () => {
    const pool = new SlabPool();
    const writer = new SlabWriter(pool);
    const first = writer.encode("я".repeat(SLAB_BYTES / 2 - 10)); // SLAB_BYTES - 20 bytes
    const second = writer.encode("ё".repeat(20)); // 40 bytes: no room left
    expect(second.buffer).not.toBe(first.buffer);
    expect(second.toString()).toBe("ё".repeat(20));
    const huge = writer.encode("ж".repeat(SLAB_BYTES));
    expect(huge.length).toBe(SLAB_BYTES * 2);
    expect(huge.toString()).toBe("ж".repeat(SLAB_BYTES));
    expect(huge.buffer).not.toBe(first.buffer);
    expect(huge.buffer).not.toBe(second.buffer);
    // The slab taken for it stayed unwritten and takes the next batch.
    const after = writer.encode("<p>дальше</p>");
    expect(after.toString()).toBe("<p>дальше</p>");
    expect(after.byteOffset).toBe(0);
    expect([first.buffer, second.buffer]).not.toContain(after.buffer);
    // Longer than a slab in UTF-16 code units: no slab taken at all.
    writer.encode("z".repeat(SLAB_BYTES + 1));
    writer.release();
    expect(pool.idle).toBe(3);
  });

  it("fills a slab to its last byte, and never splits a character across slabs", () => {
    const pool = new SlabPool();
    const writer = new SlabWriter(pool);
    const first = writer.encode("a".repeat(SLAB_BYTES - 6));
    // Exactly the 6 bytes left: written whole in this slab.
    const exact = writer.encode("ыы¢");
    expect(exact.buffer).toBe(first.buffer);
    expect(exact.toString()).toBe("ыы¢");
    // Nothing left: a new slab.
    const next = writer.encode("ё");
    expect(next.buffer).not.toBe(first.buffer);
    // 3 bytes left in the new slab after this; a 4-byte character does not fit, so the batch moves whole.
    writer.encode("b".repeat(SLAB_BYTES - 2 - 3));
    const emoji = writer.encode("x🎁");
    expect(emoji.toString()).toBe("x🎁");
    expect(emoji.byteOffset).toBe(0);
    expect(emoji.buffer).not.toBe(next.buffer);
    // The bytes handed out earlier were not touched by the attempt that did not fit.
    expect(next.toString()).toBe("ё");
  });

  it("gives its slabs back once; later batches never touch a slab again", () => {
    const pool = new SlabPool();
    const page = new SlabWriter(pool);
    const before = page.encode("первая страница");
    page.release();
    page.release();
    expect(pool.idle).toBe(1);
    const late = page.encode("поздний кусок");
    expect(late.buffer).not.toBe(before.buffer);
    // The next page reuses the slab.
    const next = new SlabWriter(pool);
    expect(next.encode("вторая").buffer).toBe(before.buffer);
    expect(pool.idle).toBe(0);
  });

  it("keeps at most `keep` free slabs", () => {
    const pool = new SlabPool(2);
    const writers = [1, 2, 3].map(() => new SlabWriter(pool));
    for (const w of writers) w.encode("страница");
    for (const w of writers) w.release();
    expect(pool.idle).toBe(2);
  });
});

describe("pages written through pooled slabs over real sockets", () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** Page n: several batches, written at different times, each different from every other page's. */
  const batches = (n: number) => Array.from({ length: 6 }, (_, i) => `<section data-page="${n}" data-part="${i}">${`Товар ${n}·${i} — `.repeat(200 + n)}</section>`);

  it("every response is exactly its own page, with many pages in flight sharing the pool", async () => {
    const pool = new SlabPool(4);
    const app = express();
    app.get("/page/:n", (req, res) => {
      const n = Number(req.params.n);
      const slabs = new SlabWriter(pool);
      whenResponseOver(res, () => slabs.release());
      const body = new BatchedBody(() => {}, () => {}, slabs);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      // The chunks reach the socket late, as when it is not drained: a slab given back too early
      // would be overwritten by another page before its bytes were sent.
      const reader = body.stream.getReader();
      void (async () => {
        const chunks: Uint8Array[] = [];
        for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
        await new Promise((resolve) => setTimeout(resolve, 5));
        for (const chunk of chunks) res.write(chunk);
        res.end();
      })();
      void (async () => {
        for (const batch of batches(n)) {
          body.write(batch);
          body.flush();
          await new Promise((resolve) => setTimeout(resolve, n % 3));
        }
        body.end();
      })();
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const fetchPage = (n: number) =>
      new Promise<string>((resolve, reject) => {
        get({ host: "127.0.0.1", port, path: `/page/${n}` }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        }).on("error", reject);
      });
    for (let round = 0; round < 3; round++) {
      const pages = Array.from({ length: 24 }, (_, i) => i + 1);
      const bodies = await Promise.all(pages.map(fetchPage));
      bodies.forEach((body, i) => expect(body).toBe(batches(pages[i]).join("")));
    }
    expect(pool.idle).toBeGreaterThan(0);
  });
});
