/**
 * The one phone rule of the shop, without zod (the browser's phone field imports it): a Russian
 * number written in any of the ways people write it — "+7 (921) 123-45-67", "8 921 123 45 67",
 * "79211234567", "9211234567", with spaces, brackets or dashes — is the ten digits after +7.
 *
 * `nationalDigits` finds those digits in whatever was typed so far, so the field (app/lib/mask.tsx)
 * and the server read one text the same way; `normalizePhone` is its complete answer,
 * "+79211234567", or null; `formatPhone` is how the shop shows a number to a person.
 *
 * A leading 7 or 8 is the country code or the trunk prefix, never part of the number: no Russian
 * area code begins with 7, and none with 88 or 89. After 8 with another digit (812 is
 * Saint Petersburg, 8 343 is Yekaterinburg dialled with the trunk prefix) it can be either, and only
 * the eleventh digit tells: "8123456789" is +7 (812) 345-67-89, "83431234567" is +7 (343) 123-45-67.
 */

/** The ten digits after +7 (fewer while typing; more when the text holds more digits than a number). */
export function nationalDigits(value: string): string {
  // "+7" written out is the country code whatever follows it (the field's own prefix included).
  const explicit = /^\s*\+\s*7/.exec(value);
  let digits = (explicit ? value.slice(explicit[0].length) : value).replace(/\D/g, "");
  if (!explicit && digits.length >= 11 && /^[78]/.test(digits)) digits = digits.slice(1);
  else if (/^(7|8[89])/.test(digits)) digits = digits.slice(1);
  else if (digits.length >= 11 && digits.startsWith("8")) digits = digits.slice(1);
  return digits;
}

/** How many leading digits of the text `nationalDigits` leaves out (the 7 of "+7", a trunk 8). */
export function skippedDigits(value: string): number {
  const all = value.replace(/\D/g, "").length;
  return Math.max(0, all - nationalDigits(value).length);
}

/** "+79211234567" from any spelling of a Russian number; null for anything else. */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 40) return null;
  const digits = nationalDigits(value);
  return digits.length === 10 ? `+7${digits}` : null;
}

/**
 * Up to ten national digits as the field shows them: "" → "", "9" → "+7 (9", "9211" →
 * "+7 (921) 1", all ten → "+7 (921) 123-45-67".
 */
export function formatNational(digits: string): string {
  const d = digits.slice(0, 10);
  if (d.length === 0) return "";
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/**
 * A number as people read it: "+79211234567" (or any spelling of it) → "+7 (921) 123-45-67".
 * Text that is not a Russian number is given back as it is.
 */
export function formatPhone(phone: string | null | undefined): string {
  const normalized = normalizePhone(phone);
  return normalized ? formatNational(normalized.slice(2)) : (phone ?? "");
}
