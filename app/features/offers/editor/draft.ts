/**
 * The offer editor's draft (/cp/edit/{id}, issue 27): every field as typed (text), so a form that
 * comes back with errors shows exactly what was typed, with or without JavaScript. One set of field
 * names for the markup, the FormData the autosave sends and the action's reader (editor.server.ts):
 * `title`, `items.3.count`, `items.3.coatings.0.width` — the API's own error paths (ADR 051), so a
 * refusal lands under its field as it is. Browser code: types only from contract/, no zod.
 */
import type { Kp, KpItem, KpTotalsData } from "#contract/kp.ts";
import type { PriceTier } from "#contract/catalog.ts";
import { KP_MAX_LINES, kpTotals, listUnitPrice, priceKpLine, type KpTotals } from "#contract/kp-pricing.ts";
import { EMPTY_PRINT_LINE, parseSizeText, sizeText, type PrintLineFields } from "#app/features/coating/print-line.ts";
import type { CoatingChoice } from "#app/features/coating/coating-form.ts";

export interface DraftCoating extends PrintLineFields {
  /** The line's own id (CartCoatingLine.id). */
  id: string;
}

export interface DraftLine {
  /** A key for React only (not posted). */
  key: string;
  productId: string;
  groupId: string;
  /** The snapshot shown when the product's group is not known (it left the catalogue). */
  title: string;
  sku: string;
  count: string;
  /** The manager's unit price, "" for the tier's. */
  price: string;
  /** Discount (positive) or markup (negative) in %, "" for none. */
  discount: string;
  comment: string;
  coatings: DraftCoating[];
}

/** VAT as one choice: "22-in" (в т.ч.), "22-add" (сверху), "10-in", …, "none" (без НДС). */
export type VatChoice = string;

export interface Draft {
  /** The stored version the draft started from ("" for a new offer). */
  version: string;
  title: string;
  clientId: string;
  representativeId: string;
  purposeId: string;
  delayId: string;
  sellerCompanyId: string;
  /** дд.мм.гггг as typed. */
  validUntil: string;
  vat: VatChoice;
  comment: string;
  items: DraftLine[];
}

export const VAT_CHOICES: readonly { value: VatChoice; label: string }[] = [
  { value: "22-in", label: "22 %, в т.ч. в цене" },
  { value: "22-add", label: "22 %, сверху" },
  { value: "10-in", label: "10 %, в т.ч. в цене" },
  { value: "10-add", label: "10 %, сверху" },
  { value: "0-in", label: "0 %" },
  { value: "none", label: "Без НДС" },
];

export function vatOfChoice(choice: string): { vatRate: 22 | 10 | 0 | null; vatIncluded: boolean } | null {
  if (choice === "none") return { vatRate: null, vatIncluded: true };
  const m = /^(22|10|0)-(in|add)$/.exec(choice);
  if (!m) return null;
  return { vatRate: Number(m[1]) as 22 | 10 | 0, vatIncluded: m[2] === "in" };
}

export function vatChoiceOf(vatRate: number | null, vatIncluded: boolean): VatChoice {
  if (vatRate === null) return "none";
  if (vatRate === 0) return "0-in";
  return `${vatRate}-${vatIncluded ? "in" : "add"}`;
}

/** What the editor needs of a product group: its variations and the print types it takes. */
export interface EditorVariation {
  id: number;
  sku: string;
  /** "синий, XL" or the SKU. */
  label: string;
  price: number;
  priceTiers: PriceTier[];
}

export interface EditorGroup {
  id: number;
  title: string;
  image: string | null;
  variations: EditorVariation[];
  coatings: CoatingChoice[];
}

export type EditorGroups = Record<string, EditorGroup>;

/** A search result: one variation to add. */
export interface SearchHit {
  productId: number;
  groupId: number;
  title: string;
  sku: string;
  image: string | null;
  price: number;
}

let keySeq = 0;
export const newKey = (prefix = "l") => `${prefix}${Date.now().toString(36)}${(keySeq++).toString(36)}`;

const isoToTyped = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : "");

export function lineOfItem(item: KpItem, index: number): DraftLine {
  return {
    key: `i${item.id}-${index}`,
    productId: item.productId ? String(item.productId) : "",
    groupId: item.groupId ? String(item.groupId) : "",
    title: item.title,
    sku: item.sku,
    count: String(item.count),
    price: item.manualPrice === null ? "" : String(item.manualPrice).replace(".", ","),
    discount: item.discountPercent === null || item.discountPercent === 0 ? "" : String(item.discountPercent).replace(".", ","),
    comment: item.comment ?? "",
    coatings: item.coatings.map((c) => ({
      id: c.id,
      coating: String(c.coating),
      variant: c.variant ? String(c.variant) : "",
      width: sizeText(c.width),
      height: sizeText(c.height),
      options: [...c.options],
    })),
  };
}

export function draftOfOffer(offer: Kp): Draft {
  return {
    version: String(offer.version),
    title: offer.title,
    clientId: offer.client ? String(offer.client.id) : "",
    representativeId: offer.representative ? String(offer.representative.id) : "",
    purposeId: offer.purpose ? String(offer.purpose.id) : "",
    delayId: offer.delay ? String(offer.delay.id) : "",
    sellerCompanyId: offer.seller ? String(offer.seller.id) : "",
    validUntil: isoToTyped(offer.validUntil),
    vat: vatChoiceOf(offer.vatRate, offer.vatIncluded),
    comment: offer.comment ?? "",
    items: offer.items.map(lineOfItem),
  };
}

export function emptyDraft(): Draft {
  return { version: "", title: "", clientId: "", representativeId: "", purposeId: "", delayId: "", sellerCompanyId: "", validUntil: "", vat: "22-in", comment: "", items: [] };
}

export function newLine(hit: { productId: number; groupId: number; title: string; sku: string }, count = "1"): DraftLine {
  return { key: newKey(), productId: String(hit.productId), groupId: String(hit.groupId), title: hit.title, sku: hit.sku, count, price: "", discount: "", comment: "", coatings: [] };
}

export function newCoating(): DraftCoating {
  return { id: newKey("c"), ...EMPTY_PRINT_LINE, options: [] };
}

/** The draft as posted form fields (the autosave's body; the no-JS form posts the same names). */
export function draftFormData(draft: Draft, intent = "save"): FormData {
  const form = new FormData();
  form.set("intent", intent);
  const top: (keyof Omit<Draft, "items">)[] = ["version", "title", "clientId", "representativeId", "purposeId", "delayId", "sellerCompanyId", "validUntil", "vat", "comment"];
  for (const name of top) form.set(name, draft[name]);
  draft.items.forEach((line, i) => {
    const p = `items.${i}.`;
    for (const name of ["productId", "groupId", "title", "sku", "count", "price", "discount", "comment"] as const) form.set(p + name, line[name]);
    line.coatings.forEach((c, j) => {
      const q = `${p}coatings.${j}.`;
      for (const name of ["id", "coating", "variant", "width", "height"] as const) form.set(q + name, c[name]);
      for (const o of c.options) form.append(`${q}options`, o);
    });
  });
  return form;
}

/** A typed number ("1 234,5") or null when empty; NaN when it is not a number. */
export function typedNumber(text: string): number | null {
  const s = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (s === "") return null;
  return /^-?\d{1,9}(\.\d{1,2})?$/.test(s) ? Number(s) : Number.NaN;
}

/** §5: a print run is a whole number from 1 to 999 999. */
export const COUNT_MESSAGE = "Укажите количество от 1 до 999 999 шт.";
export function countOf(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 ? n : null;
}

export const LINES_MESSAGE = `В предложении может быть не больше ${KP_MAX_LINES} строк`;

/**
 * The totals the editor shows while the server has not answered (contract/kp-pricing.ts, the API's
 * own rule): the tier price for the typed count, the manual price or the discount, the print lines
 * at their last known prices. Lines that cannot be priced yet count as zero.
 */
export function optimisticTotals(
  draft: Draft,
  groups: EditorGroups,
  printPrices: Record<string, number[]>,
  surchargePercent: number,
): { lines: Record<string, { unit: number; total: number } | null>; totals: KpTotals } {
  const lines: Record<string, { unit: number; total: number } | null> = {};
  const priced = draft.items.map((line) => {
    const variation = groups[line.groupId]?.variations.find((v) => String(v.id) === line.productId);
    const count = countOf(line.count);
    const manual = typedNumber(line.price);
    const discount = typedNumber(line.discount);
    if (!variation || count === null || Number.isNaN(manual) || Number.isNaN(discount)) {
      lines[line.key] = null;
      return { goods: 0, print: 0, discount: 0 };
    }
    const p = priceKpLine({
      listUnitPrice: listUnitPrice(variation, count),
      count,
      manualPrice: manual,
      discountPercent: manual === null ? discount : null,
      printPrices: printPrices[line.key] ?? [],
    });
    lines[line.key] = { unit: p.unitPrice, total: p.total };
    return p;
  });
  const vat = vatOfChoice(draft.vat) ?? { vatRate: 22, vatIncluded: true };
  return { lines, totals: kpTotals(priced, { surchargePercent, vatRate: vat.vatRate, vatIncluded: vat.vatIncluded }) };
}

export type ServerTotals = KpTotalsData;

/** Whether a print line is filled in enough to be sent (a print type chosen); the API judges the rest (§5). */
export const coatingStarted = (c: PrintLineFields) => c.coating !== "";
export { parseSizeText };
