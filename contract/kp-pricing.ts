/**
 * Commercial offer pricing (ADR 051): pure functions, no database, the one rule of the API
 * (kp/calculate, create, update, versions) and of the offer editor's optimistic totals.
 *
 *   listUnitPrice = the variation's tier reached by the count (the cart's rule)
 *   unitPrice     = manual price, or listUnitPrice × (1 − discountPercent / 100); ≥ 0
 *   goods         = Σ unitPrice × count               print = Σ print lines (coating pricing)
 *   discount      = Σ (listUnitPrice − unitPrice) × count over lines sold below list (inside goods)
 *   delaySurcharge = (goods + print) × delay surchargePercent / 100
 *   base          = goods + print + delaySurcharge
 *   VAT included: vat = base × r / (100 + r), total = base;  added: vat = base × r / 100, total = base + vat
 *   no VAT (null) or 0 %: vat = 0, total = base
 * Every step is rounded to kopecks (roundMoney, half away from zero).
 */
import type { PriceTier } from "./catalog.ts";
import { priceCoatingLine, roundMoney, validateCoatingLine, type CoatingLineInput, type FieldError, type PricedCoating } from "./coating-pricing.ts";

export { roundMoney } from "./coating-pricing.ts";

/** VAT rates an offer may carry (ADR 051); null = «без НДС». 22 % is the general rate from 2026. */
export const KP_VAT_RATES = [22, 10, 0] as const;
export type KpVatRate = (typeof KP_VAT_RATES)[number];
export type KpVatMode = "included" | "added" | "none";

/** A line's discount (positive) or markup (negative), percent: never below a zero price. */
export const KP_DISCOUNT_MIN = -1000;
export const KP_DISCOUNT_MAX = 100;
/** §5 print run and the offer's size (ADR 051). */
export const KP_MAX_LINES = 200;
export const KP_DEFAULT_VALID_DAYS = 10;

/** The tier reached by `count`: the highest minQty ≤ count; below the first tier (or none) the variation's price. */
export function listUnitPrice(product: { price: number; priceTiers: readonly PriceTier[] }, count: number): number {
  const q = Number.isFinite(count) && count >= 1 ? count : 1;
  let best: PriceTier | undefined;
  for (const tier of product.priceTiers) if (tier.minQty <= q && (!best || tier.minQty > best.minQty)) best = tier;
  return best ? best.price : product.price;
}

/** The unit price of a line: the manual one, or the list price with the discount/markup; never below zero. */
export function kpUnitPrice(list: number, manualPrice?: number | null, discountPercent?: number | null): number {
  if (manualPrice !== undefined && manualPrice !== null) return Math.max(0, roundMoney(manualPrice));
  const percent = discountPercent ?? 0;
  return Math.max(0, roundMoney((list * (100 - percent)) / 100));
}

export interface KpLineInput {
  listUnitPrice: number;
  count: number;
  manualPrice?: number | null;
  discountPercent?: number | null;
  /** The line's print lines, each already priced (coating pricing). */
  printPrices: readonly number[];
}

export interface KpLinePrice {
  listUnitPrice: number;
  unitPrice: number;
  count: number;
  /** unitPrice × count */
  goods: number;
  /** Σ print lines */
  print: number;
  /** (list − unit) × count when sold below list, else 0 */
  discount: number;
  /** goods + print */
  total: number;
}

export function priceKpLine(line: KpLineInput): KpLinePrice {
  const unitPrice = kpUnitPrice(line.listUnitPrice, line.manualPrice, line.discountPercent);
  const goods = roundMoney(unitPrice * line.count);
  const print = roundMoney(line.printPrices.reduce((sum, p) => sum + p, 0));
  const discount = unitPrice < line.listUnitPrice ? roundMoney((line.listUnitPrice - unitPrice) * line.count) : 0;
  return { listUnitPrice: line.listUnitPrice, unitPrice, count: line.count, goods, print, discount, total: roundMoney(goods + print) };
}

export interface KpTotalsOptions {
  /** The payment delay's surcharge, percent (0 for «Без отсрочки» or none). */
  surchargePercent: number;
  /** null = «без НДС». */
  vatRate: number | null;
  /** true: prices include VAT («в т.ч. НДС»); false: VAT is added on top. */
  vatIncluded: boolean;
}

export interface KpTotals {
  goods: number;
  print: number;
  delaySurcharge: number;
  discount: number;
  vatMode: KpVatMode;
  vatRate: number | null;
  vat: number;
  total: number;
}

export function vatMode(vatRate: number | null, vatIncluded: boolean): KpVatMode {
  if (vatRate === null) return "none";
  return vatIncluded ? "included" : "added";
}

export function kpTotals(lines: readonly Pick<KpLinePrice, "goods" | "print" | "discount">[], options: KpTotalsOptions): KpTotals {
  const goods = roundMoney(lines.reduce((sum, l) => sum + l.goods, 0));
  const print = roundMoney(lines.reduce((sum, l) => sum + l.print, 0));
  const discount = roundMoney(lines.reduce((sum, l) => sum + l.discount, 0));
  const delaySurcharge = roundMoney(((goods + print) * Math.max(0, options.surchargePercent)) / 100);
  const base = roundMoney(goods + print + delaySurcharge);
  const mode = vatMode(options.vatRate, options.vatIncluded);
  const rate = options.vatRate ?? 0;
  let vat = 0;
  let total = base;
  if (mode === "included" && rate > 0) vat = roundMoney((base * rate) / (100 + rate));
  if (mode === "added" && rate > 0) {
    vat = roundMoney((base * rate) / 100);
    total = roundMoney(base + vat);
  }
  return { goods, print, delaySurcharge, discount, vatMode: mode, vatRate: options.vatRate, vat, total };
}

/** A print line priced for the offer, or its §5 problems (priced 0) — the cart's rule. */
export function priceKpPrintLine(coating: PricedCoating, line: CoatingLineInput): { price: number; problems: FieldError[] } {
  const problems = validateCoatingLine(coating, line);
  if (problems.length) return { price: 0, problems };
  return { price: priceCoatingLine(coating, line).price, problems: [] };
}

const formatSize = (mm: number) => String(mm).replace(".", ",");

/**
 * A print line in words for the document and the public page: "Шелкография, 1 цвет, 60×40 мм",
 * with the checked options after the size.
 */
export function describePrintLine(line: { coatingTitle: string; variantTitle?: string | null; width: number; height: number; options?: readonly string[] }): string {
  const parts = [line.coatingTitle || "Нанесение"];
  if (line.variantTitle) parts.push(line.variantTitle);
  parts.push(`${formatSize(line.width)}×${formatSize(line.height)} мм`);
  for (const option of line.options ?? []) parts.push(option);
  return parts.join(", ");
}

/** A variation in words: "синий, XL" (null when it has neither colour nor size). */
export function describeVariation(product: { color?: { title: string } | null; size?: string | null }): string | null {
  const parts = [product.color?.title, product.size].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length ? parts.join(", ") : null;
}

/**
 * The variation to print beside a line's title, or null when the title already says it: the
 * catalogue's titles often end with the colour ("Кружка «Енисей», бордовый"), and "Бордовый" under
 * it again reads as a mistake. Each part of "Синий, XL" is looked for in the title, case aside.
 */
export function variationBesideTitle(title: string, variation: string | null | undefined): string | null {
  if (!variation?.trim()) return null;
  const t = title.toLocaleLowerCase("ru");
  const parts = variation.split(",").map((p) => p.trim().toLocaleLowerCase("ru")).filter(Boolean);
  return parts.every((p) => t.includes(p)) ? null : variation;
}

/** "2026-000124": the Moscow year of creation and the year's sequence (ADR 051). */
export function kpNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Moscow calendar date (YYYY-MM-DD) of an instant (Moscow has no daylight saving time since 2014). */
export function moscowDate(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last second of a Moscow calendar day, as an instant: the offer is valid until 23:59:59 МСК. */
export function endOfMoscowDay(date: string): Date {
  return new Date(new Date(`${date}T23:59:59.000Z`).getTime() - MOSCOW_OFFSET_MS);
}

/** A Moscow date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The default validity of an offer created at `at`: its Moscow day + 10 days. */
export function defaultValidUntil(at: Date): string {
  return addDays(moscowDate(at), KP_DEFAULT_VALID_DAYS);
}

/** Whether an offer valid until `validUntil` (an instant) has expired at `now`. */
export function isExpired(validUntil: Date | string, now: Date): boolean {
  return now.getTime() > new Date(validUntil).getTime();
}
