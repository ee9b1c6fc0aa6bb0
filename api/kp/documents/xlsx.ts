/**
 * The offer as an Excel workbook, described as plain data (a sheet plan) that the rendering
 * thread writes with exceljs (render-pool.ts). One sheet, named in Russian after the offer; the
 * table's header row frozen; sums in a ₽ number format; each line's sum and the totals are
 * formulas written with their results (a formula without a result reads as an empty cell in
 * readers that do not calculate, such as SheetJS or a phone's preview).
 *
 * The formulas restate the offer's arithmetic (contract/kp-pricing.ts; line: price × quantity +
 * print; total: goods + print + delay surcharge, + VAT when it is added on top). The discount is
 * already inside the goods' prices: its row says how much, "в т.ч.", and no formula subtracts it. The VAT itself is a value: its
 * rounding rule is the API's (contract/kp-pricing.ts), not the spreadsheet's.
 */
import type { KpDocument } from "#contract/kp-document.ts";
import { moneyInWords } from "#contract/money-words.ts";
import { formatDate, vatLabel } from "./format";
import { formatPhone } from "#contract/phone.ts";
import { variationBesideTitle } from "#contract/kp-pricing.ts";
import { offerTitle } from "./pdf";

export type XlsxValue = string | number | null | { formula: string; result: number };

export interface XlsxCell {
  value: XlsxValue;
  numFmt?: string;
  bold?: boolean;
  size?: number;
  colour?: string;
  fill?: string;
  align?: "left" | "center" | "right";
  wrap?: boolean;
  /** A thin border around the cell. */
  border?: boolean;
}

export interface XlsxRow {
  /** 1-based row number. */
  row: number;
  /** Cells by column letter. */
  cells: Record<string, XlsxCell>;
  height?: number;
}

export interface XlsxPlan {
  sheetName: string;
  title: string;
  creator: string;
  /** ISO moment for the workbook's created/modified properties. */
  created: string;
  /** Column widths in characters, A, B, C… */
  widths: number[];
  /** Rows above the split (the header row included). */
  frozenRows: number;
  rows: XlsxRow[];
  /** "A1:I1" */
  merges: string[];
  /** Rows repeated at the top of each printed page ("7:7"). */
  printTitleRows: string;
}

/** Excel's format for rubles: "1 234,50 ₽" in a Russian Excel. */
export const RUB_FORMAT = '#,##0.00 "₽"';
export const COUNT_FORMAT = "#,##0";

const ACCENT = "FF1F3A5F";
const HEADER_ROW = 8;

/** Excel forbids []:*?/\ in a sheet name and allows 31 characters. */
export function sheetName(doc: Pick<KpDocument, "number">): string {
  return `КП ${doc.number}`.replace(/[[\]:*?/\\]/g, "-").slice(0, 31);
}

/** Rounded to the kopeck the way the formula's ROUND(…, 2) is. */
const round2 = (n: number) => Math.round(Number((n * 100).toPrecision(15))) / 100;

export function kpXlsxPlan(doc: KpDocument): XlsxPlan {
  const rows: XlsxRow[] = [];
  const merges: string[] = [];
  const seller = doc.seller;
  const text = (row: number, value: string, style: Omit<XlsxCell, "value"> = {}) => {
    rows.push({ row, cells: { A: { value, ...style } } });
    merges.push(`A${row}:I${row}`);
  };
  text(1, `Коммерческое предложение ${offerTitle(doc).replace(/^КП /, "")}`, { bold: true, size: 14, colour: ACCENT });
  text(2, `от ${formatDate(doc.createdAt)}, действительно до ${formatDate(doc.validUntil)}`);
  text(3, `Продавец: ${seller ? [seller.name, `ИНН ${seller.inn}`, seller.kpp && `КПП ${seller.kpp}`, seller.address].filter(Boolean).join(", ") : "—"}`);
  text(4, `Клиент: ${doc.client ? [doc.client.title, doc.client.inn && `ИНН ${doc.client.inn}`].filter(Boolean).join(", ") : "—"}`);
  const r = doc.representative;
  text(5, `Контактное лицо: ${r ? [r.name, r.phone && formatPhone(r.phone), r.email].filter(Boolean).join(", ") : "—"}`);
  const m = doc.manager;
  text(6, `Менеджер: ${[m.name, m.phone && formatPhone(m.phone), m.email].filter(Boolean).join(", ")}`);

  const head = (value: string, align: XlsxCell["align"] = "left"): XlsxCell => ({ value, bold: true, colour: "FFFFFFFF", fill: ACCENT, align, wrap: true, border: true });
  rows.push({
    row: HEADER_ROW,
    height: 30,
    cells: {
      A: head("№", "center"),
      B: head("Артикул"),
      C: head("Наименование"),
      D: head("Вариант"),
      E: head("Кол-во, шт.", "right"),
      F: head("Цена, ₽", "right"),
      G: head("Нанесение"),
      H: head("Нанесение, ₽", "right"),
      I: head("Сумма, ₽", "right"),
    },
  });

  const first = HEADER_ROW + 1;
  doc.lines.forEach((line, index) => {
    const row = first + index;
    const cell = (value: XlsxValue, style: Omit<XlsxCell, "value"> = {}): XlsxCell => ({ value, border: true, wrap: true, ...style });
    rows.push({
      row,
      cells: {
        A: cell(line.position, { align: "center" }),
        B: cell(line.sku),
        C: cell(line.title),
        D: cell(variationBesideTitle(line.title, line.variation)),
        E: cell(line.count, { numFmt: COUNT_FORMAT }),
        F: cell(line.unitPrice, { numFmt: RUB_FORMAT }),
        G: cell(line.printLines.length ? line.printLines.map((p) => p.description).join("\n") : "Без нанесения"),
        H: cell(line.printPrice, { numFmt: RUB_FORMAT }),
        I: cell({ formula: `ROUND(E${row}*F${row}+H${row},2)`, result: round2(line.count * line.unitPrice + line.printPrice) }, { numFmt: RUB_FORMAT, bold: true }),
      },
    });
  });
  const last = first + doc.lines.length - 1;

  const t = doc.totals;
  let row = last + 2;
  const total = (name: string, value: XlsxValue, strong = false) => {
    rows.push({ row, cells: { G: { value: name, align: "right", bold: strong }, H: { value: null }, I: { value, numFmt: value === null || typeof value === "string" ? undefined : RUB_FORMAT, bold: strong, align: "right" } } });
    merges.push(`G${row}:H${row}`);
    return row++;
  };
  // Each result is what its formula gives from the cells above (equal to the API's totals for a consistent offer).
  const goodsSum = round2(doc.lines.reduce((sum, line) => sum + line.count * line.unitPrice, 0));
  const printSum = round2(doc.lines.reduce((sum, line) => sum + line.printPrice, 0));
  const netSum = round2(goodsSum + printSum + t.delaySurcharge);
  const goods = total("Товары", { formula: `ROUND(SUMPRODUCT(E${first}:E${last},F${first}:F${last}),2)`, result: goodsSum });
  const print = total("Нанесение", { formula: `ROUND(SUM(H${first}:H${last}),2)`, result: printSum });
  const delay = total(doc.delay ? `Надбавка за отсрочку (${doc.delay.title})` : "Надбавка за отсрочку", t.delaySurcharge);
  if (t.discount > 0) total("в т.ч. скидка", t.discount);
  const net = `I${goods}+I${print}+I${delay}`;
  if (t.vatMode === "added") {
    const subtotal = total("Сумма без НДС", { formula: `ROUND(${net},2)`, result: netSum });
    const vat = total(vatLabel(t), t.vat);
    total("Итого к оплате", { formula: `ROUND(I${subtotal}+I${vat},2)`, result: round2(netSum + t.vat) }, true);
  } else {
    total("Итого к оплате", { formula: `ROUND(${net},2)`, result: netSum }, true);
    total(vatLabel(t), t.vatMode === "included" ? t.vat : "—");
  }
  row++;
  text(row++, `Сумма прописью: ${moneyInWords(t.total)}`, { bold: true });
  if (doc.delay) text(row++, `Отсрочка платежа: ${doc.delay.title}`);
  const bank = seller ? [seller.bankTitle && `Банк: ${seller.bankTitle}`, seller.bik && `БИК ${seller.bik}`, seller.checkingAccount && `р/с ${seller.checkingAccount}`, seller.correspondentAccount && `к/с ${seller.correspondentAccount}`].filter(Boolean).join(", ") : "";
  if (bank) text(row++, bank);
  const conditions = doc.conditions.trim();
  if (conditions) {
    const lines = conditions.split("\n").length;
    rows.push({ row, height: Math.min(409, 15 * Math.max(1, lines)), cells: { A: { value: `Условия: ${conditions}`, wrap: true } } });
    merges.push(`A${row}:I${row}`);
  }

  return {
    sheetName: sheetName(doc),
    title: offerTitle(doc),
    creator: seller?.name ?? "",
    created: /^\d{4}-\d{2}-\d{2}$/.test(doc.createdAt) ? `${doc.createdAt}T00:00:00.000Z` : new Date(doc.createdAt).toISOString(),
    widths: [5, 14, 40, 16, 11, 13, 40, 14, 15],
    frozenRows: HEADER_ROW,
    rows,
    merges,
    printTitleRows: `${HEADER_ROW}:${HEADER_ROW}`,
  };
}
