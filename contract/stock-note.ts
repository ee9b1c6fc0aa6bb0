/**
 * What a count above the stock means, said the same way everywhere (ADR 025, ADR 043): the product
 * page's calculator, the cart line (cart/unauth, the server cart), the ordering page and the order
 * letter. A promo shop takes orders beyond its stock: the rest comes from the supplier within the
 * group's supply term — the "Срок поставки" attribute of the catalogue (`delivery-period`: "1–3
 * дня" … "Под заказ, 30–45 дней"); without one the manager names the date. No zod: browser code
 * imports it.
 */

/** The group attribute (contract GroupAttribute.slug) that holds the supply term. */
export const LEAD_TIME_ATTRIBUTE = "delivery-period";

/** When the group has no supply term. */
export const LEAD_TIME_UNKNOWN = "срок уточнит менеджер";

/** "1 268" with no-break spaces between thousands (a note never breaks inside a number). */
function pieces(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
}

/**
 * The supply term as the note says it: "30–45 дней" from "Под заказ, 30–45 дней" (the note says
 * "под заказ" itself), "1–3 дня" as it is; null for nothing usable.
 */
export function leadTimeText(value: string | null | undefined): string | null {
  const text = (value ?? "").replace(/\s+/g, " ").trim().replace(/^под заказ\s*[,:—–-]?\s*/i, "");
  return text && /\d/.test(text) && text.length <= 60 ? text : null;
}

/** The supply term of a group from its attributes (contract GroupAttribute), as leadTimeText says it. */
export function leadTimeOf(attributes: readonly { slug: string; valueTitle: string }[]): string | null {
  return leadTimeText(attributes.find((a) => a.slug === LEAD_TIME_ATTRIBUTE)?.valueTitle);
}

/**
 * Null when the stock covers `count`; else what is in stock, how many are made to order and when:
 * "В наличии 1 268 шт., остальные 3 732 шт. — под заказ, срок поставки 8–14 дней".
 *
 * @param leadTime leadTimeText of the group's supply term, or null (the manager names the date)
 */
export function stockNote(stock: number, count: number, leadTime: string | null): string | null {
  if (!(count > stock)) return null;
  const term = leadTime ? `срок поставки ${leadTime}` : LEAD_TIME_UNKNOWN;
  if (stock <= 0) return `Нет в наличии — ${pieces(count)}\u00a0шт. под заказ, ${term}`;
  return `В наличии ${pieces(stock)}\u00a0шт., остальные ${pieces(count - stock)}\u00a0шт. — под заказ, ${term}`;
}
