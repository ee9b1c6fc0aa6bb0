/** The print line's pure rules (ADR 047): one for the calculator, the cart and the offer editor. */
import { describe, expect, it } from "vitest";
import { EMPTY_COATING_FORM, QUANTITY_MESSAGE, requestKey } from "./coating-form.ts";
import { choosePrintType, parseSizeText, printLinePricing, printLineRequest, sizeText, toggleOption } from "./print-line.ts";
import { engraving, pad } from "./print-line.test-support.ts";

const mug = { price: 100, priceTiers: [{ minQty: 1, price: 100 }, { minQty: 500, price: 80 }], stock: 300 };

describe("choosePrintType", () => {
  it("a print type resets the variant and checks its enabled default options", () => {
    expect(choosePrintType([pad, engraving], "1")).toEqual({ coating: "1", variant: "", options: ["Макет"] });
    expect(choosePrintType([pad, engraving], "2")).toEqual({ coating: "2", variant: "", options: [] });
  });
  it("none, or one not offered, is no print type", () => {
    expect(choosePrintType([pad], "")).toEqual({ coating: "", variant: "", options: [] });
    expect(choosePrintType([pad], "2")).toEqual({ coating: "", variant: "", options: [] });
  });
});

describe("toggleOption", () => {
  it("checks once and unchecks", () => {
    expect(toggleOption(["Макет"], "Срочно", true)).toEqual(["Макет", "Срочно"]);
    expect(toggleOption(["Макет", "Срочно"], "Срочно", true)).toEqual(["Макет", "Срочно"]);
    expect(toggleOption(["Макет", "Срочно"], "Макет", false)).toEqual(["Срочно"]);
  });
});

describe("parseSizeText", () => {
  it("reads mm with a comma or a point; empty is unset", () => {
    expect(parseSizeText("40")).toBe(40);
    expect(parseSizeText(" 12,5 ")).toBe(12.5);
    expect(parseSizeText("")).toBeNull();
  });
  it("a size being typed or out of range is nothing to save", () => {
    for (const text of ["12,", "abc", "0", "10001", "1.234", "-3"]) expect(parseSizeText(text), text).toBeUndefined();
  });
  it("shows a stored size back", () => {
    expect(sizeText(12.5)).toBe("12.5");
    expect(sizeText(null)).toBe("");
  });
});

describe("printLineRequest", () => {
  const values = { ...EMPTY_COATING_FORM, coating: 1, variant: 11, width: 40, height: 30, options: ["Макет", "Металлик"], quantity: 250, productId: 7 };
  it("a complete line asks the price of its enabled options, keyed by its values", () => {
    const line = printLineRequest(values, [pad, engraving]);
    expect(line.hint).toBeNull();
    expect(line.coating).toBe(pad);
    expect(line.request).toEqual({ coating: 1, variant: 11, width: 40, height: 30, options: ["Макет"], quantity: 250, productId: 7 });
    expect(line.key).toBe(requestKey(line.request!));
    expect(new URLSearchParams(line.body!).getAll("options")).toEqual(["Макет"]);
  });
  it("an incomplete line says what it needs and asks nothing", () => {
    const line = printLineRequest({ ...values, variant: null }, [pad]);
    expect(line).toMatchObject({ hint: "Выберите вариант нанесения.", request: null, key: null, body: null });
    expect(printLineRequest({ ...values, width: 70 }, [pad]).hint).toBe("Наибольший размер нанесения — 60 × 40 мм.");
    // A print type the product does not take is none.
    expect(printLineRequest(values, [engraving]).coating).toBeUndefined();
  });
});

describe("printLinePricing", () => {
  it("goods by the tier reached, the coatings, the total", () => {
    expect(printLinePricing({ variation: mug, quantity: 200, quantityError: null, prints: [1500] })).toEqual({ unitPrice: 100, goods: 20_000, stockNote: null, print: 1500, total: 21_500 });
    expect(printLinePricing({ variation: mug, quantity: 250, quantityError: null, prints: [] })).toMatchObject({ unitPrice: 100, goods: 25_000, print: null, total: 25_000 });
  });
  it("while a coating line is not priced: no print sum, the total counts what is known", () => {
    expect(printLinePricing({ variation: mug, quantity: 100, quantityError: null, prints: [null, 700] })).toMatchObject({ goods: 10_000, print: null, total: 10_700 });
  });
  it("a run beyond the stock is priced and says how many wait and how long (ADR 025)", () => {
    const priced = printLinePricing({ variation: mug, quantity: 500, quantityError: null, leadTime: "8–14 дней", prints: [] });
    expect(priced.unitPrice).toBe(80);
    expect(priced.stockNote).toBe("В наличии 300\u00a0шт., остальные 200\u00a0шт. — под заказ, срок поставки 8–14 дней");
  });
  it("an agreed unit price (the offer editor) wins over the tiers", () => {
    expect(printLinePricing({ variation: mug, quantity: 500, quantityError: null, prints: [100], unitPrice: 75 })).toMatchObject({ unitPrice: 75, goods: 37_500, total: 37_600 });
  });
  it("no variation, or a run that is not one: nothing is priced", () => {
    expect(printLinePricing({ variation: null, quantity: 100, quantityError: null, prints: [] }).total).toBeNull();
    expect(printLinePricing({ variation: mug, quantity: 1, quantityError: QUANTITY_MESSAGE, prints: [] })).toMatchObject({ unitPrice: null, goods: null, total: null, stockNote: null });
  });
});
