/**
 * Commercial offers (КП, "cp" routes), §7 "/api/kp" and /api/commercial-offer-delay/list.
 * §6: list, detail, create, update, delete, activate and export need authentication; the public
 * view does not. §9: all of them use the catalogue timeout, page size 10, dates as YYYY-MM-DD.
 */
import { z } from "zod";
import { endpoint, paged } from "./endpoint.ts";
import { IdParams, PHONE_FORMAT_MESSAGE, SortOrder, Success, id, idParam, idsQuery, isoDate, isoDateTime, limitQuery, money, normalizePhone, numberQuery, pageQuery, quantity, url } from "./common.ts";
import { INN_FORMAT, innProblem } from "./requisites.ts";
import { KP_DISCOUNT_MAX, KP_DISCOUNT_MIN, KP_MAX_LINES } from "./kp-pricing.ts";
import { Manager } from "./profile.ts";
import { KpChange } from "./kp-changes.ts";

export { KpChange, KpConflict } from "./kp-changes.ts";
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

/** §3 delay option (id, title); §9: the list starts with "Без отсрочки" (days 0). ADR 051: its surcharge, %. */
export const DelayOption = z.object({
  id: id(),
  title: z.string(),
  days: z.number().int().nonnegative(),
  surchargePercent: z.number().nonnegative().default(0),
});
export type DelayOption = z.infer<typeof DelayOption>;

/** Flat product categories for the editor's product picker. */
export const KpCategory = z.object({ id: id(), title: z.string(), slug: z.string(), parentId: id().nullable() });
export type KpCategory = z.infer<typeof KpCategory>;

const text = (max: number, what: string) => z.string({ error: `Укажите ${what}` }).trim().max(max, `Не длиннее ${max} символов`);
const required = (max: number, what: string) => text(max, what).min(1, `Укажите ${what}`);

/** ADR 051: a client created in place ("+ Новый клиент"); the ИНН is checked by its check digits. */
export const KpClientInput = z.object({
  title: required(255, "название клиента"),
  inn: z
    .string()
    .trim()
    .max(12, INN_FORMAT)
    .nullable()
    .default(null)
    .transform((v) => (v === "" ? null : v))
    .superRefine((v, ctx) => {
      const problem = v === null ? null : innProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type KpClientInput = z.input<typeof KpClientInput>;

const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, "Не длиннее 254 символов")
    .nullable()
    .default(null)
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v === null || z.email().safeParse(v).success, "Неверный формат e-mail");
const optionalPhone = () =>
  z
    .string()
    .trim()
    .max(40, PHONE_FORMAT_MESSAGE)
    .nullable()
    .default(null)
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v === null || normalizePhone(v) !== null, PHONE_FORMAT_MESSAGE);

/** A representative of a client: a name and at least one contact. */
export const KpRepresentativeInput = z
  .object({ name: required(150, "имя представителя"), email: optionalEmail(), phone: optionalPhone() })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: "custom", path: ["email"], message: "Укажите e-mail или телефон" });
  });
export type KpRepresentativeInput = z.input<typeof KpRepresentativeInput>;

export const KpPurposeInput = z.object({ title: required(255, "цель") });
export type KpPurposeInput = z.input<typeof KpPurposeInput>;

// ───────────────────────────── Offer ─────────────────────────────

/**
 * One offer line before it is stored (ADR 051). `price` is the manager's unit price; or
 * `discountPercent` (positive a discount, negative a markup) off the tier price; not both.
 */
export const KpItemInput = z
  .object({
    productId: id(),
    count: quantity(),
    price: z.number({ error: "Укажите цену числом" }).min(0, "Цена не может быть отрицательной").max(99_999_999, "Слишком большая цена").nullable().optional(),
    discountPercent: z
      .number({ error: "Укажите скидку числом" })
      .min(KP_DISCOUNT_MIN, `Наценка — не больше ${-KP_DISCOUNT_MIN} %`)
      .max(KP_DISCOUNT_MAX, "Скидка — не больше 100 %: цена не бывает ниже нуля")
      .nullable()
      .optional(),
    coatings: z.array(CartCoatingLine).max(20, "Не больше 20 нанесений на строку").default([]),
    comment: z.string().trim().max(1000, "Не длиннее 1000 символов").nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.price !== undefined && v.price !== null && v.discountPercent !== undefined && v.discountPercent !== null && v.discountPercent !== 0) {
      ctx.addIssue({ code: "custom", path: ["discountPercent"], message: "Укажите либо свою цену, либо скидку или наценку" });
    }
  });
export type KpItemInput = z.input<typeof KpItemInput>;

/** A priced line. Title, SKU, variation and image are a snapshot, so catalogue edits do not rewrite sent offers. */
export const KpItemPriced = z.object({
  productId: id().nullable(),
  groupId: id().nullable(),
  sku: z.string(),
  title: z.string(),
  /** "синий, XL" */
  variation: z.string().nullable().default(null),
  image: url().nullable(),
  count: z.number().int(),
  /** The tier price for the count. */
  listPrice: money().default(0),
  /** The manager's unit price, when set. */
  manualPrice: money().nullable().default(null),
  /** Discount (positive) or markup (negative), percent, when set. */
  discountPercent: z.number().nullable().default(null),
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

/** VAT of an offer (ADR 051): 22 %, 10 %, 0 % or null = «без НДС». */
export const KpVatRateSchema = z.union([z.literal(22), z.literal(10), z.literal(0)], { error: "НДС — 22 %, 10 %, 0 % или без НДС" });

/** The totals block (contract/kp-pricing.ts kpTotals). */
export const KpTotalsSchema = z.object({
  goods: money(),
  print: money(),
  delaySurcharge: money(),
  discount: money(),
  vatMode: z.enum(["included", "added", "none"]),
  vatRate: z.number().int().nullable(),
  vat: money(),
  total: money(),
});
export type KpTotalsData = z.infer<typeof KpTotalsSchema>;

/** The seller of an offer: one of the shop's own companies (legal/our). */
export const KpSeller = z.object({ id: id(), title: z.string(), inn: z.string() });
export type KpSeller = z.infer<typeof KpSeller>;

/** The list row (§3: total price, created date). */
export const KpSummary = z.object({
  id: id(),
  /** "2026-000124" (ADR 051). */
  number: z.string().nullable().default(null),
  /** Opaque id of the public link (/api/kp/public/{publicId}). */
  publicId: z.string(),
  title: z.string(),
  totalPrice: money(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** Valid until 23:59:59 Moscow time of this day (YYYY-MM-DD). */
  validUntil: isoDate().nullable().default(null),
  isExpired: z.boolean().default(false),
  /** Optimistic concurrency: send it back with kp/update. */
  version: z.number().int().positive().default(1),
  /** The latest sent version (v1, v2…), null when never sent. */
  sentVersion: z.number().int().positive().nullable().default(null),
  acceptedVersion: z.number().int().positive().nullable().default(null),
  isActive: z.boolean(),
  isHidden: z.boolean(),
  isFavorite: z.boolean(),
  itemsCount: z.number().int().nonnegative(),
  manager: Manager,
  client: KpClient.nullable(),
  representative: KpRepresentative.nullable(),
  purpose: KpPurpose.nullable(),
  delay: DelayOption.nullable(),
  /** Whether the caller may change it (ADR 051: ROLE_USER reads only). */
  canEdit: z.boolean().default(false),
});
export type KpSummary = z.infer<typeof KpSummary>;

export const Kp = KpSummary.extend({
  comment: z.string().nullable(),
  itemsPrice: money(),
  printPrice: money(),
  seller: KpSeller.nullable().default(null),
  vatRate: z.number().int().nullable().default(22),
  vatIncluded: z.boolean().default(true),
  totals: KpTotalsSchema.optional(),
  /** When the client first and last opened the public page, and how many times. */
  publicFirstOpenedAt: isoDateTime().nullable().default(null),
  publicLastOpenedAt: isoDateTime().nullable().default(null),
  publicOpenCount: z.number().int().nonnegative().default(0),
  items: z.array(KpItem),
});
export type Kp = z.infer<typeof Kp>;

// ───────────────────────────── The document and the public page ─────────────────────────────

// The document of a sent version is one schema, shared with the renderer (ADR 052).
export * from "./kp-document.ts";
import { KpDocument } from "./kp-document.ts";

export const KpPublicStatus = z.enum(["open", "accepted", "closed"]);

/**
 * The public page (no login): the latest sent version, its status, and the manager's contacts.
 * "closed" (deactivated or past validUntil): «Предложение больше не действует», no document.
 */
export const KpPublic = z.object({
  publicId: z.string(),
  status: KpPublicStatus,
  /** «Предложение больше не действует» when closed. */
  message: z.string().nullable(),
  number: z.string(),
  title: z.string(),
  manager: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  document: KpDocument.nullable(),
  acceptedAt: isoDateTime().nullable(),
  acceptedVersion: z.number().int().positive().nullable(),
  /** Who accepted (the name typed on the page, ADR 054); never their e-mail or phone. */
  acceptedName: z.string().nullable().default(null),
});
export type KpPublic = z.infer<typeof KpPublic>;

/** Accepting by the public link: who accepts, with a contact; the version they saw. */
export const KpAcceptRequest = z
  .object({
    version: z.number({ error: "Обновите страницу" }).int().positive(),
    name: required(150, "имя"),
    email: optionalEmail(),
    phone: optionalPhone(),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: "custom", path: ["email"], message: "Укажите e-mail или телефон" });
  });
export type KpAcceptRequest = z.input<typeof KpAcceptRequest>;

// ───────────────────────────── Versions ─────────────────────────────

export const KpVersion = z.object({
  number: z.number().int().positive(),
  createdAt: isoDateTime(),
  total: money(),
  linesCount: z.number().int().nonnegative(),
  acceptedAt: isoDateTime().nullable(),
  acceptedName: z.string().nullable(),
});
export type KpVersion = z.infer<typeof KpVersion>;

export const KpVersionDiff = z.object({ from: z.number().int().positive(), to: z.number().int().positive(), changes: z.array(KpChange) });
export type KpVersionDiff = z.infer<typeof KpVersionDiff>;

/** create and update/{id} (update replaces the lines and carries the version it was based on). */
export const KpInput = z
  .object({
    title: required(255, "название предложения"),
    clientId: id().nullable().default(null),
    representativeId: id().nullable().default(null),
    purposeId: id().nullable().default(null),
    delayId: id().nullable().default(null),
    sellerCompanyId: id().nullable().default(null),
    /** YYYY-MM-DD, valid until 23:59:59 Moscow time; default the creation day + 10. */
    validUntil: isoDate().nullable().default(null),
    vatRate: KpVatRateSchema.nullable().default(22),
    vatIncluded: z.boolean().default(true),
    comment: z.string().trim().max(5000, "Не длиннее 5000 символов").nullable().default(null),
    isHidden: z.boolean().default(false),
    items: z.array(KpItemInput).max(KP_MAX_LINES, `В предложении может быть не больше ${KP_MAX_LINES} строк`),
    /** kp/update: the version the editor started from (a stale one is a 409). */
    version: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Map<number, number>();
    v.items.forEach((item, i) => {
      if (seen.has(item.productId)) ctx.addIssue({ code: "custom", path: ["items", i, "productId"], message: "Этот товар уже есть в предложении: измените количество в его строке" });
      else seen.set(item.productId, i);
    });
  });
export type KpInput = z.input<typeof KpInput>;

// ───────────────────────────── Queries ─────────────────────────────

export const KpSortBy = z.enum(["createdAt", "updatedAt", "totalPrice", "title", "id"]);
export type KpSortBy = z.infer<typeof KpSortBy>;

/** Filters whose values come from kp/filter/{x}/ — x is the key without "Ids". */
export const KpFilterKind = z.enum(["client", "representative", "purpose", "manager", "delay", "category"]);
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
  /** Title, number, client title, or the SKU of a line. */
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
  /** Offers with a line of a product in one of these categories (or their subcategories). */
  categoryIds: idsQuery(100).optional(),
});
export type KpListQuery = z.input<typeof KpListQuery>;

export const KpPage = paged(KpSummary);

/** An option of a list filter, with how many of the manager's offers carry it. */
export const KpFilterOption = z.object({ id: id(), title: z.string(), count: z.number().int().nonnegative() });
export type KpFilterOption = z.infer<typeof KpFilterOption>;

/** Request for kp/calculate: price lines without storing them (the editor's live total). */
export const KpCalculateRequest = z.object({
  items: z.array(KpItemInput).max(KP_MAX_LINES, `В предложении может быть не больше ${KP_MAX_LINES} строк`),
  delayId: id().nullable().optional(),
  vatRate: KpVatRateSchema.nullable().default(22),
  vatIncluded: z.boolean().default(true),
});
export type KpCalculateRequest = z.input<typeof KpCalculateRequest>;

export const KpCalculation = z.object({
  items: z.array(KpItemPriced),
  itemsPrice: money(),
  printPrice: money(),
  totalPrice: money(),
  totals: KpTotalsSchema.optional(),
  /** Products of the request that no longer exist or are out of sale. */
  unavailableProducts: z.array(id()).default([]),
});
export type KpCalculation = z.infer<typeof KpCalculation>;

/** kp/product/{id}?sku: the group for the line editor, and the variation with that SKU. */
export const KpProductLookup = z.object({ group: ProductGroup, product: Product.nullable() });
export type KpProductLookup = z.infer<typeof KpProductLookup>;

export const KpExportFormat = z.enum(["pdf", "xlsx"]);
export type KpExportFormat = z.infer<typeof KpExportFormat>;

/** The export's media types (ADR 052): the answer is the file itself. */
export const KP_EXPORT_MIME = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const satisfies Record<KpExportFormat, string>;

/** The file's bytes: kp/export answers them, not the `{ data }` envelope. */
export const KpExportFile = z.string().describe("The document's bytes (PDF or XLSX), with Content-Disposition naming the file");

export const KpFavoriteResult = z.object({ id: id(), isFavorite: z.boolean() });
export type KpFavoriteResult = z.infer<typeof KpFavoriteResult>;

/** kp/send/{id}: the frozen version and whether the representative was mailed. */
export const KpSendResult = z.object({
  version: KpVersion,
  publicId: z.string(),
  /** The letter went to the representative's e-mail (false: the representative has none, or it failed). */
  mailed: z.boolean(),
  /** The letter carries the PDF (false when it could not be drawn in time: the link still works). */
  attached: z.boolean().default(false),
  /** Why no letter went, in Russian (null when it went). */
  message: z.string().nullable().default(null),
});
export type KpSendResult = z.infer<typeof KpSendResult>;

// ───────────────────────────── Endpoints ─────────────────────────────

const tag = "kp";
const clientParams = z.object({ id: idParam() });
/** ADR 051: 16 random bytes in base64url (22 characters); older ids are 64 hex digits. */
const PublicIdParams = z.object({ id: z.string().min(1).max(100).describe("The offer's publicId") });

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
    // ADR 051: no login; the latest sent version; records the first/last opening; rate-limited per IP.
    summary: "Public view by the public id: the latest sent version, or «closed» with the manager's contacts; 404 never sent",
    timeout: "catalog",
    params: PublicIdParams,
    response: KpPublic,
  }),
  kpPublicPdf: endpoint({
    id: "kpPublicPdf",
    method: "GET",
    path: "/kp/public/{id}/pdf",
    tag,
    // ADR 054: no login; the public page's «Скачать PDF»; per IP in the page's tier; 503 with
    // Retry-After while the documents' thread is full, as kpExport.
    summary: "The public offer's PDF (the latest sent version's bytes, Content-Disposition with the Russian name); 404 when closed, never sent or unknown",
    timeout: "catalog",
    binary: [KP_EXPORT_MIME.pdf],
    params: PublicIdParams,
    response: KpExportFile,
  }),
  kpPublicAccept: endpoint({
    id: "kpPublicAccept",
    method: "POST",
    path: "/kp/public/{id}/accept",
    tag,
    summary: "The client accepts the latest sent version (name and a contact); 409 when closed, stale or accepted",
    timeout: "catalog",
    params: PublicIdParams,
    body: KpAcceptRequest,
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
    summary: "Replace an offer's fields and lines; `version` older than the stored one is a 409 with `conflict`",
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
    // ADR 051/052: freezes a version (reused when nothing changed; a customer gets the latest sent
    // one); 503 with Retry-After while the documents' thread is full.
    summary: "The offer's document as a PDF or XLSX file (the bytes, Content-Disposition with the Russian name); freezes a version",
    auth: true,
    timeout: "catalog",
    binary: Object.values(KP_EXPORT_MIME),
    params: z.object({ format: KpExportFormat, id: idParam() }),
    response: KpExportFile,
  }),
  kpCalculate: endpoint({
    id: "kpCalculate",
    method: "POST",
    path: "/kp/calculate",
    tag,
    summary: "Price offer lines without storing them (contract/kp-pricing.ts); unfinished print lines come back with problems",
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
    summary: "Variations matching a title or SKU (the shop's search: word forms, typos, layout), for adding lines",
    auth: true,
    timeout: "catalog",
    query: z.object({ text: z.string().trim().min(1, "Введите название или артикул").max(200), limit: limitQuery(20, 50), categoryId: idParam().optional() }),
    response: z.array(Product),
  }),
  kpFilter: endpoint({
    id: "kpFilter",
    method: "GET",
    path: "/kp/filter/{x}/",
    tag,
    summary: "Options of a list filter matching ?query (x: client, representative, purpose, manager, delay, category); the selected values[] are always included",
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
  kpCopy: endpoint({
    id: "kpCopy",
    method: "POST",
    path: "/kp/copy/{id}",
    tag,
    summary: "«Копировать»: a new offer with the same client, lines and terms (new number, not sent)",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: Kp,
  }),
  kpSend: endpoint({
    id: "kpSend",
    method: "POST",
    path: "/kp/send/{id}",
    tag,
    summary: "Freeze a sent version (reused when nothing changed) and mail the representative the public link with the PDF attached",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: KpSendResult,
  }),
  kpVersions: endpoint({
    id: "kpVersions",
    method: "GET",
    path: "/kp/versions/{id}",
    tag,
    summary: "The offer's sent versions, newest first",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    response: z.array(KpVersion),
  }),
  kpVersionDiff: endpoint({
    id: "kpVersionDiff",
    method: "GET",
    path: "/kp/versions/{id}/diff",
    tag,
    summary: "What changed between two sent versions: lines, quantities, prices, totals",
    auth: true,
    timeout: "catalog",
    params: IdParams,
    query: z.object({ from: idParam(), to: idParam() }),
    response: KpVersionDiff,
  }),
  kpClientCreate: endpoint({
    id: "kpClientCreate",
    method: "POST",
    path: "/kp/client/create",
    tag,
    summary: "«+ Новый клиент»: a client of the caller, the ИНН checked by its check digits",
    auth: true,
    timeout: "catalog",
    body: KpClientInput,
    response: KpClient,
  }),
  kpRepresentativeCreate: endpoint({
    id: "kpRepresentativeCreate",
    method: "POST",
    path: "/kp/client/{id}/representative/create",
    tag,
    summary: "A new representative of a client (name, e-mail and/or phone)",
    auth: true,
    timeout: "catalog",
    params: clientParams,
    body: KpRepresentativeInput,
    response: KpRepresentative,
  }),
  kpPurposeCreate: endpoint({
    id: "kpPurposeCreate",
    method: "POST",
    path: "/kp/client/{id}/purpose/create",
    tag,
    summary: "A new purpose of a client",
    auth: true,
    timeout: "catalog",
    params: clientParams,
    body: KpPurposeInput,
    response: KpPurpose,
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
