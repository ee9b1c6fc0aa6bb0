/**
 * The offer's documents as a person reads them: the PDF's text through poppler's pdftotext (as
 * the issue asks: number, client, every article, total, VAT, the sum in words, page numbers), the
 * Excel file read back with exceljs (formulas with their results, formats, frozen header), the
 * same bytes for the same date, and the event loop free while a 200-line PDF is drawn.
 *
 * Needs Debian's poppler-utils (pdftotext, pdfinfo, pdfimages): .ci/run installs it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KpDocument } from "#contract/kp-document.ts";
import { moneyInWords } from "#contract/money-words.ts";
import { sampleKpDocument } from "#tests/support/kp-document.ts";
import { formatRub } from "./format";
import { DOCUMENT_THREAD_NICE } from "./render-pool";
import { createKpImageLoader, createRenderPool, KpRendererBusy, renderPdf, renderXlsx, type KpImages, type RenderPool } from "./index";

const NOW = new Date("2026-11-29T10:00:00.000Z");
const dir = mkdtempSync(path.join(tmpdir(), "kp-documents-"));
let fileNumber = 0;

function poppler(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`${tool} is missing: apt-get install -y poppler-utils (.ci/run does)`);
    throw error;
  }
}

function saved(pdf: Buffer): string {
  const file = path.join(dir, `${fileNumber++}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The PDF's text, with the non-breaking spaces of sums as plain spaces. */
function pdfText(pdf: Buffer, page?: number): string {
  const pages = page ? ["-f", String(page), "-l", String(page)] : [];
  return poppler("pdftotext", ["-layout", "-enc", "UTF-8", ...pages, saved(pdf), "-"]).replace(/[\u00a0\u202f]/g, " ");
}

function pageCount(pdf: Buffer): number {
  return Number(/^Pages:\s+(\d+)/m.exec(poppler("pdfinfo", [saved(pdf)]))?.[1]);
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The demo media store needs no database; an upload's bytes come from this fake one. */
const noFiles = { execute: async () => ({ rows: [] }) } as never;
const loadImages = createKpImageLoader(noFiles);

let pool: RenderPool;
beforeAll(() => {
  pool = createRenderPool();
});
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pdfOf(doc: KpDocument, images?: KpImages): Promise<Buffer> {
  return renderPdf(doc, { images: images ?? (await loadImages(doc)), now: NOW, pool });
}

describe("the PDF", () => {
  it("states the offer, the parties, every line and the totals, on numbered pages", async () => {
    const doc = sampleKpDocument({ lines: 12 });
    const pdf = await pdfOf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    for (const expected of [
      "КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ",
      "КП № 2026-000124, версия 3",
      "от 29.11.2026",
      "Действительно до 09.12.2026",
      "ООО «Подарки Оптом»",
      "ИНН 7707083893, КПП 770701001",
      "ОГРН 1027700132195",
      "АО «Ромашка»",
      "ИНН 7736207543",
      "Анна Сергеевна Иванова",
      "Пётр Николаевич Смирнов",
      "manager@demo.ru",
      // Phones are stored as +7XXXXXXXXXX and printed the way the shop writes them.
      "Тел.: +7 (495) 765-43-21",
      "+7 (495) 123-45-67",
      "Тампопечать, 1 цв., 40×20",
      `в т.ч. НДС 22 %`,
      plain(formatRub(doc.totals.vat)),
      "Отсрочка платежа: 30 дней",
      "Срок изготовления — 10 рабочих дней",
      "044525225",
      "40702810938000000001",
      "Стр. 1 из 2",
      "Стр. 2 из 2",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(new RegExp(`Итого к оплате\\s+${plain(formatRub(doc.totals.total))}`));
    for (const line of doc.lines) {
      expect(text).toContain(line.sku);
      expect(text).toContain(plain(formatRub(line.total)).replace(" ₽", ""));
    }
    // The sum in words may wrap: compare without line breaks.
    expect(text.replace(/\s+/g, " ")).toContain(moneyInWords(doc.totals.total));
    expect(moneyInWords(doc.totals.total)).toMatch(/^Один миллион .* копе/);
  });

  it("repeats the table's header row on every page", async () => {
    const doc = sampleKpDocument({ lines: 40 });
    const pdf = await pdfOf(doc);
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(pdf, page);
      expect(text).toContain(`Стр. ${page} из ${pages}`);
      if (page < pages) expect(text).toMatch(/№\s+Фото\s+Артикул\s+Наименование/);
    }
  });

  it("keeps hostile text inside the page: long words break in their column", async () => {
    const doc = sampleKpDocument({ lines: 3 });
    doc.lines[0] = { ...doc.lines[0]!, sku: "X".repeat(100), title: "Ж".repeat(300), variation: "🎁 \u202e тест", printLines: [{ description: "Я".repeat(400), price: 1 }] };
    doc.client = { title: "W".repeat(300), inn: null };
    doc.delay = { title: "Д".repeat(200), days: 30 };
    doc.conditions = "Щ".repeat(3000);
    const text = pdfText(await pdfOf(doc)).replace(/\s+/g, " ");
    // Each sum stays in the right-hand column, on the page (a widened column would push them off it).
    for (const line of doc.lines) expect(text).toContain(plain(formatRub(line.total)).replace(" ₽", ""));
    expect(text).toContain(plain(formatRub(doc.totals.total)));
  });

  it("says how VAT is counted: included, added on top, or none", async () => {
    const added = sampleKpDocument({ lines: 2, vatMode: "added", vatRate: 10 });
    const addedText = pdfText(await pdfOf(added));
    expect(addedText).toContain("Сумма без НДС");
    expect(addedText).toMatch(/\sНДС 10 %\s+[\d ]+,\d\d ₽/);
    expect(addedText).not.toContain("в т.ч. НДС");

    const none = sampleKpDocument({ lines: 2, vatMode: "none" });
    const noneText = pdfText(await pdfOf(none));
    expect(noneText).toContain("Без НДС");
    expect(noneText).not.toMatch(/НДС \d/);
  });

  it("states the discount as inside the goods, and prints without a seller or with partial requisites", async () => {
    const doc = sampleKpDocument({ lines: 2 });
    const text = pdfText(await pdfOf(doc));
    expect(text).toContain("в т.ч. скидка");
    expect(text).toContain(plain(formatRub(doc.totals.total)));

    const noSeller = pdfText(await pdfOf({ ...doc, seller: null }));
    expect(noSeller).not.toContain("Реквизиты продавца");
    expect(noSeller).toContain(plain(formatRub(doc.totals.total)));
    const partial = pdfText(await pdfOf({ ...doc, seller: { ...doc.seller!, bankTitle: null, bik: null, address: null } }));
    expect(partial).toContain("Реквизиты продавца");
    expect(partial).not.toContain("БИК");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderXlsx({ ...doc, seller: null }, { pool })) as never);
    expect(workbook.worksheets[0]!.getCell("A3").value).toBe("Продавец: —");
  });

  it("embeds one raster picture per product, and prints a dash where a picture can't be read", async () => {
    const doc = sampleKpDocument({ lines: 4 });
    doc.lines[1] = { ...doc.lines[1]!, image: "https://evil.example/track.png" };
    doc.lines[2] = { ...doc.lines[2]!, image: "/api/media/nope/1.svg" };
    const images = await loadImages(doc);
    expect([...images.keys()].sort()).toEqual([doc.lines[0]!.image, doc.lines[3]!.image].sort());
    const pdf = await pdfOf(doc, images);
    const list = poppler("pdfimages", ["-list", saved(pdf)]).trim().split("\n").slice(2);
    expect(list).toHaveLength(2);
    expect(list.every((row) => /\bimage\s+1(?:60|\d\d)\s+\d+\s+rgb\b/.test(row))).toBe(true);
  });

  it("prints the seller's logo from its upload, read from the files and redrawn as PNG", async () => {
    const sharp = (await import("sharp")).default;
    const upload = await sharp({ create: { width: 600, height: 200, channels: 4, background: "#c8102e" } }).webp().toBuffer();
    const key = "A".repeat(32);
    const queries: unknown[] = [];
    const files = {
      execute: async (query: unknown) => {
        queries.push(query);
        return { rows: [{ data: upload.toString("base64") }] };
      },
    } as never;
    const doc = sampleKpDocument({ lines: 1, logo: `/api/file/${key}` });
    const images = await createKpImageLoader(files)(doc);
    const logo = images.get(`/api/file/${key}`);
    expect(logo && Buffer.from(logo).subarray(1, 4).toString()).toBe("PNG");
    const list = poppler("pdfimages", ["-list", saved(await pdfOf(doc, images))]).trim().split("\n").slice(2);
    expect(list.some((row) => /\bimage\s+400\s+133\b/.test(row))).toBe(true);

    // Not a file key: nothing is read.
    queries.length = 0;
    const none = await createKpImageLoader(files)(sampleKpDocument({ lines: 1, logo: "/api/file/../../etc/passwd" }));
    expect(none.has("/api/file/../../etc/passwd")).toBe(false);
    expect(queries).toHaveLength(0);
  });

  it("is byte-identical for the same date, in any thread; another date changes it", async () => {
    const doc = sampleKpDocument({ lines: 5 });
    const images = await loadImages(doc);
    const first = await pdfOf(doc, images);
    const again = await pdfOf(doc, images);
    const other = createRenderPool();
    try {
      const freshThread = await renderPdf(doc, { images, now: NOW, pool: other });
      expect(freshThread.equals(first)).toBe(true);
    } finally {
      await other.close();
    }
    expect(again.equals(first)).toBe(true);
    const later = await renderPdf(doc, { images, now: new Date("2026-11-30T10:00:00.000Z"), pool });
    expect(later.equals(first)).toBe(false);
  });

  it("refuses a document outside the contract's bounds before drawing anything", async () => {
    const doc = sampleKpDocument({ lines: 1 });
    await expect(renderPdf({ ...doc, lines: [] }, { images: new Map(), now: NOW, pool })).rejects.toThrow();
    await expect(renderPdf({ ...doc, lines: [{ ...doc.lines[0]!, count: 0 }] }, { images: new Map(), now: NOW, pool })).rejects.toThrow();
    await expect(renderXlsx({ ...doc, number: "" }, { pool })).rejects.toThrow();
  });

  it("keeps the event loop free while a 200-line PDF is drawn", async () => {
    const doc = sampleKpDocument({ lines: 200 });
    const images = await loadImages(doc);
    // Warm the thread up (its start loads pdfmake, exceljs and the fonts) so only the drawing is measured.
    await pdfOf(sampleKpDocument({ lines: 1 }), new Map());

    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    const pdf = await pdfOf(doc, images);
    const took = performance.now() - started;
    const utilisation = performance.eventLoopUtilization(before).utilization;
    clearInterval(ticker);

    expect(pageCount(pdf)).toBeGreaterThan(10);
    // Drawn on the event loop, the loop would be busy the whole time (utilisation ~1) and the
    // timer would fire once. Off it, the loop is mostly idle, waiting for events: its utilisation
    // counts the time it ran code, not the time the OS gave the CPU to others, so a loaded machine
    // (a timer's lag of 100 ms and more on 2 shared cores) does not change the verdict.
    expect(utilisation).toBeLessThan(0.25);
    expect(ticks).toBeGreaterThan(took / 100);
  });
});

describe("the Excel file", () => {
  async function readBack(bytes: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook;
  }

  /** The row whose column G says `label`. */
  function totalRow(sheet: ExcelJS.Worksheet, label: string): ExcelJS.Row {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      const value = row.getCell("G").value;
      if (typeof value === "string" && plain(value) === label) found = row;
    });
    if (!found) throw new Error(`No row "${label}"`);
    return found;
  }

  it("has a Russian sheet, a frozen header, ₽ formats and formulas written with their results", async () => {
    const doc = sampleKpDocument({ lines: 30 });
    const workbook = await readBack(await renderXlsx(doc, { pool }));
    const sheet = workbook.getWorksheet("КП 2026-000124");
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 8 });
    expect(sheet.getColumn("C").width).toBe(40);
    expect(sheet.getCell("A1").value).toBe("Коммерческое предложение № 2026-000124, версия 3");
    expect(sheet.getRow(8).getCell("I").value).toBe("Сумма, ₽");

    doc.lines.forEach((line, index) => {
      const row = sheet.getRow(9 + index);
      expect(row.getCell("B").value).toBe(line.sku);
      expect(row.getCell("E").value).toBe(line.count);
      expect(row.getCell("F").numFmt).toBe('#,##0.00 "₽"');
      expect(row.getCell("I").value).toEqual({ formula: `ROUND(E${9 + index}*F${9 + index}+H${9 + index},2)`, result: line.total });
    });

    const result = (label: string) => (totalRow(sheet, label).getCell("I").value as { result: number }).result;
    expect(result("Товары")).toBe(doc.totals.goods);
    expect(result("Нанесение")).toBe(doc.totals.print);
    expect(result("Итого к оплате")).toBe(doc.totals.total);
    expect(totalRow(sheet, "Итого к оплате").getCell("I").numFmt).toBe('#,##0.00 "₽"');
    expect(totalRow(sheet, "в т.ч. НДС 22 %").getCell("I").value).toBe(doc.totals.vat);
    expect(totalRow(sheet, "в т.ч. скидка").getCell("I").value).toBe(doc.totals.discount);
    const words = sheet.getRow(totalRow(sheet, "в т.ч. НДС 22 %").number + 2).getCell("A").value;
    expect(words).toBe(`Сумма прописью: ${moneyInWords(doc.totals.total)}`);
  });

  it("adds VAT on top by formula when the offer says so", async () => {
    const doc = sampleKpDocument({ lines: 3, vatMode: "added", vatRate: 22 });
    const sheet = (await readBack(await renderXlsx(doc, { pool }))).worksheets[0]!;
    const subtotal = totalRow(sheet, "Сумма без НДС");
    const vat = totalRow(sheet, "НДС 22 %");
    expect(vat.getCell("I").value).toBe(doc.totals.vat);
    expect(totalRow(sheet, "Итого к оплате").getCell("I").value).toEqual({
      formula: `ROUND(I${subtotal.number}+I${vat.number},2)`,
      result: doc.totals.total,
    });
  });
});

describe("the documents' thread", () => {
  it("refuses work beyond its queue, and keeps drawing what it accepted", async () => {
    const small = createRenderPool({ maxQueue: 1 });
    try {
      const doc = sampleKpDocument({ lines: 2 });
      const first = renderXlsx(doc, { pool: small });
      const second = renderXlsx(doc, { pool: small });
      await expect(renderXlsx(doc, { pool: small })).rejects.toBeInstanceOf(KpRendererBusy);
      expect((await first).byteLength).toBeGreaterThan(0);
      expect((await second).byteLength).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });

  it("ends a thread that takes too long, and the next document gets a new one", async () => {
    const impatient = createRenderPool({ jobTimeoutMs: 1 });
    try {
      const doc = sampleKpDocument({ lines: 200 });
      await expect(renderPdf(doc, { images: new Map(), now: NOW, pool: impatient })).rejects.toThrow(/not drawn in 1 ms/);
      expect(impatient.stats()).toMatchObject({ running: false, threadAlive: false, threadsStarted: 1 });
    } finally {
      await impatient.close();
    }
  });

  it.runIf(process.platform === "linux")("draws at the lowest CPU priority, and leaves the other threads' as they were", async () => {
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    const threads = () =>
      readdirSync("/proc/self/task").map((tid) => ({ tid, nice: niceOf(readFileSync(`/proc/self/task/${tid}/stat`, "utf8")) }));
    const before = new Set(threads().filter((t) => t.nice === DOCUMENT_THREAD_NICE).map((t) => t.tid));
    const own = createRenderPool();
    try {
      await renderXlsx(sampleKpDocument({ lines: 1 }), { pool: own });
      const lowered = threads().filter((t) => t.nice === DOCUMENT_THREAD_NICE && !before.has(t.tid));
      // The new documents' thread, and only it (a thread it starts would inherit its value).
      expect(lowered).toHaveLength(1);
      expect(niceOf(readFileSync("/proc/thread-self/stat", "utf8"))).not.toBe(DOCUMENT_THREAD_NICE);
      expect(threads().filter((t) => t.nice !== DOCUMENT_THREAD_NICE).length).toBeGreaterThan(1);
    } finally {
      await own.close();
    }
  });

  it("fails one broken document without losing the thread", async () => {
    const doc = sampleKpDocument({ lines: 1 });
    // A picture that is not an image: pdfkit refuses it inside the thread.
    const broken = new Map([[doc.lines[0]!.image!, new Uint8Array([0x89, 0x50, 1, 2, 3])]]);
    await expect(renderPdf(doc, { images: broken, now: NOW, pool })).rejects.toThrow(/Документ не собран/);
    const ok = await renderPdf(doc, { images: new Map(), now: NOW, pool });
    expect(ok.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
