/**
 * The logged-in user's favourites (§7 favorite/all|add|delete) and comparison (comparing/ids|add|
 * delete, and comparing/categories without ids) on a seeded database: order (first = newest),
 * unknown ids ignored, the §5 limits at exactly 300 and 150 with nothing saved beyond them, even
 * under concurrent adds, and junk, huge, missing and hostile bodies answered 400 in Russian.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, COMPARISON_LIMIT_MESSAGE, FAVORITES_LIMIT_MESSAGE, endpoints } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { callAs, createTestUser, dataOf } from "../support/api-users";

const LISTS = [
  {
    name: "favourites",
    field: "productsGroups",
    max: 300,
    message: FAVORITES_LIMIT_MESSAGE,
    all: "/api/favorite/all",
    add: "/api/favorite/add",
    remove: "/api/favorite/delete",
    schema: endpoints.favoriteAll.response,
  },
  {
    name: "comparison",
    field: "products",
    max: 150,
    message: COMPARISON_LIMIT_MESSAGE,
    all: "/api/comparing/ids",
    add: "/api/comparing/add",
    remove: "/api/comparing/delete",
    schema: endpoints.comparingIds.response,
  },
] as const;

describe.each(testBackends())("saved lists on $name", (backend) => {
  let t: TestApi;
  /** Active group ids and product ids (of active groups), and an inactive one of each. */
  let groups: number[];
  let products: number[];
  let inactiveGroup: number;
  let inactiveProduct: number;

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 330 });
    const [off] = await queryRows<{ id: number; product: number }>(
      t.db,
      sql`SELECT g.id, min(p.id) AS product FROM product_groups g JOIN products p ON p.group_id = g.id WHERE g.is_active GROUP BY g.id ORDER BY g.id DESC LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = ${off.id}`);
    inactiveGroup = Number(off.id);
    inactiveProduct = Number(off.product);
    groups = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM product_groups WHERE is_active ORDER BY id`)).map((r) => Number(r.id));
    products = (
      await queryRows<{ id: number }>(t.db, sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id`)
    ).map((r) => Number(r.id));
    expect(groups.length).toBeGreaterThan(301);
    expect(products.length).toBeGreaterThan(151);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe.each(LISTS)("$name", (list) => {
    const ids = () => (list.name === "favourites" ? groups : products);
    const inactive = () => (list.name === "favourites" ? inactiveGroup : inactiveProduct);
    const body = (values: unknown) => ({ [list.field]: values });

    it("anonymous callers get 401 on every call, even with a broken body", async () => {
      for (const [path, init] of [
        [list.all, {}],
        [list.add, { body: body([ids()[0]]) }],
        [list.remove, { body: body([ids()[0]]) }],
        [list.add, { raw: "{not json" }],
        [list.add, { body: body("junk") }],
      ] as const) {
        const response = await callAs(t, null, path, init);
        expect(response.status, path).toBe(401);
        expect(ApiErrorBody.parse(await response.json()).message).toMatch(/[а-яё]/i);
      }
    });

    it("add puts the first id in front, moves a saved one to the front, ignores unknown and out-of-sale ids", async () => {
      const user = await createTestUser(t);
      const [a, b, c, d] = ids();
      expect(await dataOf(await user.call(list.all))).toEqual([]);
      const first = await dataOf<number[]>(await user.call(list.add, { body: body([a, b]) }));
      expect(list.schema.safeParse(first).success).toBe(true);
      expect(first).toEqual([a, b]);
      expect(await dataOf(await user.call(list.add, { body: body([c, 999_999_999, inactive(), c]) }))).toEqual([c, a, b]);
      // Idempotent: the same add again changes nothing but the order it names.
      expect(await dataOf(await user.call(list.add, { body: body([c]) }))).toEqual([c, a, b]);
      expect(await dataOf(await user.call(list.add, { body: body([b, d]) }))).toEqual([b, d, c, a]);
      expect(await dataOf(await user.call(list.all))).toEqual([b, d, c, a]);
      // Only unknown ids: nothing saved, the list answered as it is.
      expect(await dataOf(await user.call(list.add, { body: body([2_000_000_000]) }))).toEqual([b, d, c, a]);
    });

    it("delete removes, ignores ids that are not saved, and answers what is left", async () => {
      const user = await createTestUser(t);
      const [a, b, c] = ids();
      await dataOf(await user.call(list.add, { body: body([a, b, c]) }));
      expect(await dataOf(await user.call(list.remove, { body: body([b, 999_999_999, ids()[10]]) }))).toEqual([a, c]);
      expect(await dataOf(await user.call(list.remove, { body: body([b]) }))).toEqual([a, c]);
      expect(await dataOf(await user.call(list.remove, { body: body([a, c]) }))).toEqual([]);
      expect(await dataOf(await user.call(list.all))).toEqual([]);
    });

    it(`§5: exactly ${list.max} are saved; one more is a 400 with the §5 message and nothing is saved`, async () => {
      const user = await createTestUser(t);
      const full = ids().slice(0, list.max);
      const saved = await dataOf<number[]>(await user.call(list.add, { body: body(full) }));
      expect(saved).toHaveLength(list.max);
      expect(saved).toEqual(full);
      const extra = ids()[list.max];
      const refused = await user.call(list.add, { body: body([extra, ids()[list.max + 1]]) });
      expect(refused.status).toBe(400);
      const error = ApiErrorBody.parse(await refused.json());
      expect(error.message).toBe(list.message);
      expect(error.errors).toEqual([{ field: list.field, message: list.message }]);
      expect(await dataOf<number[]>(await user.call(list.all))).toEqual(full);
      // A saved id again is not "one more": it moves to the front.
      const moved = await dataOf<number[]>(await user.call(list.add, { body: body([full[list.max - 1]]) }));
      expect(moved[0]).toBe(full[list.max - 1]);
      expect(moved).toHaveLength(list.max);
      // After a removal there is room for exactly one.
      await dataOf(await user.call(list.remove, { body: body([full[0]]) }));
      expect((await dataOf<number[]>(await user.call(list.add, { body: body([extra]) })))[0]).toBe(extra);
      expect((await user.call(list.add, { body: body([ids()[list.max + 1]]) })).status).toBe(400);
    });

    it(`more than ${list.max} ids in one request: 400 with the §5 message`, async () => {
      const user = await createTestUser(t);
      const response = await user.call(list.add, { body: body(ids().slice(0, list.max + 1)) });
      expect(response.status).toBe(400);
      const error = ApiErrorBody.parse(await response.json());
      expect(error.errors[0]).toEqual({ field: list.field, message: list.message });
      expect(await dataOf(await user.call(list.all))).toEqual([]);
    });

    it("concurrent adds cannot pass the limit together", async () => {
      const user = await createTestUser(t);
      await dataOf(await user.call(list.add, { body: body(ids().slice(0, list.max - 1)) }));
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((k) => user.call(list.add, { body: body([ids()[list.max - 1 + k]]) })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect(await dataOf<number[]>(await user.call(list.all))).toHaveLength(list.max);
    });

    it.each([
      ["not JSON", { raw: "{'productsGroups':" }],
      ["no field", { body: {} }],
      ["an empty list", { body: body([]) }],
      ["a string", { body: body("1,2,3") }],
      ["strings in the list", { body: body(["1", "x"]) }],
      ["zero and negatives", { body: body([0, -5]) }],
      ["fractions", { body: body([1.5]) }],
      ["an id above int4", { body: body([3_000_000_000]) }],
      ["an id beyond 2^53", { body: body([1e300]) }],
      ["objects", { body: body([{ id: 1 }]) }],
      ["SQL in the list", { body: body(["1); DROP TABLE users; --"]) }],
      ["a huge list", { body: body(Array.from({ length: 100_000 }, (_, i) => i + 1)) }],
      ["null", { raw: "null" }],
      ["an array body", { raw: "[1,2,3]" }],
    ])("%s → 400 with Russian field errors, nothing saved", async (_, init) => {
      const user = await createTestUser(t);
      for (const path of [list.add, list.remove]) {
        const response = await user.call(path, init);
        expect(response.status, path).toBe(400);
        const error = ApiErrorBody.parse(await response.json());
        expect(error.message).toMatch(/[а-яё]/i);
        expect(error.errors.length).toBeGreaterThan(0);
        for (const e of error.errors) expect(e.message).toMatch(/[а-яё]/i);
      }
      expect(await dataOf(await user.call(list.all))).toEqual([]);
    });

    it("a token of a deleted user is a 401 on reads and writes (its session went with it), never a 5xx", async () => {
      const user = await createTestUser(t);
      await t.db.execute(sql`DELETE FROM users WHERE id = ${user.id}`);
      expect((await user.call(list.all)).status).toBe(401);
      expect((await user.call(list.add, { body: body([ids()[0]]) })).status).toBe(401);
    });
  });

  it("comparing/categories without ids answers the logged-in caller's server list", async () => {
    const user = await createTestUser(t);
    const [a, b] = products;
    await dataOf(await user.call("/api/comparing/add", { body: { products: [a, b] } }));
    const categories = await dataOf<{ productIds: number[] }[]>(await user.call("/api/comparing/categories"));
    expect(categories.flatMap((c) => c.productIds).sort()).toEqual([a, b].sort());
    expect(await dataOf(await callAs(t, null, "/api/comparing/categories"))).toEqual([]);
    // Ids given: those, not the server list.
    const given = await dataOf<{ productIds: number[] }[]>(await user.call(`/api/comparing/categories?productIds[]=${products[5]}`));
    expect(given.flatMap((c) => c.productIds)).toEqual([products[5]]);
  });

  it("comparison adds never touch favourites (ADR 026: each list merges into itself)", async () => {
    const user = await createTestUser(t);
    await dataOf(await user.call("/api/comparing/add", { body: { products: products.slice(0, 5) } }));
    expect(await dataOf(await user.call("/api/favorite/all"))).toEqual([]);
  });
});
