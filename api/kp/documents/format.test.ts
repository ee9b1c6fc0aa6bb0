import { describe, expect, it } from "vitest";
import { formatAmount, formatDate, formatPercent, formatRub, vatLabel } from "./format";

const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("the document's formats", () => {
  it.each([
    [0, "0,00 ₽"],
    [1234.5, "1 234,50 ₽"],
    [1_000_000, "1 000 000,00 ₽"],
    [1.005, "1,01 ₽"],
    [0.1 + 0.2, "0,30 ₽"],
    [-66896.19, "−66 896,19 ₽"],
    [-0.001, "0,00 ₽"],
  ])("money %s → %s, with non-breaking spaces", (amount, text) => {
    expect(plain(formatRub(amount))).toBe(text);
    expect(formatRub(amount)).not.toContain(" ");
  });

  it("writes amounts without the sign for the table's ₽ columns", () => {
    expect(plain(formatAmount(987654.3))).toBe("987 654,30");
  });

  it("writes dates as dd.mm.yyyy, a moment as its Moscow date", () => {
    expect(formatDate("2026-12-09")).toBe("09.12.2026");
    expect(formatDate("2026-11-29T20:59:59.000Z")).toBe("29.11.2026");
    // 21:00 UTC is midnight in Moscow.
    expect(formatDate("2026-11-29T21:00:00.000Z")).toBe("30.11.2026");
    expect(formatDate("2026-11-30T01:00:00+03:00")).toBe("30.11.2026");
  });

  it("names VAT as the offer counts it", () => {
    expect(plain(vatLabel({ vatMode: "included", vatRate: 22 }))).toBe("в т.ч. НДС 22 %");
    expect(plain(vatLabel({ vatMode: "added", vatRate: 10 }))).toBe("НДС 10 %");
    expect(plain(vatLabel({ vatMode: "included", vatRate: 0 }))).toBe("в т.ч. НДС 0 %");
    expect(vatLabel({ vatMode: "none", vatRate: null })).toBe("Без НДС");
    expect(plain(formatPercent(7.5))).toBe("7,5 %");
  });
});
