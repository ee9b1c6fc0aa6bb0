import { describe, expect, it } from "vitest";
import { leadTimeOf, leadTimeText, stockNote } from "./stock-note.ts";

describe("stock notes (issue 25 item 17)", () => {
  it("say how many are in stock, how many are made to order and the supply term", () => {
    expect(stockNote(1268, 5000, "8–14 дней")).toBe("В наличии 1\u00a0268\u00a0шт., остальные 3\u00a0732\u00a0шт. — под заказ, срок поставки 8–14 дней");
    expect(stockNote(0, 12, "1–3 дня")).toBe("Нет в наличии — 12\u00a0шт. под заказ, срок поставки 1–3 дня");
    expect(stockNote(40, 100, null)).toBe("В наличии 40\u00a0шт., остальные 60\u00a0шт. — под заказ, срок уточнит менеджер");
  });

  it("say nothing while the stock covers the count", () => {
    expect(stockNote(1268, 1268, "8–14 дней")).toBeNull();
    expect(stockNote(5, 1, null)).toBeNull();
    expect(stockNote(5, Number.NaN, null)).toBeNull();
  });

  it("take the supply term from the group's «Срок поставки» attribute, without repeating «под заказ»", () => {
    expect(leadTimeText("Под заказ, 30–45 дней")).toBe("30–45 дней");
    expect(leadTimeText("  4–7   дней ")).toBe("4–7 дней");
    expect(leadTimeText("")).toBeNull();
    expect(leadTimeText("под заказ")).toBeNull();
    expect(leadTimeText(null)).toBeNull();
    expect(leadTimeOf([{ slug: "material", valueTitle: "Керамика" }, { slug: "delivery-period", valueTitle: "8–14 дней" }])).toBe("8–14 дней");
    expect(leadTimeOf([{ slug: "material", valueTitle: "Керамика" }])).toBeNull();
  });
});
