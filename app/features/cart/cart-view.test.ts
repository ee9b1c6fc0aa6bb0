import { describe, expect, it } from "vitest";
import { cartIssues, coatingLineState, formatWeight, linesKey, toCartView } from "./cart-view.ts";
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
  it("EMPTY_CART is zeros", () => {
    expect(toCartView(EMPTY_CART)).toEqual({ lines: [], itemsPrice: 0, printPrice: 0, price: 0, totalCount: 0, weight: 0 });
  });
});

describe("coating line states (issue 25 item 16: the lines and the summary say the same)", () => {
  const coatings = new Map([
    [2, { id: 2, title: "Вышивка", variants: [] }],
    [4, { id: 4, title: "Деколь", variants: [{ id: 41 }] }],
  ]);
  const line = (id: string, coating: number | null, variant: number | null = null) => ({ id, coating, width: 40, height: 30, variant, options: [] });
  const priced = { coatingIds: [4], coatings: [{ id: "wide", problems: ["Наибольший размер — 80 × 80 мм"] }] } as unknown as Parameters<typeof coatingLineState>[2];

  it("names a coating the product does not take before anything else; then §5 completeness; then the server's problems", () => {
    expect(coatingLineState(line("a", 2), coatings, priced)).toEqual({ kind: "not-offered", message: "Нанесение «Вышивка» для этого товара недоступно — выберите другое или удалите его." });
    expect(coatingLineState(line("b", 4), coatings, priced)).toEqual({ kind: "incomplete" });
    expect(coatingLineState(line("wide", 4, 41), coatings, priced)).toEqual({ kind: "refused", message: "Наибольший размер — 80 × 80 мм" });
    expect(coatingLineState(line("ok", 4, 41), coatings, priced)).toEqual({ kind: "ok" });
    // What the product takes is unknown (not priced, or a backend that does not say): completeness only.
    expect(coatingLineState(line("a", 2), coatings, null)).toEqual({ kind: "ok" });
  });

  it("cartIssues counts each kind once per line", () => {
    const items = [{ variation: 5, count: 10, comment: null, addedAt: 1, coatings: [line("a", 2), line("b", 4), line("wide", 4, 41), line("ok", 4, 41)] }];
    const view = { ...toCartView(EMPTY_CART), lines: [{ ...(priced as object), variation: 5 }] } as unknown as ReturnType<typeof toCartView>;
    expect(cartIssues(items, coatings, view, 1)).toEqual({ incomplete: 1, notOffered: 1, refused: 1, badCounts: 1 });
  });
});
