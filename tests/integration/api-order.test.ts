/**
 * order/create_unauth and order/manager on a seeded database (PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL): the order is priced again on the server exactly as cart/unauth prices it, stored
 * with a snapshot of its lines, refused with field errors for every bad draft (and then nothing
 * is stored), held to the minimal order price, idempotent under an Idempotency-Key (sequential
 * retries, concurrent double submits, another body with the same key), and confirmed by a letter
 * whose failure does not fail the order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, Cart, Manager, type OrderCreateUnauthRequest } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { createMailer, type MailMessage, type MailTransport } from "../../api/mail/mailer";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

interface Variation {
  id: number;
  price: number;
  stock: number;
  coating: number;
  variant: number | null;
}

describe.each(testBackends())("orders on $name", (backend) => {
  let t: TestApi;
  const sent: MailMessage[] = [];
  const failures: string[] = [];
  let failMail = false;
  const transport: MailTransport = {
    describe: "memory",
    async deliver(message) {
      if (failMail) throw new Error("SMTP is down");
      sent.push(message);
    },
  };
  /** In-stock variations with a coating that has variants, costing ≥ 100 ₽. */
  let v: Variation[];

  beforeAll(async () => {
    const mailer = createMailer({ transport, logError: (message) => failures.push(message) });
    t = await openTestApi(backend, { groups: 120, mailer });
    v = await queryRows<Variation>(
      t.db,
      sql`SELECT p.id, p.price::float8 AS price, p.stock, pc.coating_id AS coating,
            (SELECT v.id FROM coating_variants v WHERE v.coating_id = pc.coating_id ORDER BY v.sort, v.id LIMIT 1) AS variant
          FROM products p
          JOIN LATERAL (SELECT coating_id FROM product_group_coatings x WHERE x.group_id = p.group_id
                        AND EXISTS (SELECT 1 FROM coating_variants cv WHERE cv.coating_id = x.coating_id) LIMIT 1) pc ON true
          WHERE p.stock >= 1000 AND p.price >= 100 ORDER BY p.id LIMIT 5`,
    );
    expect(v.length).toBe(5);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    sent.length = 0;
    failures.length = 0;
    failMail = false;
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.api.fetch(
      new Request(`http://x${path}`, {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      }),
    );
  const orderCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`))[0].n;
  const itemCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM order_items`))[0].n;

  /** A draft over the minimal order: 200 of the first variation with a coating, 150 of the second. */
  function draft(overrides: Partial<OrderCreateUnauthRequest> = {}): OrderCreateUnauthRequest {
    return {
      cityId: 1,
      representativeName: "Иван Петров",
      representativeEmail: "ivan.petrov@example.ru",
      representativePhone: "+7 (921) 123-45-67",
      variations: [
        {
          variation: v[0].id,
          count: 200,
          comment: "Логотип по центру",
          coatings: [{ id: "c1", coating: v[0].coating, width: 30, height: 20, variant: v[0].variant, priceWithoutDiscount: 1 }],
        },
        { variation: v[1].id, count: 150 },
      ],
      comment: "Нужно к 15 декабря",
      ...overrides,
    };
  }

  async function create(body: unknown, headers: Record<string, string> = {}): Promise<number> {
    const response = await post("/api/order/create_unauth", body, headers);
    const json = (await response.json()) as { data: { id: number } };
    expect(response.status, JSON.stringify(json).slice(0, 500)).toBe(200);
    expect(json.data.id).toBeGreaterThan(0);
    return json.data.id;
  }

  /** Asserts a 4xx with Russian messages and that nothing was stored. */
  async function refused(body: unknown, status: number, field?: string | RegExp, headers: Record<string, string> = {}) {
    const [orders, items] = [await orderCount(), await itemCount()];
    const response = await post("/api/order/create_unauth", body, headers);
    expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(status);
    const error = ApiErrorBody.parse(await response.json());
    expect(error.message).toMatch(/[а-яё]/i);
    for (const e of error.errors) expect(e.message).toMatch(/[а-яё]/i);
    if (field) expect(error.errors.map((e) => e.field).join(" ")).toMatch(field);
    expect(await orderCount()).toBe(orders);
    expect(await itemCount()).toBe(items);
    return error;
  }

  describe("order/manager", () => {
    it("answers the seeded managers with names, phones and e-mails", async () => {
      const response = await t.get("/api/order/manager");
      expect(response.status).toBe(200);
      const managers = Manager.array().parse(((await response.json()) as { data: unknown }).data);
      expect(managers.length).toBeGreaterThanOrEqual(3);
      for (const m of managers) {
        expect(m.name).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
        expect(m.phone).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
        expect(m.email).toMatch(/@tmg-podarki\.ru$/);
      }
    });
  });

  describe("create_unauth", () => {
    it("stores the order priced by the server (as cart/unauth prices it) with a snapshot of its lines", async () => {
      const body = draft();
      const cartResponse = await post("/api/cart/unauth", { variations: body.variations });
      const cart = Cart.parse(((await cartResponse.json()) as { data: unknown }).data);
      const id = await create(body);
      const [order] = await queryRows<Record<string, unknown>>(
        t.db,
        sql`SELECT items_price::float8 AS items, print_price::float8 AS print, total_price::float8 AS total, total_count, weight,
              delivery_type, shipment_address, manager_id, comment, city_id, representative_name, representative_phone FROM orders WHERE id = ${id}`,
      );
      expect(order).toMatchObject({
        items: cart.itemsPrice,
        print: cart.printPrice,
        total: cart.price,
        total_count: 350,
        weight: cart.weight,
        delivery_type: "pickup_point",
        shipment_address: null,
        comment: "Нужно к 15 декабря",
        city_id: 1,
        representative_name: "Иван Петров",
        representative_phone: "+79211234567",
      });
      expect(order.manager_id).not.toBeNull();
      expect(cart.printPrice).toBeGreaterThan(0);
      const lines = await queryRows<{ product_id: number; sku: string; title: string; count: number; price: number; print: number; coatings: { price: number; coatingTitle: string }[]; comment: string | null; group_id: number; image: string | null }>(
        t.db,
        sql`SELECT product_id, sku, title, count, price::float8 AS price, print_price::float8 AS print, coatings, comment, group_id, image FROM order_items WHERE order_id = ${id} ORDER BY sort`,
      );
      expect(lines.map((l) => l.product_id)).toEqual([v[0].id, v[1].id]);
      expect(lines[0]).toMatchObject({
        sku: cart.cartItems[0].product.sku,
        title: cart.cartItems[0].product.title,
        count: 200,
        price: cart.cartItems[0].unitPrice,
        print: cart.cartItems[0].printPrice,
        comment: "Логотип по центру",
        group_id: cart.cartItems[0].group.id,
      });
      // The client's 1 ₽ coating price is not what is stored.
      expect(lines[0].coatings[0].price).toBe(cart.cartItems[0].coatings[0].price);
      expect(lines[0].coatings[0].price).toBeGreaterThan(1);
      expect(lines[0].coatings[0].coatingTitle).not.toBe("");
      expect(lines[0].image).toMatch(/^\/api\/media\//);
    });

    it("sends the representative a Russian confirmation with the number, lines, totals and next steps", async () => {
      const id = await create(draft({ cityId: 2, deliveryType: "courier", shipmentAddress: "Москва, ул. Тверская, д. 1, офис 5" }));
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      const [letter] = sent;
      expect(letter.to).toBe("ivan.petrov@example.ru");
      expect(letter.subject).toContain(`№ ${id}`);
      expect(letter.text).toContain("Здравствуйте, Иван Петров!");
      expect(letter.text).toContain(`Заказ № ${id}`);
      expect(letter.text).toMatch(/200 шт\. × [\d ,]+ ₽/);
      expect(letter.text).toContain("Нанесение:");
      expect(letter.text).toMatch(/Итого: [\d ,]+ ₽/);
      expect(letter.text).toContain("курьером по адресу: Москва, ул. Тверская, д. 1, офис 5");
      expect(letter.text).toContain("В течение одного рабочего дня вам позвонит менеджер");
      // The Moscow order names the Moscow office's phone.
      expect(letter.text).toContain("+7 (495) 120-48-37");
    });

    describe("pickup (§9 default delivery type): the office (issue 25 item 19)", () => {
      const offices = () =>
        queryRows<{ id: number; city: string; street: string; postal_code: string; operation_mode: string }>(
          t.db,
          sql`SELECT id, city, street, postal_code, operation_mode FROM offices ORDER BY id`,
        );
      const stored = async (id: number) =>
        (await queryRows<{ pickup_office_id: number | null }>(t.db, sql`SELECT pickup_office_id FROM orders WHERE id = ${id}`))[0].pickup_office_id;

      it("stores the chosen office and names its address and hours in the letter, not «Россия»", async () => {
        const [spb, msk] = await offices();
        // The main site (Россия) ordering for pickup at the Moscow office.
        const id = await create(draft({ cityId: 3, pickupOffice: msk.id }));
        expect(await stored(id)).toBe(msk.id);
        await vi.waitFor(() => expect(sent).toHaveLength(1));
        const text = sent[0].text;
        expect(text).toContain(`Получение: самовывоз из офиса: ${msk.postal_code}, ${msk.city}, ${msk.street} (${msk.operation_mode})`);
        expect(text).not.toContain("Город: Россия");
        expect(text).not.toContain(spb.street);
      });

      it("without a choice, the city's own office: Россия and Санкт-Петербург the St Petersburg one, Москва its own", async () => {
        const [spb, msk] = await offices();
        expect(await stored(await create(draft({ cityId: 3 })))).toBe(spb.id);
        expect(await stored(await create(draft({ cityId: 1 })))).toBe(spb.id);
        expect(await stored(await create(draft({ cityId: 2 })))).toBe(msk.id);
        await vi.waitFor(() => expect(sent).toHaveLength(3));
        expect(sent[2].text).toContain(`самовывоз из офиса: ${msk.postal_code}, ${msk.city}, ${msk.street}`);
      });

      it("a delivered order has no office, whatever was sent", async () => {
        const [, msk] = await offices();
        const id = await create(draft({ deliveryType: "courier", shipmentAddress: "Москва, ул. Тверская, д. 1", pickupOffice: msk.id }));
        expect(await stored(id)).toBeNull();
      });
    });

    it("keeps the order when the letter cannot be sent, and logs the failure", async () => {
      failMail = true;
      const before = await orderCount();
      await create(draft());
      expect(await orderCount()).toBe(before + 1);
      await vi.waitFor(() => expect(failures).toHaveLength(1));
      expect(failures[0]).not.toContain("ivan.petrov@example.ru");
    });

    it("keeps the chosen manager, and assigns one otherwise", async () => {
      const managers = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE 'ROLE_MANAGER' = ANY(roles) ORDER BY id`);
      const chosen = managers.at(-1)!.id;
      const id = await create(draft({ manager: chosen }));
      const [row] = await queryRows<{ manager_id: number }>(t.db, sql`SELECT manager_id FROM orders WHERE id = ${id}`);
      expect(row.manager_id).toBe(chosen);
    });

    let fileSerial = 0;
    /** An upload as file/upload stores it: a row with a random 32-character key. */
    async function uploaded(): Promise<{ id: number; key: string }> {
      const key = `${backend.name}-${Date.now()}-${++fileSerial}`.replace(/[^A-Za-z0-9_-]/g, "_").padEnd(32, "x").slice(-32);
      const [file] = await queryRows<{ id: number }>(
        t.db,
        sql`INSERT INTO files (original_name, mime_type, size, storage_key) VALUES ('maket.pdf', 'application/pdf', 4, ${key}) RETURNING id`,
      );
      return { id: file.id, key };
    }

    it("stores attached files and requisites named by their keys, and marks them as the order's", async () => {
      const [layout, requisites] = [await uploaded(), await uploaded()];
      const id = await create(draft({ imageKeys: [layout.key, layout.key], legalFile: requisites.key }));
      const [row] = await queryRows<{ image_ids: number[]; legal_file_id: number }>(t.db, sql`SELECT image_ids, legal_file_id FROM orders WHERE id = ${id}`);
      expect(row).toEqual({ image_ids: [layout.id], legal_file_id: requisites.id });
      const owners = await queryRows<{ order_id: number }>(t.db, sql`SELECT order_id FROM files WHERE id IN (${layout.id}, ${requisites.id})`);
      expect(owners.map((o) => o.order_id)).toEqual([id, id]);
    });

    it("refuses another visitor's file (by id or by a key in another order) with a field error, and stores nothing", async () => {
      const theirs = await uploaded();
      // Serial ids are not accepted at all: a visitor cannot count their way to others' uploads.
      await refused(draft({ legalFile: theirs.id as unknown as string }), 400, /^legalFile$/);
      await refused(draft({ imageKeys: [theirs.id as unknown as string] }), 400, /^imageKeys\.0$/);
      // A key already in an order (another visitor's requisites) cannot go into a second one.
      await create(draft({ legalFile: theirs.key }));
      const before = await queryRows<{ order_id: number }>(t.db, sql`SELECT order_id FROM files WHERE id = ${theirs.id}`);
      const legal = await refused(draft({ legalFile: theirs.key }), 400, /^legalFile$/);
      expect(legal.errors[0].message).toBe("Этот файл уже приложен к другому заказу, загрузите его ещё раз");
      const image = await refused(draft({ imageKeys: [(await uploaded()).key, theirs.key] }), 400, /^imageKeys\.1$/);
      expect(image.errors[0].message).toMatch(/другому заказу/);
      expect(await queryRows<{ order_id: number }>(t.db, sql`SELECT order_id FROM files WHERE id = ${theirs.id}`)).toEqual(before);
    });

    it("gives a file to one of two simultaneous orders only", async () => {
      const file = await uploaded();
      const before = await orderCount();
      const answers = await Promise.all([1, 2].map(() => post("/api/order/create_unauth", draft({ legalFile: file.key }))));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await orderCount()).toBe(before + 1);
    });

    it("blocks a total below the minimal order price (§4), unless a line is priced 0 (as the cart page)", async () => {
      const error = await refused(draft({ variations: [{ variation: v[2].id, count: 1 }] }), 400);
      expect(error.message).toMatch(/Минимальная сумма заказа — 10 000 ₽/);

      const [zero] = await queryRows<{ id: number; group_id: number }>(
        t.db,
        sql`SELECT id, group_id FROM products WHERE stock >= 10 AND id NOT IN (${sql.join(v.map((x) => sql`${x.id}`), sql`, `)}) ORDER BY id DESC LIMIT 1`,
      );
      await t.db.execute(sql`UPDATE products SET price = 0 WHERE id = ${zero.id}`);
      await t.db.execute(sql`UPDATE price_tiers SET price = 0 WHERE product_id = ${zero.id}`);
      try {
        await create(draft({ variations: [...draft().variations, { variation: zero.id, count: 5 }] }));
        // §4, the cart page's rule (contract minimalOrderMissing): a line priced 0 is a price on
        // request, so the total is not the whole sum and the minimum is not held against it.
        await create(draft({ variations: [{ variation: v[2].id, count: 1 }, { variation: zero.id, count: 5 }] }));
        await create(draft({ variations: [{ variation: zero.id, count: 5 }] }));
      } finally {
        await t.db.execute(sql`UPDATE products SET price = 100 WHERE id = ${zero.id}`);
      }
    });

    it("reads the minimal order price from the shop's settings", async () => {
      await t.db.execute(sql`UPDATE settings SET value = '50' WHERE key = 'minimalOrderPrice'`);
      try {
        await create(draft({ variations: [{ variation: v[2].id, count: 1 }] }));
      } finally {
        await t.db.execute(sql`UPDATE settings SET value = '10000' WHERE key = 'minimalOrderPrice'`);
      }
    });

    it.each([
      ["courier", "courier"],
      ["a transport company", "transport_company"],
    ] as const)("delivery by %s needs a shipment address", async (_, deliveryType) => {
      await refused(draft({ deliveryType }), 400, /^shipmentAddress$/);
      await refused(draft({ deliveryType, shipmentAddress: "   " }), 400, /shipmentAddress/);
    });

    it("refuses unavailable variations and unfinished coatings with field errors", async () => {
      await refused(draft({ variations: [...draft().variations, { variation: 987_654, count: 1 }] }), 400, /variations\.2\.variation/);
      const noVariant = draft();
      noVariant.variations[0].coatings = [{ id: "c1", coating: v[0].coating, width: 30, height: 20 }];
      await refused(noVariant, 400, /variations\.0\.coatings\.0\.variant/);
    });

    it("accepts counts above the stock and tells the customer the rest is made to order (ADR 025)", async () => {
      const [empty] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE stock = 0 ORDER BY id LIMIT 1`);
      // An address of its own: the suite's many orders to Иван's exceed the letters one address may get (ADR 041).
      const id = await create(draft({ representativeEmail: "stock.check@example.ru", variations: [{ variation: v[0].id, count: v[0].stock + 1 }, { variation: empty.id, count: 1 }] }));
      const lines = await queryRows<{ count: number }>(t.db, sql`SELECT count FROM order_items WHERE order_id = ${id} ORDER BY sort`);
      expect(lines.map((l) => l.count)).toEqual([v[0].stock + 1, 1]);
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      // How many are made to order, and the group's supply term ("Срок поставки").
      const nbsp = (text: string) => text.replace(/\u00a0/g, " ");
      expect(nbsp(sent[0].text)).toMatch(new RegExp(`В наличии ${v[0].stock.toLocaleString("ru-RU").replace(/\s/g, " ")} шт\\., остальные 1 шт\\. — под заказ, срок поставки \\d`));
      expect(nbsp(sent[0].text)).toMatch(/Нет в наличии — 1 шт\. под заказ, срок поставки \d/);
    });

    it("refuses a print type the product does not take with a Russian field error, never a 5xx (issue 25 item 16)", async () => {
      const [foreign] = await queryRows<{ id: number; title: string }>(
        t.db,
        sql`SELECT co.id, co.title FROM coatings co WHERE co.id NOT IN
              (SELECT pc.coating_id FROM product_group_coatings pc JOIN products p ON p.group_id = pc.group_id WHERE p.id = ${v[0].id})
            ORDER BY co.id LIMIT 1`,
      );
      const body = draft();
      body.variations[0].coatings = [{ id: "c1", coating: foreign.id, width: 30, height: 20 }];
      const error = await refused(body, 400, /^variations\.0\.coatings\.0\.coating$/);
      expect(error.errors[0].message).toBe(`Нанесение «${foreign.title}» для этого товара недоступно — выберите другое или удалите его`);
    });

    it("refuses an order too large for the books", async () => {
      const [dear] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products ORDER BY price DESC LIMIT 1`);
      await t.db.execute(sql`UPDATE products SET stock = 999999 WHERE id = ${dear.id}`);
      const lines = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE id <> ${dear.id} ORDER BY price DESC LIMIT 199`);
      await t.db.execute(sql`UPDATE products SET stock = 999999 WHERE id IN (${sql.join(lines.map((l) => sql`${l.id}`), sql`, `)})`);
      await refused(draft({ variations: [dear, ...lines].map((l) => ({ variation: l.id, count: 999_999 })) }), 400);
    });

    it.each([
      ["an unknown city", { cityId: 999_999 }, /cityId/],
      ["an unknown manager", { manager: 999_999 }, /manager/],
      ["an unknown legal file", { legalFile: "A".repeat(32) }, /legalFile/],
      ["an unknown image", { imageKeys: ["B".repeat(32)] }, /imageKeys\.0/],
      ["a legal file by serial id", { legalFile: 1 }, /legalFile/],
      ["an image by serial id", { imageKeys: [1] }, /imageKeys\.0/],
      ["a path as a file key", { legalFile: "../../../../etc/passwd/xxxxxxxxxx" }, /legalFile/],
      ["a huge file key", { imageKeys: ["k".repeat(100_000)] }, /imageKeys\.0/],
      ["21 images", { imageKeys: Array.from({ length: 21 }, (_, i) => `${i}`.padStart(32, "k")) }, /imageKeys/],
      // Ids beyond PostgreSQL's integer: a Russian 400, never "value out of range" as a 500.
      ["a city id above int4", { cityId: 3_000_000_000 }, /^cityId$/],
      ["a manager id above int4", { manager: 3_000_000_000 }, /^manager$/],
      ["a legal company id above int4", { legalCompany: 3_000_000_000 }, /^legalCompany$/],
      ["an unknown pickup office", { pickupOffice: 999_999 }, /^pickupOffice$/],
      ["a pickup office id above int4", { pickupOffice: 3_000_000_000 }, /^pickupOffice$/],
      ["a pickup office as text", { pickupOffice: "Москва" }, /^pickupOffice$/],
      ["a negative pickup office", { pickupOffice: -1 }, /^pickupOffice$/],
      ["a variation id above int4", { variations: [{ variation: 3_000_000_000, count: 1 }] }, /variations\.0\.variation/],
      ["a variation id of 2^31", { variations: [{ variation: 2_147_483_648, count: 1 }] }, /variations\.0\.variation/],
      ["a coating id above int4", { variations: [{ variation: 1, count: 1, coatings: [{ id: "c", coating: 3_000_000_000, width: 1, height: 1 }] }] }, /variations\.0\.coatings\.0\.coating/],
      ["a city id of 1e300", { cityId: 1e300 }, /^cityId( cityId)?$/],
      ["a foreign phone", { representativePhone: "+1 555 123 4567 8" }, /representativePhone/],
      ["a legal company without an account", { legalCompany: 1 }, /legalCompany/],
      ["a bad e-mail", { representativeEmail: "ivan@" }, /representativeEmail/],
      ["a bad phone", { representativePhone: "позвоните мне" }, /representativePhone/],
      ["an empty name", { representativeName: "   " }, /representativeName/],
      ["an unknown delivery type", { deliveryType: "drone" }, /deliveryType/],
      ["no lines", { variations: [] }, /variations/],
      ["repeated lines", { variations: [{ variation: 1, count: 1 }, { variation: 1, count: 1 }] }, /variations/],
      ["a negative count", { variations: [{ variation: 1, count: -5 }] }, /variations\.0\.count/],
      ["a zero count", { variations: [{ variation: 1, count: 0 }] }, /variations\.0\.count/],
      ["a huge count", { variations: [{ variation: 1, count: 1e12 }] }, /variations\.0\.count/],
      ["a string count", { variations: [{ variation: 1, count: "abc" }] }, /variations\.0\.count/],
      ["a null count", { variations: [{ variation: 1, count: null }] }, /variations\.0\.count/],
      ["an object as the city", { cityId: { $ne: 0 } }, /cityId/],
      ["an array as the name", { representativeName: ["Иван"] }, /representativeName/],
      ["201 lines", { variations: Array.from({ length: 201 }, (_, i) => ({ variation: i + 1, count: 1 })) }, /variations/],
      ["10 000 lines", { variations: Array.from({ length: 10_000 }, (_, i) => ({ variation: i + 1, count: 1 })) }, /variations/],
    ] as [string, Record<string, unknown>, RegExp][])("refuses %s", async (_, overrides, field) => {
      await refused({ ...draft(), ...overrides }, 400, field);
    });

    it.each([
      ["null", "null"],
      ["an array", "[]"],
      ["not JSON", "{cityId: 1"],
      ["empty", ""],
    ])("refuses a body that is %s", async (_, body) => {
      await refused(body, 400);
    });

    it("ignores prototype-pollution keys and never answers a 5xx", async () => {
      const body = JSON.stringify(draft()).replace(/^\{/, '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},');
      await create(body);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  });

  describe("Idempotency-Key", () => {
    it("answers a retry with the order it created, never a second one", async () => {
      const key = `retry-${backend.name}-${Date.now()}`;
      const before = await orderCount();
      const body = draft({ representativeEmail: "retry.check@example.ru" });
      const first = await create(body, { "Idempotency-Key": key });
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      const second = await create(body, { "Idempotency-Key": key });
      expect(second).toBe(first);
      expect(await orderCount()).toBe(before + 1);
      expect(sent).toHaveLength(1);
    });

    it("creates one order from simultaneous submits with one key", async () => {
      const key = `double-${backend.name}-${Date.now()}`;
      const before = await orderCount();
      const ids = await Promise.all(Array.from({ length: 5 }, () => create(draft(), { "Idempotency-Key": key })));
      expect(new Set(ids).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
      const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${ids[0]}`);
      expect(row.n).toBe(2);
    });

    it("refuses the same key with another body (409), and a malformed key (400)", async () => {
      const key = `other-${backend.name}-${Date.now()}`;
      await create(draft(), { "Idempotency-Key": key });
      const first = await create(draft(), { "Idempotency-Key": `${key}-named` });
      const conflict = await refused(draft({ comment: "другой заказ" }), 409, /Idempotency-Key/, { "Idempotency-Key": `${key}-named` });
      // The key's order is named, so the storefront can show it instead of losing it.
      expect(conflict.orderId).toBe(first);
      await refused(draft({ comment: "другой заказ" }), 409, /Idempotency-Key/, { "Idempotency-Key": key });
      await refused(draft(), 400, /Idempotency-Key/, { "Idempotency-Key": "short" });
      await refused(draft(), 400, /Idempotency-Key/, { "Idempotency-Key": "key with spaces; and=junk" });
    });

    it("without a key, two submits are two orders", async () => {
      const a = await create(draft());
      const b = await create(draft());
      expect(a).not.toBe(b);
    });
  });
});
