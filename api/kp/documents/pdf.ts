/**
 * The offer's PDF as a pdfmake document definition: plain data (no functions), so it crosses to
 * the rendering thread as a message (render-pool.ts) and a test can read it. The footer ("КП №…"
 * on the left, "Стр. N из M" on the right) is a template the thread fills per page; the table
 * layouts are named ones the thread registers (render-pool.ts, PDF_TABLE_LAYOUTS).
 *
 * The page: A4 portrait. The seller with logo and requisites and the offer's number, date and
 * validity on top; the client, contact and manager; the lines (picture, article, title and
 * variation, quantity, unit price, print lines in words, line total) with the header repeated on
 * every page and no line split across pages; the totals on the right with VAT; the total in words;
 * the payment delay; the conditions; the seller's bank details.
 */
import type { Column, Content, ContentTable, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { KpDocument, KpDocumentLine } from "#contract/kp-document.ts";
import { moneyInWords } from "#contract/money-words.ts";
import { pluralRu } from "#contract/plural.ts";
import { formatPhone } from "#contract/phone.ts";
import { variationBesideTitle } from "#contract/kp-pricing.ts";
import { formatAmount, formatCount, formatDate, formatRub, NBSP, vatLabel } from "./format";

/** Everything the thread needs for one PDF. */
export interface PdfJob {
  definition: Omit<TDocumentDefinitions, "footer" | "header">;
  /** Printed at the foot of every page; `{page}` and `{pages}` are filled in. */
  footer: { left: string; right: string };
}

/** The picture bytes by URL (PNG or JPEG), as the image loader gives them. */
export type KpImages = ReadonlyMap<string, Uint8Array>;

/** The font family registered by the rendering thread (DejaVu Sans: Cyrillic, ₽, №, «»). */
export const PDF_FONT = "DejaVuSans";

const ACCENT = "#1f3a5f";
const MUTED = "#5f6b7a";
const RULE = "#c9d1db";
const ZEBRA = "#f4f6f9";

/** Colours of the named table layouts the rendering thread registers (render-pool.ts). */
export const PDF_LAYOUT_COLOURS = { rule: RULE, accent: ACCENT } as const;

/** A4's width less the 36 pt margins. */
const PAGE_WIDTH = 523;
/** Width of the offer's block on the right of the header and the manager's under it. */
const RIGHT_BLOCK = 210;
const GAP = 12;
/**
 * Widths of the lines table: 8 columns with 3 pt padding each side, the title takes the rest.
 * Every width is fixed, never "*": pdfmake widens a star column to its longest word, so a 300-letter
 * word would push the table off the page; in a fixed column it breaks.
 */
// The article column holds "PO-000026-01" on one line (issue 27: an article split in two reads as two).
const LINE_COLUMNS = [16, 40, 64, PAGE_WIDTH - 8 * 6 - (16 + 40 + 64 + 38 + 54 + 104 + 60), 38, 54, 104, 60];
const LOGO_BOX: [number, number] = [96, 48];
/** A picture's box in the table, pt (the loader draws it at 160 px: ~3× for print). */
const PICTURE_FIT: [number, number] = [36, 36];

export function offerTitle(doc: Pick<KpDocument, "number" | "version">): string {
  return `КП № ${doc.number}, версия ${doc.version}`;
}

function dataUrl(bytes: Uint8Array): string {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  return `data:image/${png ? "png" : "jpeg"};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}`;
}

/** Keys of the pictures in the definition's `images`, in order of first use (stable bytes). */
function pictureKeys(doc: KpDocument, images: KpImages): { keys: Map<string, string>; dictionary: Record<string, string> } {
  const keys = new Map<string, string>();
  const dictionary: Record<string, string> = {};
  for (const url of [doc.seller?.logo ?? null, ...doc.lines.map((line) => line.image)]) {
    if (url === null || keys.has(url)) continue;
    const bytes = images.get(url);
    if (!bytes || bytes.byteLength === 0) continue;
    const key = `image-${keys.size}`;
    keys.set(url, key);
    dictionary[key] = dataUrl(bytes);
  }
  return { keys, dictionary };
}

const joinPresent = (parts: readonly (string | null | undefined | false)[], separator = ", ") => parts.filter(Boolean).join(separator);

function header(doc: KpDocument, logo: string | undefined): Content {
  const seller = doc.seller;
  const sellerStack: Content[] = seller
    ? [
        { text: seller.name, bold: true, fontSize: 11, color: ACCENT, margin: [0, 0, 0, 3] },
        { text: joinPresent([`ИНН ${seller.inn}`, seller.kpp && `КПП ${seller.kpp}`]) },
        ...(seller.ogrn ? [{ text: `ОГРН ${seller.ogrn}` }] : []),
        ...(seller.address ? [{ text: seller.address }] : []),
      ]
    : [];
  const offer: Column = {
    width: RIGHT_BLOCK,
    alignment: "right",
    stack: [
      { text: "КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ", bold: true, fontSize: 10.5, color: ACCENT, characterSpacing: 0.3 },
      { text: offerTitle(doc), bold: true, fontSize: 10, margin: [0, 4, 0, 2] },
      { text: `от ${formatDate(doc.createdAt)}` },
      { text: `Действительно до ${formatDate(doc.validUntil)}`, bold: true },
    ],
  };
  const columns: Column[] = [];
  if (logo) columns.push({ width: LOGO_BOX[0], stack: [{ image: logo, fit: LOGO_BOX }] });
  const sellerWidth = PAGE_WIDTH - RIGHT_BLOCK - GAP - (logo ? LOGO_BOX[0] + GAP : 0);
  columns.push({ width: sellerWidth, stack: sellerStack, fontSize: 8, color: "#333333" }, offer);
  return {
    columns,
    columnGap: GAP,
  };
}

function rule(top = 8, bottom = 8): Content {
  return { canvas: [{ type: "line", x1: 0, y1: 0, x2: PAGE_WIDTH, y2: 0, lineWidth: 1, lineColor: ACCENT }], margin: [0, top, 0, bottom] };
}

function label(text: string): Content {
  return { text, fontSize: 7, color: MUTED, characterSpacing: 0.3, margin: [0, 0, 0, 2] };
}

function parties(doc: KpDocument): Content {
  const client: Content[] = [label("КЛИЕНТ")];
  if (doc.client) {
    client.push({ text: doc.client.title, bold: true });
    if (doc.client.inn) client.push({ text: `ИНН ${doc.client.inn}` });
  } else {
    client.push({ text: "—" });
  }
  if (doc.representative) {
    const r = doc.representative;
    client.push({ text: joinPresent([`Контактное лицо: ${r.name}`, r.phone && formatPhone(r.phone), r.email]), margin: [0, 2, 0, 0] });
  }
  const m = doc.manager;
  const manager: Content[] = [
    label("ВАШ МЕНЕДЖЕР"),
    { text: m.name, bold: true },
    ...(m.phone ? [{ text: `Тел.: ${formatPhone(m.phone)}` }] : []),
    ...(m.email ? [{ text: `E-mail: ${m.email}` }] : []),
  ];
  return {
    columns: [
      { width: PAGE_WIDTH - RIGHT_BLOCK - GAP, stack: client },
      { width: RIGHT_BLOCK, stack: manager },
    ],
    columnGap: GAP,
    margin: [0, 0, 0, 12],
  };
}

const headCell = (text: string, alignment: "left" | "right" | "center" = "left"): TableCell => ({ text, style: "tableHeader", alignment });

function printCell(line: KpDocumentLine): TableCell {
  if (line.printLines.length === 0) return { text: "Без нанесения", color: MUTED };
  return {
    stack: line.printLines.map((print, index) => ({
      text: [print.description, " — ", { text: formatRub(print.price), noWrap: true }],
      margin: [0, index ? 2 : 0, 0, 0] as [number, number, number, number],
    })),
    fontSize: 7,
  };
}

function lineRow(line: KpDocumentLine, picture: string | undefined, zebra: boolean): TableCell[] {
  const fillColor = zebra ? ZEBRA : undefined;
  const title: Content[] = [{ text: line.title, bold: true }];
  const variation = variationBesideTitle(line.title, line.variation);
  if (variation) title.push({ text: variation, color: MUTED, fontSize: 7, margin: [0, 1, 0, 0] });
  const cells: TableCell[] = [
    { text: String(line.position), alignment: "center" },
    picture ? { image: picture, fit: PICTURE_FIT, alignment: "center" } : { text: "—", alignment: "center", color: MUTED },
    { text: line.sku },
    { stack: title },
    { text: formatCount(line.count), alignment: "right", noWrap: true },
    { text: formatAmount(line.unitPrice), alignment: "right", noWrap: true },
    printCell(line),
    { text: formatAmount(line.total), alignment: "right", bold: true, noWrap: true },
  ];
  return fillColor ? cells.map((cell) => ({ ...(cell as object), fillColor }) as TableCell) : cells;
}

function linesTable(doc: KpDocument, keys: ReadonlyMap<string, string>): ContentTable {
  const headerRow = [
    headCell("№", "center"),
    headCell("Фото", "center"),
    headCell("Артикул"),
    headCell("Наименование"),
    headCell("Кол-во, шт.", "right"),
    headCell("Цена, ₽", "right"),
    headCell("Нанесение"),
    headCell("Сумма, ₽", "right"),
  ];
  return {
    table: {
      headerRows: 1,
      // A line stays on one page; the header row repeats on every page (pdfmake headerRows).
      dontBreakRows: true,
      // The header never ends a page alone.
      keepWithHeaderRows: 1,
      widths: [...LINE_COLUMNS],
      body: [headerRow, ...doc.lines.map((line, index) => lineRow(line, line.image ? keys.get(line.image) : undefined, index % 2 === 1))],
    },
    layout: "kpLines",
    fontSize: 7.5,
    margin: [0, 0, 0, 10],
  };
}

const TOTALS_WIDTH = 280;

function totalsBlock(doc: KpDocument): Content {
  const t = doc.totals;
  const rows: [string, string, boolean?][] = [
    ["Товары", formatRub(t.goods)],
    ["Нанесение", formatRub(t.print)],
  ];
  if (t.delaySurcharge > 0) rows.push([doc.delay ? `Надбавка за отсрочку (${doc.delay.title})` : "Надбавка за отсрочку", formatRub(t.delaySurcharge)]);
  // ADR 051: the discount is already inside the goods' sum; the document says how much it was.
  if (t.discount > 0) rows.push(["в т.ч. скидка", formatRub(t.discount)]);
  if (t.vatMode === "added") {
    rows.push(["Сумма без НДС", formatRub(t.total - t.vat)]);
    rows.push([vatLabel(t), formatRub(t.vat)]);
  }
  rows.push(["Итого к оплате", formatRub(t.total), true]);
  if (t.vatMode === "included") rows.push([vatLabel(t), formatRub(t.vat)]);
  if (t.vatMode === "none") rows.push(["Без НДС", ""]);
  const totalRow = rows.findIndex(([, , strong]) => strong);
  return {
    columns: [
      { width: PAGE_WIDTH - TOTALS_WIDTH, text: "" },
      {
        width: TOTALS_WIDTH,
        table: {
          // kpTotals pads 6 pt on the left of each cell.
          widths: [TOTALS_WIDTH - 2 * 6 - 96, 96],
          body: rows.map(([name, value, strong], index) => [
            { text: name, alignment: "right", bold: strong, fontSize: strong ? 10 : 8.5, border: [false, index === totalRow, false, false] },
            { text: value, alignment: "right", bold: strong, fontSize: strong ? 10 : 8.5, noWrap: true, border: [false, index === totalRow, false, false] },
          ]),
        },
        layout: "kpTotals",
      },
    ],
    margin: [0, 0, 0, 8],
  };
}

function inWords(doc: KpDocument): Content {
  const count = doc.lines.length;
  return {
    stack: [
      { text: `Всего ${count} ${pluralRu(count, ["наименование", "наименования", "наименований"])} на сумму ${formatRub(doc.totals.total)}` },
      { text: moneyInWords(doc.totals.total), bold: true, margin: [0, 2, 0, 0] },
    ],
    margin: [0, 0, 0, 10],
  };
}

function delayBlock(doc: KpDocument): Content[] {
  if (!doc.delay) return [];
  const { title, days } = doc.delay;
  const daysText = `${days} ${pluralRu(days, ["день", "дня", "дней"])}`;
  // "30 дней (30 дней)" says nothing twice.
  const text = days === 0 ? `Оплата: ${title}` : title.includes(String(days)) ? `Отсрочка платежа: ${title}` : `Отсрочка платежа: ${title} (${daysText})`;
  return [{ text, margin: [0, 0, 0, 8] }];
}

/** "30 000 ₽" in a text never breaks between its digit groups or before the sign. */
function keepSumsTogether(text: string): string {
  return text.replace(/(\d) (?=\d{3}(?!\d)|₽|руб)/g, `$1${NBSP}`);
}

function conditionsBlock(doc: KpDocument): Content[] {
  const paragraphs = doc.conditions
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return [];
  return [
    { text: "Условия", bold: true, fontSize: 9, color: ACCENT, margin: [0, 4, 0, 3] },
    ...paragraphs.map((paragraph): Content => ({ text: keepSumsTogether(paragraph), fontSize: 7.5, color: "#333333", margin: [0, 0, 0, 3] })),
  ];
}

function requisites(doc: KpDocument): Content[] {
  const s = doc.seller;
  if (!s) return [];
  const row = (name: string, value: string | null): TableCell[][] => (value ? [[{ text: name, color: MUTED }, { text: value }]] : []);
  return [{
    unbreakable: true,
    stack: [
      { text: "Реквизиты продавца", bold: true, fontSize: 9, color: ACCENT, margin: [0, 8, 0, 3] },
      {
        table: {
          // kpPlain pads 6 pt before the second column.
          widths: [110, PAGE_WIDTH - 110 - 6],
          body: [
            ...row("Продавец", s.name),
            ...row("ИНН / КПП", joinPresent([s.inn, s.kpp], " / ")),
            ...row("ОГРН", s.ogrn),
            ...row("Адрес", s.address),
            ...row("Банк", s.bankTitle),
            ...row("БИК", s.bik),
            ...row("Расчётный счёт", s.checkingAccount),
            ...row("Корр. счёт", s.correspondentAccount),
          ],
        },
        layout: "kpPlain",
        fontSize: 7.5,
      },
    ],
  }];
}

/**
 * The definition of the offer's PDF. `now` is the document's creation date in its metadata: with
 * a fixed `now` the bytes are the same on every run (ADR 052).
 */
export function kpPdfJob(doc: KpDocument, images: KpImages, now: Date): PdfJob {
  const { keys, dictionary } = pictureKeys(doc, images);
  const title = offerTitle(doc);
  return {
    definition: {
      pageSize: "A4",
      pageOrientation: "portrait",
      pageMargins: [36, 36, 36, 44],
      info: { title, author: doc.seller?.name ?? "", subject: "Коммерческое предложение", creator: "Подарки", producer: "Подарки", creationDate: now, modDate: now },
      language: "ru-RU",
      images: dictionary,
      defaultStyle: { font: PDF_FONT, fontSize: 8.5, lineHeight: 1.15, color: "#222222" },
      styles: { tableHeader: { bold: true, fontSize: 7, color: "#ffffff", fillColor: ACCENT } },
      content: [
        header(doc, doc.seller?.logo ? keys.get(doc.seller.logo) : undefined),
        rule(10, 10),
        parties(doc),
        linesTable(doc, keys),
        // The totals and the sum in words stay together (never "Товары" on one page, "Итого" on the next).
        { stack: [totalsBlock(doc), inWords(doc)], unbreakable: true },
        ...delayBlock(doc),
        ...conditionsBlock(doc),
        ...requisites(doc),
      ],
    },
    footer: { left: title, right: "Стр. {page} из {pages}" },
  };
}
