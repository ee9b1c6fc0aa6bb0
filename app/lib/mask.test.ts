// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { Maskito, type MaskitoOptions } from "@maskito/core";
import { DATE_OPTIONS, formatMasked, formatPhoneInput, maskOptions, normalizePhone, parseMask, PHONE_MASK, PHONE_OPTIONS, unmask } from "./mask.tsx";

const literals = (parsed: { mask: Array<string | RegExp> }) => parsed.mask.map((m) => (typeof m === "string" ? m : "_")).join("");

describe("parseMask (§5 tokens)", () => {
  it("turns # X S A a into one RegExp per position and keeps literals", () => {
    const parsed = parseMask("+7 (###) ###-##-##");
    expect(literals(parsed)).toBe("+7 (___) ___-__-__");
    expect(parsed.slots).toBe(10);
    expect(parseMask("XSAa").mask).toHaveLength(4);
  });

  it("each token accepts its characters (Cyrillic letters too)", () => {
    const [digit, letterOrDigit, letter, upper, lower] = parseMask("#XSAa").mask as RegExp[];
    expect(digit!.test("5")).toBe(true);
    expect(digit!.test("a")).toBe(false);
    expect(letterOrDigit!.test("Ж")).toBe(true);
    expect(letterOrDigit!.test("7")).toBe(true);
    expect(letterOrDigit!.test("-")).toBe(false);
    expect(letter!.test("ё")).toBe(true);
    expect(letter!.test("1")).toBe(false);
    expect(upper!.test("Я")).toBe(true);
    expect(upper!.test("я")).toBe(false);
    expect(lower!.test("q")).toBe(true);
    expect(lower!.test("Q")).toBe(false);
  });

  it("! escapes the next character, a trailing ! is literal", () => {
    expect(literals(parseMask("!##"))).toBe("#_");
    expect(literals(parseMask("!!#"))).toBe("!_");
    expect(literals(parseMask("#!"))).toBe("_!");
    expect(literals(parseMask("!*#"))).toBe("*_");
  });

  it("* repeats the token before it (up to maxRepeat in all); after a literal it is literal", () => {
    const parsed = parseMask("#*", { maxRepeat: 5 });
    expect(literals(parsed)).toBe("_____");
    expect(parsed.slots).toBe(5);
    expect(literals(parseMask("-*"))).toBe("-*");
    expect(literals(parseMask("*"))).toBe("*");
    expect(literals(parseMask("S*-#", { maxRepeat: 3 }))).toBe("___-_");
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
  it("formats and unmasks the §5 phone pattern", () => {
    expect(formatMasked("9211234567", phone)).toBe("+7 (921) 123-45-67");
    expect(formatMasked("921", phone)).toBe("+7 (921");
    expect(unmask("+7 (921) 123-45-67", phone)).toBe("9211234567");
  });
  it("legal data: ИНН of 10 or 12 digits, a code with letters", () => {
    const inn = parseMask("#*", { maxRepeat: 12 });
    expect(formatMasked("7707083893abc", inn)).toBe("7707083893");
    expect(formatMasked("ab12", parseMask("AA-##"))).toBe("AB-12");
    expect(formatMasked("ab", parseMask("!#S"))).toBe("#a");
    expect(unmask("AB-12", parseMask("AA-##"))).toBe("AB12");
  });
});

/**
 * A browser's part of an edit, in the order Chromium does it: `beforeinput` (Maskito may cancel
 * it), the change itself unless cancelled, then `input`. No timers, no pauses: what a person
 * typing as fast as a keyboard repeats (or a test with `delay: 0`) produces.
 */
function edit(input: HTMLInputElement, inputType: string, data: string | null) {
  const before = new InputEvent("beforeinput", { inputType, data, bubbles: true, cancelable: true });
  input.dispatchEvent(before);
  if (before.defaultPrevented) return;
  const from = input.selectionStart ?? 0;
  const to = input.selectionEnd ?? 0;
  const { value } = input;
  if (inputType.startsWith("insert")) {
    input.value = value.slice(0, from) + (data ?? "") + value.slice(to);
    input.setSelectionRange(from + (data ?? "").length, from + (data ?? "").length);
  } else if (inputType === "deleteContentBackward") {
    const start = from === to ? Math.max(0, from - 1) : from;
    input.value = value.slice(0, start) + value.slice(to);
    input.setSelectionRange(start, start);
  } else if (inputType === "deleteContentForward") {
    const end = from === to ? Math.min(value.length, to + 1) : to;
    input.value = value.slice(0, from) + value.slice(end);
    input.setSelectionRange(from, from);
  }
  input.dispatchEvent(new InputEvent("input", { inputType, data, bubbles: true }));
}

const type = (input: HTMLInputElement, text: string) => [...text].forEach((char) => edit(input, "insertText", char));

describe("the phone field (Maskito with PHONE_OPTIONS)", () => {
  let teardown: (() => void) | null = null;
  afterEach(() => {
    teardown?.();
    document.body.innerHTML = "";
  });
  function field(options: MaskitoOptions = PHONE_OPTIONS): HTMLInputElement {
    const input = document.createElement("input");
    input.type = "tel";
    document.body.append(input);
    const maskito = new Maskito(input, options);
    teardown = () => maskito.destroy();
    input.focus();
    return input;
  }

  const SPELLINGS = [
    "9161234567",
    "89161234567",
    "79161234567",
    "+79161234567",
    "+7 (916) 123-45-67",
    "8 (916) 123-45-67",
    "8-916-123-45-67",
    "+7 916 123 45 67",
    "7 916 123-45-67",
    "916 123 45 67",
    "8 916 1234567",
    " +7-916-123-4567 ",
  ];

  it.each(SPELLINGS)("typed key by key, %j gives +7 (916) 123-45-67", (spelling) => {
    const input = field();
    type(input, spelling);
    expect(input.value).toBe("+7 (916) 123-45-67");
    expect(input.selectionStart).toBe(input.value.length);
  });

  it.each(SPELLINGS)("pasted, inserted or autofilled whole, %j gives +7 (916) 123-45-67", (spelling) => {
    const pasted = field();
    edit(pasted, "insertFromPaste", spelling);
    expect(pasted.value).toBe("+7 (916) 123-45-67");
    teardown?.();
    // Autofill: Chromium sets the value and fires `input` with no inputType.
    const autofilled = field();
    autofilled.value = spelling;
    autofilled.dispatchEvent(new Event("input", { bubbles: true }));
    expect(autofilled.value).toBe("+7 (916) 123-45-67");
  });

  it("a leading 8 that could begin an area code waits for the eleventh digit", () => {
    const input = field();
    type(input, "8123456789");
    expect(input.value).toBe("+7 (812) 345-67-89");
    teardown?.();
    const yekaterinburg = field();
    type(yekaterinburg, "8343123456");
    expect(yekaterinburg.value).toBe("+7 (834) 312-34-56");
    type(yekaterinburg, "7");
    expect(yekaterinburg.value).toBe("+7 (343) 123-45-67");
  });

  it("letters are refused, a twelfth digit is dropped, a pasted note loses its words", () => {
    const input = field();
    type(input, "9a16b");
    expect(input.value).toBe("+7 (916");
    type(input, "12345678");
    expect(input.value).toBe("+7 (916) 123-45-67");
    const pasted = field();
    edit(pasted, "insertFromPaste", "тел.: 8 (916) 123-45-67, доб. 2");
    expect(pasted.value).toBe("+7 (916) 123-45-67");
  });

  it("Backspace takes the digit behind the bracket or dash; the caret stays where the digit was", () => {
    const input = field();
    type(input, "9161234567");
    input.setSelectionRange(9, 9); // after "+7 (916) "
    edit(input, "deleteContentBackward", null);
    expect(input.value).toBe("+7 (911) 234-56-7");
    expect(input.selectionStart).toBe(6);
    type(input, "6");
    expect(input.value).toBe("+7 (916) 123-45-67");
    expect(input.selectionStart).toBe(7);
    input.setSelectionRange(12, 12); // before "-45"
    edit(input, "deleteContentForward", null);
    expect(input.value).toBe("+7 (916) 123-56-7");
  });

  it("emptied, the field is empty; +, 7 or 8 typed first show where the number goes", () => {
    const input = field();
    type(input, "+");
    expect(input.value).toBe("+7 (");
    type(input, "7");
    expect(input.value).toBe("+7 (");
    type(input, "8");
    expect(input.value).toBe("+7 (8");
    // The last digit deleted: nothing is left to keep.
    edit(input, "deleteContentBackward", null);
    expect(input.value).toBe("");
    type(input, "7");
    expect(input.value).toBe("+7 (");
    input.blur();
    expect(input.value).toBe("");
  });

  it("a value typed before hydration is written out when the mask starts", () => {
    const input = document.createElement("input");
    input.type = "tel";
    input.value = "8 916 123 45 67";
    document.body.append(input);
    const maskito = new Maskito(input, PHONE_OPTIONS);
    teardown = () => maskito.destroy();
    expect(input.value).toBe("+7 (916) 123-45-67");
  });

  it("formatPhoneInput: what the server renders into the field for a stored or typed number", () => {
    for (const spelling of SPELLINGS) expect(formatPhoneInput(spelling)).toBe("+7 (916) 123-45-67");
    expect(formatPhoneInput("")).toBe("");
    expect(formatPhoneInput("8 916 12")).toBe("+7 (916) 12");
  });

  it("§5 masks type the same way: letters converted to the mask's case, literals added", () => {
    const input = field(maskOptions(parseMask("AA-##")));
    type(input, "ab12");
    expect(input.value).toBe("AB-12");
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

describe("the date field (Maskito Kit, DATE_OPTIONS)", () => {
  let teardown: (() => void) | null = null;
  afterEach(() => {
    teardown?.();
    document.body.innerHTML = "";
  });
  function field(): HTMLInputElement {
    const input = document.createElement("input");
    document.body.append(input);
    const maskito = new Maskito(input, DATE_OPTIONS);
    teardown = () => maskito.destroy();
    input.focus();
    return input;
  }

  it("typed key by key, the dots come by themselves and every digit stays", () => {
    const input = field();
    type(input, "14051988");
    expect(input.value).toBe("14.05.1988");
  });

  it("typed with its dots, the same", () => {
    const input = field();
    type(input, "14.05.1988");
    expect(input.value).toBe("14.05.1988");
  });

  it("pasted whole", () => {
    const input = field();
    edit(input, "insertFromPaste", "01.02.1990");
    expect(input.value).toBe("01.02.1990");
  });

  it("letters and a month above 12 are not written", () => {
    const input = field();
    type(input, "ab31");
    expect(input.value).toBe("31");
    type(input, "13");
    expect(input.value).not.toMatch(/^31\.13/);
  });
});
