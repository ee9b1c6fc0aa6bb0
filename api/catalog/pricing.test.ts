import { describe, expect, it } from "vitest";
import { CoatingPrice } from "../../contract/index";
import { discountPercent, priceCoatingLine, roundMoney, validateCoatingLine, type PricedCoating } from "./pricing";

/** Like the seeded "Тампопечать": 8 ₽ + 1.2 ₽/cm², at least 2 500 ₽ a line, field 60×40 mm. */
const pad: PricedCoating = {
  id: 1,
  basePrice: 8,
  pricePerCm2: 1.2,
  minPrice: 2500,
  maxWidth: 60,
  maxHeight: 40,
  variants: [
    { id: 11, title: "1 цвет", priceMultiplier: 1 },
    { id: 12, title: "2 цвета", priceMultiplier: 1.6 },
  ],
  options: [
    { id: 21, title: "Срочное нанесение", priceType: "percent", price: 30, enabled: true },
    { id: 22, title: "Подготовка макета", priceType: "fixed", price: 500, enabled: true },
    { id: 23, title: "Металлизированная краска", priceType: "percent", price: 25, enabled: false },
    { id: 24, title: "Пробный оттиск", priceType: "fixed", price: 700, enabled: true },
  ],
};

/** Like "Лазерная гравировка": no variants, no size limit. */
const laser: PricedCoating = {
  id: 3,
  basePrice: 20,
  pricePerCm2: 3.5,
  minPrice: 1500,
  maxWidth: null,
  maxHeight: null,
  variants: [],
  options: [{ id: 31, title: "Срочное нанесение", priceType: "percent", price: 30, enabled: true }],
};

describe("priceCoatingLine", () => {
  it("per item: (base + pricePerCm2 × w×h/100) × variant multiplier; a line × quantity", () => {
    // 50×30 mm = 15 cm² → 18 ₽; (8 + 18) × 1.6 = 41.6 ₽ per item; 300 items.
    const price = priceCoatingLine(pad, { variant: 12, width: 50, height: 30, quantity: 300 });
    expect(price).toMatchObject({
      coating: 1,
      variant: 12,
      basePrice: 8,
      areaPrice: 18,
      variantMultiplier: 1.6,
      unitPrice: 41.6,
      priceWithoutDiscount: 12480,
      discount: 0,
      price: 12480,
      options: [],
    });
    expect(CoatingPrice.safeParse(price).success).toBe(true);
  });

  it("percent options add to the unit price, fixed options once per line", () => {
    const price = priceCoatingLine(pad, {
      variant: 12,
      width: 50,
      height: 30,
      quantity: 200,
      options: ["Срочное нанесение", "Подготовка макета"],
    });
    // 41.6 + 30 % = 41.6 + 12.48 = 54.08 per item; × 200 = 10 816; + 500 layout.
    expect(price.unitPrice).toBe(54.08);
    expect(price.options).toEqual([
      { id: 21, title: "Срочное нанесение", amount: 2496 },
      { id: 22, title: "Подготовка макета", amount: 500 },
    ]);
    expect(price.priceWithoutDiscount).toBe(11316);
    expect(price.price).toBe(11316);
  });

  it("two percent options are both taken from the item price (not compounded)", () => {
    const price = priceCoatingLine(laser, { width: 100, height: 100, quantity: 10, options: ["Срочное нанесение"] });
    // 100 cm² → 350; 370 per item; +30 % = 111 → 481.
    expect(price.unitPrice).toBe(481);
    expect(price.variant).toBeNull();
    expect(price.variantMultiplier).toBe(1);
  });

  it("disabled options never apply, duplicates apply once", () => {
    const price = priceCoatingLine(pad, {
      variant: 11,
      width: 10,
      height: 10,
      quantity: 400,
      options: ["Металлизированная краска", "Пробный оттиск", "Пробный оттиск"],
    });
    expect(price.options.map((o) => o.title)).toEqual(["Пробный оттиск"]);
    // (8 + 1.2) × 400 = 3 680 + 700.
    expect(price.priceWithoutDiscount).toBe(4380);
  });

  it("a line costs at least the coating's minPrice", () => {
    const price = priceCoatingLine(pad, { variant: 11, width: 10, height: 10, quantity: 10 });
    expect(price.priceWithoutDiscount).toBe(92);
    expect(price.price).toBe(2500);
  });

  it("run discounts: 5 % from 500, 10 % from 1 000, 15 % from 5 000 items, not on fixed options", () => {
    expect([1, 499, 500, 999, 1000, 4999, 5000, 999_999].map(discountPercent)).toEqual([0, 0, 5, 5, 10, 10, 15, 15]);
    const price = priceCoatingLine(pad, { variant: 12, width: 50, height: 30, quantity: 1000, options: ["Подготовка макета"] });
    // 41.6 × 1000 = 41 600 (+500) → discount 10 % of 41 600.
    expect(price.priceWithoutDiscount).toBe(42100);
    expect(price.discount).toBe(4160);
    expect(price.price).toBe(37940);
  });

  it("rounds every step to kopecks", () => {
    // 33×17 mm = 5.61 cm² × 1.2 = 6.732 → 6.73; (8 + 6.73) × 1.6 = 23.568 → 23.57.
    const price = priceCoatingLine(pad, { variant: 12, width: 33, height: 17, quantity: 3 });
    expect(price.areaPrice).toBe(6.73);
    expect(price.unitPrice).toBe(23.57);
    expect(price.priceWithoutDiscount).toBe(70.71);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
  });

  it("refuses to price an invalid line", () => {
    expect(() => priceCoatingLine(pad, { width: 10, height: 10, quantity: 1 })).toThrow(/variant/);
  });
});

describe("validateCoatingLine", () => {
  it("§5: a coating with variants needs one; one without variants takes none", () => {
    expect(validateCoatingLine(pad, { width: 10, height: 10, quantity: 1 })).toEqual([
      { field: "variant", message: "Выберите вариант нанесения" },
    ]);
    expect(validateCoatingLine(pad, { variant: null, width: 10, height: 10, quantity: 1 })[0].field).toBe("variant");
    expect(validateCoatingLine(pad, { variant: 99, width: 10, height: 10, quantity: 1 })).toEqual([
      { field: "variant", message: "Такого варианта у этого нанесения нет" },
    ]);
    expect(validateCoatingLine(laser, { width: 10, height: 10, quantity: 1 })).toEqual([]);
    expect(validateCoatingLine(laser, { variant: 11, width: 10, height: 10, quantity: 1 })).toEqual([
      { field: "variant", message: "У этого нанесения нет вариантов" },
    ]);
  });

  it("checks the printable field and option titles, in Russian", () => {
    const errors = validateCoatingLine(pad, { variant: 11, width: 61, height: 41, quantity: 1, options: ["Подготовка макета", "Позолота"] });
    expect(errors).toEqual([
      { field: "width", message: "Ширина нанесения — не больше 60 мм" },
      { field: "height", message: "Высота нанесения — не больше 40 мм" },
      { field: "options.1", message: "У этого нанесения нет опции «Позолота»" },
    ]);
    expect(validateCoatingLine(pad, { variant: 11, width: 60, height: 40, quantity: 1 })).toEqual([]);
  });
});
