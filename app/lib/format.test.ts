import { describe, expect, it } from "vitest";
import { formatCount, plainText } from "./format.ts";

describe("formatCount", () => {
  it("groups digits with non-breaking spaces", () => {
    expect(formatCount(12500)).toBe("12\u00a0500");
    expect(formatCount(7)).toBe("7");
  });
});

describe("plainText", () => {
  it("drops tags, decodes the common entities and collapses spaces", () => {
    expect(plainText("<p>Ручка &laquo;x&raquo;&nbsp;<b>синяя</b></p>\n<ul><li>A &amp; B</li></ul>")).toBe("Ручка &laquo;x&raquo; синяя A & B");
  });

  it("cuts long text with an ellipsis", () => {
    expect(plainText("слово ".repeat(100), 20)).toBe("слово слово слово…");
  });
});
