/**
 * The logged-in customer's orders (§7 order/create and order/?page&sortBy&sortOrder; ADR 035) on
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL: the server cart (rows inserted as the server cart
 * stores them) becomes an order priced exactly as cart/unauth prices those lines, the cart is
 * emptied in the same transaction, the minimal order holds, a saved company must be the caller's
 * own, the Idempotency-Key answers retries (even after the cart was emptied) and never names
 * another customer's order; the list is the caller's only, paged and sorted; junk input is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, Cart, endpoints, type CartItemInput, type OrderDraft } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { createMailer, type MailTransport } from "../../api/mail/mailer";
import { CART_EMPTY_MESSAGE, ORDER_COMPANY_NOT_FOUND } from "../../api/order/service";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { call, createUser, dataOf, type TestUser } from "../support/accounts";

interface Variation {
  id: number;
  coating: number;
  variant: number | null;
}

describe.each(testBackends())("orders of a logged-in customer on $name", (backend) => {
  let t: TestApi;
  let v: Variation[];

  beforeAll(async () => {
    // Letters go to memory, not the log.
    const transport: MailTransport = { describe: "memory", deliver: async () => {} };
    t = await openTestApi(backend, { groups: 80, mailer: createMailer({ transport }) });
    v = await queryRows<Variation>(
      t.db,
      // One variation of each of three groups.
      sql`SELECT * FROM (SELECT DISTINCT ON (p.group_id) p.id, pc.coating_id AS coating,
            (SELECT v.id FROM coating_variants v WHERE v.coating_id = pc.coating_id ORDER BY v.sort, v.id LIMIT 1) AS variant
          FROM products p
          JOIN LATERAL (SELECT coating_id FROM product_group_coatings x WHERE x.group_id = p.group_id LIMIT 1) pc ON true
          WHERE p.stock >= 1000 AND p.price >= 100 ORDER BY p.group_id, p.id) x ORDER BY id LIMIT 3`,
    );
    expect(v.length).toBe(3);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Lines over the minimal order: 300 of the first variation with a coating, 200 of the second. */
  const lines = (): CartItemInput[] => [
    {
      variation: v[0].id,
      count: 300,
      comment: "Логотип по центру",
      coatings: [{ id: "c1", coating: v[0].coating, width: 30, height: 20, variant: v[0].variant, options: [] }],
    },
    { variation: v[1].id, count: 200, comment: null, coatings: [] },
  ];

  /** The server cart as api/cart/server-cart.ts stores it. */
  async function fillCart(user: TestUser, items: CartItemInput[] = lines(), comment = "Нужно к 15 декабря"): Promise<void> {
    await t.db.execute(sql`INSERT INTO carts (user_id, comment) VALUES (${user.id}, ${comment})
      ON CONFLICT (user_id) DO UPDATE SET comment = EXCLUDED.comment`);
    const [cart] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM carts WHERE user_id = ${user.id}`);
    await t.db.execute(sql`DELETE FROM cart_items WHERE cart_id = ${cart.id}`);
    for (const item of items) {
      await t.db.execute(sql`INSERT INTO cart_items (cart_id, product_id, count, comment, coatings)
        VALUES (${cart.id}, ${item.variation}, ${item.count}, ${item.comment ?? null}, ${JSON.stringify(item.coatings ?? [])}::jsonb)`);
    }
  }
  const cartLines = async (user: TestUser) =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.user_id = ${user.id}`))[0].n;
  const orderCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`))[0].n;

  const draft = (overrides: Partial<OrderDraft> = {}): OrderDraft => ({
    cityId: 1,
    representativeName: "Мария Иванова",
    representativeEmail: "m.ivanova@example.ru",
    representativePhone: "+7 (921) 555-12-34",
    deliveryType: "courier",
    shipmentAddress: "190000, Санкт-Петербург, Невский пр., д. 28, кв. 5",
    ...overrides,
  });

  const createOrder = (user: TestUser | null, body: unknown, headers: Record<string, string> = {}) =>
    call(t, "/api/order/create", { token: user?.token, body, headers });

  it("answers 401 to an anonymous caller", async () => {
    expect((await call(t, "/api/order/")).status).toBe(401);
    expect((await call(t, "/api/order?page=1")).status).toBe(401);
    expect((await createOrder(null, draft())).status).toBe(401);
    expect((await createOrder(null, "{junk")).status).toBe(401);
  });

  it("orders the server cart priced as cart/unauth prices it, empties the cart and lists the order", async () => {
    const user = await createUser(t);
    await fillCart(user);
    const priced = Cart.parse(await dataOf(await call(t, "/api/cart/unauth", { body: { variations: lines() } })));
    const { id } = await dataOf<{ id: number }>(await createOrder(user, draft()));
    expect(await cartLines(user)).toBe(0);
    const [cart] = await queryRows<{ comment: string }>(t.db, sql`SELECT comment FROM carts WHERE user_id = ${user.id}`);
    expect(cart.comment).toBe("");

    const page = endpoints.orderList.response.parse(await dataOf(await call(t, "/api/order/?page=1&sortBy=createdAt&sortOrder=desc", { token: user.token })));
    expect(page).toMatchObject({ pageLimit: 10, countItems: 1, countPages: 1 });
    const [order] = page.elements;
    expect(order).toMatchObject({
      id,
      status: "new",
      city: { id: 1, title: "Санкт-Петербург" },
      deliveryType: "courier",
      shipmentAddress: "190000, Санкт-Петербург, Невский пр., д. 28, кв. 5",
      representativePhone: "+79215551234",
      comment: "Нужно к 15 декабря",
      itemsPrice: priced.itemsPrice,
      printPrice: priced.printPrice,
      totalPrice: priced.price,
      totalCount: 500,
    });
    expect(order.manager?.name).toMatch(/[А-ЯЁ]/);
    expect(order.pickupOffice).toBeNull();
    expect(order.items.map((i) => [i.productId, i.count, i.price, i.printPrice, i.totalPrice])).toEqual(
      priced.cartItems.map((l) => [l.variation, l.count, l.unitPrice, l.printPrice, l.price]),
    );
    expect(order.items[0].coatings[0]).toMatchObject({ coating: v[0].coating, width: 30, height: 20 });
    expect(order.items[0].coatings[0].coatingTitle).toMatch(/[а-яё]/i);
    // An empty cart now: a second order is refused.
    const again = await createOrder(user, draft());
    expect(again.status).toBe(400);
    expect(ApiErrorBody.parse(await again.json()).message).toBe(CART_EMPTY_MESSAGE);
  });

  it("holds the minimal order and keeps the cart when the order is refused", async () => {
    const user = await createUser(t);
    await fillCart(user, [{ variation: v[2].id, count: 1, comment: null, coatings: [] }]);
    const before = await orderCount();
    const response = await createOrder(user, draft());
    expect(response.status).toBe(400);
    expect(ApiErrorBody.parse(await response.json()).message).toMatch(/^Минимальная сумма заказа/);
    expect(await cartLines(user)).toBe(1);
    expect(await orderCount()).toBe(before);
  });

  it("takes only the caller's own company; another's is a 404 and nothing changes", async () => {
    const [owner, other] = [await createUser(t), await createUser(t)];
    const [company] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO legal_companies (user_id, short_title, inn) VALUES (${owner.id}, 'ООО «Вектор»', '7707083893') RETURNING id`,
    );
    const [shop] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM legal_companies WHERE is_own LIMIT 1`);
    await fillCart(other);
    const before = await orderCount();
    for (const legalCompany of [company.id, shop.id, 2_000_000_000]) {
      const response = await createOrder(other, draft({ legalCompany }));
      expect(response.status, String(legalCompany)).toBe(404);
      expect(ApiErrorBody.parse(await response.json()).errors).toEqual([{ field: "legalCompany", message: ORDER_COMPANY_NOT_FOUND }]);
    }
    expect(await orderCount()).toBe(before);
    expect(await cartLines(other)).toBe(2);

    await fillCart(owner);
    const { id } = await dataOf<{ id: number }>(await createOrder(owner, draft({ legalCompany: company.id, deliveryType: "pickup_point", shipmentAddress: null })));
    const [stored] = await queryRows<{ legal: number; address: string | null }>(
      t.db,
      sql`SELECT legal_company_id AS legal, shipment_address AS address FROM orders WHERE id = ${id}`,
    );
    expect(stored).toEqual({ legal: company.id, address: null });
    // Picked up at the city's own office (Санкт-Петербург), which the order list names (issue 25 item 19).
    const page = endpoints.orderList.response.parse(await dataOf(await call(t, "/api/order/?page=1", { token: owner.token })));
    const [office] = await queryRows<{ id: number; postal_code: string; street: string; operation_mode: string }>(
      t.db,
      sql`SELECT o.id, o.postal_code, o.street, o.operation_mode FROM offices o JOIN cities c ON c.office_id = o.id WHERE c.id = 1`,
    );
    expect(page.elements.find((o) => o.id === id)!.pickupOffice).toEqual({
      id: office.id,
      city: "Санкт-Петербург",
      address: `${office.postal_code}, Санкт-Петербург, ${office.street}`,
      operationMode: office.operation_mode,
    });
  });

  it("answers a retried Idempotency-Key with the same order, never another customer's", async () => {
    const [user, other] = [await createUser(t), await createUser(t)];
    await fillCart(user);
    const key = `acc-${backend.name}-${Date.now()}`;
    const first = await dataOf<{ id: number }>(await createOrder(user, draft(), { "Idempotency-Key": key }));
    // The cart is empty now; the retry still answers the order.
    const retry = await dataOf<{ id: number }>(await createOrder(user, draft(), { "Idempotency-Key": key }));
    expect(retry.id).toBe(first.id);
    const changed = await createOrder(user, draft({ deliveryTime: "после 15:00" }), { "Idempotency-Key": key });
    expect(changed.status).toBe(409);
    expect(ApiErrorBody.parse(await changed.json()).orderId).toBe(first.id);

    await fillCart(other);
    const stolen = await createOrder(other, draft(), { "Idempotency-Key": key });
    expect(stolen.status).toBe(409);
    expect(ApiErrorBody.parse(await stolen.json()).orderId).toBeUndefined();
    expect(await cartLines(other)).toBe(2);
    // The anonymous call with that key does not learn the order either.
    const anonymous = await call(t, "/api/order/create_unauth", {
      body: { ...draft(), variations: lines() },
      headers: { "Idempotency-Key": key },
    });
    expect(anonymous.status).toBe(409);
    expect(ApiErrorBody.parse(await anonymous.json()).orderId).toBeUndefined();
    expect((await createOrder(user, draft(), { "Idempotency-Key": "short" })).status).toBe(400);
  });

  it("refuses junk, missing and hostile drafts with Russian field errors and keeps the cart", async () => {
    const user = await createUser(t);
    await fillCart(user);
    const before = await orderCount();
    const cases: [unknown, string][] = [
      ["{junk", "body"],
      [{ ...draft(), cityId: "Москва" }, "cityId"],
      [{ ...draft(), representativeName: undefined }, "representativeName"],
      [{ ...draft(), representativeEmail: "not-an-email" }, "representativeEmail"],
      [{ ...draft(), representativePhone: "<script>" }, "representativePhone"],
      [{ ...draft(), shipmentAddress: "x".repeat(100_000) }, "shipmentAddress"],
      [{ ...draft(), deliveryType: "teleport" }, "deliveryType"],
      [{ ...draft(), legalCompany: -5 }, "legalCompany"],
      [{ ...draft(), manager: 1e15 }, "manager"],
      [{ ...draft(), cityId: 999_999 }, "cityId"],
      [{ ...draft(), deliveryType: "courier", shipmentAddress: null }, "shipmentAddress"],
      [{ ...draft(), manager: (await createUser(t)).id }, "manager"],
    ];
    for (const [body, field] of cases) {
      const response = await createOrder(user, body);
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      const error = ApiErrorBody.parse(await response.json());
      expect(error.errors.map((e) => e.field), JSON.stringify(body).slice(0, 100)).toContain(field);
      for (const e of error.errors) expect(e.message).toMatch(/[а-яё]/i);
    }
    expect(await orderCount()).toBe(before);
    expect(await cartLines(user)).toBe(2);
  });

  it("names an unavailable cart line by its place in the cart", async () => {
    const user = await createUser(t);
    await fillCart(user);
    const [group] = await queryRows<{ id: number }>(t.db, sql`SELECT group_id AS id FROM products WHERE id = ${v[1].id}`);
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = ${group.id}`);
    try {
      const response = await createOrder(user, draft());
      expect(response.status).toBe(400);
      expect(ApiErrorBody.parse(await response.json()).errors.map((e) => e.field)).toEqual(["cart.1.variation"]);
      expect(await cartLines(user)).toBe(2);
    } finally {
      await t.db.execute(sql`UPDATE product_groups SET is_active = true WHERE id = ${group.id}`);
    }
  });

  it("lists only the caller's orders, paged and sorted, and refuses junk queries", async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i++) {
      await fillCart(user, [{ ...lines()[0], count: 300 + i * 100 }]);
      await dataOf(await createOrder(user, draft()));
    }
    const other = await createUser(t);
    expect(await dataOf(await call(t, "/api/order/", { token: other.token }))).toEqual({ pageLimit: 10, countItems: 0, countPages: 0, elements: [] });
    const byPrice = endpoints.orderList.response.parse(
      await dataOf(await call(t, "/api/order/?page=2&pageLimit=2&sortBy=totalPrice&sortOrder=asc", { token: user.token })),
    );
    expect(byPrice).toMatchObject({ pageLimit: 2, countItems: 3, countPages: 2 });
    expect(byPrice.elements.map((o) => o.totalCount)).toEqual([500]);
    const all = endpoints.orderList.response.parse(await dataOf(await call(t, "/api/order/?sortBy=totalPrice&sortOrder=desc", { token: user.token })));
    expect(all.elements.map((o) => o.totalCount)).toEqual([500, 400, 300]);
    for (const query of ["page=0", "page=abc", "pageLimit=1000", "sortBy=password_hash", "sortOrder=sideways", `page=${"9".repeat(400)}`]) {
      const response = await call(t, `/api/order/?${query}`, { token: user.token });
      expect(response.status, query).toBe(400);
    }
    // A page past the end is empty, not an error.
    expect((await dataOf<{ elements: unknown[] }>(await call(t, "/api/order/?page=50", { token: user.token }))).elements).toEqual([]);
  });
});
