/**
 * The print-price calculator of the product page: its form values, how they are read from a
 * submitted form (the no-JavaScript path and the /coating-price resource route read the same
 * fields), the hint shown while the line is incomplete (§5) and the coating/recalculate body.
 * Browser code: types only from contract/.
 */
import type { Coating, CoatingRecalculateRequest } from "#contract/catalog.ts";
import { clampQuantity, isCoatingLineComplete, MAX_PRINT_RUN } from "#app/features/coating/coating-line.ts";

/** What the calculator needs of a coating (coating/all without its HTML and prices). */
export interface CoatingChoice {
  id: number;
  title: string;
  variants: { id: number; title: string; priceMultiplier: number }[];
  options: { id: number; title: string; enabled: boolean; isDefault: boolean }[];
  maxWidth: number | null;
  maxHeight: number | null;
}

/**
 * The coatings a product takes, in the catalogue's order: what the product page's calculator and
 * the cart's coating lines offer (one rule for both). `accepted` is the group's coating ids
 * (ProductGroup.coatings, CartLine.group.coatings); null or undefined when the API did not say,
 * which offers every coating (the API still refuses one the product does not take).
 */
export function offeredCoatings<C extends { id: number }>(all: readonly C[], accepted: readonly number[] | null | undefined): C[] {
  if (!accepted) return [...all];
  const ids = new Set(accepted);
  return all.filter((c) => ids.has(c.id));
}

export function toCoatingChoice(coating: Coating): CoatingChoice {
  return {
    id: coating.id,
    title: coating.title,
    variants: coating.variants.map(({ id, title, priceMultiplier }) => ({ id, title, priceMultiplier })),
    options: coating.options.map(({ id, title, enabled, isDefault }) => ({ id, title, enabled, isDefault })),
    maxWidth: coating.maxWidth,
    maxHeight: coating.maxHeight,
  };
}

export interface CoatingFormValues {
  coating: number | null;
  variant: number | null;
  /** Millimetres. */
  width: number | null;
  height: number | null;
  /** Titles of the checked options (§3 cart Coating keeps titles). */
  options: string[];
  /** §5: 1..999999. */
  quantity: number;
  /** Why the print run as typed cannot be priced (0, empty, over 999 999); null when it can. */
  quantityError: string | null;
  /** The print run as it was typed (a form posted without JavaScript shows it back as it was). */
  quantityText?: string;
  /** The selected variation. */
  productId: number | null;
}

export { COATING_PRICE_ACTION } from "./coating-action.ts";

/** A typical first print run; the visitor changes it at once. */
export const DEFAULT_QUANTITY = 100;

export const EMPTY_COATING_FORM: CoatingFormValues = {
  coating: null,
  variant: null,
  width: null,
  height: null,
  options: [],
  quantity: DEFAULT_QUANTITY,
  quantityError: null,
  productId: null,
};

/** §5/§9: a print run is 1 to 999 999 items. */
export const QUANTITY_MESSAGE = "Укажите тираж от 1 до 999 999 шт.";

/** The form's field names, one place for the markup and the parser. */
export const FIELD = {
  coating: "coating",
  variant: "variant",
  width: "width",
  height: "height",
  options: "options",
  quantity: "quantity",
  productId: "productId",
} as const;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

function parseId(v: unknown): number | null {
  const s = text(v);
  if (!/^\d{1,15}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** A size in mm: positive, finite, "12,5" accepted as 12.5; anything else is unset. */
function parseSize(v: unknown): number | null {
  const s = text(v).replace(",", ".");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** §5: the print run as a number 1..999999 (anything else counts as 1, and quantityProblem says why). */
export function parseQuantity(v: unknown): number {
  const s = text(v);
  return clampQuantity(/^\d+$/.test(s) ? Number(s) : Number.NaN);
}

/** §5/§9: the message for a print run that is not a whole number from 1 to 999 999; null when it is. */
export function quantityProblem(v: unknown): string | null {
  const s = text(v);
  if (!/^\d{1,6}$/.test(s)) return QUANTITY_MESSAGE;
  const n = Number(s);
  return n >= 1 && n <= MAX_PRINT_RUN ? null : QUANTITY_MESSAGE;
}

interface FormLike {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

/** Reads the calculator's fields from FormData or URLSearchParams; malformed values become unset. */
export function readCoatingForm(form: FormLike): CoatingFormValues {
  return {
    coating: parseId(form.get(FIELD.coating)),
    variant: parseId(form.get(FIELD.variant)),
    width: parseSize(form.get(FIELD.width)),
    height: parseSize(form.get(FIELD.height)),
    options: [...new Set(form.getAll(FIELD.options).map(text).filter(Boolean))].slice(0, 50),
    quantity: parseQuantity(form.get(FIELD.quantity)),
    quantityError: quantityProblem(form.get(FIELD.quantity)),
    quantityText: text(form.get(FIELD.quantity)).slice(0, 12),
    productId: parseId(form.get(FIELD.productId)),
  };
}

/**
 * Why the line cannot be priced yet, or null when it can (§5: coating, width and height, and a
 * variant of that coating when it has any). Sizes beyond the coating's print area are refused too.
 */
export function coatingHint(values: CoatingFormValues, coating: CoatingChoice | null | undefined): string | null {
  if (values.quantityError) return values.quantityError;
  if (values.coating === null || !coating || coating.id !== values.coating) return "Выберите вид нанесения, чтобы рассчитать его стоимость.";
  if (coating.variants.length > 0 && !coating.variants.some((v) => v.id === values.variant)) return "Выберите вариант нанесения.";
  if (values.width === null || values.height === null) return "Укажите ширину и высоту нанесения в миллиметрах.";
  if ((coating.maxWidth !== null && values.width > coating.maxWidth) || (coating.maxHeight !== null && values.height > coating.maxHeight)) {
    return `Наибольший размер нанесения — ${coating.maxWidth ?? "∞"} × ${coating.maxHeight ?? "∞"} мм.`;
  }
  return isCoatingLineComplete(values, coating) ? null : "Заполните параметры нанесения.";
}

/** The coating/recalculate body for a complete line: only checked options that are enabled for this coating. */
export function recalculateRequest(values: CoatingFormValues, coating: CoatingChoice): CoatingRecalculateRequest {
  const enabled = new Set(coating.options.filter((o) => o.enabled).map((o) => o.title));
  return {
    coating: coating.id,
    variant: coating.variants.length > 0 ? values.variant : null,
    width: values.width ?? 0,
    height: values.height ?? 0,
    options: values.options.filter((title) => enabled.has(title)),
    quantity: values.quantity,
    ...(values.productId !== null ? { productId: values.productId } : {}),
  };
}

/** Identifies a request, so the page shows a price only for the values it was computed from. */
export function requestKey(request: CoatingRecalculateRequest): string {
  return JSON.stringify([request.coating, request.variant ?? null, request.width, request.height, [...(request.options ?? [])].sort(), request.quantity, request.productId ?? null]);
}

/** The request as the form fields the calculator posts (and readCoatingForm reads back). */
export function requestBody(request: CoatingRecalculateRequest): URLSearchParams {
  const body = new URLSearchParams();
  body.set(FIELD.coating, String(request.coating));
  if (request.variant) body.set(FIELD.variant, String(request.variant));
  body.set(FIELD.width, String(request.width));
  body.set(FIELD.height, String(request.height));
  for (const title of request.options ?? []) body.append(FIELD.options, title);
  body.set(FIELD.quantity, String(request.quantity));
  if (request.productId) body.set(FIELD.productId, String(request.productId));
  return body;
}

/**
 * The key of posted values: the live calculator posts requestBody(request), so this equals
 * requestKey(request) on the page and the answer (price, hint or error) finds its values.
 */
export function postedKey(values: CoatingFormValues): string {
  return requestKey({
    coating: values.coating ?? 0,
    variant: values.variant,
    width: values.width ?? 0,
    height: values.height ?? 0,
    options: values.options,
    quantity: values.quantity,
    ...(values.productId !== null ? { productId: values.productId } : {}),
  });
}

/** The titles of the options checked by default when a coating is chosen. */
export function defaultOptions(coating: CoatingChoice | undefined): string[] {
  return coating ? coating.options.filter((o) => o.enabled && o.isDefault).map((o) => o.title) : [];
}
