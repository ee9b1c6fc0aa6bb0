import { describe, expect, it } from "vitest";
import { formatCount, groupDigits, plainText, telHref } from "./format.ts";

const NBSP = "\u00a0";

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

describe("groupDigits", () => {
  it("groups by three from the right with non-breaking spaces", () => {
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(1000)).toBe(`1${NBSP}000`);
    expect(groupDigits(12500)).toBe(`12${NBSP}500`);
    expect(groupDigits(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(groupDigits(-12500.7)).toBe(`-12${NBSP}500`);
    expect(groupDigits(Number.NaN)).toBe("0");
  });
});

describe("telHref", () => {
  it("builds tel: links", () => {
    expect(telHref("+7 (812) 000-00-00")).toBe("tel:+78120000000");
    expect(telHref("8 (812) 000-00-00")).toBe("tel:+78120000000");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });
});
