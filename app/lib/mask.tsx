/**
 * The shop's one input-mask helper (§5 masks), over Maskito (`@maskito/core`, `@maskito/react`,
 * ADR 042): the phone in every form, dates ("дд.мм.гггг", Maskito Kit's date mask), and legal
 * data (ИНН, КПП, БИК, accounts) through §5 patterns.
 *
 * Maskito decides each edit from the field's own value and selection at that moment (`beforeinput`
 * and `input`, synchronously), so keys typed with no pause between them, a paste, an IME's insert
 * and the browser's autofill are all handled whole. (The mask before it, `@react-input/mask`,
 * polled the caret with a timer and threw away every key that came before the next tick.)
 *
 * A mask is written in §5's tokens:
 * - `#` a digit, `X` a letter or digit, `S` a letter, `A` an upper-case letter, `a` a lower-case
 *   letter (letters include Cyrillic);
 * - `!` escapes the next character (`!#` is a literal "#");
 * - `*` repeats the token before it (`#*` is any number of digits, up to `maxRepeat` in all).
 *
 * Anything else is a literal. `parseMask` turns that into Maskito's mask (a RegExp per token, the
 * literals as they are). Where a mask asks for only one letter case, typed letters are converted to
 * it. The value a form sends is the masked text; `unmask` (or a field-specific parser such as the
 * phone's `normalizePhone`) gives back what was typed.
 *
 * The phone is not a fixed-slot mask: a Russian number may start with 8, 7, +7 or its area code, and
 * which one it is shows only as the digits come (contract/phone.ts), so `PHONE_OPTIONS` lets any
 * phone-like text in and writes the whole value again from its digits after every edit.
 */
import { forwardRef, useCallback, type InputHTMLAttributes, type Ref } from "react";
import {
  maskitoTransform,
  maskitoUpdateElement,
  maskitoInitialCalibrationPlugin,
  type MaskitoOptions,
  type MaskitoPlugin,
  type MaskitoPostprocessor,
  type MaskitoPreprocessor,
} from "@maskito/core";
import { useMaskito } from "@maskito/react";
import { maskitoDate } from "@maskito/kit";
import { formatNational, nationalDigits, skippedDigits } from "#contract/phone.ts";
import { formatDateInput, isoFromTypedDate } from "./dates.ts";

/** §5 token → what it accepts. */
export const MASK_TOKENS: Readonly<Record<string, RegExp>> = {
  "#": /\d/,
  X: /[\p{L}\d]/u,
  S: /\p{L}/u,
  A: /\p{Lu}/u,
  a: /\p{Ll}/u,
};

const ESCAPE = "!";
const REPEAT = "*";

export interface ParsedMask {
  /** Maskito's mask: one RegExp per token position, literals as one-character strings. */
  mask: Array<string | RegExp>;
  /** Letters typed are converted to this case (the mask asks for only one case). */
  letterCase: "upper" | "lower" | null;
  /** Token positions in `mask` (for tests and for telling a complete value). */
  slots: number;
}

/** A §5 mask → Maskito's. `maxRepeat`: how many times `X*` may take an X in all. */
export function parseMask(pattern: string, { maxRepeat = 64 }: { maxRepeat?: number } = {}): ParsedMask {
  const mask: Array<string | RegExp> = [];
  let slots = 0;
  const used = new Set<string>();
  let previousToken: string | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === ESCAPE) {
      // "!" at the very end escapes nothing: it is a literal "!".
      mask.push(pattern[i + 1] ?? ESCAPE);
      i++;
      previousToken = null;
      continue;
    }
    if (char === REPEAT && previousToken !== null) {
      const extra = Math.max(0, maxRepeat - 1);
      for (let n = 0; n < extra; n++) mask.push(MASK_TOKENS[previousToken]!);
      slots += extra;
      previousToken = null;
      continue;
    }
    const token = MASK_TOKENS[char];
    if (token) {
      mask.push(token);
      slots++;
      used.add(char);
      previousToken = char;
    } else {
      mask.push(char);
      previousToken = null;
    }
  }
  const letterCase = used.has("A") && !used.has("a") ? "upper" : used.has("a") && !used.has("A") ? "lower" : null;
  return { mask, letterCase, slots };
}

function caseOf(value: string, letterCase: ParsedMask["letterCase"]): string {
  return letterCase === "upper" ? value.toUpperCase() : letterCase === "lower" ? value.toLowerCase() : value;
}

/** Maskito's options for a parsed §5 mask. */
export function maskOptions(parsed: ParsedMask): MaskitoOptions {
  const { letterCase } = parsed;
  if (letterCase === null) return { mask: parsed.mask };
  const toCase: MaskitoPreprocessor = ({ elementState, data }) => ({
    elementState: { ...elementState, value: caseOf(elementState.value, letterCase) },
    data: caseOf(data, letterCase),
  });
  return { mask: parsed.mask, preprocessors: [toCase] };
}

/** The value as the mask writes it (e.g. a stored value shown in a masked field). */
export function formatMasked(value: string, parsed: ParsedMask): string {
  return maskitoTransform(caseOf(value, parsed.letterCase), { mask: parsed.mask });
}

/** What was typed into the masked value: the characters at token positions only. */
export function unmask(value: string, parsed: ParsedMask): string {
  let out = "";
  for (let i = 0; i < value.length && i < parsed.mask.length; i++) {
    const slot = parsed.mask[i]!;
    if (typeof slot !== "string" && slot.test(value[i]!)) out += value[i];
  }
  return out;
}

/** §5 phone mask of the shop (Russian numbers): how the field writes a number. */
export const PHONE_MASK = "+7 (###) ###-##-##";
const PHONE_PREFIX = "+7 (";

/** Where the caret goes after the `count`-th national digit of a formatted phone. */
function afterDigit(formatted: string, count: number): number {
  if (count <= 0) return Math.min(PHONE_PREFIX.length, formatted.length);
  let seen = 0;
  for (let i = PHONE_PREFIX.length; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

/**
 * The phone field's value and caret after any edit: the national digits of the whole text (a
 * leading 7 or 8 read as contract/phone.ts reads it), at most ten, written as "+7 (921) 123-45-67",
 * the caret after the same digit it followed. A field whose digits are all gone is empty after a
 * deletion, and shows "+7 (" when someone has just typed "+", "7" or "+7".
 */
export const phonePostprocessor: MaskitoPostprocessor = ({ value, selection }, initial) => {
  const digits = nationalDigits(value).slice(0, 10);
  if (digits === "") {
    const prefix = value.length >= initial.value.length && /[+\d]/.test(value) ? PHONE_PREFIX : "";
    return { value: prefix, selection: [prefix.length, prefix.length] };
  }
  const formatted = formatNational(digits);
  const skipped = skippedDigits(value);
  const caret = (index: number) => afterDigit(formatted, Math.min(digits.length, value.slice(0, index).replace(/\D/g, "").length - skipped));
  return { value: formatted, selection: [caret(selection[0]), caret(selection[1])] };
};

/**
 * Backspace or Delete next to a bracket, a space or a dash takes the nearest digit with it, as a
 * person expects (the formatter would put the punctuation straight back otherwise).
 */
export const phoneDeletePreprocessor: MaskitoPreprocessor = ({ elementState, data }, action) => {
  const { value, selection } = elementState;
  const [from, to] = selection;
  if ((action !== "deleteBackward" && action !== "deleteForward") || /\d/.test(value.slice(Math.max(from, PHONE_PREFIX.length), to))) {
    return { elementState, data };
  }
  if (action === "deleteBackward") {
    let i = from;
    while (i > PHONE_PREFIX.length && !/\d/.test(value[i - 1]!)) i--;
    return i > PHONE_PREFIX.length ? { elementState: { value, selection: [i - 1, to] }, data } : { elementState, data };
  }
  let j = Math.max(to, PHONE_PREFIX.length);
  while (j < value.length && !/\d/.test(value[j]!)) j++;
  return j < value.length ? { elementState: { value, selection: [from, j + 1] }, data } : { elementState, data };
};

/** A field left with only "+7 (" is empty again (its placeholder shows the format). */
const clearBarePrefixOnBlur: MaskitoPlugin = (element) => {
  const onBlur = () => {
    if (element.value !== "" && nationalDigits(element.value) === "") maskitoUpdateElement(element, "");
  };
  element.addEventListener("blur", onBlur);
  return () => element.removeEventListener("blur", onBlur);
};

/** The phone field's Maskito options: any phone-like text in (no letters), the number written out. */
export const PHONE_OPTIONS: MaskitoOptions = {
  mask: /^[^\p{L}]{0,40}$/u,
  preprocessors: [phoneDeletePreprocessor],
  postprocessors: [phonePostprocessor],
  // A number typed before the page was hydrated is written out as soon as it is.
  plugins: [maskitoInitialCalibrationPlugin(), clearBarePrefixOnBlur],
};

/** Any spelling of a phone as the phone field writes it ("89211234567" → "+7 (921) 123-45-67"). */
export function formatPhoneInput(value: string): string {
  return maskitoTransform(value, PHONE_OPTIONS);
}

/**
 * The phone as the API takes it, +7 and ten digits, from whatever a form sent: the masked text,
 * or (without JavaScript) anything a person types: "8 (921) 123-45-67", "+79211234567",
 * "921 123 45 67". Null when it is not a Russian number. One rule with the API (contract/phone.ts).
 */
export { normalizePhone, formatPhone } from "#contract/phone.ts";

const optionsCache = new Map<string, MaskitoOptions>();
/** One options object per §5 pattern: Maskito is set up again whenever its options change. */
function optionsFor(pattern: string): MaskitoOptions {
  let options = optionsCache.get(pattern);
  if (!options) optionsCache.set(pattern, (options = { ...maskOptions(parseMask(pattern)), plugins: [maskitoInitialCalibrationPlugin()] }));
  return options;
}

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value"> {
  /** The mask in §5 tokens, or Maskito options of a field of its own kind (`PHONE_OPTIONS`). */
  mask: string | MaskitoOptions;
  type?: "text" | "tel" | "search" | "url";
  /** An uncontrolled field: the mask owns the value after hydration. Written through the mask. */
  defaultValue?: string;
}

/**
 * An `<input>` with a mask. Server-rendered as a plain input with the value written through the
 * mask (so any spelling can be typed without JavaScript); the mask applies once hydrated.
 */
export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput({ mask, type = "text", defaultValue, ...props }, ref) {
  const options = typeof mask === "string" ? optionsFor(mask) : mask;
  const maskRef = useMaskito({ options });
  const refs = useMergedRef(maskRef, ref);
  const initial = defaultValue ? maskitoTransform(defaultValue, options) : defaultValue;
  return <input ref={refs} type={type} defaultValue={initial} {...props} />;
});

/** The phone field of every form: type, keyboard, autofill and placeholder in one place. */
export const PhoneInput = forwardRef<HTMLInputElement, Omit<MaskedInputProps, "mask" | "type">>(function PhoneInput(props, ref) {
  return <MaskedInput ref={ref} mask={PHONE_OPTIONS} type="tel" inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" {...props} />;
});

/**
 * Dates as people in Russia write them, "дд.мм.гггг" (Maskito Kit): digits only, the dots put in
 * as the digits come, a day above 31 or a month above 12 refused as typed. No min/max here: a date
 * out of range is sent and answered with its own message (a mask that quietly changes the year
 * would hide the mistake). The form sends the text; `isoFromTypedDate` reads it on the server.
 */
export const DATE_OPTIONS: MaskitoOptions = (() => {
  const kit = maskitoDate({ mode: "dd/mm/yyyy", separator: "." });
  return { ...kit, plugins: [...kit.plugins, maskitoInitialCalibrationPlugin()] };
})();

/** A date field: the mask, the numeric keyboard and the placeholder in one place. */
export const DateInput = forwardRef<HTMLInputElement, Omit<MaskedInputProps, "mask" | "type">>(function DateInput({ defaultValue, ...props }, ref) {
  // A date typed some other way (without JavaScript: "7-3-1991") comes back written as the field writes it.
  const iso = defaultValue ? isoFromTypedDate(defaultValue) : null;
  return <MaskedInput ref={ref} mask={DATE_OPTIONS} inputMode="numeric" placeholder="дд.мм.гггг" defaultValue={iso ? formatDateInput(iso) : defaultValue} {...props} />;
});

function useMergedRef<T>(a: (node: T | null) => void, b: Ref<T> | undefined): (node: T | null) => void {
  return useCallback(
    (node: T | null) => {
      a(node);
      if (typeof b === "function") b(node);
      else if (b) b.current = node;
    },
    [a, b],
  );
}
