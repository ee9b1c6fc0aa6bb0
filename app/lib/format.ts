import { normalizePhone } from "#contract/phone.ts";

const NBSP = "\u00a0";

/**
 * A whole number's digits in groups of three joined by non-breaking spaces, as ru-RU writes them:
 * "1 234 567", "-12 500". Built by hand, not with Intl: creating a ru-RU Intl.NumberFormat loads
 * ICU's locale data, ~20 ms of the browser's main thread on the first page that shows a price.
 */
export function groupDigits(n: number): string {
  const whole = Number.isFinite(n) ? Math.trunc(n) : 0;
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return whole < 0 ? `-${grouped}` : grouped;
}

/** "12 500" with a non-breaking space, identical on the server and in every browser (cf. formatPrice in app/features/catalog/price.ts). */
export function formatCount(n: number): string {
  return groupDigits(n);
}

/** Plain text of sanitised HTML, for the meta description and JSON-LD. */
export function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  // Cut at a word boundary when there is one in the second half.
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "+7 (812) 000-00-00" (or "8 812 000 00 00") → "tel:+78120000000". */
export function telHref(phone: string): string {
  return `tel:${normalizePhone(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}
