/**
 * Orders (§3 order draft, §4 minimal order, §7 order/create_unauth, order/manager; ADR 025).
 *
 * order/create_unauth:
 * 1. An `Idempotency-Key` already used answers the order it created (same request) or 409
 *    (another request, with that order's id in `orderId`), before any work.
 * 2. The draft is checked against the database: the city, the chosen manager, the uploaded files
 *    (named by their random storage key, never the serial id, and not already attached to another
 *    order); courier and transport-company delivery need an address (§3).
 * 3. The cart is priced again by the cart pricing service (api/cart/pricing.ts), never from the
 *    client's numbers: unavailable variations and unfinished coating lines (§5) are field errors
 *    on `variations.N…`; the minimal order price (settings.minimalOrderPrice) is held by the one
 *    §4 rule the cart page applies (contract minimalOrderMissing: a line priced 0 lifts it).
 *    Counts above the stock are accepted (ADR 025: the rest is made to order, a manager confirms
 *    the date); the cart line's `stockNote` says so on the page and in the letter.
 * 4. One transaction stores the order and its lines (a snapshot of title, SKU, image, unit price,
 *    priced coating lines and comments) and marks the files as the order's (`files.order_id`, only
 *    where still unset: a file raced into another order rolls this one back with a field error).
 *    With a key, the INSERT is `ON CONFLICT (idempotency_key) DO NOTHING`: of two simultaneous
 *    requests with one key, PostgreSQL's unique index lets one insert and makes the other wait
 *    for it, then find its order.
 * 5. After the commit the representative gets the confirmation letter (api/order/letter.ts) in
 *    the background; a failed letter is logged and never fails the order.
 */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  CartCoatingLine,
  FILE_NOT_FOUND_MESSAGE,
  minimalOrderMissing,
  minimalOrderPrice,
  normalizePhone,
  officeAddressLine,
  type Manager,
  type PickupOffice,
  type OrderCreated,
  type OrderCreateUnauthRequest,
  type Order,
  type OrderDraft,
  type OrderListQuery,
  type OrderSortBy,
  type Paged,
} from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { orderItems, orders } from "../db/schema";
import { SHOP_NAME } from "../db/seed/content-data";
import { intArray } from "../catalog/filters";
import type { CartPricing, PricingItem } from "../cart/pricing";
import { lockUser } from "../auth/user-lock";
import { HttpError, type FieldError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { orderConfirmation } from "./letter";
import { log } from "../../log/logger";

/** The request as the contract parsed it (defaults filled). */
type CreateBody = z.output<typeof OrderCreateUnauthRequest>;
type DraftBody = z.output<typeof OrderDraft>;

/**
 * What an order is made of, whichever call made it: the draft, the priced lines' input and the
 * attached files. order/create_unauth sends the lines; order/create takes the caller's server cart.
 */
interface OrderInput {
  draft: DraftBody;
  variations: PricingItem[];
  comment: string | null;
  imageKeys: string[];
  /** The caller of order/create; null for create_unauth. */
  userId: number | null;
  /** Field name of the lines in errors: `variations` as sent, or `cart` (the server cart's lines). */
  linesField: "variations" | "cart";
  /** The server cart the order empties, in the order's transaction, if it is still as priced. */
  cart: { id: number; version: string } | null;
  idempotencyKey: string | null;
  hash: string;
}

/** numeric(12,2) holds less than 10¹⁰ rubles. */
export const MAX_ORDER_TOTAL = 9_999_999_999.99;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
export const IDEMPOTENCY_CONFLICT = "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа";
export const FILE_TAKEN_MESSAGE = "Этот файл уже приложен к другому заказу, загрузите его ещё раз";
export const CART_EMPTY_MESSAGE = "Корзина пуста";
export const CART_CHANGED_MESSAGE = "Корзина изменилась, пока заказ оформлялся: проверьте её и отправьте заказ ещё раз";
export const ORDER_COMPANY_NOT_FOUND = "Компания не найдена: выберите её из списка ваших компаний";
const LEGAL_FILE_NOT_FOUND = "Файл с реквизитами не найден, загрузите его ещё раз";

const CHECK_ORDER = "Проверьте заказ";

interface References {
  city: string | null;
  manager: Manager | null;
  /** The caller's personal manager (users.manager_id), if still a manager: an order without a choice gets them. */
  personal: Manager | null;
  /** Else the manager with the fewest new orders. */
  assigned: Manager | null;
  minimal: string | null;
  /** The named uploads that exist: key → id and the order it is attached to (null: none yet). */
  files: { key: string; id: number; orderId: number | null }[];
  shopPhone: string | null;
  shopEmail: string | null;
  /** The office the draft chose for pickup (pickupOffice), null when it names none. */
  chosenOffice: OfficeRow | null;
  /** The city's own office: pickup without a choice. */
  cityOffice: OfficeRow | null;
}

interface OfficeRow {
  id: number;
  postalCode: string;
  city: string;
  street: string;
  operationMode: string;
}

const OFFICE_JSON = sql`json_build_object('id', po.id, 'postalCode', po.postal_code, 'city', po.city, 'street', po.street, 'operationMode', po.operation_mode)`;

export const PICKUP_OFFICE_UNKNOWN = "Выберите офис для самовывоза из списка";

/** contract PickupOffice from an offices row. */
function pickupOffice(row: OfficeRow | null): PickupOffice | null {
  return row ? { id: Number(row.id), city: row.city, address: officeAddressLine(row), operationMode: row.operationMode } : null;
}

/** Changes with any write of a server cart (its lines, comment, files): order/create compares it inside its transaction. */
const CART_VERSION = sql`md5(concat_ws('|', c.comment, c.image_ids::text,
  (SELECT string_agg(concat_ws(':', i.id, i.product_id, i.count, i.comment, i.coatings::text), ',' ORDER BY i.id) FROM cart_items i WHERE i.cart_id = c.id)))`;

const CartCoatingLines = z.array(CartCoatingLine);

const ORDER_SORT: Record<OrderSortBy, SQL> = {
  createdAt: sql`o.created_at`,
  totalPrice: sql`o.total_price`,
  status: sql`o.status`,
  id: sql`o.id`,
};

/** An order as contract Order: numbers as numbers (numeric comes back as text otherwise). */
const ORDER_JSON = sql`json_build_object(
  'id', o.id,
  'status', o.status,
  'createdAt', o.created_at,
  'city', (SELECT json_build_object('id', ci.id, 'title', ci.title) FROM cities ci WHERE ci.id = o.city_id),
  'representativeName', o.representative_name,
  'representativeEmail', o.representative_email,
  'representativePhone', o.representative_phone,
  'deliveryType', o.delivery_type,
  'shipmentAddress', o.shipment_address,
  'pickupOffice', (SELECT ${OFFICE_JSON} FROM offices po WHERE po.id = o.pickup_office_id),
  'deliveryTime', o.delivery_time,
  'manager', (SELECT json_build_object('id', u.id, 'name', COALESCE(u.name, ''), 'email', u.email, 'phone', u.phone, 'avatar', u.avatar)
    FROM users u WHERE u.id = o.manager_id),
  'comment', o.comment,
  'itemsPrice', o.items_price::float8,
  'printPrice', o.print_price::float8,
  'totalPrice', o.total_price::float8,
  'totalCount', o.total_count,
  'items', COALESCE((SELECT json_agg(json_build_object(
      'productId', i.product_id, 'groupId', i.group_id, 'sku', i.sku, 'title', i.title, 'image', i.image, 'count', i.count,
      'price', i.price::float8, 'printPrice', i.print_price::float8,
      'totalPrice', round(i.price * i.count + i.print_price, 2)::float8,
      'coatings', i.coatings, 'comment', i.comment) ORDER BY i.sort, i.id)
    FROM order_items i WHERE i.order_id = o.id), '[]'::json)
)`;

const MANAGER_JSON = sql`json_build_object('id', u.id, 'name', COALESCE(u.name, ''), 'email', u.email, 'phone', u.phone, 'avatar', u.avatar)`;
const IS_MANAGER = sql`'ROLE_MANAGER' = ANY (u.roles)`;

/** "10 000", "1 234,5": a Russian number with plain spaces. */
function formatNumber(value: number): string {
  return new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 }).format(value).replace(/[\u202f\u00a0]/g, " ");
}

/** Storage keys (contract fileKey: A-Z a-z 0-9 _ -, nothing to escape in an array literal). */
function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.join(",")}}`}::text[]`;
}

export function requestHash(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

export interface OrderServiceOptions {
  logError?: (message: string, error: unknown) => void;
}

export function createOrderService(db: Db, pricing: CartPricing, mailer: Mailer, options: OrderServiceOptions = {}) {
  const logError = options.logError ?? ((message: string, error: unknown) => log.error({ err: error }, message));

  async function byKey(key: string): Promise<{ id: number; hash: string | null; userId: number | null } | null> {
    const [row] = await queryRows<{ id: number; hash: string | null; userId: number | null }>(
      db,
      sql`SELECT id, request_hash AS hash, user_id AS "userId" FROM orders WHERE idempotency_key = ${key}`,
    );
    return row ?? null;
  }

  function replay(existing: { id: number; hash: string | null; userId: number | null }, hash: string, userId: number | null = null): OrderCreated {
    if (existing.userId !== userId) {
      // Another customer's key (or an anonymous one used logged in): their order is not named.
      throw new HttpError(409, IDEMPOTENCY_CONFLICT, [{ field: "Idempotency-Key", message: IDEMPOTENCY_CONFLICT }]);
    }
    if (existing.hash !== hash) {
      // The key's order is named: the storefront shows it instead of losing it (ADR 025).
      throw new HttpError(409, IDEMPOTENCY_CONFLICT, [{ field: "Idempotency-Key", message: IDEMPOTENCY_CONFLICT }], { orderId: existing.id });
    }
    return { id: existing.id };
  }

  async function references(body: DraftBody, fileKeys: string[], userId: number | null): Promise<References> {
    const [row] = await queryRows<References>(
      db,
      sql`SELECT
        (SELECT title FROM cities WHERE id = ${body.cityId}) AS city,
        (SELECT ${MANAGER_JSON} FROM users u WHERE u.id = ${body.manager ?? 0} AND ${IS_MANAGER}) AS manager,
        (SELECT ${MANAGER_JSON} FROM users c JOIN users u ON u.id = c.manager_id WHERE c.id = ${userId ?? 0} AND ${IS_MANAGER}) AS personal,
        (SELECT ${MANAGER_JSON} FROM users u WHERE ${IS_MANAGER}
          ORDER BY (SELECT count(*) FROM orders o WHERE o.manager_id = u.id AND o.status = 'new'), u.id LIMIT 1) AS assigned,
        (SELECT value FROM settings WHERE key = 'minimalOrderPrice') AS minimal,
        COALESCE((SELECT json_agg(json_build_object('key', f.storage_key, 'id', f.id, 'orderId', f.order_id)) FROM files f
          WHERE f.storage_key = ANY(${textArray(fileKeys)})), '[]'::json) AS files,
        COALESCE((SELECT o.phone FROM cities ci JOIN offices o ON o.id = ci.office_id WHERE ci.id = ${body.cityId}),
          (SELECT value FROM contacts WHERE name = 'companyPhoneNumber')) AS "shopPhone",
        COALESCE((SELECT o.email FROM cities ci JOIN offices o ON o.id = ci.office_id WHERE ci.id = ${body.cityId}),
          (SELECT value FROM contacts WHERE name = 'companyGeneralEmail')) AS "shopEmail",
        (SELECT ${OFFICE_JSON} FROM offices po WHERE po.id = ${body.pickupOffice ?? 0}) AS "chosenOffice",
        (SELECT ${OFFICE_JSON} FROM cities ci JOIN offices po ON po.id = ci.office_id WHERE ci.id = ${body.cityId}) AS "cityOffice"`,
    );
    return row;
  }

  function checkKey(idempotencyKey: string | null): void {
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      const message = "Ключ повтора (Idempotency-Key): от 8 до 128 латинских букв, цифр и знаков _ . : -";
      throw new HttpError(400, message, [{ field: "Idempotency-Key", message }]);
    }
  }

  /** Where the idempotency key is checked and a lost race is answered as a retry (both calls). */
  async function withKey(input: OrderInput): Promise<OrderCreated> {
    const { idempotencyKey, hash, userId } = input;
    checkKey(idempotencyKey);
    if (idempotencyKey !== null) {
      const existing = await byKey(idempotencyKey);
      if (existing) return replay(existing, hash, userId);
    }
    try {
      return await place(input);
    } catch (error) {
      // A simultaneous submit with this key made the order meanwhile (and took its files or emptied
      // the cart, which refuses this one): answer as a retry, not with the refusal.
      if (idempotencyKey !== null && error instanceof HttpError && (error.status === 400 || error.status === 409)) {
        const existing = await byKey(idempotencyKey);
        if (existing) return replay(existing, hash, userId);
      }
      throw error;
    }
  }

  /** The caller's server cart as pricing input, with a version that changes with any cart write. */
  async function serverCart(userId: number): Promise<{ id: number; comment: string; items: PricingItem[]; imageKeys: string[]; version: string; broken: number[] } | null> {
    const [row] = await queryRows<{ id: number; comment: string; items: unknown[]; imageKeys: string[]; version: string }>(
      db,
      sql`SELECT c.id, c.comment, ${CART_VERSION} AS version,
            COALESCE((SELECT json_agg(json_build_object('variation', i.product_id, 'count', i.count, 'comment', i.comment, 'coatings', i.coatings)
              ORDER BY i.id) FROM cart_items i WHERE i.cart_id = c.id), '[]'::json) AS items,
            COALESCE((SELECT json_agg(f.storage_key ORDER BY array_position(c.image_ids, f.id)) FROM files f
              WHERE f.id = ANY(c.image_ids) AND f.order_id IS NULL), '[]'::json) AS "imageKeys"
          FROM carts c WHERE c.user_id = ${userId}`,
    );
    if (!row) return null;
    const broken: number[] = [];
    const items = (row.items as { variation: number; count: number; comment: string | null; coatings: unknown }[]).map((item, i) => {
      // Stored by the server cart as the contract parsed them; a line that no longer parses is named, not priced wrong.
      const coatings = CartCoatingLines.safeParse(item.coatings);
      if (!coatings.success) broken.push(i);
      return { variation: Number(item.variation), count: Number(item.count), comment: item.comment, coatings: coatings.success ? coatings.data : [] };
    });
    return { id: Number(row.id), comment: row.comment, items, imageKeys: row.imageKeys, version: row.version, broken };
  }

  return {
    /** Managers a customer may choose (order/manager), in a stable order. */
    async managers(): Promise<Manager[]> {
      const rows = await queryRows<{ m: Manager }>(db, sql`SELECT ${MANAGER_JSON} AS m FROM users u WHERE ${IS_MANAGER} ORDER BY u.id`);
      return rows.map((r) => r.m);
    },

    /** GET /order/: the caller's own orders, paged (§3 paged shape), with their lines. */
    async list(userId: number, query: z.output<typeof OrderListQuery>): Promise<Paged<Order>> {
      const order = ORDER_SORT[query.sortBy];
      const direction = query.sortOrder === "asc" ? sql`ASC` : sql`DESC`;
      const offset = (query.page - 1) * query.pageLimit;
      const [row] = await queryRows<{ total: number; elements: Order[] }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${userId}) AS total,
          COALESCE((SELECT json_agg(x.o ORDER BY x.n) FROM (
            SELECT ${ORDER_JSON} AS o, row_number() OVER (ORDER BY ${order} ${direction}, o.id ${direction}) AS n
            FROM orders o WHERE o.user_id = ${userId}
            ORDER BY ${order} ${direction}, o.id ${direction} LIMIT ${query.pageLimit} OFFSET ${offset}) x), '[]'::json) AS elements`,
      );
      return {
        pageLimit: query.pageLimit,
        countItems: row.total,
        countPages: Math.ceil(row.total / query.pageLimit),
        elements: row.elements.map((o) => ({
          ...o,
          createdAt: new Date(o.createdAt).toISOString(),
          pickupOffice: pickupOffice(o.pickupOffice as unknown as OfficeRow | null),
        })),
      };
    },

    createUnauth(body: CreateBody, idempotencyKey: string | null): Promise<OrderCreated> {
      return withKey({
        draft: body,
        variations: body.variations,
        comment: body.comment,
        imageKeys: body.imageKeys,
        userId: null,
        linesField: "variations",
        cart: null,
        idempotencyKey,
        hash: requestHash(body),
      });
    },

    /**
     * order/create: the caller's server cart (its lines, comment and files) becomes the order,
     * priced and checked exactly as create_unauth, and the cart is emptied in the order's
     * transaction. `legalCompany` must be one of the caller's companies (else 404 on that field).
     */
    async create(userId: number, draft: DraftBody, idempotencyKey: string | null): Promise<OrderCreated> {
      // The key's hash covers the draft and the caller: a retry after the cart was emptied answers the order.
      const hash = requestHash({ userId, draft });
      checkKey(idempotencyKey);
      if (idempotencyKey !== null) {
        const existing = await byKey(idempotencyKey);
        if (existing) return replay(existing, hash, userId);
      }
      if (draft.legalCompany !== null) {
        const [own] = await queryRows<{ id: number }>(
          db,
          sql`SELECT id FROM legal_companies WHERE id = ${draft.legalCompany} AND user_id = ${userId} AND NOT is_own`,
        );
        // Another customer's company reads as one that does not exist (ADR 035).
        if (!own) throw new HttpError(404, ORDER_COMPANY_NOT_FOUND, [{ field: "legalCompany", message: ORDER_COMPANY_NOT_FOUND }]);
      }
      const cart = await serverCart(userId);
      if (!cart || cart.items.length === 0) throw new HttpError(400, CART_EMPTY_MESSAGE, [{ field: "cart", message: CART_EMPTY_MESSAGE }]);
      if (cart.broken.length) {
        throw new HttpError(
          400,
          CHECK_ORDER,
          cart.broken.map((i) => ({ field: `cart.${i}.coatings`, message: "Нанесение этого товара нужно выбрать заново" })),
        );
      }
      return withKey({
        draft,
        variations: cart.items,
        comment: cart.comment || null,
        imageKeys: cart.imageKeys,
        userId,
        linesField: "cart",
        cart: { id: cart.id, version: cart.version },
        idempotencyKey,
        hash,
      });
    },
  };

  async function place(input: OrderInput): Promise<OrderCreated> {
    const { draft: body, userId, linesField, idempotencyKey, hash } = input;
    const errors: FieldError[] = [];
    if (body.deliveryType !== "pickup_point" && !body.shipmentAddress) {
      errors.push({ field: "shipmentAddress", message: "Укажите адрес доставки" });
    }
    // Pickup (§9, the default): the chosen office, else the city's own (ADR 043).
    const pickup = body.deliveryType === "pickup_point";
    if (userId === null && body.legalCompany !== null) {
      errors.push({ field: "legalCompany", message: "Реквизиты компании из личного кабинета доступны после входа; приложите файл с реквизитами" });
    }
    const fileKeys = [...new Set([...input.imageKeys, ...(body.legalFile ? [body.legalFile] : [])])];
    const refs = await references(body, fileKeys, userId);
    if (refs.city === null) errors.push({ field: "cityId", message: "Выберите город из списка" });
    if (body.manager !== null && !refs.manager) errors.push({ field: "manager", message: "Такого менеджера нет, выберите из списка" });
    if (pickup && body.pickupOffice !== null && !refs.chosenOffice) errors.push({ field: "pickupOffice", message: PICKUP_OFFICE_UNKNOWN });
    const office = pickup ? pickupOffice(refs.chosenOffice ?? refs.cityOffice) : null;
    const fileByKey = new Map(refs.files.map((f) => [f.key, f]));
    /** Null when the file can be attached; else why not. */
    const fileProblem = (key: string, missing: string) => {
      const file = fileByKey.get(key);
      return !file ? missing : file.orderId !== null ? FILE_TAKEN_MESSAGE : null;
    };
    input.imageKeys.forEach((key, i) => {
      const message = fileProblem(key, FILE_NOT_FOUND_MESSAGE);
      if (message) errors.push({ field: `imageKeys.${i}`, message });
    });
    if (body.legalFile !== null) {
      const message = fileProblem(body.legalFile, LEGAL_FILE_NOT_FOUND);
      if (message) errors.push({ field: "legalFile", message });
    }

    const { cart, problems } = await pricing.price(input.variations, input.comment ?? "", { fresh: true });
    const unavailable = new Set(cart.unavailableVariations);
    input.variations.forEach((item, i) => {
      if (unavailable.has(item.variation)) {
        errors.push({ field: `${linesField}.${i}.variation`, message: "Этот товар больше не продаётся, удалите его из корзины" });
      }
      // Counts above the stock are not refused (ADR 025): the line's stockNote says the rest is made to order.
    });
    // Pricing names the lines `variations.N…`; the server cart's are `cart.N…`.
    errors.push(...problems.map((p) => ({ ...p, field: p.field.replace(/^variations\./, `${linesField}.`) })));
    if (errors.length) throw new HttpError(400, CHECK_ORDER, errors);
    const imageIds = [...new Set(input.imageKeys.map((key) => fileByKey.get(key)!.id))];
    const legalFileId = body.legalFile === null ? null : fileByKey.get(body.legalFile)!.id;

    // §4, the cart page's own rule (contract/ordering-rules.ts): a line priced 0 lifts the minimum.
    const minimal = minimalOrderPrice(refs.minimal);
    const missing = minimalOrderMissing(
      cart.cartItems.map((line) => line.price),
      cart.price,
      minimal,
    );
    if (missing > 0) {
      throw new HttpError(400, `Минимальная сумма заказа — ${formatNumber(minimal)} ₽, в корзине на ${formatNumber(cart.price)} ₽`);
    }
    if (cart.price > MAX_ORDER_TOTAL) {
      throw new HttpError(400, "Сумма заказа слишком велика для оформления на сайте: свяжитесь с менеджером");
    }

    const manager = refs.manager ?? refs.personal ?? refs.assigned;
    const fileIds = [...new Set([...imageIds, ...(legalFileId === null ? [] : [legalFileId])])];
    const created = await db.transaction(async (tx) => {
      if (input.cart) {
        // The cart's writes (api/cart/server-cart.ts) hold the same lock: the cart stays as priced
        // until this commits, or it changed since and the order is refused (nothing stored).
        await lockUser(tx, userId!);
        const [now] = await queryRows<{ version: string }>(tx, sql`SELECT ${CART_VERSION} AS version FROM carts c WHERE c.id = ${input.cart.id}`);
        if (!now || now.version !== input.cart.version) throw new HttpError(409, CART_CHANGED_MESSAGE, [{ field: "cart", message: CART_CHANGED_MESSAGE }]);
      }
      if (fileIds.length) {
        // Locked for this transaction: the 24-hour sweep or another order cannot take them meanwhile.
        const rows = await queryRows<{ id: number; orderId: number | null }>(
          tx,
          sql`SELECT id, order_id AS "orderId" FROM files WHERE id = ANY(${intArray(fileIds)}) ORDER BY id FOR UPDATE`,
        );
        const state = new Map(rows.map((r) => [r.id, r.orderId]));
        const why = (fileId: number) => (!state.has(fileId) ? FILE_NOT_FOUND_MESSAGE : state.get(fileId) !== null ? FILE_TAKEN_MESSAGE : null);
        const lost: FieldError[] = [];
        input.imageKeys.forEach((key, i) => {
          const message = why(fileByKey.get(key)!.id);
          if (message) lost.push({ field: `imageKeys.${i}`, message });
        });
        const legalProblem = legalFileId === null ? null : why(legalFileId);
        if (legalProblem) lost.push({ field: "legalFile", message: legalProblem === FILE_NOT_FOUND_MESSAGE ? LEGAL_FILE_NOT_FOUND : legalProblem });
        if (lost.length) throw new HttpError(400, CHECK_ORDER, lost);
      }
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          cityId: body.cityId,
          representativeName: body.representativeName,
          representativeEmail: body.representativeEmail,
          // contract phone(): typed through a mask; stored as +7 and ten digits (contract/phone.ts).
          representativePhone: normalizePhone(body.representativePhone) ?? body.representativePhone,
          deliveryType: body.deliveryType,
          shipmentAddress: pickup ? null : body.shipmentAddress,
          pickupOfficeId: office?.id ?? null,
          deliveryTime: body.deliveryTime || null,
          managerId: manager?.id ?? null,
          legalCompanyId: userId === null ? null : body.legalCompany,
          legalFileId,
          comment: input.comment || null,
          imageIds,
          itemsPrice: cart.itemsPrice,
          printPrice: cart.printPrice,
          totalPrice: cart.price,
          totalCount: cart.totalCount,
          weight: cart.weight,
          idempotencyKey,
          requestHash: idempotencyKey === null ? null : hash,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning({ id: orders.id, createdAt: orders.createdAt });
      if (!order) return null;
      await tx.insert(orderItems).values(
        cart.cartItems.map((line, sort) => ({
          orderId: order.id,
          productId: line.product.id,
          groupId: line.group.id,
          sku: line.product.sku,
          title: line.product.title,
          image: line.product.images[0] ?? line.group.image,
          count: line.count,
          price: line.unitPrice,
          printPrice: line.printPrice,
          coatings: line.coatings.map(({ problems: _problems, ...coating }) => coating),
          comment: line.comment,
          sort,
        })),
      );
      // The files are this order's now (locked and unattached above).
      if (fileIds.length) await tx.execute(sql`UPDATE files SET order_id = ${order.id} WHERE id = ANY(${intArray(fileIds)})`);
      if (input.cart) {
        // The server cart became this order: emptied in the same transaction.
        await tx.execute(sql`DELETE FROM cart_items WHERE cart_id = ${input.cart.id}`);
        await tx.execute(sql`UPDATE carts SET comment = '', image_ids = '{}', updated_at = now() WHERE id = ${input.cart.id}`);
      }
      return order;
    });
    if (!created) {
      // Another request with this key committed first (it held the unique index until then).
      const existing = await byKey(idempotencyKey!);
      if (!existing) throw new Error("Idempotent insert conflicted but the order is not there");
      return replay(existing, hash, userId);
    }

    const letter = orderConfirmation({
      id: created.id,
      createdAt: new Date(created.createdAt),
      representativeName: body.representativeName,
      representativeEmail: body.representativeEmail,
      representativePhone: body.representativePhone,
      cityTitle: refs.city,
      deliveryType: body.deliveryType,
      shipmentAddress: body.shipmentAddress,
      pickupOffice: office,
      deliveryTime: body.deliveryTime,
      comment: input.comment,
      lines: cart.cartItems.map((line) => ({
        title: line.product.title,
        sku: line.product.sku,
        count: line.count,
        unitPrice: line.unitPrice,
        itemsPrice: line.itemsPrice,
        printPrice: line.printPrice,
        comment: line.comment,
        stockNote: line.stockNote,
        coatings: line.coatings,
      })),
      itemsPrice: cart.itemsPrice,
      printPrice: cart.printPrice,
      totalPrice: cart.price,
      totalCount: cart.totalCount,
      weight: cart.weight,
      attachments: imageIds.length + (body.legalFile ? 1 : 0),
      manager,
      shop: { name: SHOP_NAME, phone: refs.shopPhone, email: refs.shopEmail },
    });
    // Not awaited: the order is stored; the letter must neither delay nor fail the answer.
    void mailer.send(letter).catch((error: unknown) => logError("[order] confirmation letter failed:", error));
    return { id: created.id };
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
