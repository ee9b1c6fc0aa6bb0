import { describe, expect, it } from "vitest";
import { showLabel } from "./filters-panel.tsx";

describe("«Показать N товаров» (the mobile filter sheet's button)", () => {
  it("says how many products the filters leave, in the right Russian form", () => {
    expect(showLabel(1)).toBe("Показать 1 товар");
    expect(showLabel(3)).toBe("Показать 3 товара");
    expect(showLabel(5)).toBe("Показать 5 товаров");
    expect(showLabel(11)).toBe("Показать 11 товаров");
    expect(showLabel(21)).toBe("Показать 21 товар");
    expect(showLabel(58)).toBe("Показать 58 товаров");
    expect(showLabel(112)).toBe("Показать 112 товаров");
  });
  it("nothing left: says so instead of «Показать 0 товаров»", () => {
    expect(showLabel(0)).toBe("Товаров не найдено");
  });
});
