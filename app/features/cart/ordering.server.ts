/**
 * POST /cart/ordering: the §3 order draft with the local cart's lines (a hidden field the page
 * fills after hydration) → POST /api/order/create_unauth, with the Idempotency-Key the page made
 * once for this ordering attempt (a double click or a retry answers the same order). Everything
 * posted is checked first; a bad field is a §5 message under it, never an exception, and the
 * values come back so nothing typed is lost.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { endpoints, DeliveryType, FILE_KEY_PATTERN, email, isDbId, normalizePhone, officeAddressLine, type City } from "#contract/index.ts";
import { readLines, saveServerCart, uploadFile } from "./cart.server.ts";
import { MAX_CART_IMAGES, MAX_ORDER_COMMENT } from "./cart.ts";
import { EMPTY_ORDER_FORM, ORDER_FIELD, type OrderAccount, type OrderAnswer, type OrderFormValues, type PickupOfficeChoice } from "./ordering.ts";

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

interface FormLike {
  get(name: string): FormDataEntryValue | null;
}

const str = (form: FormLike, name: string, max: number): string => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim().slice(0, max) : "";
};

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** The contract's e-mail rule (one rule with the API). */
const EMAIL = email();

/** The API's field names → ours; anything about the lines is the whole form's. */
const API_FIELDS = new Set<string>(["representativeName", "representativeEmail", "representativePhone", "deliveryType", "pickupOffice", "shipmentAddress", "deliveryTime", "manager", "legalFile", "legalCompany"]);

function readValues(form: FormLike): OrderFormValues {
  const type = DeliveryType.safeParse(str(form, ORDER_FIELD.deliveryType, 40));
  return {
    representativeName: str(form, ORDER_FIELD.name, 255),
    representativeEmail: str(form, ORDER_FIELD.email, 320),
    representativePhone: str(form, ORDER_FIELD.phone, 40),
    deliveryType: type.success ? type.data : EMPTY_ORDER_FORM.deliveryType,
    pickupOffice: str(form, ORDER_FIELD.pickupOffice, 12),
    shipmentAddress: str(form, ORDER_FIELD.address, 500),
    deliveryTime: str(form, ORDER_FIELD.deliveryTime, 255),
    manager: str(form, ORDER_FIELD.manager, 12),
    legalCompany: str(form, ORDER_FIELD.legalCompany, 12),
    savedAddress: str(form, ORDER_FIELD.savedAddress, 12),
  };
}

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

const idOf = (raw: string): number | null => (/^\d{1,10}$/.test(raw) && isDbId(Number(raw)) ? Number(raw) : null);

export async function placeOrder(
  context: Pick<AppLoadContext, "api"> & { city: Pick<City, "id"> & Partial<Pick<City, "office">> } & Partial<Pick<AppLoadContext, "isAuthenticated">>,
  form: FormLike,
): Promise<OrderAnswer> {
  const values = readValues(form);
  const loggedIn = context.isAuthenticated === true;
  const errors: Extract<OrderAnswer, { ok: false }>["errors"] = {};
  let legalFile: { key: string; name: string } | null = null;
  const fail = (message: string | null): OrderAnswer => ({ ok: false, message, errors, values, legalFile });

  const keptKey = str(form, ORDER_FIELD.legalFile, 64);
  if (FILE_KEY_PATTERN.test(keptKey)) legalFile = { key: keptKey, name: str(form, "legalFileName", 255) || "Реквизиты" };

  if (!values.representativeName) errors.representativeName = "Укажите ФИО.";
  if (!values.representativeEmail) errors.representativeEmail = "Укажите e-mail.";
  else if (!EMAIL.safeParse(values.representativeEmail).success) errors.representativeEmail = "Неверный формат e-mail.";
  const phone = normalizePhone(values.representativePhone);
  if (!values.representativePhone) errors.representativePhone = "Укажите телефон.";
  else if (!phone) errors.representativePhone = "Укажите телефон полностью: +7 (XXX) XXX-XX-XX.";
  // Logged in: a saved address (the user's own list, so another user's id names nothing) fills the field.
  if (loggedIn && values.savedAddress && values.deliveryType !== "pickup_point") {
    const saved = idOf(values.savedAddress);
    const own = saved === null ? [] : await context.api.list(endpoints.shipmentAddressList, {}, []);
    const address = own.find((a) => a.id === saved);
    if (address) values.shipmentAddress = address.address;
    else errors.shipmentAddress = ADDRESS_UNKNOWN_MESSAGE;
  }
  if (values.deliveryType !== "pickup_point" && !values.shipmentAddress && !errors.shipmentAddress) errors.shipmentAddress = "Укажите адрес доставки.";
  const legalCompany = loggedIn && values.legalCompany ? idOf(values.legalCompany) : null;
  if (loggedIn && values.legalCompany && legalCompany === null) errors.legalCompany = COMPANY_UNKNOWN_MESSAGE;
  const manager = values.manager ? idOf(values.manager) : null;
  if (values.manager && manager === null) errors.manager = "Выберите менеджера из списка.";
  // Pickup: the office chosen (the API checks it is one), else none sent: the city's own.
  const pickup = values.deliveryType === "pickup_point";
  const pickupOffice = pickup && values.pickupOffice ? idOf(values.pickupOffice) : null;
  if (pickup && values.pickupOffice && pickupOffice === null) errors.pickupOffice = PICKUP_OFFICE_MESSAGE;

  const upload = form.get(ORDER_FIELD.legalFileUpload);
  if (upload && typeof upload !== "string" && upload.size > 0) {
    const uploaded = await uploadFile(context, upload, "requisites");
    if (uploaded.ok) legalFile = { key: uploaded.file.key, name: uploaded.file.originalName || upload.name };
    else errors.legalFile = uploaded.error;
  }

  const variations = readLines(str(form, ORDER_FIELD.lines, Number.MAX_SAFE_INTEGER));
  if (!variations || variations.length === 0) return fail(EMPTY_CART_MESSAGE);
  if (Object.keys(errors).length > 0) return fail(FIELD_ERRORS_MESSAGE);

  const rawKey = str(form, ORDER_FIELD.idempotencyKey, 64);
  const key = KEY.test(rawKey) ? rawKey : randomUUID();
  const comment = str(form, ORDER_FIELD.comment, MAX_ORDER_COMMENT) || null;
  const imageKeys = readKeys(str(form, ORDER_FIELD.imageKeys, 2000));
  // Where /thanks says to collect the order: the office chosen, else the city's own.
  const collectAt = pickup ? (pickupOffice ?? context.city.office?.id ?? null) : null;
  if (loggedIn) return placeAccountOrder(context, { values, phone: phone!, manager, pickupOffice, collectAt, legalFile, legalCompany, variations, comment, imageKeys, key, errors, fail });
  const result = await context.api.call(endpoints.orderCreateUnauth, {
    body: {
      cityId: context.city.id,
      representativeName: values.representativeName,
      representativeEmail: values.representativeEmail,
      representativePhone: phone!,
      deliveryType: values.deliveryType,
      pickupOffice,
      shipmentAddress: values.deliveryType === "pickup_point" ? null : values.shipmentAddress,
      deliveryTime: values.deliveryTime || null,
      manager,
      legalFile: legalFile?.key ?? null,
      variations,
      comment,
      imageKeys,
    },
    headers: { "Idempotency-Key": key },
  });
  return orderAnswer(result, errors, fail, () => legalFile = null, collectAt);
}

type Fail = (message: string | null) => OrderAnswer;
type Errors = Extract<OrderAnswer, { ok: false }>["errors"];

/**
 * Logged in (ADR 034): the server cart is made what the page shows (the posted lines, comment and
 * layouts: the same save as the cart store's), then ordered by order/create with the draft and the
 * chosen company; the order is the user's (/profile/orders).
 */
async function placeAccountOrder(
  context: Pick<AppLoadContext, "api"> & { city: Pick<City, "id"> },
  o: {
    values: OrderFormValues;
    phone: string;
    manager: number | null;
    pickupOffice: number | null;
    collectAt: number | null;
    legalFile: { key: string } | null;
    legalCompany: number | null;
    variations: NonNullable<ReturnType<typeof readLines>>;
    comment: string | null;
    imageKeys: string[];
    key: string;
    errors: Errors;
    fail: Fail;
  },
): Promise<OrderAnswer> {
  const saveForm = new Map<string, string>([
    ["lines", JSON.stringify(o.variations)],
    ["comment", o.comment ?? ""],
    ["images", JSON.stringify(o.imageKeys)],
  ]);
  const saved = await saveServerCart({ ...context, isAuthenticated: true }, { get: (name) => saveForm.get(name) ?? null });
  if (!saved.ok) return o.fail(saved.answer.error);
  const result = await context.api.call(endpoints.orderCreate, {
    body: {
      cityId: context.city.id,
      representativeName: o.values.representativeName,
      representativeEmail: o.values.representativeEmail,
      representativePhone: o.phone,
      deliveryType: o.values.deliveryType,
      pickupOffice: o.pickupOffice,
      shipmentAddress: o.values.deliveryType === "pickup_point" ? null : o.values.shipmentAddress,
      deliveryTime: o.values.deliveryTime || null,
      manager: o.manager,
      legalFile: o.legalFile?.key ?? null,
      legalCompany: o.legalCompany,
    },
    headers: { "Idempotency-Key": o.key },
  });
  return orderAnswer(result, o.errors, o.fail, () => {}, o.collectAt);
}

function orderAnswer(
  result: Awaited<ReturnType<AppLoadContext["api"]["call"]>> & ({ ok: true; data: { id: number } } | { ok: false }),
  errors: Errors,
  fail: Fail,
  dropLegalFile: () => void,
  collectAt: number | null = null,
): OrderAnswer {
  if (result.ok) return collectAt === null ? { ok: true, orderId: result.data.id } : { ok: true, orderId: result.data.id, pickupOffice: collectAt };
  // §5: the server's field errors go under the fields; the rest is the form's message (§8).
  // 409 on the key: this attempt already made an order, with other data (its answer was lost and
  // the form changed since). The API names that order: the visitor lands on its /thanks and the
  // cart is cleared, as on success (ADR 025). A backend that does not name it: the page says the
  // order is accepted and starts a new attempt (a new key) for the next submit.
  if (result.error.status === 409 && result.error.orderId !== undefined) return { ok: true, orderId: result.error.orderId, earlier: true };
  if (result.error.status === 409 && "Idempotency-Key" in result.error.errors) {
    return { ...(fail(ALREADY_ORDERED_MESSAGE) as Extract<OrderAnswer, { ok: false }>), newAttempt: true };
  }
  const other: string[] = [];
  for (const [name, message] of Object.entries(result.error.errors)) {
    if (API_FIELDS.has(name)) errors[name as keyof typeof errors] = message;
    else if (name.startsWith("imageKeys.")) other.unshift(LAYOUT_GONE_MESSAGE);
    else other.push(message);
  }
  // Requisites the API refused (gone, or in another order) are asked for again.
  if (errors.legalFile) dropLegalFile();
  const message = other[0] ?? (Object.keys(errors).length > 0 ? result.error.message || FIELD_ERRORS_MESSAGE : result.error.message);
  return fail(message);
}
