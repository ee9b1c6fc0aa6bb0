import { describe, expect, it } from "vitest";
import { formatMasked, normalizePhone, parseMask, phoneTrack, PHONE_MASK, unmask } from "./mask.tsx";

const D = "\uE000";
const X = "\uE001";
const S = "\uE002";
const A = "\uE003";
const a = "\uE004";

describe("parseMask (§5 tokens)", () => {
  it("turns # X S A a into private-use keys and keeps literals", () => {
    const parsed = parseMask("+7 (###) ###-##-##");
    expect(parsed.mask).toBe(`+7 (${D.repeat(3)}) ${D.repeat(3)}-${D.repeat(2)}-${D.repeat(2)}`);
    expect(Object.keys(parsed.replacement)).toEqual([D]);
    expect(parsed.slots).toBe(10);
    expect(parseMask("XSAa").mask).toBe(X + S + A + a);
  });

  it("each token accepts its characters (Cyrillic letters too)", () => {
    const { replacement } = parseMask("#XSAa");
    expect(replacement[D]!.test("5")).toBe(true);
    expect(replacement[D]!.test("a")).toBe(false);
    expect(replacement[X]!.test("Ж")).toBe(true);
    expect(replacement[X]!.test("7")).toBe(true);
    expect(replacement[X]!.test("-")).toBe(false);
    expect(replacement[S]!.test("ё")).toBe(true);
    expect(replacement[S]!.test("1")).toBe(false);
    expect(replacement[A]!.test("Я")).toBe(true);
    expect(replacement[A]!.test("я")).toBe(false);
    expect(replacement[a]!.test("q")).toBe(true);
    expect(replacement[a]!.test("Q")).toBe(false);
  });

  it("! escapes the next character, a trailing ! is literal", () => {
    expect(parseMask("!##").mask).toBe(`#${D}`);
    expect(parseMask("!!#").mask).toBe(`!${D}`);
    expect(parseMask("#!").mask).toBe(`${D}!`);
    expect(parseMask("!*#").mask).toBe(`*${D}`);
  });

  it("* repeats the token before it (up to maxRepeat in all); after a literal it is literal", () => {
    const parsed = parseMask("#*", { maxRepeat: 5 });
    expect(parsed.mask).toBe(D.repeat(5));
    expect(parsed.slots).toBe(5);
    expect(parseMask("-*").mask).toBe("-*");
    expect(parseMask("*").mask).toBe("*");
    expect(parseMask("S*-#", { maxRepeat: 3 }).mask).toBe(`${S.repeat(3)}-${D}`);
  });

  it("one letter case in a mask converts letters to it", () => {
    expect(parseMask("AA").letterCase).toBe("upper");
    expect(parseMask("aa").letterCase).toBe("lower");
    expect(parseMask("Aa").letterCase).toBeNull();
    expect(parseMask("##").letterCase).toBeNull();
  });
});

describe("format and unmask", () => {
  const phone = parseMask(PHONE_MASK);
  it("formats and unmasks the phone", () => {
    expect(formatMasked("9211234567", phone)).toBe("+7 (921) 123-45-67");
    expect(formatMasked("921", phone)).toBe("+7 (921");
    expect(unmask("+7 (921) 123-45-67", phone)).toBe("9211234567");
  });
  it("legal data: ИНН of 10 or 12 digits, a code with letters", () => {
    const inn = parseMask("#*", { maxRepeat: 12 });
    expect(formatMasked("7707083893abc", inn)).toBe("7707083893");
    expect(formatMasked("ab12", parseMask("AA-##"))).toBe("AB-12");
    expect(formatMasked("ab", parseMask("!#S"))).toBe("#a");
  });
});

describe("phone input", () => {
  it("a pasted whole number starts at its area code", () => {
    const at = (data: string, selectionStart = 0) => phoneTrack({ inputType: "insert", data, value: "", selectionStart, selectionEnd: selectionStart });
    expect(at("+7 921 123-45-67")).toBe("9211234567");
    expect(at("89211234567")).toBe("9211234567");
    expect(at("9211234567")).toBe("9211234567");
    expect(at("8")).toBe("8");
    expect(at("79211234567", 9)).toBe("79211234567");
  });

  it("normalizePhone: +7 and ten digits from whatever was typed", () => {
    expect(normalizePhone("+7 (921) 123-45-67")).toBe("+79211234567");
    expect(normalizePhone("8 921 123 45 67")).toBe("+79211234567");
    expect(normalizePhone("9211234567")).toBe("+79211234567");
    expect(normalizePhone("+7 (921) 123-45")).toBeNull();
    expect(normalizePhone("+1 555 123 4567 8")).toBeNull();
    expect(normalizePhone("")).toBeNull();
    expect(normalizePhone(42)).toBeNull();
    expect(normalizePhone("9".repeat(50))).toBeNull();
  });
});
