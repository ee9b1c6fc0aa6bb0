import { describe, expect, it } from "vitest";
import { formatPrice, priceForQuantity, reverseAncestors, roundPriceRange } from "./price.ts";

const NBSP = "\u00a0";

describe("roundPriceRange (§3 filter data)", () => {
  it("rounds min down and max up to whole rubles", () => {
    expect(roundPriceRange({ min: 12.99, max: 4999.01 })).toEqual({ min: 12, max: 5000 });
  });
  it("keeps whole values", () => {
    expect(roundPriceRange({ min: 0, max: 100 })).toEqual({ min: 0, max: 100 });
  });
  it("turns non-numbers into 0 instead of NaN in the slider", () => {
    expect(roundPriceRange({ min: Number.NaN, max: Number.POSITIVE_INFINITY })).toEqual({ min: 0, max: 0 });
  });
});

describe("formatPrice (ru-RU)", () => {
  it("groups thousands with non-breaking spaces and puts ₽ after a non-breaking space", () => {
    expect(formatPrice(1234)).toBe(`1${NBSP}234${NBSP}₽`);
    expect(formatPrice(1234567)).toBe(`1${NBSP}234${NBSP}567${NBSP}₽`);
    expect(formatPrice(999)).toBe(`999${NBSP}₽`);
    expect(formatPrice(0)).toBe(`0${NBSP}₽`);
  });
  it("shows kopecks with a decimal comma only when non-zero", () => {
    expect(formatPrice(1234.5)).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formatPrice(0.05)).toBe(`0,05${NBSP}₽`);
    expect(formatPrice(100.0)).toBe(`100${NBSP}₽`);
  });
  it("rounds to kopecks first (no '100,00 ₽' from float noise)", () => {
    expect(formatPrice(99.999)).toBe(`100${NBSP}₽`);
    expect(formatPrice(0.1 + 0.2)).toBe(`0,30${NBSP}₽`);
  });
  it("contains no ordinary or narrow spaces (same string on every ICU)", () => {
    expect(formatPrice(12345678.9)).not.toMatch(/[ \u202f]/);
  });
  it("writes what ru-RU Intl.NumberFormat writes (spaces normalised), without loading it", () => {
    const whole = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
    const kopecks = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const viaIntl = (n: number) => {
      const k = Math.round(n * 100);
      return `${(k % 100 === 0 ? whole : kopecks).format(k / 100).replace(/\s/g, NBSP).replace("\u2212", "-")}${NBSP}₽`;
    };
    const samples = [0, 0.01, 0.5, 1, 9.99, 10, 99.5, 100, 999, 1000, 1000.1, 9999.99, 10000, 12345.67, 100000, 999999.99, 1e6, 1234567.89, -5, -1234.5];
    for (let i = 0; i < 200; i++) samples.push(Math.round(((i * 7919) % 100003) * 137.31) / 100);
    for (const n of samples) expect(formatPrice(n), String(n)).toBe(viaIntl(n));
  });
});

describe("priceForQuantity (price tiers)", () => {
  const tiers = [
    { minQty: 1, price: 100 },
    { minQty: 50, price: 90 },
    { minQty: 500, price: 75 },
  ];
  it("applies the tier with the largest minQty reached", () => {
    expect(priceForQuantity(tiers, 100, 1)).toBe(100);
    expect(priceForQuantity(tiers, 100, 49)).toBe(100);
    expect(priceForQuantity(tiers, 100, 50)).toBe(90);
    expect(priceForQuantity(tiers, 100, 499)).toBe(90);
    expect(priceForQuantity(tiers, 100, 999999)).toBe(75);
  });
  it("does not depend on the tier order", () => {
    expect(priceForQuantity([...tiers].reverse(), 100, 60)).toBe(90);
  });
  it("uses the base price without tiers or below the first tier", () => {
    expect(priceForQuantity([], 120, 1000)).toBe(120);
    expect(priceForQuantity([{ minQty: 10, price: 80 }], 120, 5)).toBe(120);
  });
  it("treats quantities below 1 or NaN as 1", () => {
    expect(priceForQuantity(tiers, 100, 0)).toBe(100);
    expect(priceForQuantity([{ minQty: 1, price: 95 }], 100, Number.NaN)).toBe(95);
  });
});

describe("reverseAncestors (§3 categoryAncestorCounters come reversed)", () => {
  it("puts the root first without mutating the input", () => {
    const deepestFirst = [{ slug: "sharikovye-ruchki" }, { slug: "ruchki" }, { slug: "root" }];
    expect(reverseAncestors(deepestFirst).map((c) => c.slug)).toEqual(["root", "ruchki", "sharikovye-ruchki"]);
    expect(deepestFirst[0].slug).toBe("sharikovye-ruchki");
  });
});
