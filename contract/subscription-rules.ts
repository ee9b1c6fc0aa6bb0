/**
 * The subscription's rules without zod (the e-mail check, the confirmation token's shape), so the
 * browser can check an address before sending it
 * (the footer's form is on every page: importing the zod contract there would add ~27 KB gzip of
 * first-visit JS). `contract/subscription.ts` builds its zod schema from these same constants, and
 * `contract/subscription-rules.test.ts` proves both refuse the same addresses with the same words.
 */

/** RFC 5321: a forward-path is at most 256 octets, so an address longer than 254 cannot be delivered. */
export const MAX_EMAIL_LENGTH = 254;

export const SUBSCRIPTION_EMAIL_MISSING = "Укажите e-mail";
export const SUBSCRIPTION_EMAIL_TOO_LONG = "Слишком длинный e-mail";
/** The §5 e-mail message (contract/common.ts `email()`), so one wrong address reads the same everywhere. */
export const SUBSCRIPTION_EMAIL_INVALID = "Неверный формат e-mail";

/**
 * zod 4's own e-mail pattern (`z.regexes.email`, Gmail-like rules: no quoted local parts, no IP
 * hosts), given to `z.email({ pattern })` by the contract so the two checks cannot drift. It refuses
 * CR/LF, so no header can be smuggled into a letter through the address.
 */
// eslint-disable-next-line no-useless-escape -- zod's pattern character for character (the test compares them)
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The first problem with a typed address (the API's Russian words), or null when it is fine. */
export function emailProblem(value: unknown): string | null {
  if (typeof value !== "string") return SUBSCRIPTION_EMAIL_MISSING;
  const email = value.trim();
  if (email.length === 0) return SUBSCRIPTION_EMAIL_MISSING;
  // Length before format: a 10 000-character value costs one comparison.
  if (email.length > MAX_EMAIL_LENGTH) return SUBSCRIPTION_EMAIL_TOO_LONG;
  return EMAIL_PATTERN.test(email) ? null : SUBSCRIPTION_EMAIL_INVALID;
}

export const SUBSCRIPTION_TOKEN_INVALID = "Ссылка для подтверждения недействительна или устарела";

/** The confirmation token of the letter's link: 32 random bytes, base64url (43 characters). */
export const SUBSCRIPTION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
