/**
 * Coating (print) pricing: pure functions, no database, shared by the API (coating/recalculate, the
 * cart, offers) and the storefront (the offer editor's optimistic totals, ADR 051): one rule. Documented in
 * docs/api-contract.md (catalogue → "Coating pricing").
 *
 * For one line (one coating on `quantity` items, print area width × height mm):
 *   areaPrice      = pricePerCm2 × width × height / 100          (mm² → cm²)
 *   itemPrice      = (basePrice + areaPrice) × variant multiplier (1 without variants)
 *   unitPrice      = itemPrice + Σ percent options × itemPrice / 100
 *   priceWithoutDiscount = unitPrice × quantity + Σ fixed options (rubles per line)
 *   discount       = run discount % (QUANTITY_DISCOUNTS) × unitPrice × quantity
 *   price          = max(minPrice, priceWithoutDiscount − discount)
 * Every step is rounded to kopecks. Options are picked by title (the cart stores titles, §3);
 * disabled options never apply, unknown titles are an error. §5: a coating with variants needs one.
 */
import type { CoatingPrice } from "./catalog.ts";
import { quoted } from "./quotes.ts";

/** A field of the line and a Russian message (the API's field error, contract ApiErrorBody). */
export interface FieldError {
  field: string;
  message: string;
}

export interface PricedCoating {
  id: number;
  basePrice: number;
  pricePerCm2: number;
  minPrice: number;
  /** mm; null = no limit. */
  maxWidth: number | null;
  maxHeight: number | null;
  variants: readonly { id: number; title: string; priceMultiplier: number }[];
  options: readonly { id: number; title: string; priceType: "percent" | "fixed"; price: number; enabled: boolean }[];
}

export interface CoatingLineInput {
  variant?: number | null;
  /** mm */
  width: number;
  /** mm */
  height: number;
  /** Titles of the checked options. */
  options?: readonly string[];
  quantity: number;
}

/** Print run discounts: from `minQty` items on, `percent` off the items part (not fixed options). */
export const QUANTITY_DISCOUNTS: readonly { minQty: number; percent: number }[] = [
  { minQty: 5000, percent: 15 },
  { minQty: 1000, percent: 10 },
  { minQty: 500, percent: 5 },
];

/** Rounds to kopecks, half away from zero, without binary drift (2.675 → 2.68). */
export function roundMoney(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * 100).toPrecision(15)))) / 100;
}

export function discountPercent(quantity: number): number {
  return QUANTITY_DISCOUNTS.find((d) => quantity >= d.minQty)?.percent ?? 0;
}

/**
 * Field errors of a line against its coating (§5 and the coating's limits), with field names
 * relative to the line ("variant", "width", "options.1"); the cart prefixes its own path.
 */
export function validateCoatingLine(coating: PricedCoating, line: CoatingLineInput): FieldError[] {
  const errors: FieldError[] = [];
  const variant = line.variant ?? null;
  if (coating.variants.length > 0 && variant === null) {
    errors.push({ field: "variant", message: "Выберите вариант нанесения" });
  } else if (variant !== null && !coating.variants.some((v) => v.id === variant)) {
    errors.push({
      field: "variant",
      message: coating.variants.length ? "Такого варианта у этого нанесения нет" : "У этого нанесения нет вариантов",
    });
  }
  if (coating.maxWidth !== null && line.width > coating.maxWidth) {
    errors.push({ field: "width", message: `Ширина нанесения — не больше ${coating.maxWidth} мм` });
  }
  if (coating.maxHeight !== null && line.height > coating.maxHeight) {
    errors.push({ field: "height", message: `Высота нанесения — не больше ${coating.maxHeight} мм` });
  }
  (line.options ?? []).forEach((title, i) => {
    if (!coating.options.some((o) => o.title === title)) {
      errors.push({ field: `options.${i}`, message: `У этого нанесения нет опции ${quoted(title)}` });
    }
  });
  return errors;
}

/** Prices a line that passed validateCoatingLine (throws on an invalid one). */
export function priceCoatingLine(coating: PricedCoating, line: CoatingLineInput): CoatingPrice {
  const errors = validateCoatingLine(coating, line);
  if (errors.length) throw new Error(`Invalid coating line: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`);

  const variant = coating.variants.find((v) => v.id === line.variant) ?? null;
  const multiplier = variant?.priceMultiplier ?? 1;
  const areaPrice = roundMoney((coating.pricePerCm2 * line.width * line.height) / 100);
  const itemPrice = roundMoney((coating.basePrice + areaPrice) * multiplier);

  const titles = new Set(line.options ?? []);
  const applied = coating.options.filter((o) => o.enabled && titles.has(o.title));
  let unitPrice = itemPrice;
  let fixed = 0;
  const options: CoatingPrice["options"] = [];
  for (const option of applied) {
    if (option.priceType === "percent") {
      const perItem = roundMoney((itemPrice * option.price) / 100);
      unitPrice = roundMoney(unitPrice + perItem);
      options.push({ id: option.id, title: option.title, amount: roundMoney(perItem * line.quantity) });
    } else {
      fixed = roundMoney(fixed + option.price);
      options.push({ id: option.id, title: option.title, amount: roundMoney(option.price) });
    }
  }

  const itemsTotal = roundMoney(unitPrice * line.quantity);
  const priceWithoutDiscount = roundMoney(itemsTotal + fixed);
  const discount = roundMoney((itemsTotal * discountPercent(line.quantity)) / 100);
  const price = Math.max(coating.minPrice, roundMoney(priceWithoutDiscount - discount));
  return {
    coating: coating.id,
    variant: variant?.id ?? null,
    width: line.width,
    height: line.height,
    quantity: line.quantity,
    basePrice: coating.basePrice,
    areaPrice,
    variantMultiplier: multiplier,
    options,
    unitPrice,
    priceWithoutDiscount,
    discount,
    price,
  };
}
