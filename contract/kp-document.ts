/**
 * What the offer's document (PDF and Excel, issue 27) states, and nothing else: the API builds
 * it from a frozen version of the offer (prices computed, names copied) and the renderer only lays
 * it out (api/kp/documents, ADR 052). No internal data is in it: no purchase prices, no manager
 * notes, no other offers. The bounds keep a hostile or broken offer from making a huge document.
 */
import { z } from "zod";
import { isoDate, isoDateTime, money, quantity, url } from "./common.ts";

/** Issue 27: an offer holds at most 200 lines. */
export const KP_DOCUMENT_MAX_LINES = 200;
/** §5: a product line holds at most this many print lines (the cart's bound). */
export const KP_DOCUMENT_MAX_PRINT_LINES = 20;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable();

/** The shop's company that sells (legal/our); its requisites may be incomplete in the data. */
export const KpDocumentSeller = z.object({
  name: text(300),
  inn: text(12),
  kpp: optionalText(9),
  ogrn: optionalText(15),
  address: optionalText(500),
  bankTitle: optionalText(300),
  bik: optionalText(9),
  checkingAccount: optionalText(20),
  correspondentAccount: optionalText(20),
  /** The company's logo (`/api/file/{key}` or a media URL); the loader gives its bytes. */
  logo: url().max(500).nullable(),
});
export type KpDocumentSeller = z.infer<typeof KpDocumentSeller>;

export const KpDocumentPrintLine = z.object({
  /** The print line in words: "Тампопечать, 1 цвет, 40×20 мм, 1 место". */
  description: text(500),
  /** The print line's price for the whole run of the line. */
  price: money(),
});
export type KpDocumentPrintLine = z.infer<typeof KpDocumentPrintLine>;

export const KpDocumentLine = z.object({
  /** 1, 2, 3… as the offer orders its lines. */
  position: z.number().int().min(1).max(KP_DOCUMENT_MAX_LINES),
  /** The product's picture (SVG or raster); the loader rasterises it. */
  image: url().max(500).nullable(),
  sku: text(100),
  title: text(500),
  /** Colour / size, "Синий, XL". */
  variation: optionalText(200),
  count: quantity(),
  unitPrice: money(),
  printLines: z.array(KpDocumentPrintLine).max(KP_DOCUMENT_MAX_PRINT_LINES),
  /** The sum of the print lines. */
  printPrice: money(),
  /** unitPrice × count + printPrice. */
  total: money(),
});
export type KpDocumentLine = z.infer<typeof KpDocumentLine>;

/** "included": the prices hold the VAT ("в т.ч. НДС"); "added": it is added on top; "none": без НДС. */
export const KpVatMode = z.enum(["included", "added", "none"]);
export type KpVatMode = z.infer<typeof KpVatMode>;

export const KpDocumentTotals = z.object({
  goods: money(),
  print: money(),
  /** The payment delay's surcharge (0 without a delay). */
  delaySurcharge: money(),
  /** What the offer takes off (a positive sum; 0 without a discount). */
  discount: money(),
  vatMode: KpVatMode,
  /** Percent (22, 10, 0); null with vatMode "none". */
  vatRate: z.number().min(0).max(100).nullable(),
  vat: money(),
  /** What the client pays. */
  total: money(),
});
export type KpDocumentTotals = z.infer<typeof KpDocumentTotals>;

/**
 * The document of one sent version (ADR 051, 052): what the PDF, the Excel file, the letter and the
 * public page show. The offers API stores it frozen (commercial_offer_versions.document) and
 * answers it on the public page; contract/kp.ts re-exports it.
 */
export const KpDocument = z.object({
  /** "2026-000124": the offer's number, not its public id. */
  number: text(40),
  version: z.number().int().min(1).max(10_000),
  /** The offer's title ("Новогодние подарки"). */
  title: text(300),
  /** A date, or a moment shown as its Moscow date. */
  createdAt: z.union([isoDate(), isoDateTime()]),
  /**
   * The last day the offer holds (until 23:59 Moscow time): "Действительно до dd.mm.yyyy".
   * Versions frozen before the schemas were one stored the last moment instead: shown as its Moscow day.
   */
  validUntil: z.union([isoDate(), isoDateTime()]),
  /** null when the shop has no company of its own in the data (the document then names none). */
  seller: KpDocumentSeller.nullable(),
  client: z.object({ title: text(300), inn: optionalText(12) }).nullable(),
  representative: z.object({ name: text(200), email: optionalText(254), phone: optionalText(40) }).nullable(),
  manager: z.object({ name: text(200), phone: optionalText(40), email: optionalText(254) }),
  lines: z.array(KpDocumentLine).min(1).max(KP_DOCUMENT_MAX_LINES),
  totals: KpDocumentTotals,
  delay: z.object({ title: text(200), days: z.number().int().min(0).max(365) }).nullable(),
  /** The conditions text from the content data (plain text, paragraphs by blank lines). */
  conditions: z.string().trim().max(10_000),
});
export type KpDocument = z.infer<typeof KpDocument>;
