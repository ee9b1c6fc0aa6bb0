import { describe, expect, it } from "vitest";
import { MAX_PRINT_RUN as CONTRACT_MAX_PRINT_RUN } from "#contract/common.ts";
import { areCoatingLinesValid, clampQuantity, indexCoatings, isCoatingLineComplete, MAX_PRINT_RUN } from "./coating-line.ts";

const plain = { id: 1, variants: [] };
const colours = { id: 2, variants: [{ id: 21, title: "1 цвет", priceMultiplier: 1 }, { id: 22, title: "2 цвета", priceMultiplier: 1.6 }] };
const byId = indexCoatings([plain, colours]);

describe("isCoatingLineComplete (§5)", () => {
  it("is complete with coating, width and height when the coating has no variants", () => {
    expect(isCoatingLineComplete({ coating: 1, width: 40, height: 20 }, plain)).toBe(true);
  });
  it.each([
    ["no coating", { coating: null, width: 40, height: 20 }],
    ["no width", { coating: 1, width: null, height: 20 }],
    ["no height", { coating: 1, width: 40 }],
    ["a zero width", { coating: 1, width: 0, height: 20 }],
    ["a negative height", { coating: 1, width: 40, height: -5 }],
    ["a NaN width", { coating: 1, width: Number.NaN, height: 20 }],
  ])("is incomplete with %s", (_why, line) => {
    expect(isCoatingLineComplete(line, plain)).toBe(false);
  });
  it("requires a variant when the coating has variants", () => {
    expect(isCoatingLineComplete({ coating: 2, width: 40, height: 20 }, colours)).toBe(false);
    expect(isCoatingLineComplete({ coating: 2, width: 40, height: 20, variant: null }, colours)).toBe(false);
    expect(isCoatingLineComplete({ coating: 2, width: 40, height: 20, variant: 22 }, colours)).toBe(true);
  });
  it("requires the variant to belong to that coating", () => {
    expect(isCoatingLineComplete({ coating: 2, width: 40, height: 20, variant: 99 }, colours)).toBe(false);
  });
  it("is incomplete when the coating definition is missing or another one", () => {
    expect(isCoatingLineComplete({ coating: 1, width: 40, height: 20 }, undefined)).toBe(false);
    expect(isCoatingLineComplete({ coating: 1, width: 40, height: 20 }, colours)).toBe(false);
  });
});

describe("areCoatingLinesValid (§5)", () => {
  it("an empty coating list is valid", () => {
    expect(areCoatingLinesValid([], byId)).toBe(true);
  });
  it("is valid only when every line is complete", () => {
    const ok = { coating: 1, width: 40, height: 20 };
    expect(areCoatingLinesValid([ok, { coating: 2, width: 10, height: 10, variant: 21 }], byId)).toBe(true);
    expect(areCoatingLinesValid([ok, { coating: 2, width: 10, height: 10 }], byId)).toBe(false);
  });
  it("an unknown coating id is invalid", () => {
    expect(areCoatingLinesValid([{ coating: 7, width: 40, height: 20 }], byId)).toBe(false);
  });
});

describe("print run (§5/§9)", () => {
  it("MAX_PRINT_RUN is 999999, as in the contract", () => {
    expect(MAX_PRINT_RUN).toBe(999999);
    expect(MAX_PRINT_RUN).toBe(CONTRACT_MAX_PRINT_RUN);
  });
  it("clampQuantity keeps integers within 1..999999", () => {
    expect(clampQuantity(5)).toBe(5);
    expect(clampQuantity(999999)).toBe(999999);
    expect(clampQuantity(1000000)).toBe(999999);
    expect(clampQuantity(Number.POSITIVE_INFINITY)).toBe(999999);
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-20)).toBe(1);
    expect(clampQuantity(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(12.9)).toBe(12);
    expect(clampQuantity(0.5)).toBe(1);
  });
});
