/**
 * POST /cart/ordering: the §3 order draft with the local cart's lines (a hidden field the page
 * fills after hydration) → POST /api/order/create_unauth, with the Idempotency-Key the page made
 * once for this ordering attempt (a double click or a retry answers the same order). Everything
 * posted is read by the forms layer (ADR 046: `boundedForm`, `parseForm` with `OrderForm`,
 * `refuse`); a bad field is a §5 message under it, never an exception, and the reply gives back
 * what was typed so nothing is lost.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { endpoints, DeliveryType, FILE_KEY_PATTERN, email, isDbId, normalizePhone, officeAddressLine, type City } from "#contract/index.ts";
import { boundedForm, parseForm, refuse, type ParsedForm } from "#app/lib/forms.server.ts";
import { readLines, saveServerCart, uploadFile } from "./cart.server.ts";
import { MAX_CART_IMAGES, MAX_ORDER_COMMENT } from "./cart.ts";
import { ORDER_FIELD, type OrderAccount, type OrderReply, type PickupOfficeChoice } from "./ordering.ts";

/**
 * The offices an order can be collected from (§3 office address and operation mode, from the city
 * list): the site's own city office first — the default (§9 pickup_point) — then the company's
 * other offices, each once. Offices without an id cannot be named in an order and are left out.
 */
export function pickupOffices(cities: readonly Pick<City, "title" | "titlePrepositional" | "office">[], city: Pick<City, "office">): PickupOfficeChoice[] {
  const out: PickupOfficeChoice[] = [];
  for (const office of [city.office, ...cities.map((c) => c.office)]) {
    if (!office?.id || out.some((o) => o.id === office.id)) continue;
    // "Офис в Санкт-Петербурге": the city list has the prepositional form of the office's city.
    const named = cities.find((c) => c.title === office.address.city);
    out.push({
      id: office.id,
      title: named ? `Офис в ${named.titlePrepositional}` : `Офис, г. ${office.address.city}`,
      city: office.address.city,
      address: officeAddressLine(office.address),
      operationMode: office.operationMode,
    });
  }
  return out;
}

export const PICKUP_OFFICE_MESSAGE = "Выберите офис для самовывоза из списка.";

/** "+79215550101" → "+7 (921) 555-01-01", the ordering field's mask (§5); anything else as it is. */
export function maskedPhone(phone: string | null): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone ?? "");
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : (phone ?? "");
}

export const COMPANY_UNKNOWN_MESSAGE = "Выберите компанию из списка.";
export const ADDRESS_UNKNOWN_MESSAGE = "Выберите адрес из списка или введите новый.";

/**
 * The logged-in visitor's ordering page (ADR 034): representative prefilled from the profile, the
 * saved companies (legal/my) and delivery addresses. Each read fails to an empty value (§8).
 */
export async function loadOrderAccount(context: Pick<AppLoadContext, "api" | "isAuthenticated">): Promise<OrderAccount | null> {
  if (!context.isAuthenticated) return null;
  const [profile, companies, addresses] = await Promise.all([
    context.api.call(endpoints.profileGet, {}),
    context.api.list(endpoints.legalMy, {}, []),
    context.api.list(endpoints.shipmentAddressList, {}, []),
  ]);
  if (!profile.ok) return null;
  const user = profile.data;
  return {
    name: user.name ?? "",
    email: user.email ?? "",
    phone: maskedPhone(user.phone),
    companies: companies.map((c) => ({ id: c.id, title: c.shortTitle, inn: c.inn })),
    addresses: addresses.map((a) => ({ id: a.id, address: a.address, isDefault: a.isDefault })),
  };
}

export const EMPTY_CART_MESSAGE = "В корзине нет товаров: добавьте их и оформите заказ снова. Если корзина не пуста, обновите страницу (нужен JavaScript).";
export const ALREADY_ORDERED_MESSAGE =
  "Этот заказ уже принят — подтверждение придёт на e-mail, менеджер свяжется с вами. Если хотите отправить ещё один заказ с новыми данными, нажмите «Отправить заказ» снова.";
export const FIELD_ERRORS_MESSAGE = "Проверьте поля, отмеченные ниже.";
/** A layout the API refused (deleted after a day unordered, or already in another order): fixed in the cart. */
export const LAYOUT_GONE_MESSAGE = "Приложенный макет больше недоступен для заказа: вернитесь в корзину, удалите его и загрузите снова.";

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** The contract's e-mail rule (one rule with the API). */
const EMAIL = email();

export const NAME_MISSING = "Укажите ФИО.";
export const EMAIL_MISSING = "Укажите e-mail.";
export const EMAIL_INVALID = "Неверный формат e-mail.";
export const PHONE_MISSING = "Укажите телефон.";
export const PHONE_INCOMPLETE = "Укажите телефон полностью: +7 (XXX) XXX-XX-XX.";
export const ADDRESS_MISSING = "Укажите адрес доставки.";
export const MANAGER_UNKNOWN_MESSAGE = "Выберите менеджера из списка.";

/** Optional text, trimmed and cut ("" when missing). */
const text = (max: number) => z.string().optional().transform((value) => (value ?? "").trim().slice(0, max));

/** Required text: trimmed, cut, its own message when missing or blank, then its rule. */
const required = (missing: string, max: number, rule?: (value: string) => string | null) =>
  z.string({ error: missing }).transform((value, ctx) => {
    const trimmed = value.trim().slice(0, max);
    const problem = trimmed ? rule?.(trimmed) : missing;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return trimmed;
  });

/** A choice from a list, by its database id (null: none chosen); anything else is the message. */
const listId = (message: string) =>
  z.string().optional().transform((value, ctx) => {
    const raw = (value ?? "").trim();
    if (!raw) return null;
    const id = /^\d{1,10}$/.test(raw) && isDbId(Number(raw)) ? Number(raw) : null;
    if (id === null) ctx.addIssue({ code: "custom", message });
    return id;
  });

/**
 * The ordering form (§3 order draft, §5 messages): every field posted, each checked on its own.
 * Rules that need another field or the API (the address for delivery, a saved address) are the
 * action's (`placeOrder`). Unknown delivery types are the default (§9 pickup_point); a bad
 * idempotency key, file key or layout key is dropped, never an error.
 */
export const OrderForm = z.object({
  [ORDER_FIELD.name]: required(NAME_MISSING, 255),
  [ORDER_FIELD.email]: required(EMAIL_MISSING, 320, (value) => (EMAIL.safeParse(value).success ? null : EMAIL_INVALID)),
  [ORDER_FIELD.phone]: z.string({ error: PHONE_MISSING }).transform((value, ctx) => {
    const phone = normalizePhone(value.trim());
    if (!phone) ctx.addIssue({ code: "custom", message: value.trim() ? PHONE_INCOMPLETE : PHONE_MISSING });
    return phone ?? "";
  }),
  [ORDER_FIELD.deliveryType]: z
    .string()
    .optional()
    .transform((value) => DeliveryType.catch("pickup_point").parse(value?.trim())),
  [ORDER_FIELD.pickupOffice]: listId(PICKUP_OFFICE_MESSAGE),
  [ORDER_FIELD.address]: text(500),
  [ORDER_FIELD.deliveryTime]: text(255),
  [ORDER_FIELD.manager]: listId(MANAGER_UNKNOWN_MESSAGE),
  [ORDER_FIELD.legalCompany]: listId(COMPANY_UNKNOWN_MESSAGE),
  [ORDER_FIELD.savedAddress]: text(12),
  [ORDER_FIELD.legalFile]: z
    .string()
    .optional()
    .transform((value) => (value && FILE_KEY_PATTERN.test(value.trim()) ? value.trim() : null)),
  legalFileName: text(255),
  [ORDER_FIELD.comment]: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, MAX_ORDER_COMMENT) || null),
  [ORDER_FIELD.imageKeys]: z.string().optional().transform((value) => readKeys(value ?? "")),
  [ORDER_FIELD.idempotencyKey]: z
    .string()
    .optional()
    .transform((value) => (value && KEY.test(value.trim()) ? value.trim() : null)),
});

/** Never given back to the page: the cart's own fields (the page fills them) and the kept file (an extra of its own). */
const HIDDEN_FIELDS = [ORDER_FIELD.lines, ORDER_FIELD.comment, ORDER_FIELD.imageKeys, ORDER_FIELD.idempotencyKey, ORDER_FIELD.legalFile, "legalFileName"];

/** The API's field names → ours; anything about the lines is the whole form's. */
const API_FIELDS = new Set<string>(["representativeName", "representativeEmail", "representativePhone", "deliveryType", "pickupOffice", "shipmentAddress", "deliveryTime", "manager", "legalFile", "legalCompany"]);

/** The attached layouts' file/upload keys (a JSON array); anything else in it is dropped. */
function readKeys(raw: string): string[] {
  if (!raw || raw.length > 2000) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((v): v is string => typeof v === "string" && FILE_KEY_PATTERN.test(v)))].slice(0, MAX_CART_IMAGES);
  } catch {
    return [];
  }
}

type Submission = ParsedForm<typeof OrderForm>;
type Draft = z.output<typeof OrderForm>;
type FieldErrors = Record<string, string>;
type LegalFile = { key: string; name: string } | null;

/** The refusal: the form's message, the field errors, what was typed and the requisites kept. */
function refused(submission: Submission, message: string | null, errors: FieldErrors, legalFile: LegalFile): OrderReply {
  // A refused requisites file (too big, wrong type, or one the API no longer accepts) is asked for
  // again: its error goes under the file input, so the layer focuses that input.
  const { [ORDER_FIELD.legalFile]: fileError, ...rest } = errors;
  const underFields: FieldErrors = fileError ? { ...rest, [ORDER_FIELD.legalFileUpload]: fileError } : errors;
  return { ...refuse(submission, message, underFields, HIDDEN_FIELDS), legalFile };
}

/** A field as posted (for the rules across fields, which read a refused form too). */
function posted(submission: Submission, name: string): string {
  const value = submission.payload[name];
  return typeof value === "string" ? value.trim() : "";
}

export async function placeOrder(
  context: Pick<AppLoadContext, "api"> & { city: Pick<City, "id"> & Partial<Pick<City, "office">> } & Partial<Pick<AppLoadContext, "isAuthenticated">>,
  form: FormData,
): Promise<OrderReply> {
  // The lines may be long (the cart's own limit, readLines); every other value is cut before reading.
  const rawLines = form.get(ORDER_FIELD.lines);
  const submission = parseForm(boundedForm(form, { files: false, limits: { [ORDER_FIELD.address]: 500, [ORDER_FIELD.comment]: MAX_ORDER_COMMENT + 100 } }), OrderForm);
  const loggedIn = context.isAuthenticated === true;
  const errors: FieldErrors = {};
  const draft = submission.status === "success" ? submission.value : null;
  const keptKey = posted(submission, ORDER_FIELD.legalFile);
  let legalFile: LegalFile = FILE_KEY_PATTERN.test(keptKey) ? { key: keptKey, name: posted(submission, "legalFileName").slice(0, 255) || "Реквизиты" } : null;

  // Delivery needs an address: typed, or (logged in) one of the user's own saved ones (another user's id names nothing).
  const pickup = DeliveryType.catch("pickup_point").parse(posted(submission, ORDER_FIELD.deliveryType)) === "pickup_point";
  let address = posted(submission, ORDER_FIELD.address).slice(0, 500);
  const savedAddress = posted(submission, ORDER_FIELD.savedAddress).slice(0, 12);
  if (loggedIn && savedAddress && !pickup) {
    const saved = /^\d{1,10}$/.test(savedAddress) && isDbId(Number(savedAddress)) ? Number(savedAddress) : null;
    const own = saved === null ? [] : await context.api.list(endpoints.shipmentAddressList, {}, []);
    const found = own.find((a) => a.id === saved);
    if (found) address = found.address;
    else errors[ORDER_FIELD.address] = ADDRESS_UNKNOWN_MESSAGE;
  }
  if (!pickup && !address && !errors[ORDER_FIELD.address]) errors[ORDER_FIELD.address] = ADDRESS_MISSING;

  const upload = form.get(ORDER_FIELD.legalFileUpload);
  if (upload && typeof upload !== "string" && upload.size > 0) {
    const uploaded = await uploadFile(context, upload, "requisites");
    if (uploaded.ok) legalFile = { key: uploaded.file.key, name: uploaded.file.originalName || upload.name };
    else errors[ORDER_FIELD.legalFileUpload] = uploaded.error;
  }

  const variations = readLines(typeof rawLines === "string" ? rawLines.trim() : "");
  if (!variations || variations.length === 0) return refused(submission, EMPTY_CART_MESSAGE, errors, legalFile);
  if (!draft || Object.keys(errors).length > 0) return refused(submission, FIELD_ERRORS_MESSAGE, errors, legalFile);

  const order: PlacedDraft = {
    draft,
    legalFile,
    shipmentAddress: pickup ? null : address,
    pickupOffice: pickup ? draft.pickupOffice : null,
    // A company is the logged-in user's choice only.
    legalCompany: loggedIn ? draft.legalCompany : null,
    variations,
    key: draft.idempotencyKey ?? randomUUID(),
  };
  // Where /thanks says to collect the order: the office chosen, else the city's own.
  const collectAt = pickup ? (order.pickupOffice ?? context.city.office?.id ?? null) : null;
  const fail = (message: string | null, fieldErrors: FieldErrors, dropLegalFile = false) => refused(submission, message, fieldErrors, dropLegalFile ? null : legalFile);
  if (loggedIn) return placeAccountOrder(context, order, collectAt, fail);
  const result = await context.api.call(endpoints.orderCreateUnauth, {
    body: { ...orderBody(context, order), variations, comment: draft.comment, imageKeys: draft.imageKeys },
    headers: { "Idempotency-Key": order.key },
  });
  return orderReply(result, fail, collectAt);
}

interface PlacedDraft {
  draft: Draft;
  legalFile: LegalFile;
  shipmentAddress: string | null;
  pickupOffice: number | null;
  legalCompany: number | null;
  variations: NonNullable<ReturnType<typeof readLines>>;
  key: string;
}

type Fail = (message: string | null, fieldErrors: FieldErrors, dropLegalFile?: boolean) => OrderReply;

/** The §3 draft both order endpoints take. */
function orderBody(context: { city: Pick<City, "id"> }, o: PlacedDraft) {
  return {
    cityId: context.city.id,
    representativeName: o.draft.representativeName,
    representativeEmail: o.draft.representativeEmail,
    representativePhone: o.draft.representativePhone,
    deliveryType: o.draft.deliveryType,
    pickupOffice: o.pickupOffice,
    shipmentAddress: o.shipmentAddress,
    deliveryTime: o.draft.deliveryTime || null,
    manager: o.draft.manager,
    legalFile: o.legalFile?.key ?? null,
  };
}

/**
 * Logged in (ADR 034): the server cart is made what the page shows (the posted lines, comment and
 * layouts: the same save as the cart store's), then ordered by order/create with the draft and the
 * chosen company; the order is the user's (/profile/orders).
 */
async function placeAccountOrder(context: Pick<AppLoadContext, "api"> & { city: Pick<City, "id"> }, o: PlacedDraft, collectAt: number | null, fail: Fail): Promise<OrderReply> {
  const saveForm = new Map<string, string>([
    ["lines", JSON.stringify(o.variations)],
    ["comment", o.draft.comment ?? ""],
    ["images", JSON.stringify(o.draft.imageKeys)],
  ]);
  const saved = await saveServerCart({ ...context, isAuthenticated: true }, { get: (name) => saveForm.get(name) ?? null });
  if (!saved.ok) return fail(saved.answer.error, {});
  const result = await context.api.call(endpoints.orderCreate, {
    body: { ...orderBody(context, o), legalCompany: o.legalCompany },
    headers: { "Idempotency-Key": o.key },
  });
  return orderReply(result, fail, collectAt, false);
}

function orderReply(
  result: Awaited<ReturnType<AppLoadContext["api"]["call"]>> & ({ ok: true; data: { id: number } } | { ok: false }),
  fail: Fail,
  collectAt: number | null,
  dropsLegalFile = true,
): OrderReply {
  if (result.ok) return collectAt === null ? { status: "success", orderId: result.data.id } : { status: "success", orderId: result.data.id, pickupOffice: collectAt };
  // §5: the server's field errors go under the fields; the rest is the form's message (§8).
  // 409 on the key: this attempt already made an order, with other data (its answer was lost and
  // the form changed since). The API names that order: the visitor lands on its /thanks and the
  // cart is cleared, as on success (ADR 025). A backend that does not name it: the page says the
  // order is accepted and starts a new attempt (a new key) for the next submit.
  if (result.error.status === 409 && result.error.orderId !== undefined) return { status: "success", orderId: result.error.orderId, earlier: true };
  if (result.error.status === 409 && "Idempotency-Key" in result.error.errors) return { ...fail(ALREADY_ORDERED_MESSAGE, {}), newAttempt: true };
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(result.error.errors)) {
    if (API_FIELDS.has(name)) errors[name] = message;
    else if (name.startsWith("imageKeys.")) other.unshift(LAYOUT_GONE_MESSAGE);
    else other.push(message);
  }
  const message = other[0] ?? (Object.keys(errors).length > 0 ? result.error.message || FIELD_ERRORS_MESSAGE : result.error.message);
  // Requisites the API refused (gone, or in another order) are asked for again (unauthenticated: as before).
  return fail(message, errors, dropsLegalFile && Boolean(errors.legalFile));
}
