import { groupDigits } from "#app/features/catalog/price.ts";

/** "12 500" with a non-breaking space, identical on the server and in every browser (cf. formatPrice). */
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
