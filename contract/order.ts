/**
 * §7 "Orders". §3 order draft: cityId, representativeName, representativeEmail, representativePhone,
 * deliveryType (default pickup_point, §9), shipmentAddress, deliveryTime, manager, legalFile; the
 * order id is returned on creation. List and line shapes are designed (§7 "not shown").
 * The city list (GET /api/city/) is in content.ts.
 */
import { z } from "zod";
import { endpoint, paged } from "./endpoint.ts";
import { SortOrder, email, id, isoDateTime, money, pageQuery, limitQuery, phone } from "./common.ts";
import { Manager } from "./profile.ts";
import { CartItemInput, MAX_CART_ITEMS, PricedCoatingLine } from "./cart.ts";
import { fileKey } from "./file.ts";

export const DeliveryType = z.enum(["pickup_point", "courier", "transport_company"]);
export type DeliveryType = z.infer<typeof DeliveryType>;

/** §3 order draft as sent by the ordering page. */
export const OrderDraft = z.object({
  cityId: id(),
  representativeName: z.string().trim().min(1).max(255),
  representativeEmail: email(),
  representativePhone: phone(),
  deliveryType: DeliveryType.default("pickup_point"),
  /** Required unless deliveryType is pickup_point (checked by the server, field error on shipmentAddress). */
  shipmentAddress: z.string().trim().max(500).nullable().default(null),
  /**
   * pickup_point: the office to collect the order from (an office id of the city list, CityOffice.id);
   * null = the city's own office. An id that names no office is a field error on pickupOffice.
   * Ignored for the other delivery types.
   */
  pickupOffice: id().nullable().default(null),
  /** Free text: desired date/time window. */
  deliveryTime: z.string().trim().max(255).nullable().default(null),
  /** Chosen manager (user id from order/manager); null lets the shop assign one. */
  manager: id().nullable().default(null),
  /** Requisites as an uploaded file (file/upload `key`, never the serial id)… */
  legalFile: fileKey().nullable().default(null),
  /** …or one of the user's legal companies (§3 cart page orderCompanySelected). */
  legalCompany: id().nullable().default(null),
});
export type OrderDraft = z.input<typeof OrderDraft>;

/** order/create_unauth: the anonymous cart travels with the draft (§6: anonymous orders exist). */
export const OrderCreateUnauthRequest = OrderDraft.extend({
  variations: z
    .array(CartItemInput)
    .min(1, "Корзина пуста")
    .max(MAX_CART_ITEMS, `В заказе может быть не больше ${MAX_CART_ITEMS} товаров`)
    .refine((list) => new Set(list.map((i) => i.variation)).size === list.length, "Вариации в заказе не должны повторяться"),
  comment: z.string().trim().max(2000).nullable().default(null),
  /** Attached layouts: file/upload keys. */
  imageKeys: z.array(fileKey()).max(20).default([]),
});
export type OrderCreateUnauthRequest = z.input<typeof OrderCreateUnauthRequest>;

/** §3 "Order: id returned on creation". */
export const OrderCreated = z.object({ id: id() });
export type OrderCreated = z.infer<typeof OrderCreated>;

export const OrderStatus = z.enum(["new", "processing", "awaiting_payment", "in_production", "shipped", "completed", "cancelled"]);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** A coating line of an order as it was priced (an order never holds a line with problems). */
export const OrderCoatingLine = PricedCoatingLine.omit({ problems: true });
export type OrderCoatingLine = z.infer<typeof OrderCoatingLine>;

/** The office an order is collected from: one line of address and its hours. */
export const PickupOffice = z.object({
  id: id(),
  /** "Санкт-Петербург". */
  city: z.string(),
  /** "191040, г. Санкт-Петербург, Лиговский проспект, д. 50, корп. 12, офис 305". */
  address: z.string(),
  /** "Пн–Пт с 9:00 до 18:00, Сб–Вс — выходной". */
  operationMode: z.string(),
});
export type PickupOffice = z.infer<typeof PickupOffice>;

/** An order line: a snapshot of title, SKU and prices at ordering time. */
export const OrderLine = z.object({
  productId: id().nullable(),
  groupId: id().nullable(),
  sku: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  count: z.number().int(),
  /** Unit price. */
  price: money(),
  printPrice: money(),
  /** price × count + printPrice. */
  totalPrice: money(),
  coatings: z.array(OrderCoatingLine),
  comment: z.string().nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** /profile/orders row. */
export const Order = z.object({
  id: id(),
  status: OrderStatus,
  createdAt: isoDateTime(),
  city: z.object({ id: id(), title: z.string() }).nullable(),
  representativeName: z.string(),
  representativeEmail: z.string(),
  representativePhone: z.string(),
  deliveryType: DeliveryType,
  shipmentAddress: z.string().nullable(),
  /** pickup_point: where the order is collected (the office as it is now), null otherwise or when unknown. */
  pickupOffice: PickupOffice.nullable().default(null),
  deliveryTime: z.string().nullable(),
  manager: Manager.nullable(),
  comment: z.string().nullable(),
  itemsPrice: money(),
  printPrice: money(),
  totalPrice: money(),
  totalCount: z.number().int().nonnegative(),
  items: z.array(OrderLine),
});
export type Order = z.infer<typeof Order>;

export const OrderSortBy = z.enum(["createdAt", "totalPrice", "status", "id"]);
export type OrderSortBy = z.infer<typeof OrderSortBy>;

/** §7 "order/?page=1&sortBy&sortOrder". */
export const OrderListQuery = z.object({
  page: pageQuery(),
  pageLimit: limitQuery(10, 50),
  sortBy: OrderSortBy.default("createdAt"),
  sortOrder: SortOrder.default("desc"),
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

export const OrderPage = paged(Order);

const tag = "order";

export const orderEndpoints = {
  orderManagers: endpoint({
    id: "orderManagers",
    method: "GET",
    path: "/order/manager",
    tag,
    summary: "Managers a customer may pick on the ordering page (the choice is kept in a cookie, §4)",
    timeout: "default",
    response: z.array(Manager),
  }),
  orderList: endpoint({
    id: "orderList",
    method: "GET",
    path: "/order/",
    tag,
    summary: "The user's orders, paged, newest first by default",
    auth: true,
    timeout: "default",
    query: OrderListQuery,
    response: OrderPage,
  }),
  orderCreate: endpoint({
    id: "orderCreate",
    method: "POST",
    path: "/order/create",
    tag,
    // The server cart (lines, comment, images) becomes the order and is emptied in the same
    // transaction (ADR 035). §4: 400 when the cart is empty or below the minimal order price (same
    // checks as create_unauth; cart lines are named `cart.N…`); `legalCompany` must be the caller's
    // own company, else 404 on that field; 409 when the cart changed while the order was being
    // made. Honours an Idempotency-Key header as create_unauth does.
    summary: "Order the server cart; answers the order id",
    auth: true,
    timeout: "default",
    body: OrderDraft,
    response: OrderCreated,
  }),
  orderCreateUnauth: endpoint({
    id: "orderCreateUnauth",
    method: "POST",
    path: "/order/create_unauth",
    tag,
    // Prices are recomputed by the server. An `Idempotency-Key` header (8–128 of A-Z a-z 0-9 _ . : -,
    // one per draft) makes retries and double submits answer the same order; the same key with
    // another body is a 409 whose body names that order (`orderId`, ADR 025). The "upload" timeout
    // class: an order abandoned by the client after the API stored it would lose its answer.
    summary: "Order an anonymous cart (honours an Idempotency-Key header); answers the order id",
    timeout: "upload",
    body: OrderCreateUnauthRequest,
    response: OrderCreated,
  }),
};
