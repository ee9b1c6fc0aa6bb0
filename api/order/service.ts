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
import type { z } from "zod";
import {
  FILE_NOT_FOUND_MESSAGE,
  minimalOrderMissing,
  minimalOrderPrice,
  normalizePhone,
  type Manager,
  type OrderCreated,
  type OrderCreateUnauthRequest,
} from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { orderItems, orders } from "../db/schema";
import { SHOP_NAME } from "../db/seed/content-data";
import { intArray } from "../catalog/filters";
import type { CartPricing } from "../cart/pricing";
import { HttpError, type FieldError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { orderConfirmation } from "./letter";

/** The request as the contract parsed it (defaults filled). */
type CreateBody = z.output<typeof OrderCreateUnauthRequest>;

/** numeric(12,2) holds less than 10¹⁰ rubles. */
export const MAX_ORDER_TOTAL = 9_999_999_999.99;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
export const IDEMPOTENCY_CONFLICT = "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа";
export const FILE_TAKEN_MESSAGE = "Этот файл уже приложен к другому заказу, загрузите его ещё раз";
const LEGAL_FILE_NOT_FOUND = "Файл с реквизитами не найден, загрузите его ещё раз";

const CHECK_ORDER = "Проверьте заказ";

interface References {
  city: string | null;
  manager: Manager | null;
  /** The manager an order without a choice gets: the one with the fewest new orders. */
  assigned: Manager | null;
  minimal: string | null;
  /** The named uploads that exist: key → id and the order it is attached to (null: none yet). */
  files: { key: string; id: number; orderId: number | null }[];
  shopPhone: string | null;
  shopEmail: string | null;
}

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

export function requestHash(body: CreateBody): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

export interface OrderServiceOptions {
  logError?: (message: string, error: unknown) => void;
}

export function createOrderService(db: Db, pricing: CartPricing, mailer: Mailer, options: OrderServiceOptions = {}) {
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));

  async function byKey(key: string): Promise<{ id: number; hash: string | null } | null> {
    const [row] = await queryRows<{ id: number; hash: string | null }>(
      db,
      sql`SELECT id, request_hash AS hash FROM orders WHERE idempotency_key = ${key}`,
    );
    return row ?? null;
  }

  function replay(existing: { id: number; hash: string | null }, hash: string): OrderCreated {
    if (existing.hash !== hash) {
      // The key's order is named: the storefront shows it instead of losing it (ADR 025).
      throw new HttpError(409, IDEMPOTENCY_CONFLICT, [{ field: "Idempotency-Key", message: IDEMPOTENCY_CONFLICT }], { orderId: existing.id });
    }
    return { id: existing.id };
  }

  async function references(body: CreateBody, fileKeys: string[]): Promise<References> {
    const [row] = await queryRows<References>(
      db,
      sql`SELECT
        (SELECT title FROM cities WHERE id = ${body.cityId}) AS city,
        (SELECT ${MANAGER_JSON} FROM users u WHERE u.id = ${body.manager ?? 0} AND ${IS_MANAGER}) AS manager,
        (SELECT ${MANAGER_JSON} FROM users u WHERE ${IS_MANAGER}
          ORDER BY (SELECT count(*) FROM orders o WHERE o.manager_id = u.id AND o.status = 'new'), u.id LIMIT 1) AS assigned,
        (SELECT value FROM settings WHERE key = 'minimalOrderPrice') AS minimal,
        COALESCE((SELECT json_agg(json_build_object('key', f.storage_key, 'id', f.id, 'orderId', f.order_id)) FROM files f
          WHERE f.storage_key = ANY(${textArray(fileKeys)})), '[]'::json) AS files,
        COALESCE((SELECT o.phone FROM cities ci JOIN offices o ON o.id = ci.office_id WHERE ci.id = ${body.cityId}),
          (SELECT value FROM contacts WHERE name = 'companyPhoneNumber')) AS "shopPhone",
        COALESCE((SELECT o.email FROM cities ci JOIN offices o ON o.id = ci.office_id WHERE ci.id = ${body.cityId}),
          (SELECT value FROM contacts WHERE name = 'companyGeneralEmail')) AS "shopEmail"`,
    );
    return row;
  }

  return {
    /** Managers a customer may choose (order/manager), in a stable order. */
    async managers(): Promise<Manager[]> {
      const rows = await queryRows<{ m: Manager }>(db, sql`SELECT ${MANAGER_JSON} AS m FROM users u WHERE ${IS_MANAGER} ORDER BY u.id`);
      return rows.map((r) => r.m);
    },

    async createUnauth(body: CreateBody, idempotencyKey: string | null): Promise<OrderCreated> {
      if (idempotencyKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
        const message = "Ключ повтора (Idempotency-Key): от 8 до 128 латинских букв, цифр и знаков _ . : -";
        throw new HttpError(400, message, [{ field: "Idempotency-Key", message }]);
      }
      const hash = requestHash(body);
      if (idempotencyKey !== null) {
        const existing = await byKey(idempotencyKey);
        if (existing) return replay(existing, hash);
      }
      try {
        return await create(body, idempotencyKey, hash);
      } catch (error) {
        // A simultaneous submit with this key made the order meanwhile (and took its files, which
        // refuses this one): answer as a retry, not with the refusal.
        if (idempotencyKey !== null && error instanceof HttpError && error.status === 400) {
          const existing = await byKey(idempotencyKey);
          if (existing) return replay(existing, hash);
        }
        throw error;
      }
    },
  };

  async function create(body: CreateBody, idempotencyKey: string | null, hash: string): Promise<OrderCreated> {
    const errors: FieldError[] = [];
    if (body.deliveryType !== "pickup_point" && !body.shipmentAddress) {
      errors.push({ field: "shipmentAddress", message: "Укажите адрес доставки" });
    }
    if (body.legalCompany !== null) {
      errors.push({ field: "legalCompany", message: "Реквизиты компании из личного кабинета доступны после входа; приложите файл с реквизитами" });
    }
    const fileKeys = [...new Set([...body.imageKeys, ...(body.legalFile ? [body.legalFile] : [])])];
    const refs = await references(body, fileKeys);
    if (refs.city === null) errors.push({ field: "cityId", message: "Выберите город из списка" });
    if (body.manager !== null && !refs.manager) errors.push({ field: "manager", message: "Такого менеджера нет, выберите из списка" });
    const fileByKey = new Map(refs.files.map((f) => [f.key, f]));
    /** Null when the file can be attached; else why not. */
    const fileProblem = (key: string, missing: string) => {
      const file = fileByKey.get(key);
      return !file ? missing : file.orderId !== null ? FILE_TAKEN_MESSAGE : null;
    };
    body.imageKeys.forEach((key, i) => {
      const message = fileProblem(key, FILE_NOT_FOUND_MESSAGE);
      if (message) errors.push({ field: `imageKeys.${i}`, message });
    });
    if (body.legalFile !== null) {
      const message = fileProblem(body.legalFile, LEGAL_FILE_NOT_FOUND);
      if (message) errors.push({ field: "legalFile", message });
    }

    const { cart, problems } = await pricing.price(body.variations, body.comment ?? "", { fresh: true });
    const unavailable = new Set(cart.unavailableVariations);
    body.variations.forEach((item, i) => {
      if (unavailable.has(item.variation)) {
        errors.push({ field: `variations.${i}.variation`, message: "Этот товар больше не продаётся, удалите его из корзины" });
      }
      // Counts above the stock are not refused (ADR 025): the line's stockNote says the rest is made to order.
    });
    errors.push(...problems);
    if (errors.length) throw new HttpError(400, CHECK_ORDER, errors);
    const imageIds = [...new Set(body.imageKeys.map((key) => fileByKey.get(key)!.id))];
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

    const manager = refs.manager ?? refs.assigned;
    const fileIds = [...new Set([...imageIds, ...(legalFileId === null ? [] : [legalFileId])])];
    const created = await db.transaction(async (tx) => {
      if (fileIds.length) {
        // Locked for this transaction: the 24-hour sweep or another order cannot take them meanwhile.
        const rows = await queryRows<{ id: number; orderId: number | null }>(
          tx,
          sql`SELECT id, order_id AS "orderId" FROM files WHERE id = ANY(${intArray(fileIds)}) ORDER BY id FOR UPDATE`,
        );
        const state = new Map(rows.map((r) => [r.id, r.orderId]));
        const why = (fileId: number) => (!state.has(fileId) ? FILE_NOT_FOUND_MESSAGE : state.get(fileId) !== null ? FILE_TAKEN_MESSAGE : null);
        const lost: FieldError[] = [];
        body.imageKeys.forEach((key, i) => {
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
          cityId: body.cityId,
          representativeName: body.representativeName,
          representativeEmail: body.representativeEmail,
          // contract phone(): typed through a mask; stored as +7 and ten digits (contract/phone.ts).
          representativePhone: normalizePhone(body.representativePhone) ?? body.representativePhone,
          deliveryType: body.deliveryType,
          shipmentAddress: body.deliveryType === "pickup_point" ? null : body.shipmentAddress,
          deliveryTime: body.deliveryTime || null,
          managerId: manager?.id ?? null,
          legalFileId,
          comment: body.comment || null,
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
      return order;
    });
    if (!created) {
      // Another request with this key committed first (it held the unique index until then).
      const existing = await byKey(idempotencyKey!);
      if (!existing) throw new Error("Idempotent insert conflicted but the order is not there");
      return replay(existing, hash);
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
      deliveryTime: body.deliveryTime,
      comment: body.comment,
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
