/**
 * The ordering form (§3 order draft) shared by the page and its action: field names, delivery
 * types, and the reply type. Browser code: no zod, types only from contract/ and the forms layer.
 */
import type { DeliveryType } from "#contract/order.ts";
import type { FormReply } from "#app/lib/forms.ts";

/** The form's field names (the API's own names, so its §5 field errors land under the fields). */
export const ORDER_FIELD = {
  name: "representativeName",
  email: "representativeEmail",
  phone: "representativePhone",
  deliveryType: "deliveryType",
  /** pickup_point: the office (an office id of the city list). */
  pickupOffice: "pickupOffice",
  address: "shipmentAddress",
  deliveryTime: "deliveryTime",
  manager: "manager",
  legalFile: "legalFile",
  legalFileUpload: "legalFileUpload",
  lines: "lines",
  comment: "comment",
  imageKeys: "imageKeys",
  idempotencyKey: "idempotencyKey",
  /** Logged in: one of the user's companies (legal/my) and saved delivery addresses (ADR 034). */
  legalCompany: "legalCompany",
  savedAddress: "savedAddress",
} as const;

/** §9: pickup_point is the default. */
export const DELIVERY_TYPES: readonly { value: DeliveryType; title: string; needsAddress: boolean }[] = [
  { value: "pickup_point", title: "Самовывоз", needsAddress: false },
  { value: "courier", title: "Курьер", needsAddress: true },
  { value: "transport_company", title: "Транспортная компания", needsAddress: true },
];

/** What the visitor typed, given back with errors (without JavaScript too nothing is lost). */
export interface OrderFormValues {
  representativeName: string;
  representativeEmail: string;
  representativePhone: string;
  deliveryType: DeliveryType;
  /** The chosen pickup office's id ("" = the city's own). */
  pickupOffice: string;
  shipmentAddress: string;
  deliveryTime: string;
  manager: string;
  /** Logged in: the chosen company's id ("" none) and saved address's id ("" typed). */
  legalCompany?: string;
  savedAddress?: string;
}

/** §5 field errors shown under the fields (the requisites file's under `legalFile`). */
export type OrderErrors = Partial<Record<keyof OrderFormValues | "legalFileUpload", string>>;

/** The form's id (its fields' ids are `ordering-${name}`). */
export const ORDER_FORM_ID = "ordering";

/** What a logged-in visitor's ordering page offers (loaded server-side for them only). */
export interface OrderAccount {
  name: string;
  email: string;
  phone: string;
  companies: { id: number; title: string; inn: string }[];
  addresses: { id: number; address: string; isDefault: boolean }[];
}

export const EMPTY_ORDER_FORM: OrderFormValues = {
  representativeName: "",
  representativeEmail: "",
  representativePhone: "",
  deliveryType: "pickup_point",
  pickupOffice: "",
  shipmentAddress: "",
  deliveryTime: "",
  manager: "",
};

/** An office the order can be collected from (§3 office address and operation mode). */
export interface PickupOfficeChoice {
  id: number;
  /** "Офис в Санкт-Петербурге". */
  title: string;
  /** "Санкт-Петербург". */
  city: string;
  /** "191040, Санкт-Петербург, Лиговский проспект, д. 50, корп. 12, офис 305". */
  address: string;
  /** "Пн–Пт с 9:00 до 18:00, Сб–Вс — выходной". */
  operationMode: string;
}

/**
 * The action's answer (ADR 046): Conform's reply — field errors under their fields (§5), the
 * form's message, what was typed — plus the order's own extras.
 */
export type OrderReply = FormReply & {
  /** Placed: the order's id (the page clears the cart and lands on /thanks). */
  orderId?: number;
  /**
   * The order was already made by this attempt's key with other data (a lost answer, then a
   * changed form): the page still clears the cart and shows that order (ADR 025).
   */
  earlier?: boolean;
  /** pickup_point: the office's id, for /thanks to say where to collect the order. */
  pickupOffice?: number;
  /** Refused: the requisites already uploaded (by their file/upload key), not asked for again. */
  legalFile?: { key: string; name: string } | null;
  /** The key was used by an order with other data: the next submit is a new attempt (a new key). */
  newAttempt?: boolean;
};

/** Where a placed order lands (the page clears the local cart first). */
export const THANKS_PATH = "/thanks";
export function thanksHref(orderId: number, pickupOffice?: number | null): string {
  return `${THANKS_PATH}?order=${orderId}${pickupOffice ? `&office=${pickupOffice}` : ""}`;
}
