/**
 * One print line (a variation, its print run and its coating lines, §3 Coating, §5): the pure rules
 * every editor of one shares — the product page's calculator, the cart's lines and, next, the
 * commercial-offer editor (ADR 047). What a choice of print type resets, how a typed size is read,
 * the coating/recalculate request of a coating line, and the line's price: goods by the price tiers,
 * the stock note, the coating prices and the total. Browser code: no zod, types only from contract/.
 */
import type { CoatingRecalculateRequest, PriceTier } from "#contract/catalog.ts";
import { stockNote } from "#contract/stock-note.ts";
import { priceForQuantity } from "#app/features/catalog/price.ts";
import {
  coatingHint,
  defaultOptions,
  recalculateRequest,
  requestBody,
  requestKey,
  type CoatingChoice,
  type CoatingFormValues,
} from "#app/features/coating/coating-form.ts";

/** A coating line's fields as the editor shows them: text, as typed (a half-typed "12," stays). */
export interface PrintLineFields {
  /** The print type's id, "" for none. */
  coating: string;
  /** The variant's id, "" for none. */
  variant: string;
  /** Millimetres as typed. */
  width: string;
  height: string;
  /** Titles of the checked options. */
  options: string[];
}

export const EMPTY_PRINT_LINE: PrintLineFields = { coating: "", variant: "", width: "", height: "", options: [] };

/** The coating line's fields for a print type chosen from `choices` ("" or an unknown id: none): no variant yet, its default options. */
export function choosePrintType(choices: readonly CoatingChoice[], id: string): Pick<PrintLineFields, "coating" | "variant" | "options"> {
  const next = choices.find((c) => String(c.id) === id);
  return { coating: next ? String(next.id) : "", variant: "", options: defaultOptions(next) };
}

/** The checked options after one is checked or unchecked (in the order they were checked). */
export function toggleOption(options: readonly string[], title: string, checked: boolean): string[] {
  const rest = options.filter((t) => t !== title);
  return checked ? [...rest, title] : rest;
}

/**
 * A typed size in mm (§3 Coating: positive, at most 10 000; "12,5" is 12.5): null for an empty
 * field, undefined while it is not a size yet ("12," being typed, "abc") — nothing to save.
 */
export function parseSizeText(text: string): number | null | undefined {
  const s = text.trim().replace(",", ".");
  if (s === "") return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(s)) return undefined;
  const n = Number(s);
  return n > 0 && n <= 10_000 ? n : undefined;
}

/** A stored size as the field shows it. */
export const sizeText = (n: number | null | undefined): string => (n === null || n === undefined ? "" : String(n));

/** What a coating line asks the price service, or why it cannot ask yet. */
export interface PrintLineRequest {
  /** The chosen print type, when it is one of the choices. */
  coating: CoatingChoice | undefined;
  /** Why the line cannot be priced yet (coatingHint); null when it can. */
  hint: string | null;
  /** The coating/recalculate body, for a complete line. */
  request: CoatingRecalculateRequest | null;
  /** requestKey(request): the answer for these values, and no other, is shown. */
  key: string | null;
  /** The request as form fields (what /coating-price and the no-JS product form read). */
  body: string | null;
}

export function printLineRequest(values: CoatingFormValues, choices: readonly CoatingChoice[]): PrintLineRequest {
  const coating = choices.find((c) => c.id === values.coating);
  const hint = coatingHint(values, coating);
  const request = hint === null && coating ? recalculateRequest(values, coating) : null;
  return { coating, hint, request, key: request ? requestKey(request) : null, body: request ? requestBody(request).toString() : null };
}

/** What pricing a print line needs of its variation (ProductGroup's product). */
export interface PricedVariation {
  price: number;
  priceTiers: readonly PriceTier[];
  stock: number;
}

export interface PrintLinePricingInput {
  /** Null while no variation is chosen: nothing is priced. */
  variation: PricedVariation | null;
  quantity: number;
  /** The print run as typed is not one (quantityProblem): nothing is priced. */
  quantityError: string | null;
  /** The group's supply term, for a run beyond the stock (contract/stock-note.ts). */
  leadTime?: string | null;
  /** Each coating line's price; null while it is not known (incomplete, being priced, refused). */
  prints: readonly (number | null)[];
  /** A unit price agreed by hand (the offer editor's manager price) instead of the tier's. */
  unitPrice?: number | null;
}

export interface PrintLinePricing {
  /** The price of one item for this run (the tier reached, or the agreed price). */
  unitPrice: number | null;
  /** unitPrice × quantity. */
  goods: number | null;
  /** ADR 025: how many wait for the supplier, and how long; null while the stock covers the run. */
  stockNote: string | null;
  /** The sum of the coating lines once every one is priced; null while one is not. */
  print: number | null;
  /** Goods plus the coating lines priced so far (goods alone while a price is awaited). */
  total: number | null;
}

/** The price of a print line (the calculator's result; the offer editor's line total). */
export function printLinePricing(input: PrintLinePricingInput): PrintLinePricing {
  const { variation, quantity, quantityError, prints } = input;
  const known = prints.filter((p): p is number => p !== null);
  const print = known.length === prints.length && prints.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
  if (!variation || quantityError) return { unitPrice: null, goods: null, stockNote: null, print, total: null };
  const unitPrice = input.unitPrice ?? priceForQuantity(variation.priceTiers, variation.price, quantity);
  const goods = unitPrice * quantity;
  return {
    unitPrice,
    goods,
    stockNote: stockNote(variation.stock, quantity, input.leadTime ?? null),
    print,
    total: goods + known.reduce((a, b) => a + b, 0),
  };
}
