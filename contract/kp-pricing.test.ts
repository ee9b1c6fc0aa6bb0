import { describe, expect, it } from "vitest";
import type { PricedCoating } from "./coating-pricing.ts";
import {
  addDays,
  defaultValidUntil,
  describePrintLine,
  describeVariation,
  endOfMoscowDay,
  isExpired,
  kpNumber,
  kpTotals,
  kpUnitPrice,
  listUnitPrice,
  moscowDate,
  priceKpLine,
  priceKpPrintLine,
  variationBesideTitle,
} from "./kp-pricing.ts";

const product = { price: 100, priceTiers: [{ minQty: 50, price: 90 }, { minQty: 500, price: 75 }] };

const silk: PricedCoating = {
  id: 1,
  basePrice: 10,
  pricePerCm2: 0.5,
  minPrice: 1500,
  maxWidth: 200,
  maxHeight: 200,
  variants: [{ id: 11, title: "1 цвет", priceMultiplier: 1 }, { id: 12, title: "2 цвета", priceMultiplier: 1.6 }],
  options: [],
};

describe("kp pricing: unit price", () => {
  it("takes the tier reached by the count, the variation's price below the first", () => {
    expect(listUnitPrice(product, 1)).toBe(100);
    expect(listUnitPrice(product, 49)).toBe(100);
    expect(listUnitPrice(product, 50)).toBe(90);
    expect(listUnitPrice(product, 999_999)).toBe(75);
    expect(listUnitPrice({ price: 120, priceTiers: [] }, 1000)).toBe(120);
    expect(listUnitPrice({ ...product, priceTiers: [...product.priceTiers].reverse() }, 60)).toBe(90);
  });

  it("a manual price wins; a discount lowers, a markup raises; never below zero", () => {
    expect(kpUnitPrice(90, 80)).toBe(80);
    expect(kpUnitPrice(90, 0)).toBe(0);
    expect(kpUnitPrice(90, null, 10)).toBe(81);
    expect(kpUnitPrice(90, null, -15)).toBe(103.5);
    expect(kpUnitPrice(90, null, 100)).toBe(0);
    expect(kpUnitPrice(90, null, 150)).toBe(0);
    expect(kpUnitPrice(90, -5)).toBe(0);
    expect(kpUnitPrice(33.33, null, 33.3)).toBe(22.23);
  });
});

describe("kp pricing: lines and totals", () => {
  it("prices a line: goods, print, informational discount", () => {
    expect(priceKpLine({ listUnitPrice: 90, count: 100, discountPercent: 10, printPrices: [1500, 250.5] })).toEqual({
      listUnitPrice: 90,
      unitPrice: 81,
      count: 100,
      goods: 8100,
      print: 1750.5,
      discount: 900,
      total: 9850.5,
    });
    // A markup is not a negative discount.
    expect(priceKpLine({ listUnitPrice: 90, count: 10, discountPercent: -10, printPrices: [] }).discount).toBe(0);
    expect(priceKpLine({ listUnitPrice: 90, count: 10, manualPrice: 95, printPrices: [] }).discount).toBe(0);
  });

  it("adds the delay surcharge to goods and print", () => {
    const t = kpTotals([{ goods: 10_000, print: 2_000, discount: 0 }], { surchargePercent: 2, vatRate: null, vatIncluded: true });
    expect(t).toMatchObject({ goods: 10_000, print: 2_000, delaySurcharge: 240, vat: 0, total: 12_240, vatMode: "none", vatRate: null });
  });

  it("VAT included: the total stays, VAT is its part; added: on top; 0 % and none: zero", () => {
    const lines = [{ goods: 1000, print: 220, discount: 50 }];
    expect(kpTotals(lines, { surchargePercent: 0, vatRate: 22, vatIncluded: true })).toEqual({
      goods: 1000,
      print: 220,
      delaySurcharge: 0,
      discount: 50,
      vatMode: "included",
      vatRate: 22,
      vat: 220,
      total: 1220,
    });
    expect(kpTotals(lines, { surchargePercent: 0, vatRate: 22, vatIncluded: false })).toMatchObject({ vatMode: "added", vat: 268.4, total: 1488.4 });
    expect(kpTotals(lines, { surchargePercent: 0, vatRate: 10, vatIncluded: true })).toMatchObject({ vat: 110.91, total: 1220 });
    expect(kpTotals(lines, { surchargePercent: 0, vatRate: 0, vatIncluded: false })).toMatchObject({ vatMode: "added", vat: 0, total: 1220 });
    expect(kpTotals(lines, { surchargePercent: 0, vatRate: null, vatIncluded: false })).toMatchObject({ vatMode: "none", vat: 0, total: 1220 });
  });

  it("rounds every step to kopecks", () => {
    const line = priceKpLine({ listUnitPrice: 10.005, count: 3, discountPercent: 0, printPrices: [0.105, 0.105] });
    expect(line.unitPrice).toBe(10.01);
    expect(line.goods).toBe(30.03);
    expect(line.print).toBe(0.21);
    const totals = kpTotals([line], { surchargePercent: 1.5, vatRate: 22, vatIncluded: false });
    expect(totals.delaySurcharge).toBe(0.45);
    expect(totals.vat).toBe(6.75);
    expect(totals.total).toBe(37.44);
    expect(kpTotals([], { surchargePercent: 3, vatRate: 22, vatIncluded: true })).toMatchObject({ goods: 0, total: 0, vat: 0 });
  });
});

describe("kp pricing: print lines (§5 completeness)", () => {
  it("prices a complete line as coating/recalculate does", () => {
    // (10 + 0.5 × 60 × 40 / 100) × 1 = 22 per item × 100 = 2200.
    expect(priceKpPrintLine(silk, { variant: 11, width: 60, height: 40, quantity: 100 })).toEqual({ price: 2200, problems: [] });
    // The minimal price of the print type.
    expect(priceKpPrintLine(silk, { variant: 11, width: 10, height: 10, quantity: 5 }).price).toBe(1500);
  });

  it("an incomplete or oversize line is priced 0 with its problems", () => {
    expect(priceKpPrintLine(silk, { variant: null, width: 60, height: 40, quantity: 100 })).toEqual({
      price: 0,
      problems: [{ field: "variant", message: "Выберите вариант нанесения" }],
    });
    expect(priceKpPrintLine(silk, { variant: 11, width: 600, height: 40, quantity: 1 }).problems[0].field).toBe("width");
  });

  it("describes print lines and variations in words", () => {
    expect(describePrintLine({ coatingTitle: "Шелкография", variantTitle: "1 цвет", width: 60, height: 40 })).toBe("Шелкография, 1 цвет, 60×40 мм");
    expect(describePrintLine({ coatingTitle: "Гравировка", width: 12.5, height: 8, options: ["Срочно"] })).toBe("Гравировка, 12,5×8 мм, Срочно");
    expect(describeVariation({ color: { title: "синий" }, size: "XL" })).toBe("синий, XL");
    expect(describeVariation({ color: null, size: null })).toBeNull();
  });
});

describe("kp numbers and validity", () => {
  it("numbers offers per year with six digits", () => {
    expect(kpNumber(2026, 124)).toBe("2026-000124");
    expect(kpNumber(2027, 1)).toBe("2027-000001");
  });

  it("valid 10 days after the Moscow day of creation, until 23:59:59 Moscow time", () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Moscow.
    expect(moscowDate(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
    expect(defaultValidUntil(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-11");
    expect(addDays("2026-02-25", 10)).toBe("2026-03-07");
    const end = endOfMoscowDay("2026-03-07");
    expect(end.toISOString()).toBe("2026-03-07T20:59:59.000Z");
    expect(isExpired(end, new Date("2026-03-07T20:59:59.000Z"))).toBe(false);
    expect(isExpired(end, new Date("2026-03-07T21:00:00.000Z"))).toBe(true);
  });
});

describe("variationBesideTitle", () => {
  it("drops a variation the title already says, keeps one it does not", () => {
    expect(variationBesideTitle("Кружка «Енисей» эмалированная, бордовый", "Бордовый")).toBeNull();
    expect(variationBesideTitle("Футболка хлопковая, белая", "Белая, XL")).toBe("Белая, XL");
    expect(variationBesideTitle("Футболка хлопковая", "Белая, XL")).toBe("Белая, XL");
    expect(variationBesideTitle("Ручка «Спутник»", null)).toBeNull();
    expect(variationBesideTitle("Ручка «Спутник»", "  ")).toBeNull();
  });
});
