/**
 * Data of the Yandex Market feed (/yandex-market.xml, ADR 031): designed here, not a §7 call (see
 * docs/api-contract.md "Feed"). The storefront writes the YML document itself, on the requesting
 * host, from two JSON reads: the head (shop and category tree) and the offers in keyset pages
 * ordered by id, so a catalogue of any size is streamed a page at a time by any API that answers
 * this contract (the embedded one or API_URL's).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { isoDateTime, url } from "./common.ts";

/** Offers per page: ~1 MB of JSON at most, a few ms of SQL on an index range. */
export const FEED_PAGE_SIZE = 1000;
export const FEED_MAX_PAGE_SIZE = 5000;

export const FeedCategory = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  title: z.string(),
});
export type FeedCategory = z.infer<typeof FeedCategory>;

export const FeedHead = z.object({
  /** Short shop name (YML <name>). */
  name: z.string(),
  /** Legal name (YML <company>). */
  company: z.string(),
  /** Active categories whose ancestors are active too, parents before children. */
  categories: z.array(FeedCategory),
  /** Active product groups (= offers). */
  total: z.number().int().nonnegative(),
  /** Newest change of a product group, null for an empty catalogue. */
  updatedAt: isoDateTime().nullable(),
});
export type FeedHead = z.infer<typeof FeedHead>;

export const FeedParam = z.object({ name: z.string(), value: z.string() });

/** One offer = one product group (the card a shopper lands on, /catalog/goods/{id}). */
export const FeedOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text (no markup), at most 3000 characters (the YML limit). */
  description: z.string(),
  categoryId: z.number().int(),
  /** Rubles: the lowest price of the group's variations, the price its card and page start from. */
  price: z.number().nonnegative(),
  /** Items in stock over all variations; available = stock > 0. */
  stock: z.number().int().nonnegative(),
  available: z.boolean(),
  vendor: z.string().nullable(),
  /** SKU of the first variation (YML <vendorCode>). */
  sku: z.string().nullable(),
  /** Root-relative or absolute picture address; null when the group has none. */
  picture: url().nullable(),
  /** Filter attributes and colours, one entry per value ("Материал": "Металл"). */
  params: z.array(FeedParam),
});
export type FeedOffer = z.infer<typeof FeedOffer>;

export const FeedOffersQuery = z.object({
  /** Keyset cursor: offers with an id above this one (0 = from the start). */
  after: z.coerce.number<number>().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number<number>().int().min(1).max(FEED_MAX_PAGE_SIZE).default(FEED_PAGE_SIZE),
});
export type FeedOffersQuery = z.input<typeof FeedOffersQuery>;

export const FeedOffersPage = z.object({
  offers: z.array(FeedOffer),
  /** Cursor of the next page (the last offer's id), null after the last page. */
  next: z.number().int().nullable(),
});
export type FeedOffersPage = z.infer<typeof FeedOffersPage>;

export const feedEndpoints = {
  feedHead: endpoint({
    id: "feedHead",
    method: "GET",
    path: "/feed",
    tag: "catalog",
    summary: "Marketplace feed head: shop name, legal name, the active category tree and the offer count",
    timeout: "catalog",
    response: FeedHead,
  }),
  feedOffers: endpoint({
    id: "feedOffers",
    method: "GET",
    path: "/feed/offers",
    tag: "catalog",
    summary: "Marketplace feed offers (active product groups) in keyset pages ordered by id: ?after={last id}&limit=1000",
    timeout: "catalog",
    query: FeedOffersQuery,
    response: FeedOffersPage,
  }),
};
