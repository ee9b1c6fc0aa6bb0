import { describe, expect, it } from "vitest";
import { MAX_PRINT_RUN } from "#app/features/coating/coating-line.ts";
import { coatingHint, defaultOptions, parseQuantity, postedKey, QUANTITY_MESSAGE, quantityProblem, readCoatingForm, recalculateRequest, requestBody, requestKey, type CoatingChoice } from "./coating-form.ts";

const withVariants: CoatingChoice = {
  id: 1,
  title: "Тампопечать",
  variants: [
    { id: 11, title: "1 цвет", priceMultiplier: 1 },
    { id: 12, title: "2 цвета", priceMultiplier: 1.6 },
  ],
  options: [
    { id: 1, title: "Срочно", enabled: true, isDefault: false },
    { id: 2, title: "Макет", enabled: true, isDefault: true },
    { id: 3, title: "Металлик", enabled: false, isDefault: true },
  ],
  maxWidth: 60,
  maxHeight: 40,
};
const plain: CoatingChoice = { id: 2, title: "Гравировка", variants: [], options: [], maxWidth: null, maxHeight: null };

const form = (entries: [string, string][]) => new URLSearchParams(entries);

describe("readCoatingForm", () => {
  it("reads every field", () => {
    const values = readCoatingForm(
      form([["coating", "1"], ["variant", "12"], ["width", "40"], ["height", "12,5"], ["options", "Срочно"], ["options", "Макет"], ["quantity", "250"], ["productId", "77"]]),
    );
    expect(values).toEqual({ coating: 1, variant: 12, width: 40, height: 12.5, options: ["Срочно", "Макет"], quantity: 250, productId: 77, quantityError: null, quantityText: "250" });
  });

  it("turns malformed values into unset ones, never throws", () => {
    const values = readCoatingForm(form([["coating", "x"], ["variant", "-1"], ["width", "0"], ["height", "1e3"], ["quantity", "abc"]]));
    expect(values).toEqual({ coating: null, variant: null, width: null, height: null, options: [], quantity: 1, productId: null, quantityError: QUANTITY_MESSAGE, quantityText: "abc" });
  });
});

describe("quantityProblem (§5/§9: 1..999 999)", () => {
  it("says why 0, an empty field, a fraction or a run over 999 999 cannot be priced", () => {
    for (const v of ["0", "", "  ", "-5", "1.5", "1000000", "abc", null]) expect(quantityProblem(v), String(v)).toBe(QUANTITY_MESSAGE);
    for (const v of ["1", " 42 ", "999999"]) expect(quantityProblem(v), v).toBeNull();
  });

  it("a form with quantity 0 is not priced as 1: the hint is the message", () => {
    const values = readCoatingForm(form([["coating", "2"], ["width", "40"], ["height", "30"], ["quantity", "0"]]));
    expect(values.quantityError).toBe(QUANTITY_MESSAGE);
    expect(coatingHint(values, plain)).toBe(QUANTITY_MESSAGE);
  });
});

describe("parseQuantity", () => {
  it("keeps 1..999999 (§5)", () => {
    expect(parseQuantity("0")).toBe(1);
    expect(parseQuantity("")).toBe(1);
    expect(parseQuantity("1000000")).toBe(MAX_PRINT_RUN);
    expect(parseQuantity(" 42 ")).toBe(42);
  });
});

describe("coatingHint", () => {
  const base = { coating: 1, variant: 11, width: 40, height: 30, options: [], quantity: 100, productId: null, quantityError: null };

  it("is null for a complete line", () => {
    expect(coatingHint(base, withVariants)).toBeNull();
    expect(coatingHint({ ...base, coating: 2, variant: null }, plain)).toBeNull();
  });

  it("asks for what is missing (§5)", () => {
    expect(coatingHint({ ...base, coating: null }, undefined)).toMatch(/вид нанесения/);
    expect(coatingHint({ ...base, variant: null }, withVariants)).toMatch(/вариант/);
    expect(coatingHint({ ...base, variant: 99 }, withVariants)).toMatch(/вариант/);
    expect(coatingHint({ ...base, width: null }, withVariants)).toMatch(/ширину и высоту/);
  });

  it("refuses a size beyond the print area", () => {
    expect(coatingHint({ ...base, width: 61 }, withVariants)).toBe("Наибольший размер нанесения — 60 × 40 мм.");
  });
});

describe("recalculateRequest", () => {
  it("sends only enabled options and no variant for a coating without variants", () => {
    const values = { coating: 1, variant: 11, width: 40, height: 30, options: ["Металлик", "Срочно"], quantity: 100, productId: 5, quantityError: null };
    expect(recalculateRequest(values, withVariants)).toEqual({ coating: 1, variant: 11, width: 40, height: 30, options: ["Срочно"], quantity: 100, productId: 5 });
    expect(recalculateRequest({ ...values, coating: 2, productId: null, quantityError: null }, plain)).toEqual({ coating: 2, variant: null, width: 40, height: 30, options: [], quantity: 100 });
  });

  it("keys requests by their values, whatever the option order", () => {
    const a = { coating: 1, variant: 11, width: 40, height: 30, options: ["a", "b"], quantity: 100 };
    expect(requestKey(a)).toBe(requestKey({ ...a, options: ["b", "a"] }));
    expect(requestKey(a)).not.toBe(requestKey({ ...a, quantity: 101 }));
  });
});

describe("requestBody and postedKey", () => {
  it("round-trip: the server keys posted values as the page keyed the request", () => {
    for (const [values, coating] of [
      [{ coating: 1, variant: 12, width: 12.5, height: 30, options: ["Макет", "Срочно", "Металлик"], quantity: 999999, productId: 7, quantityError: null }, withVariants],
      [{ coating: 2, variant: 5, width: 40, height: 30, options: [], quantity: 1, productId: null, quantityError: null }, plain],
    ] as const) {
      const request = recalculateRequest({ ...values, options: [...values.options] }, coating);
      expect(postedKey(readCoatingForm(requestBody(request)))).toBe(requestKey(request));
    }
  });
});

describe("defaultOptions", () => {
  it("checks the enabled default options", () => {
    expect(defaultOptions(withVariants)).toEqual(["Макет"]);
    expect(defaultOptions(undefined)).toEqual([]);
  });
});
