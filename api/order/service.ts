/**
 * Orders (§3 order draft, §4 minimal order, §7 order/create_unauth, order/manager; ADR 025).
 *
 * order/create_unauth:
 * 1. An `Idempotency-Key` already used answers the order it created (same request) or 409
 *    (another request), before any work.
 * 2. The draft is checked against the database: the city, the chosen manager, the uploaded files;
 *    courier and transport-company delivery need an address (§3).
 * 3. The cart is priced again by the cart pricing service (api/cart/pricing.ts), never from the
 *    client's numbers: unavailable variations, unfinished coating lines (§5) and counts above the
 *    stock are field errors on `variations.N…`; a total below the shop's minimal order price
 *    (settings.minimalOrderPrice, §4; lines priced 0 do not block by themselves) is a 400.
 *    Stock is checked, not reserved: a manager confirms availability when calling back.
 * 4. One transaction stores the order and its lines (a snapshot of title, SKU, image, unit price,
 *    priced coating lines and comments). With a key, the INSERT is `ON CONFLICT (idempotency_key)
 *    DO NOTHING`: of two simultaneous requests with one key, PostgreSQL's unique index lets one
 *    insert and makes the other wait for it, then find its order.
 * 5. After the commit the representative gets the confirmation letter (api/order/letter.ts) in
 *    the background; a failed letter is logged and never fails the order.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Manager, OrderCreated, OrderCreateUnauthRequest } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { orderItems, orders } from "../db/schema";
import { SHOP_NAME } from "../db/seed/content-data";
import { DEFAULT_MINIMAL_ORDER_PRICE } from "../content/service";
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

const CHECK_ORDER = "Проверьте заказ";

interface References {
  city: string | null;
  manager: Manager | null;
  /** The manager an order without a choice gets: the one with the fewest new orders. */
  assigned: Manager | null;
  minimal: string | null;
  files: number[];
  shopPhone: string | null;
  shopEmail: string | null;
}

const MANAGER_JSON = sql`json_build_object('id', u.id, 'name', COALESCE(u.name, ''), 'email', u.email, 'phone', u.phone, 'avatar', u.avatar)`;
const IS_MANAGER = sql`'ROLE_MANAGER' = ANY (u.roles)`;

/** "10 000", "1 234,5": a Russian number with plain spaces. */
function formatNumber(value: number): string {
  return new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 }).format(value).replace(/[\u202f\u00a0]/g, " ");
}

export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return phone.trim().startsWith("+") ? `+${digits}` : digits;
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
    if (existing.hash !== hash) throw new HttpError(409, IDEMPOTENCY_CONFLICT, [{ field: "Idempotency-Key", message: IDEMPOTENCY_CONFLICT }]);
    return { id: existing.id };
  }

  async function references(body: CreateBody, fileIds: number[]): Promise<References> {
    const [row] = await queryRows<References>(
      db,
      sql`SELECT
        (SELECT title FROM cities WHERE id = ${body.cityId}) AS city,
        (SELECT ${MANAGER_JSON} FROM users u WHERE u.id = ${body.manager ?? 0} AND ${IS_MANAGER}) AS manager,
        (SELECT ${MANAGER_JSON} FROM users u WHERE ${IS_MANAGER}
          ORDER BY (SELECT count(*) FROM orders o WHERE o.manager_id = u.id AND o.status = 'new'), u.id LIMIT 1) AS assigned,
        (SELECT value FROM settings WHERE key = 'minimalOrderPrice') AS minimal,
        COALESCE((SELECT json_agg(f.id) FROM files f WHERE f.id = ANY(${intArray(fileIds)})), '[]'::json) AS files,
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

      const errors: FieldError[] = [];
      if (body.deliveryType !== "pickup_point" && !body.shipmentAddress) {
        errors.push({ field: "shipmentAddress", message: "Укажите адрес доставки" });
      }
      if (body.legalCompany !== null) {
        errors.push({ field: "legalCompany", message: "Реквизиты компании из личного кабинета доступны после входа; приложите файл с реквизитами" });
      }
      const imageIds = [...new Set(body.imagesIds)];
      const refs = await references(body, [...imageIds, ...(body.legalFile ? [body.legalFile] : [])]);
      if (refs.city === null) errors.push({ field: "cityId", message: "Выберите город из списка" });
      if (body.manager !== null && !refs.manager) errors.push({ field: "manager", message: "Такого менеджера нет, выберите из списка" });
      const known = new Set(refs.files);
      body.imagesIds.forEach((id, i) => {
        if (!known.has(id)) errors.push({ field: `imagesIds.${i}`, message: "Файл не найден, загрузите его ещё раз" });
      });
      if (body.legalFile !== null && !known.has(body.legalFile)) {
        errors.push({ field: "legalFile", message: "Файл с реквизитами не найден, загрузите его ещё раз" });
      }

      const { cart, problems } = await pricing.price(body.variations, body.comment ?? "", { fresh: true });
      const unavailable = new Set(cart.unavailableVariations);
      const lineByVariation = new Map(cart.cartItems.map((line) => [line.variation, line]));
      body.variations.forEach((item, i) => {
        if (unavailable.has(item.variation)) {
          errors.push({ field: `variations.${i}.variation`, message: "Этот товар больше не продаётся, удалите его из корзины" });
          return;
        }
        const stock = lineByVariation.get(item.variation)?.product.stock ?? 0;
        if (item.count > stock) {
          errors.push({ field: `variations.${i}.count`, message: stock > 0 ? `В наличии только ${formatNumber(stock)} шт.` : "Нет в наличии" });
        }
      });
      errors.push(...problems);
      if (errors.length) throw new HttpError(400, CHECK_ORDER, errors);

      const minimalSetting = Number(refs.minimal);
      const minimal = refs.minimal !== null && Number.isFinite(minimalSetting) ? minimalSetting : DEFAULT_MINIMAL_ORDER_PRICE;
      if (cart.price < minimal) {
        throw new HttpError(400, `Минимальная сумма заказа — ${formatNumber(minimal)} ₽, в корзине на ${formatNumber(cart.price)} ₽`);
      }
      if (cart.price > MAX_ORDER_TOTAL) {
        throw new HttpError(400, "Сумма заказа слишком велика для оформления на сайте: свяжитесь с менеджером");
      }

      const manager = refs.manager ?? refs.assigned;
      const created = await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            cityId: body.cityId,
            representativeName: body.representativeName,
            representativeEmail: body.representativeEmail,
            // contract phone(): typed through a mask; the server keeps digits only (with the "+").
            representativePhone: normalizePhone(body.representativePhone),
            deliveryType: body.deliveryType,
            shipmentAddress: body.deliveryType === "pickup_point" ? null : body.shipmentAddress,
            deliveryTime: body.deliveryTime || null,
            managerId: manager?.id ?? null,
            legalFileId: body.legalFile,
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
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
