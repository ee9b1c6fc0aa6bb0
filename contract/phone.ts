/**
 * The one phone rule of the shop, without zod (the ordering page's mask helper imports it): a
 * Russian number typed in any form ("+7 (921) 123-45-67", "8 921 123 45 67", "9211234567")
 * becomes "+79211234567"; anything else is null. The contract's `phone()` refuses what this
 * cannot read, the API stores what it answers, and the ordering form checks with it before sending.
 */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 40) return null;
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10) return `+7${digits}`;
  if (digits.length === 11 && /^[78]/.test(digits)) return `+7${digits.slice(1)}`;
  return null;
}
