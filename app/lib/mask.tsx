/**
 * The shop's one input-mask helper (§5 masks), over `@react-input/mask`: the phone on the ordering
 * page now, legal data (ИНН, КПП, БИК, accounts) later. A mask is written in §5's tokens:
 *
 * - `#` a digit, `X` a letter or digit, `S` a letter, `A` an upper-case letter, `a` a lower-case
 *   letter (letters include Cyrillic);
 * - `!` escapes the next character (`!#` is a literal "#");
 * - `*` repeats the token before it (`#*` is any number of digits, up to `maxRepeat` in all).
 *
 * Anything else is a literal. `parseMask` turns that into the library's `mask` and `replacement`,
 * with each token as a private-use character (the library ignores typed characters that are
 * replacement keys, so keys must be characters nobody types). Where a mask asks for only one
 * letter case, typed letters are converted to it. The value a form sends is the masked text;
 * `unmask` (or a field-specific parser such as the phone's) gives back what was typed.
 */
import { forwardRef, type InputHTMLAttributes } from "react";
import { InputMask, format, unformat, type Replacement, type Track } from "@react-input/mask";

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
/** Private-use characters standing for the tokens in the library's mask. */
const KEYS: Readonly<Record<string, string>> = { "#": "\uE000", X: "\uE001", S: "\uE002", A: "\uE003", a: "\uE004" };

export interface ParsedMask {
  /** The library's mask: literals as they are, tokens as private-use keys. */
  mask: string;
  replacement: Replacement;
  /** Letters typed are converted to this case (the mask asks for only one case). */
  letterCase: "upper" | "lower" | null;
  /** Token positions in `mask` (for tests and for telling a complete value). */
  slots: number;
}

/** A §5 mask → the library's options. `maxRepeat`: how many times `X*` may take an X in all. */
export function parseMask(pattern: string, { maxRepeat = 64 }: { maxRepeat?: number } = {}): ParsedMask {
  let mask = "";
  let slots = 0;
  const used = new Set<string>();
  let previousToken: string | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === ESCAPE) {
      // "!" at the very end escapes nothing: it is a literal "!".
      mask += pattern[i + 1] ?? ESCAPE;
      i++;
      previousToken = null;
      continue;
    }
    if (char === REPEAT && previousToken !== null) {
      const extra = Math.max(0, maxRepeat - 1);
      mask += KEYS[previousToken]!.repeat(extra);
      slots += extra;
      previousToken = null;
      continue;
    }
    const key = KEYS[char];
    if (key) {
      mask += key;
      slots++;
      used.add(char);
      previousToken = char;
    } else {
      mask += char;
      previousToken = null;
    }
  }
  const replacement: Replacement = {};
  for (const token of used) replacement[KEYS[token]!] = MASK_TOKENS[token]!;
  const letterCase = used.has("A") && !used.has("a") ? "upper" : used.has("a") && !used.has("A") ? "lower" : null;
  return { mask, replacement, letterCase, slots };
}

/** The value as the mask writes it (e.g. a stored value shown in a masked field). */
export function formatMasked(value: string, parsed: ParsedMask): string {
  return format(caseOf(value, parsed.letterCase), parsed);
}

/** What was typed into the masked value: the characters at token positions only. */
export function unmask(value: string, parsed: ParsedMask): string {
  return unformat(value, parsed);
}

function caseOf(value: string, letterCase: ParsedMask["letterCase"]): string {
  return letterCase === "upper" ? value.toUpperCase() : letterCase === "lower" ? value.toLowerCase() : value;
}

/** §5 phone mask of the shop (Russian numbers). */
export const PHONE_MASK = "+7 (###) ###-##-##";
const PHONE_PREFIX = "+7 (";

/**
 * A pasted or autofilled whole number ("+7 921 …", "8 921 …", "79211234567") fills the mask from
 * its own area code instead of taking its leading 7 or 8 as one.
 */
export const phoneTrack: Track = ({ inputType, data, selectionStart }) => {
  if (inputType !== "insert" || selectionStart > PHONE_PREFIX.length) return data;
  const digits = data.replace(/\D/g, "");
  return digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : data;
};

/**
 * The phone as the API takes it, +7 and ten digits, from whatever a form sent: the masked text,
 * or (without JavaScript) anything a person types: "8 (921) 123-45-67", "+79211234567",
 * "921 123 45 67". Null when it is not a Russian number. One rule with the API (contract/phone.ts).
 */
export { normalizePhone } from "#contract/phone.ts";

const parsedCache = new Map<string, ParsedMask>();
function parsedFor(pattern: string): ParsedMask {
  let parsed = parsedCache.get(pattern);
  if (!parsed) parsedCache.set(pattern, (parsed = parseMask(pattern)));
  return parsed;
}

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** The mask in §5 tokens. */
  mask: string;
  type?: "text" | "tel" | "email" | "search" | "url";
  track?: Track;
}

/**
 * An `<input>` with a §5 mask. Server-rendered as a plain input (its value or defaultValue as
 * given); the mask applies as soon as the page is hydrated.
 */
export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput({ mask, track, type = "text", ...props }, ref) {
  const parsed = parsedFor(mask);
  const letterTrack: Track | undefined =
    parsed.letterCase === null ? undefined : (data) => (data.inputType === "insert" ? caseOf(data.data, parsed.letterCase) : data.data);
  const combined: Track | undefined =
    track && letterTrack
      ? (data) => {
          const first = track(data);
          return typeof first === "string" && data.inputType === "insert" ? caseOf(first, parsed.letterCase) : first;
        }
      : (track ?? letterTrack);
  return <InputMask ref={ref} type={type} mask={parsed.mask} replacement={parsed.replacement} track={combined} {...props} />;
});
