/**
 * POST /api/file/upload and the files served back (PGlite and, with TEST_DATABASE_URL, PostgreSQL):
 * PNG, JPEG, WebP and PDF are kept whatever the browser claims, everything else (SVG with a
 * script, HTML renamed .png, a truncated picture, an empty file, no file, 50 MB) is a 4xx with a
 * Russian message and stores nothing; a stored file comes back byte for byte at its random
 * address with safe headers, and a picture also as a WebP preview.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import express from "express";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { AddressInfo } from "node:net";
import { ApiErrorBody, UPLOAD_SIZE_MESSAGE, UploadedFile } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { cleanFileName, contentDisposition, createFileService, FileServiceBusy, sniffType, UNATTACHED_TTL_MS } from "../../api/file/service";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { bodyLimit, MiB, UPLOAD_RULES } from "../../server/body-limit";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

async function picture(format: "png" | "jpeg" | "webp", width = 800, height = 500): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return image[format]().toBuffer();
}

describe("file helpers", () => {
  it("knows the four signatures and nothing else", async () => {
    expect(sniffType(await picture("png", 4, 4))).toBe("image/png");
    expect(sniffType(await picture("jpeg", 4, 4))).toBe("image/jpeg");
    expect(sniffType(await picture("webp", 4, 4))).toBe("image/webp");
    expect(sniffType(PDF)).toBe("application/pdf");
    for (const other of [SVG, HTML, Buffer.from("PK\x03\x04zip"), Buffer.alloc(0), Buffer.from("GIF89a")]) expect(sniffType(other)).toBeNull();
  });

  it("cleans names and writes both filename forms", () => {
    expect(cleanFileName("../../etc/passwd", "application/pdf")).toBe("_.._etc_passwd.pdf");
    expect(cleanFileName("Реквизиты ООО «Ромашка».PDF", "application/pdf")).toBe("Реквизиты ООО «Ромашка».PDF");
    expect(cleanFileName("logo\u202egnp.exe", "image/png")).toBe("logo_gnp.exe.png");
    expect(cleanFileName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(cleanFileName("", "image/webp")).toBe("file.webp");
    expect(contentDisposition("attachment", 'Счёт "1".pdf')).toBe(
      `attachment; filename="____ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('Счёт "1".pdf')}`,
    );
  });
});

describe("storefront body limit of the upload route", () => {
  it("refuses a 50 MB upload before reading it, with the Russian message", async () => {
    const app = express();
    // The rules server.ts uses.
    app.use(bodyLimit({ limit: 1 * MiB, paths: UPLOAD_RULES }));
    app.post("/api/file/upload", (_req, res) => {
      res.status(200).end("read");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const big = await fetch(`http://127.0.0.1:${port}/api/file/upload`, {
        method: "POST",
        headers: { "content-length": String(50 * MiB), "content-type": "multipart/form-data; boundary=x" },
        body: "x",
      }).catch((error: unknown) => error);
      // The server answers 413 and closes without reading; fetch may see the answer or the reset.
      if (big instanceof Response) {
        expect(big.status).toBe(413);
        expect(await big.text()).toContain(UPLOAD_SIZE_MESSAGE);
      }
      const small = await fetch(`http://127.0.0.1:${port}/api/file/upload`, { method: "POST", body: "x".repeat(2 * MiB) });
      expect(small.status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe.each(testBackends())("file/upload on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 10 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fileCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM files`))[0].n;
  const blobCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM file_blobs`))[0].n;

  function upload(bytes: Buffer | null, name = "file.bin", type = "application/octet-stream", field = "file") {
    const form = new FormData();
    if (bytes) form.append(field, new File([new Uint8Array(bytes)], name, { type }));
    return t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: form }));
  }

  async function stored(bytes: Buffer, name: string, type: string): Promise<UploadedFile> {
    const response = await upload(bytes, name, type);
    const json = (await response.json()) as { data: unknown };
    expect(response.status, JSON.stringify(json)).toBe(200);
    return UploadedFile.parse(json.data);
  }

  async function refused(response: Response | Promise<Response>, status = 400) {
    const [files, blobs] = [await fileCount(), await blobCount()];
    const answer = await response;
    expect(answer.status).toBe(status);
    const error = ApiErrorBody.parse(await answer.json());
    expect(error.message).toMatch(/[а-яё]/i);
    expect(await fileCount()).toBe(files);
    expect(await blobCount()).toBe(blobs);
    return error;
  }

  it.each(["png", "jpeg", "webp"] as const)("keeps a %s picture (whatever type the browser claims) and serves it back with its preview", async (format) => {
    const bytes = await picture(format);
    const file = await stored(bytes, `макет.${format}`, "application/octet-stream");
    expect(file.mimeType).toBe(`image/${format}`);
    expect(file.size).toBe(bytes.byteLength);
    expect(file.originalName).toMatch(/^макет\./);
    expect(file.url).toMatch(/^\/api\/file\/[A-Za-z0-9_-]{32}$/);
    // The key is what an order names the file by (ADR 025), the same as in the address.
    expect(file.url).toBe(`/api/file/${file.key}`);
    expect(file.thumbnailUrl).toBe(`${file.url}/thumbnail`);

    const original = await t.get(file.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe(`image/${format}`);
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(original.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(original.headers.get("content-security-policy")).toContain("sandbox");
    expect(original.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);

    const preview = await t.get(file.thumbnailUrl!);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width, meta.height)).toBe(320);
  });

  it("keeps a PDF and serves it as a download without a preview", async () => {
    const file = await stored(PDF, "Реквизиты ООО «Ромашка».pdf", "application/pdf");
    expect(file).toMatchObject({ mimeType: "application/pdf", thumbnailUrl: null, originalName: "Реквизиты ООО «Ромашка».pdf" });
    const response = await t.get(file.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await t.get(`${file.url}/thumbnail`)).status).toBe(404);
  });

  it("answers 404 for unknown, malformed and id-like addresses", async () => {
    const file = await stored(PDF, "a.pdf", "application/pdf");
    for (const path of ["/api/file/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", `/api/file/${file.id}`, "/api/file/..%2F..%2Fetc", `${file.url}x`]) {
      const response = await t.get(path);
      expect(response.status, path).toBe(404);
    }
  });

  it.each([
    ["an SVG with a script", SVG, "logo.svg", "image/svg+xml"],
    ["an SVG renamed .png", SVG, "logo.png", "image/png"],
    ["an HTML page renamed .png", HTML, "photo.png", "image/png"],
    ["a ZIP archive", Buffer.from("PK\x03\x04\x14\x00\x00\x00rest"), "maket.zip", "application/zip"],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "a.gif", "image/gif"],
    ["plain text", Buffer.from("просто текст"), "a.txt", "text/plain"],
  ])("refuses %s with the type message", async (_, bytes, name, type) => {
    const error = await refused(upload(bytes, name, type));
    expect(error.errors).toEqual([{ field: "file", message: "Можно загрузить изображение (PNG, JPEG, WebP) или PDF" }]);
  });

  it("refuses a truncated picture and a PNG signature followed by junk", async () => {
    const png = await picture("png");
    await refused(upload(png.subarray(0, 60), "cut.png", "image/png"));
    await refused(upload(Buffer.concat([png.subarray(0, 8), Buffer.from("<html><script>alert(1)</script>")]), "fake.png", "image/png"));
  });

  it("refuses a picture too large to decode safely", async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
    const error = await refused(upload(huge, "huge.png", "image/png"));
    expect(error.message).toMatch(/40 мегапикселей/);
  });

  it("refuses an empty file, no file, two files and a text field", async () => {
    await refused(upload(Buffer.alloc(0), "empty.png", "image/png"));
    await refused(upload(null));
    const two = new FormData();
    two.append("file", new File([new Uint8Array(PDF)], "a.pdf"));
    two.append("file", new File([new Uint8Array(PDF)], "b.pdf"));
    await refused(t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: two })));
    const text = new FormData();
    text.append("file", "not a file");
    await refused(t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: text })));
  });

  it("ignores prototype-pollution field names", async () => {
    const form = new FormData();
    form.append("__proto__", "x");
    form.append("constructor", "y");
    form.append("file", new File([new Uint8Array(PDF)], "a.pdf"));
    const response = await t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: form }));
    expect(response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const only = new FormData();
    only.append("__proto__", new File([new Uint8Array(PDF)], "a.pdf"));
    await refused(t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: only })));
  });

  it("refuses JSON, a broken multipart body and no body", async () => {
    await refused(t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: "{}", headers: { "content-type": "application/json" } })));
    await refused(
      t.api.fetch(
        new Request("http://x/api/file/upload", {
          method: "POST",
          body: "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4 cut",
          headers: { "content-type": "multipart/form-data; boundary=x" },
        }),
      ),
    );
    await refused(t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", headers: { "content-type": "multipart/form-data" } })));
  });

  it("refuses 50 MB with 413 and the Russian message", async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x20);
    PDF.copy(big);
    const error = await refused(upload(big, "big.pdf", "application/pdf"), 413);
    expect(error.message).toBe(UPLOAD_SIZE_MESSAGE);
    const declared = await refused(
      t.api.fetch(new Request("http://x/api/file/upload", { method: "POST", body: "x", headers: { "content-length": String(50 * 1024 * 1024) } })),
      413,
    );
    expect(declared.message).toBe(UPLOAD_SIZE_MESSAGE);
  });

  it("refuses a file just over 10 MB and keeps one just under", async () => {
    const over = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(over);
    const error = await refused(upload(over, "over.pdf", "application/pdf"));
    expect(error.errors[0]).toEqual({ field: "file", message: UPLOAD_SIZE_MESSAGE });
    const under = Buffer.alloc(10 * 1024 * 1024 - 1, 0x20);
    PDF.copy(under);
    const file = await stored(under, "under.pdf", "application/pdf");
    const response = await t.get(file.url);
    expect(Number(response.headers.get("content-length"))).toBe(under.byteLength);
    expect((await response.arrayBuffer()).byteLength).toBe(under.byteLength);
  });

  describe("memory and clean-up (ADR 025)", () => {
    const pdf = (name: string) => new File([new Uint8Array(PDF)], name, { type: "application/pdf" });

    it("puts every upload, PDFs too, under one byte budget: beyond it, busy (the route's 503) and nothing stored", async () => {
      const files = createFileService(t.db, { uploadByteBudget: Math.floor(PDF.byteLength * 1.5), uploadConcurrency: 1 });
      const before = await fileCount();
      const results = await Promise.allSettled([files.upload(pdf("a.pdf")), files.upload(pdf("b.pdf"))]);
      expect(results[0].status).toBe("fulfilled");
      expect(results[1].status).toBe("rejected");
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(FileServiceBusy);
      expect(await fileCount()).toBe(before + 1);
      // The budget is given back: the next upload goes through.
      await expect(files.upload(pdf("c.pdf"))).resolves.toMatchObject({ mimeType: "application/pdf" });
      const tooBig = createFileService(t.db, { uploadByteBudget: 10 });
      await expect(tooBig.upload(pdf("d.pdf"))).rejects.toBeInstanceOf(FileServiceBusy);
    });

    it("reserves a request's bytes before its body is read (the route's admit), and gives them back once", async () => {
      const files = createFileService(t.db, { uploadByteBudget: 3 * PDF.byteLength });
      const release = files.admit(2 * PDF.byteLength);
      expect(() => files.admit(2 * PDF.byteLength)).toThrow(FileServiceBusy);
      await expect(files.upload(pdf("e.pdf"))).resolves.toMatchObject({ mimeType: "application/pdf" });
      // Admitted by the route: not counted twice.
      await expect(files.upload(pdf("f.pdf"), { admitted: true })).resolves.toMatchObject({ mimeType: "application/pdf" });
      release();
      release();
      const again = files.admit(3 * PDF.byteLength);
      expect(() => files.admit(1)).toThrow(FileServiceBusy);
      again();
    });

    it("bounds the reads waiting at once", async () => {
      const file = await stored(PDF, "read.pdf", "application/pdf");
      const files = createFileService(t.db, { readConcurrency: 1, maxReadsWaiting: 2 });
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => files.read(file.key, "original")));
      const busy = results.filter((r) => r.status === "rejected" && r.reason instanceof FileServiceBusy).length;
      expect(busy).toBeGreaterThan(0);
      for (const r of results) if (r.status === "fulfilled") expect(r.value?.bytes.equals(PDF)).toBe(true);
    });

    it("deletes uploads no order took within a day, and keeps the rest", async () => {
      const [old, attached, fresh] = [await stored(PDF, "old.pdf", "application/pdf"), await stored(PDF, "in-order.pdf", "application/pdf"), await stored(PDF, "new.pdf", "application/pdf")];
      const dayAgo = new Date(Date.now() - UNATTACHED_TTL_MS - 60_000).toISOString();
      await t.db.execute(sql`UPDATE files SET created_at = ${dayAgo}::timestamptz WHERE id IN (${old.id}, ${attached.id})`);
      await t.db.execute(sql`UPDATE files SET order_id = 1 WHERE id = ${attached.id}`);
      const deleted = await createFileService(t.db).sweepUnattached();
      expect(deleted).toBeGreaterThanOrEqual(1);
      const left = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM files WHERE id IN (${old.id}, ${attached.id}, ${fresh.id}) ORDER BY id`);
      expect(left.map((r) => r.id)).toEqual([attached.id, fresh.id]);
      expect((await t.get(old.url)).status).toBe(404);
      const [blobs] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM file_blobs WHERE file_id = ${old.id}`);
      expect(blobs.n).toBe(0);
    });

    it("an upload starts the sweep in the background, at most once an interval", async () => {
      const old = await stored(PDF, "old2.pdf", "application/pdf");
      const dayAgo = new Date(Date.now() - UNATTACHED_TTL_MS - 60_000).toISOString();
      await t.db.execute(sql`UPDATE files SET created_at = ${dayAgo}::timestamptz WHERE id = ${old.id}`);
      const files = createFileService(t.db);
      await files.upload(pdf("trigger.pdf"));
      await vi.waitFor(async () => {
        const rows = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM files WHERE id = ${old.id}`);
        expect(rows).toHaveLength(0);
      });
    });
  });
});
