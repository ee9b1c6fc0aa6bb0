/**
 * POST /api/cart/unauth on a seeded database (in-memory PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL): price tiers, coating lines (priced like coating/recalculate; unfinished lines come
 * back with problems and are not priced), weight, unavailable variations, totals; and every kind
 * of junk input answers a clear 400 (never a 5xx). Expected prices are computed from the
 * database rows and coating/recalculate, not from the pricing code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, Cart, MAX_CART_ITEMS, type CartUnauthRequest, type CoatingPrice } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { createCartPricing } from "../../api/cart/pricing";

interface Fixture {
  variation: number;
  price: number;
  weight: number;
  /** minQty → price */
  tiers: Record<number, number>;
  /** A coating the group accepts that has variants, with its first variant. */
  coatingWithVariants: number;
  variant: number;
  /** A coating the group does not accept. */
  foreignCoating: number;
}

describe.each(testBackends())("cart/unauth on $name", (backend) => {
  let t: TestApi;
  let f: Fixture;
  let other: { variation: number; price: number; weight: number };

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 120 });
    const [row] = await queryRows<{ id: number; price: number; weight: number; coating: number; variant: number; foreign: number }>(
      t.db,
      sql`SELECT p.id, p.price::float8 AS price, p.weight, pc.coating_id AS coating,
            (SELECT v.id FROM coating_variants v WHERE v.coating_id = pc.coating_id ORDER BY v.sort, v.id LIMIT 1) AS variant,
            (SELECT co.id FROM coatings co WHERE co.id NOT IN (SELECT coating_id FROM product_group_coatings x WHERE x.group_id = p.group_id) LIMIT 1) AS foreign
          FROM products p JOIN product_group_coatings pc ON pc.group_id = p.group_id
          WHERE EXISTS (SELECT 1 FROM coating_variants v WHERE v.coating_id = pc.coating_id) AND p.weight > 0
          ORDER BY p.id LIMIT 1`,
    );
    const tiers = await queryRows<{ min_qty: number; price: number }>(
      t.db,
      sql`SELECT min_qty, price::float8 AS price FROM price_tiers WHERE product_id = ${row.id} ORDER BY min_qty`,
    );
    f = {
      variation: row.id,
      price: row.price,
      weight: row.weight,
      tiers: Object.fromEntries(tiers.map((tier) => [tier.min_qty, tier.price])),
      coatingWithVariants: row.coating,
      variant: row.variant,
      foreignCoating: row.foreign,
    };
    const [second] = await queryRows<{ id: number; price: number; weight: number }>(
      t.db,
      sql`SELECT id, price::float8 AS price, weight FROM products WHERE group_id <> (SELECT group_id FROM products WHERE id = ${row.id}) ORDER BY id LIMIT 1`,
    );
    other = { variation: second.id, price: second.price, weight: second.weight };
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.api.fetch(
      new Request(`http://x${path}`, {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      }),
    );

  async function priced(body: CartUnauthRequest): Promise<Cart> {
    const response = await post("/api/cart/unauth", body);
    const json = (await response.json()) as { data: Cart };
    expect(response.status, JSON.stringify(json).slice(0, 400)).toBe(200);
    return Cart.parse(json.data);
  }

  async function recalculate(body: Record<string, unknown>): Promise<CoatingPrice> {
    const response = await post("/api/coating/recalculate", body);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: CoatingPrice }).data;
  }

  async function expect400(body: unknown, field?: string | RegExp) {
    const response = await post("/api/cart/unauth", body);
    expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    const error = ApiErrorBody.parse(await response.json());
    expect(error.message).toMatch(/[а-яё]/i);
    for (const e of error.errors) expect(e.message).toMatch(/[а-яё]/i);
    if (field) expect(error.errors.map((e) => e.field).join(" ")).toMatch(field);
    return error;
  }

  describe("pricing", () => {
    it("uses the price tier reached by the count", async () => {
      const tierAt = (count: number) => {
        let price = f.price;
        for (const [min, p] of Object.entries(f.tiers)) if (Number(min) <= count) price = p;
        return price;
      };
      expect(Object.keys(f.tiers).length).toBeGreaterThan(1);
      for (const count of [1, 49, 50, 99, 100, 499, 500, 999_999]) {
        const cart = await priced({ variations: [{ variation: f.variation, count }] });
        const [line] = cart.cartItems;
        expect(line.unitPrice, `count ${count}`).toBe(tierAt(count));
        expect(line.itemsPrice).toBeCloseTo(tierAt(count) * count, 2);
        expect(line.weight).toBe(f.weight * count);
        expect(cart.totalCount).toBe(count);
        expect(cart.price).toBe(line.price);
      }
      expect(tierAt(50)).toBeLessThan(tierAt(1));
    });

    it("answers the variation, its group and the comment as sent", async () => {
      const cart = await priced({ variations: [{ variation: f.variation, count: 3, comment: "  логотип слева  " }], comment: "к пятнице" });
      expect(cart.cartItems[0].product.id).toBe(f.variation);
      expect(cart.cartItems[0].group.id).toBe(cart.cartItems[0].product.groupId);
      expect(cart.cartItems[0].comment).toBe("логотип слева");
      expect(cart.comment).toBe("к пятнице");
      expect(cart.images).toEqual([]);
      expect(cart.unavailableVariations).toEqual([]);
    });

    it("prices complete coating lines like coating/recalculate for the line's count, and sums the cart", async () => {
      const count = 120;
      const line = { id: "l1", coating: f.coatingWithVariants, width: 30, height: 20, variant: f.variant };
      const cart = await priced({
        variations: [
          { variation: f.variation, count, coatings: [line, { ...line, id: "l2", width: 10, height: 10 }] },
          { variation: other.variation, count: 2 },
        ],
      });
      const [first, second] = cart.cartItems;
      const expected1 = await recalculate({ coating: line.coating, variant: line.variant, width: 30, height: 20, quantity: count, productId: f.variation });
      const expected2 = await recalculate({ coating: line.coating, variant: line.variant, width: 10, height: 10, quantity: count, productId: f.variation });
      expect(first.coatings.map((c) => c.price)).toEqual([expected1.price, expected2.price]);
      expect(first.coatings[0].priceWithoutDiscount).toBe(expected1.priceWithoutDiscount);
      expect(first.coatings[0].problems).toEqual([]);
      expect(first.coatings[0].coatingTitle).not.toBe("");
      expect(first.coatings[0].variantTitle).not.toBeNull();
      expect(first.printPrice).toBeCloseTo(expected1.price + expected2.price, 2);
      expect(first.price).toBeCloseTo(first.itemsPrice + first.printPrice, 2);
      expect(second.printPrice).toBe(0);
      expect(second.weight).toBe(other.weight * 2);
      expect(cart.itemsPrice).toBeCloseTo(first.itemsPrice + second.itemsPrice, 2);
      expect(cart.printPrice).toBeCloseTo(first.printPrice, 2);
      expect(cart.price).toBeCloseTo(cart.itemsPrice + cart.printPrice, 2);
      expect(cart.totalCount).toBe(count + 2);
      expect(cart.weight).toBe(first.weight + second.weight);
    });

    it("never trusts the client's coating price", async () => {
      const line = { id: "l1", coating: f.coatingWithVariants, width: 30, height: 20, variant: f.variant, priceWithoutDiscount: 0.01 };
      const cart = await priced({ variations: [{ variation: f.variation, count: 10, coatings: [line] }] });
      expect(cart.cartItems[0].coatings[0].priceWithoutDiscount).toBeGreaterThan(1);
    });

    it("keeps an unfinished coating line (no variant, foreign coating, unknown coating or option, too wide) unpriced with problems", async () => {
      const base = { coating: f.coatingWithVariants, width: 30, height: 20 };
      const cart = await priced({
        variations: [
          {
            variation: f.variation,
            count: 10,
            coatings: [
              { id: "no-variant", ...base },
              { id: "foreign", ...base, coating: f.foreignCoating },
              { id: "unknown", ...base, coating: 999_999 },
              { id: "option", ...base, variant: f.variant, options: ["Нет такой опции"] },
              { id: "wide", ...base, variant: f.variant, width: 9_999 },
              { id: "ok", ...base, variant: f.variant },
            ],
          },
        ],
      });
      const lines = cart.cartItems[0].coatings;
      const fields = (id: string) => lines.find((l) => l.id === id)!.problems.map((p) => p.field);
      expect(fields("no-variant")).toEqual(["variant"]);
      expect(fields("foreign")).toContain("coating");
      expect(fields("unknown")).toEqual(["coating"]);
      expect(fields("option")).toEqual(["options.0"]);
      expect(fields("wide")).toEqual(["width"]);
      expect(fields("ok")).toEqual([]);
      for (const line of lines.filter((l) => l.id !== "ok")) {
        expect(line.price).toBe(0);
        expect(line.problems[0].message).toMatch(/[а-яё]/i);
      }
      expect(cart.cartItems[0].printPrice).toBe(lines.find((l) => l.id === "ok")!.price);
    });

    it("names a print type the product does not take, says which ones it takes, and never fails the cart (issue 25 item 16)", async () => {
      const [foreign] = await queryRows<{ title: string }>(t.db, sql`SELECT title FROM coatings WHERE id = ${f.foreignCoating}`);
      const accepted = await queryRows<{ coating_id: number }>(
        t.db,
        sql`SELECT pc.coating_id FROM product_group_coatings pc JOIN products p ON p.group_id = pc.group_id JOIN coatings co ON co.id = pc.coating_id
            WHERE p.id = ${f.variation} ORDER BY co.sort, co.id`,
      );
      const cart = await priced({
        variations: [{ variation: f.variation, count: 10, coatings: [{ id: "foreign", coating: f.foreignCoating, width: 30, height: 20 }] }],
      });
      const [line] = cart.cartItems;
      // What the product page offers (ProductGroup.coatings), so the cart offers the same.
      expect(line.group.coatings).toEqual(accepted.map((r) => r.coating_id));
      expect(line.coatings[0].problems).toEqual([
        { field: "coating", message: `Нанесение «${foreign.title}» для этого товара недоступно — выберите другое или удалите его` },
      ]);
      expect(line.coatings[0].price).toBe(0);
      expect(line.printPrice).toBe(0);
    });

    it("lists variations that do not exist or are out of sale, and does not price them", async () => {
      const [inactive] = await queryRows<{ id: number; group_id: number }>(
        t.db,
        sql`SELECT id, group_id FROM products WHERE group_id NOT IN (SELECT group_id FROM products WHERE id IN (${f.variation}, ${other.variation})) ORDER BY id DESC LIMIT 1`,
      );
      await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = ${inactive.group_id}`);
      try {
        const cart = await priced({
          variations: [
            { variation: 987_654, count: 1 },
            { variation: f.variation, count: 1 },
            { variation: inactive.id, count: 5 },
          ],
        });
        expect(cart.unavailableVariations).toEqual([987_654, inactive.id]);
        expect(cart.cartItems.map((l) => l.variation)).toEqual([f.variation]);
        expect(cart.totalCount).toBe(1);
        expect(cart.price).toBe(f.price);
      } finally {
        await t.db.execute(sql`UPDATE product_groups SET is_active = true WHERE id = ${inactive.group_id}`);
      }
    });

    it("prices counts above the stock and notes how many are made to order, with the group's supply term (ADR 025, issue 25 item 17)", async () => {
      const [row] = await queryRows<{ stock: number }>(t.db, sql`SELECT stock FROM products WHERE id = ${f.variation}`);
      const [otherStock] = await queryRows<{ stock: number }>(t.db, sql`SELECT stock FROM products WHERE id = ${other.variation}`);
      // The supply term is the group's "Срок поставки" attribute (seeded for every group).
      const terms = await queryRows<{ id: number; term: string | null }>(
        t.db,
        sql`SELECT p.id, (SELECT v.value_title FROM product_group_attributes v JOIN attributes a ON a.id = v.attribute_id
              WHERE v.group_id = p.group_id AND a.slug = 'delivery-period') AS term
            FROM products p WHERE p.id IN (${f.variation}, ${other.variation})`,
      );
      const term = (id: number) => terms.find((r) => r.id === id)!.term!;
      expect(term(f.variation)).toMatch(/\d/);
      await t.db.execute(sql`UPDATE products SET stock = 1268 WHERE id = ${f.variation}`);
      await t.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${other.variation}`);
      // From the database (the route's read cache may hold these rows from the tests above).
      const pricing = createCartPricing(t.db, { cacheTtlMs: 0 });
      const lines = (items: { variation: number; count: number }[]) => items.map((i) => ({ ...i, comment: null, coatings: [] }));
      const said = (value: string) => value.replace(/^Под заказ, /, "");
      try {
        const { cart } = await pricing.price(lines([{ variation: f.variation, count: 5000 }, { variation: other.variation, count: 3 }]));
        expect(cart.cartItems.map((l) => l.stockNote)).toEqual([
          `В наличии 1\u00a0268\u00a0шт., остальные 3\u00a0732\u00a0шт. — под заказ, срок поставки ${said(term(f.variation))}`,
          `Нет в наличии — 3\u00a0шт. под заказ, срок поставки ${said(term(other.variation))}`,
        ]);
        // A group without a supply term: the manager names the date.
        const [attribute] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM attributes WHERE slug = 'delivery-period'`);
        const [group] = await queryRows<{ group_id: number; value_slug: string; value_title: string }>(
          t.db,
          sql`SELECT v.group_id, v.value_slug, v.value_title FROM product_group_attributes v JOIN products p ON p.group_id = v.group_id
              WHERE p.id = ${other.variation} AND v.attribute_id = ${attribute.id}`,
        );
        await t.db.execute(sql`DELETE FROM product_group_attributes WHERE group_id = ${group.group_id} AND attribute_id = ${attribute.id}`);
        try {
          const bare = await pricing.price(lines([{ variation: other.variation, count: 3 }]));
          expect(bare.cart.cartItems[0].stockNote).toBe("Нет в наличии — 3\u00a0шт. под заказ, срок уточнит менеджер");
        } finally {
          await t.db.execute(sql`INSERT INTO product_group_attributes (group_id, attribute_id, value_slug, value_title)
            VALUES (${group.group_id}, ${attribute.id}, ${group.value_slug}, ${group.value_title})`);
        }
        expect(cart.cartItems[0].itemsPrice).toBeGreaterThan(0);
        const within = await pricing.price(lines([{ variation: f.variation, count: 1268 }]));
        expect(within.cart.cartItems[0].stockNote).toBeNull();
        // The route answers the note too (contract Cart).
        expect((await priced({ variations: [{ variation: f.variation, count: 1 }] })).cartItems[0]).toHaveProperty("stockNote");
      } finally {
        await t.db.execute(sql`UPDATE products SET stock = ${row.stock} WHERE id = ${f.variation}`);
        await t.db.execute(sql`UPDATE products SET stock = ${otherStock.stock} WHERE id = ${other.variation}`);
      }
    });

    it("prices an empty cart as zeros", async () => {
      const cart = await priced({ variations: [] });
      expect(cart).toMatchObject({ cartItems: [], price: 0, itemsPrice: 0, printPrice: 0, totalCount: 0, weight: 0 });
    });

    it("prices the largest cart (200 lines with coatings) in one go", async () => {
      const ids = await queryRows<{ id: number; coating: number }>(
        t.db,
        sql`SELECT p.id, (SELECT min(coating_id) FROM product_group_coatings pc WHERE pc.group_id = p.group_id) AS coating FROM products p ORDER BY p.id LIMIT ${MAX_CART_ITEMS}`,
      );
      const cart = await priced({
        variations: ids.map((r) => ({ variation: r.id, count: 7, coatings: [{ id: "x", coating: r.coating, width: 10, height: 10 }] })),
      });
      expect(cart.cartItems).toHaveLength(MAX_CART_ITEMS);
      expect(cart.totalCount).toBe(7 * MAX_CART_ITEMS);
    });
  });

  describe("junk input → 400 with Russian messages, never a 5xx", () => {
    const line = (count: unknown) => ({ variations: [{ variation: 1, count }] });
    it.each([
      ["negative count", line(-1)],
      ["zero count", line(0)],
      ["huge count", line(1e12)],
      ["fractional count", line(1.5)],
      ["string count", line("abc")],
      ["numeric string count", line("5")],
      ["NaN-like count", line("NaN")],
      ["Infinity-like count", line("Infinity")],
      ["null count", line(null)],
      ["array count", line([1])],
      ["object count", line({ value: 1 })],
      ["missing count", { variations: [{ variation: 1 }] }],
    ])("%s", async (_, body) => {
      await expect400(body, /variations\.0\.count/);
    });

    it.each([
      ["zero variation id", { variations: [{ variation: 0, count: 1 }] }],
      // Beyond PostgreSQL's integer: a Russian 400, never "value out of range" as a 500.
      ["variation id above int4", { variations: [{ variation: 3_000_000_000, count: 1 }] }],
      ["variation id 2^31", { variations: [{ variation: 2_147_483_648, count: 1 }] }],
      ["variation id 1e300", { variations: [{ variation: 1e300, count: 1 }] }],
      ["coating id above int4", { variations: [{ variation: 1, count: 1, coatings: [{ id: "a", coating: 3_000_000_000, width: 1, height: 1 }] }] }],
      ["variant id above int4", { variations: [{ variation: 1, count: 1, coatings: [{ id: "a", coating: 1, width: 1, height: 1, variant: 3_000_000_000 }] }] }],
      ["string variation id", { variations: [{ variation: "1", count: 1 }] }],
      ["repeated variation", { variations: [{ variation: 1, count: 1 }, { variation: 1, count: 2 }] }],
      ["variations not an array", { variations: { 0: { variation: 1, count: 1 } } }],
      ["variations null", { variations: null }],
      ["no variations", {}],
      ["a line that is a string", { variations: ["1"] }],
      ["nested junk in a coating line", { variations: [{ variation: 1, count: 1, coatings: [{ id: "a", coating: { $gt: 1 }, width: 1, height: 1 }] }] }],
      ["negative coating width", { variations: [{ variation: 1, count: 1, coatings: [{ id: "a", coating: 1, width: -5, height: 1 }] }] }],
      ["coating line without sizes (§5 incomplete)", { variations: [{ variation: 1, count: 1, coatings: [{ id: "a", coating: 1 }] }] }],
      ["a comment too long", { variations: [], comment: "я".repeat(2001) }],
    ])("%s", async (_, body) => {
      await expect400(body);
    });

    it.each([
      ["a JSON array", "[]"],
      ["JSON null", "null"],
      ["a number", "42"],
      ["not JSON", "{variations: [}"],
    ])("a body that is %s", async (_, body) => {
      await expect400(body);
    });

    it("refuses more than MAX_CART_ITEMS lines", async () => {
      const body = { variations: Array.from({ length: MAX_CART_ITEMS + 1 }, (_, i) => ({ variation: i + 1, count: 1 })) };
      const error = await expect400(body, /variations/);
      expect(error.message + error.errors.map((e) => e.message).join(" ")).toMatch(/200/);
    });

    it("refuses 10 000 lines quickly with a bounded list of errors", async () => {
      const started = performance.now();
      const valid = { variations: Array.from({ length: 10_000 }, (_, i) => ({ variation: i + 1, count: 1 })) };
      await expect400(valid, /variations/);
      const junk = { variations: Array.from({ length: 10_000 }, () => ({ variation: -1, count: "x" })) };
      const error = await expect400(junk);
      expect(error.errors.length).toBeLessThanOrEqual(50);
      expect(performance.now() - started).toBeLessThan(5000);
    });

    it("ignores prototype-pollution keys", async () => {
      const body = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"variations":[{"variation":${f.variation},"count":2,"__proto__":{"count":999}}]}`;
      const response = await post("/api/cart/unauth", body);
      expect(response.status).toBe(200);
      const cart = ((await response.json()) as { data: Cart }).data;
      expect(cart.totalCount).toBe(2);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it("answers 404/405-style errors, not 5xx, for other methods", async () => {
      const response = await t.api.fetch(new Request("http://x/api/cart/unauth"));
      expect(response.status).toBeLessThan(500);
      expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });
});

describe.each(testBackends())("cart pricing read cache on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 20 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps read rows until a catalogue change; `fresh` (orders) always reads the database", async () => {
    let changed = () => {};
    const pricing = createCartPricing(t.db, { onChange: (listener) => (changed = listener) });
    const [p] = await queryRows<{ id: number; group_id: number }>(t.db, sql`SELECT id, group_id FROM products ORDER BY id LIMIT 1`);
    const items = [{ variation: p.id, count: 1, comment: null, coatings: [] }];
    const before = (await pricing.price(items)).cart.price;
    await t.db.execute(sql`UPDATE price_tiers SET price = price + 1000 WHERE product_id = ${p.id}`);
    await t.db.execute(sql`UPDATE products SET price = price + 1000 WHERE id = ${p.id}`);
    expect((await pricing.price(items)).cart.price).toBe(before);
    expect((await pricing.price(items, "", { fresh: true })).cart.price).toBe(before + 1000);
    changed();
    expect((await pricing.price(items)).cart.price).toBe(before + 1000);
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = ${p.group_id}`);
    expect((await pricing.price(items, "", { fresh: true })).cart.unavailableVariations).toEqual([p.id]);
    changed();
    expect((await pricing.price(items)).cart.unavailableVariations).toEqual([p.id]);
  });

  it("prices from the database alone with the cache off", async () => {
    const pricing = createCartPricing(t.db, { cacheTtlMs: 0 });
    const [p] = await queryRows<{ id: number }>(t.db, sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id LIMIT 1`);
    const { cart } = await pricing.price([{ variation: p.id, count: 2, comment: null, coatings: [] }]);
    expect(cart.totalCount).toBe(2);
  });
});
