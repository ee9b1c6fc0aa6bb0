import { describe, expect, it } from "vitest";
import { coatingProblemCount, formatWeight, linesKey, toCartView } from "./cart-view.ts";
import { EMPTY_CART } from "#contract/cart.ts";

describe("cart view helpers", () => {
  it("weight in kilograms, Russian decimal comma", () => {
    expect(formatWeight(14_500)).toBe("14,5\u00a0кг");
    expect(formatWeight(205)).toBe("0,21\u00a0кг");
    expect(formatWeight(0)).toBe("0\u00a0кг");
    expect(formatWeight(-5)).toBe("0\u00a0кг");
  });
  it("a key changes with the lines", () => {
    expect(linesKey("[1]")).toBe(linesKey("[1]"));
    expect(linesKey("[1]")).not.toBe(linesKey("[2]"));
  });
  it("EMPTY_CART is zeros; coating problems are counted", () => {
    const view = toCartView(EMPTY_CART);
    expect(view).toEqual({ lines: [], itemsPrice: 0, printPrice: 0, price: 0, totalCount: 0, weight: 0 });
    expect(coatingProblemCount(view)).toBe(0);
    const withProblem = { ...view, lines: [{ coatings: [{ problems: ["Выберите вариант"] }, { problems: [] }] }] } as unknown as typeof view;
    expect(coatingProblemCount(withProblem)).toBe(1);
  });
});
