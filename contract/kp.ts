/**
 * Commercial offers (КП, "cp" routes), §7 "/api/kp" and /api/commercial-offer-delay/list.
 * §6: list, detail, create, update, delete, activate and export need authentication; the public
 * view does not. §9: all of them use the catalogue timeout, page size 10, dates as YYYY-MM-DD.
 */
import { z } from "zod";
import { endpoint, paged } from "./endpoint.ts";
import { IdParams, SortOrder, Success, id, idParam, idsQuery, isoDate, isoDateTime, limitQuery, money, numberQuery, pageQuery, quantity, url } from "./common.ts";
import { Manager } from "./profile.ts";
import { CartCoatingLine, PricedCoatingLine } from "./cart.ts";
import { CoatingPrice, CoatingRecalculateRequest, Product, ProductGroup } from "./catalog.ts";

// ───────────────────────────── Reference data ─────────────────────────────

export const KpClient = z.object({ id: id(), title: z.string(), inn: z.string().nullable() });
export type KpClient = z.infer<typeof KpClient>;

export const KpRepresentative = z.object({
  id: id(),
  clientId: id(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type KpRepresentative = z.infer<typeof KpRepresentative>;

/** What the offer is for ("Новый год", "Выставка"); purposes may be shared (clientId null). */
export const KpPurpose = z.object({ id: id(), clientId: id().nullable(), title: z.string() });
export type KpPurpose = z.infer<typeof KpPurpose>;

/** §3 delay option (id, title); §9: the list starts with "Без отсрочки" (days 0). */
export const DelayOption = z.object({ id: id(), title: z.string(), days: z.number().int().nonnegative() });
export type DelayOption = z.infer<typeof DelayOption>;

/** Flat product categories for the editor's product picker. */
export const KpCategory = z.object({ id: id(), title: z.string(), slug: z.string(), parentId: id().nullable() });
export type KpCategory = z.infer<typeof KpCategory>;

// ───────────────────────────── Offer ─────────────────────────────

/** One offer line before it is stored. `price` overrides the catalogue unit price (a manager's deal). */
export const KpItemInput = z.object({
  productId: id(),
  count: quantity(),
  price: money().optional(),
  coatings: z.array(CartCoatingLine).max(20).default([]),
  comment: z.string().trim().max(1000).nullable().default(null),
});
export type KpItemInput = z.input<typeof KpItemInput>;

/** A priced line. Title, SKU and image are a snapshot, so catalogue edits do not rewrite sent offers. */
export const KpItemPriced = z.object({
  productId: id().nullable(),
  groupId: id().nullable(),
  sku: z.string(),
  title: z.string(),
  image: url().nullable(),
  count: z.number().int(),
  /** Unit price. */
  price: money(),
  /** Sum of the coating lines. */
  printPrice: money(),
  /** price × count + printPrice. */
  totalPrice: money(),
  coatings: z.array(PricedCoatingLine),
  comment: z.string().nullable(),
});
export type KpItemPriced = z.infer<typeof KpItemPriced>;

export const KpItem = KpItemPriced.extend({ id: id() });
export type KpItem = z.infer<typeof KpItem>;

/** The list row (§3: total price, created date). */
export const KpSummary = z.object({
  id: id(),
  /** Opaque id of the public link (/api/kp/public/{publicId}). */
  publicId: z.string(),
  title: z.string(),
  totalPrice: money(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  isActive: z.boolean(),
  isHidden: z.boolean(),
  isFavorite: z.boolean(),
  itemsCount: z.number().int().nonnegative(),
  manager: Manager,
  client: KpClient.nullable(),
  representative: KpRepresentative.nullable(),
  purpose: KpPurpose.nullable(),
  delay: DelayOption.nullable(),
});
export type KpSummary = z.infer<typeof KpSummary>;

export const Kp = KpSummary.extend({
  comment: z.string().nullable(),
  itemsPrice: money(),
  printPrice: money(),
  items: z.array(KpItem),
});
export type Kp = z.infer<typeof Kp>;

/** What the client sees by the public link: no internal flags, client reduced to its title. */
export const KpPublic = z.object({
  publicId: z.string(),
  title: z.string(),
  createdAt: isoDateTime(),
  totalPrice: money(),
  itemsPrice: money(),
  printPrice: money(),
  manager: Manager,
  clientTitle: z.string().nullable(),
  delay: DelayOption.nullable(),
  comment: z.string().nullable(),
  items: z.array(KpItemPriced),
});
export type KpPublic = z.infer<typeof KpPublic>;

/** create and update/{id} (update replaces the lines). */
export const KpInput = z.object({
  title: z.string().trim().min(1).max(255),
  clientId: id().nullable().default(null),
  representativeId: id().nullable().default(null),
  purposeId: id().nullable().default(null),
  delayId: id().nullable().default(null),
  comment: z.string().trim().max(5000).nullable().default(null),
  isHidden: z.boolean().default(false),
  items: z.array(KpItemInput).max(200),
});
export type KpInput = z.input<typeof KpInput>;

// ───────────────────────────── Queries ─────────────────────────────

export const KpSortBy = z.enum(["createdAt", "updatedAt", "totalPrice", "title", "id"]);
export type KpSortBy = z.infer<typeof KpSortBy>;

/** Filters whose values come from kp/filter/{x}/ — x is the key without "Ids". */
export const KpFilterKind = z.enum(["client", "representative", "purpose", "manager", "delay"]);
export type KpFilterKind = z.infer<typeof KpFilterKind>;

/**
 * §3/§7 list query: page, limit=10 (§9), sortBy, sortOrder, search, purposeTitle, createdAtFrom/To
 * (YYYY-MM-DD, §9), totalPriceFrom/To, plus the array filters. `hidden` = "1" lists the /cp/hidden offers.
 */
export const KpListQuery = z.object({
  page: pageQuery(),
  limit: limitQuery(10, 100),
  sortBy: KpSortBy.default("createdAt"),
  sortOrder: SortOrder.default("desc"),
  /** Title, client title, or the SKU of a line. */
  search: z.string().trim().max(200).optional(),
  purposeTitle: z.string().trim().max(255).optional(),
  createdAtFrom: isoDate().optional(),
  createdAtTo: isoDate().optional(),
  totalPriceFrom: numberQuery().optional(),
  totalPriceTo: numberQuery().optional(),
  hidden: z.enum(["0", "1"]).default("0"),
  favorite: z.enum(["0", "1"]).optional(),
  status: z.enum(["active", "inactive"]).optional(),
  clientIds: idsQuery(100).optional(),
  representativeIds: idsQuery(100).optional(),
  purposeIds: idsQuery(100).optional(),
  managerIds: idsQuery(100).optional(),
  delayIds: idsQuery(100).optional(),
});
export type KpListQuery = z.input<typeof KpListQuery>;

export const KpPage = paged(KpSummary);

/** An option of a list filter, with how many of the manager's offers carry it. */
export const KpFilterOption = z.object({ id: id(), title: z.string(), count: z.number().int().nonnegative() });
export type KpFilterOption = z.infer<typeof KpFilterOption>;

/** Request for kp/calculate: price lines without storing them (the editor's live total). */
export const KpCalculateRequest = z.object({ items: z.array(KpItemInput).max(200), delayId: id().nullable().optional() });
export type KpCalculateRequest = z.input<typeof KpCalculateRequest>;

export const KpCalculation = z.object({
  items: z.array(KpItemPriced),
  itemsPrice: money(),
  printPrice: money(),
  totalPrice: money(),
});
export type KpCalculation = z.infer<typeof KpCalculation>;

/** kp/product/{id}?sku: the group for the line editor, and the variation with that SKU. */
export const KpProductLookup = z.object({ group: ProductGroup, product: Product.nullable() });
export type KpProductLookup = z.infer<typeof KpProductLookup>;

export const KpExportFormat = z.enum(["pdf", "xlsx"]);
export type KpExportFormat = z.infer<typeof KpExportFormat>;

/** The JSON envelope cannot carry a binary, so export answers a short-lived download link. */
export const KpExport = z.object({ url: url(), fileName: z.string(), mimeType: z.string(), expiresAt: isoDateTime() });
export type KpExport = z.infer<typeof KpExport>;

export const KpFavoriteResult = z.object({ id: id(), isFavorite: z.boolean() });
export type KpFavoriteResult = z.infer<typeof KpFavoriteResult>;

// ───────────────────────────── Endpoints ─────────────────────────────

const tag = "kp";
const clientParams = z.object({ id: idParam() });

export const kpEndpoints = {
  kpList: endpoint({
    id: "kpList",
    method: "GET",
    path: "/kp/list",
    tag,
    // ADR 035: ROLE_USER and ROLE_MANAGER see the offers they authored; ROLE_SALES_CHIEF, ROLE_ADMIN
    // and ROLE_ADMIN_MANAGER see all.
    summary: "Offers in the caller's scope, paged by 10, sorted and filtered",
    auth: true,
    timeout: "catalog",
    query: KpListQuery,
    response: KpPage,
  }),
  kpRead: endpoint({
    id: "kpRead",
    method: "GET",
    path: "/kp/read/{id}",
    tag,
    summary: "An offer with its lines (view and editor); outside the caller's scope 404",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: Kp,
  }),
  kpPublic: endpoint({
    id: "kpPublic",
    method: "GET",
    path: "/kp/public/{id}",
    tag,
    summary: "Public view by the public id; 404 when the offer is inactive",
    timeout: "catalog",
    params: z.object({ id: z.string().min(1).describe("The offer's publicId") }),
    response: KpPublic,
  }),
  kpCreate: endpoint({
    id: "kpCreate",
    method: "POST",
    path: "/kp/create",
    tag,
    summary: "Create an offer; lines are priced by the server",
    auth: true,
    timeout: "catalog",
    body: KpInput,
    response: Kp,
  }),
  kpUpdate: endpoint({
    id: "kpUpdate",
    method: "POST",
    path: "/kp/update/{id}",
    tag,
    summary: "Replace an offer's fields and lines",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    body: KpInput,
    response: Kp,
  }),
  kpDelete: endpoint({
    id: "kpDelete",
    method: "DELETE",
    path: "/kp/delete/{id}",
    tag,
    summary: "Delete an offer",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: Success,
  }),
  kpProduct: endpoint({
    id: "kpProduct",
    method: "GET",
    path: "/kp/product/{id}",
    tag,
    summary: "SKU lookup for the editor: group {id} and its variation with ?sku (null when absent)",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    query: z.object({ sku: z.string().trim().min(1).max(100).optional() }),
    response: KpProductLookup,
  }),
  kpActivate: endpoint({
    id: "kpActivate",
    method: "POST",
    path: "/kp/activate/{id}",
    tag,
    summary: "Activate an offer (§4); its public link works again",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: KpSummary,
  }),
  kpDeactivate: endpoint({
    id: "kpDeactivate",
    method: "POST",
    path: "/kp/deactivate/{id}",
    tag,
    summary: "Deactivate an offer (§4); its public link answers 404",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: KpSummary,
  }),
  kpExport: endpoint({
    id: "kpExport",
    method: "GET",
    path: "/kp/export/{format}/{id}",
    tag,
    summary: "Export an offer as PDF or XLSX; answers a download link",
    auth: true,
    timeout: "catalog",
    params: z.object({ format: KpExportFormat, id: idParam() }),
    response: KpExport,
  }),
  kpCalculate: endpoint({
    id: "kpCalculate",
    method: "POST",
    path: "/kp/calculate",
    tag,
    summary: "Price offer lines without storing them",
    auth: true,
    timeout: "catalog",
    body: KpCalculateRequest,
    response: KpCalculation,
  }),
  kpPrintCalculate: endpoint({
    id: "kpPrintCalculate",
    method: "POST",
    path: "/kp/print/calculate",
    tag,
    summary: "Price one coating line in the editor (same rules as coating/recalculate)",
    auth: true,
    timeout: "catalog",
    body: CoatingRecalculateRequest,
    response: CoatingPrice,
  }),
  kpSearchProduct: endpoint({
    id: "kpSearchProduct",
    method: "GET",
    path: "/kp/search/product",
    tag,
    summary: "Variations matching a title or SKU, for adding lines",
    auth: true,
    timeout: "catalog",
    query: z.object({ text: z.string().trim().min(1).max(200), limit: limitQuery(20, 50) }),
    response: z.array(Product),
  }),
  kpFilter: endpoint({
    id: "kpFilter",
    method: "GET",
    path: "/kp/filter/{x}/",
    tag,
    summary: "Options of a list filter matching ?query; the selected values[] are always included",
    auth: true,
    timeout: "catalog",
    params: z.object({ x: KpFilterKind }),
    query: z.object({ query: z.string().trim().max(200).optional(), values: idsQuery(100).optional(), limit: limitQuery(20, 100) }),
    response: z.array(KpFilterOption),
  }),
  kpFavorite: endpoint({
    id: "kpFavorite",
    method: "POST",
    path: "/kp/favorite/{action}/{id}",
    tag,
    summary: "Mark or unmark an offer as favourite",
    auth: true,
    timeout: "catalog",
    params: z.object({ action: z.enum(["add", "delete"]), id: idParam() }),
    response: KpFavoriteResult,
  }),
  kpClientList: endpoint({
    id: "kpClientList",
    method: "GET",
    path: "/kp/client/list",
    tag,
    summary: "The manager's clients",
    auth: true,
    timeout: "catalog",
    response: z.array(KpClient),
  }),
  kpClientRepresentativeList: endpoint({
    id: "kpClientRepresentativeList",
    method: "GET",
    path: "/kp/client/{id}/representative/list",
    tag,
    summary: "Representatives of a client",
    auth: true,
    timeout: "catalog",
    params: clientParams,
    response: z.array(KpRepresentative),
  }),
  kpClientPurposeList: endpoint({
    id: "kpClientPurposeList",
    method: "GET",
    path: "/kp/client/{id}/purpose/list",
    tag,
    summary: "Purposes of a client, plus the shared ones",
    auth: true,
    timeout: "catalog",
    params: clientParams,
    response: z.array(KpPurpose),
  }),
  kpCategoryList: endpoint({
    id: "kpCategoryList",
    method: "GET",
    path: "/kp/category/list",
    tag,
    summary: "Flat product categories for the product picker",
    auth: true,
    timeout: "catalog",
    response: z.array(KpCategory),
  }),
  commercialOfferDelayList: endpoint({
    id: "commercialOfferDelayList",
    method: "GET",
    path: "/commercial-offer-delay/list",
    tag,
    summary: "Payment delay options, starting with 'Без отсрочки' (§9)",
    auth: true,
    timeout: "catalog",
    response: z.array(DelayOption),
  }),
};
