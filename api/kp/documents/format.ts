/**
 * How the offer's document writes money, dates and VAT. Written by hand rather than with Intl:
 * the PDF must come out byte-identical for a fixed date (ADR 052), and ICU's data (its spaces,
 * U+00A0 or U+202F) changes with Node versions.
 */
import type { KpDocumentTotals } from "#contract/kp-document.ts";

/** Non-breaking space: "1 234,50 ₽" never breaks across lines. */
export const NBSP = "\u00a0";

/** Digits in groups of three: 1234567 → "1 234 567". */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** Kopecks of a sum, rounded in decimal (1.005 → 101). */
export function toKopecks(amount: number): number {
  return Math.round(Number((amount * 100).toPrecision(15)));
}

/** "1 234,50" (no currency): the amount in a table column headed "₽". */
export function formatAmount(amount: number): string {
  const kopecks = toKopecks(Math.abs(amount));
  const text = `${groupDigits(String(Math.floor(kopecks / 100)))},${String(kopecks % 100).padStart(2, "0")}`;
  return amount < 0 && kopecks > 0 ? `−${text}` : text;
}

/** "1 234,50 ₽". */
export function formatRub(amount: number): string {
  return `${formatAmount(amount)}${NBSP}₽`;
}

/** "12 500" */
export function formatCount(count: number): string {
  return groupDigits(String(count));
}

/** Russia keeps UTC+3 all year (no summer time since 2014). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "2026-12-09" or an ISO moment → "09.12.2026" (a moment as its date in Moscow). */
export function formatDate(iso: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

/** "22 %": the rate without trailing zeros, with a comma ("7,5 %"). */
export function formatPercent(rate: number): string {
  return `${String(Number(rate.toFixed(2))).replace(".", ",")}${NBSP}%`;
}

/** The VAT row's label: "в т.ч. НДС 22 %", "НДС 22 %" (added on top) or "Без НДС". */
export function vatLabel(totals: Pick<KpDocumentTotals, "vatMode" | "vatRate">): string {
  if (totals.vatMode === "none" || totals.vatRate === null) return "Без НДС";
  const rate = formatPercent(totals.vatRate);
  return totals.vatMode === "included" ? `в т.ч. НДС ${rate}` : `НДС ${rate}`;
}
