/**
 * The Yandex Market YML document (https://yandex.ru/support/marketplace/assortment/files/yml.html),
 * written piece by piece: the head (shop, currency, categories), then offers page by page, then
 * the foot. Pure functions of contract/feed.ts data and the requesting origin, so the document is
 * the same whichever API answered (ADR 031).
 */
import type { FeedCategory, FeedHead, FeedOffer } from "#contract/feed.ts";
import { rasterImage } from "#app/lib/seo.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text or attribute value for XML 1.0: markup characters escaped, and the characters XML cannot
 * carry at all (C0 controls other than tab/newline/CR, U+FFFE/U+FFFF, lone surrogates) dropped,
 * since one of them makes the whole feed unreadable for the marketplace.
 */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
      .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
  );
}

/** Rubles with at most two decimals, a dot as the separator (YML). */
export const ymlPrice = (value: number) => String(Math.round(value * 100) / 100);

/** The storefront page of an offer (§2 product route). */
export const offerPath = (id: number) => `/catalog/goods/${id}`;

export function ymlHead(head: FeedHead, origin: string, date: Date): string {
  const categories = head.categories.map(ymlCategory).join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${date.toISOString().replace(/\.\d{3}Z$/, "+00:00")}">`,
    "<shop>",
    `<name>${xmlText(head.name)}</name>`,
    `<company>${xmlText(head.company)}</company>`,
    `<url>${xmlText(`${origin}/`)}</url>`,
    '<currencies><currency id="RUR" rate="1"/></currencies>',
    "<categories>",
    categories,
    "</categories>",
    "<offers>",
    "",
  ].join("\n");
}

function ymlCategory(c: FeedCategory): string {
  const parent = c.parentId === null ? "" : ` parentId="${c.parentId}"`;
  return `<category id="${c.id}"${parent}>${xmlText(c.title)}</category>`;
}

/** Elements in the order of YML's DTD (url, price, currencyId, categoryId, picture, name, vendor, …, param). */
export function ymlOffer(offer: FeedOffer, origin: string): string {
  const out = [`<offer id="${offer.id}" available="${offer.available}">`, `<url>${xmlText(origin + offerPath(offer.id))}</url>`];
  out.push(`<price>${ymlPrice(offer.price)}</price>`, "<currencyId>RUR</currencyId>", `<categoryId>${offer.categoryId}</categoryId>`);
  if (offer.picture) out.push(`<picture>${xmlText(rasterImage(offer.picture, origin).url)}</picture>`);
  out.push(`<name>${xmlText(offer.title)}</name>`);
  if (offer.vendor) out.push(`<vendor>${xmlText(offer.vendor)}</vendor>`);
  if (offer.sku) out.push(`<vendorCode>${xmlText(offer.sku)}</vendorCode>`);
  if (offer.description) out.push(`<description>${xmlText(offer.description)}</description>`);
  for (const p of offer.params) out.push(`<param name="${xmlText(p.name)}">${xmlText(p.value)}</param>`);
  out.push(`<count>${offer.stock}</count>`, "</offer>");
  return out.join("\n");
}

export const YML_FOOT = "\n</offers>\n</shop>\n</yml_catalog>\n";
