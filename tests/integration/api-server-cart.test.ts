/**
 * The logged-in user's server cart (§7 cart/recalculate, comment, clear, image, detail, and the
 * §4 login merge cart/merge) on a seeded database: priced exactly as cart/unauth, lines stored in
 * order, out-of-sale variations not stored, plain-text comments, image keys accepted only for the
 * caller's own or unattached anonymous uploads, files in a cart kept by the upload sweep, and
 * junk, huge, missing and hostile bodies answered 400 in Russian (never a 5xx).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import {
  ApiErrorBody,
  CART_IMAGES_LIMIT_MESSAGE,
  Cart,
  EMPTY_CART,
  FILE_NOT_FOUND_MESSAGE,
  MAX_CART_ITEMS,
  type CartItemInput,
  type UploadedFile,
} from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { createFileService, UNATTACHED_TTL_MS } from "../../api/file/service";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { callAs, createTestUser, dataOf, type TestUser } from "../support/api-users";

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();

describe.each(testBackends())("server cart on $name", (backend) => {
  let t: TestApi;
  /** Variations on sale (of different groups), one out of sale; a coating with variants the first accepts. */
  let v: number[];
  let offSale: number;
  let coating: { id: number; variant: number };

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 250 });
    v = (
      await queryRows<{ id: number }>(
        t.db,
        sql`SELECT DISTINCT ON (g.id) p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY g.id, p.id LIMIT 230`,
      )
    ).map((r) => Number(r.id));
    const [row] = await queryRows<{ id: number; coating: number; variant: number }>(
      t.db,
      sql`SELECT p.id, pc.coating_id AS coating,
            (SELECT cv.id FROM coating_variants cv WHERE cv.coating_id = pc.coating_id ORDER BY cv.sort, cv.id LIMIT 1) AS variant
          FROM products p JOIN product_group_coatings pc ON pc.group_id = p.group_id
          WHERE p.id = ANY(${`{${v.join(",")}}`}::int[]) AND EXISTS (SELECT 1 FROM coating_variants cv WHERE cv.coating_id = pc.coating_id)
          ORDER BY p.id LIMIT 1`,
    );
    v = [Number(row.id), ...v.filter((id) => id !== Number(row.id))];
    coating = { id: Number(row.coating), variant: Number(row.variant) };
    offSale = v.pop()!;
    await t.db.execute(sql`UPDATE product_groups SET is_active = false WHERE id = (SELECT group_id FROM products WHERE id = ${offSale})`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const cartOf = async (response: Response): Promise<Cart> => {
    const data = await dataOf<unknown>(response);
    const parsed = Cart.safeParse(data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
    return parsed.data!;
  };
  const detail = (u: TestUser) => u.call("/api/cart/detail").then(cartOf);
  const recalc = (u: TestUser, items: CartItemInput[]) => u.call("/api/cart/recalculate", { body: { items } });

  async function upload(token: string | null): Promise<UploadedFile> {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await png())], "макет.png", { type: "image/png" }));
    const response = await t.fetch("/api/file/upload", { method: "POST", body: form, token: token ?? undefined });
    return dataOf<UploadedFile>(response);
  }

  it("anonymous callers get 401 on every server-cart call, even with a broken body", async () => {
    for (const [path, method, body] of [
      ["/api/cart/detail", "GET", undefined],
      ["/api/cart/recalculate", "POST", { items: [] }],
      ["/api/cart/recalculate", "POST", "{junk"],
      ["/api/cart/comment", "PUT", { text: "x" }],
      ["/api/cart/clear", "POST", undefined],
      ["/api/cart/image", "PUT", { imageKeys: ["a".repeat(32)] }],
      ["/api/cart/image", "DELETE", { imageKeys: ["a".repeat(32)] }],
      ["/api/cart/merge", "POST", { items: [] }],
    ] as const) {
      const response = await callAs(t, null, path, typeof body === "string" ? { method, raw: body } : { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("a new user's cart is empty", async () => {
    const user = await createTestUser(t);
    expect(await detail(user)).toEqual(EMPTY_CART);
  });

  it("recalculate stores the lines in order, priced exactly as cart/unauth; detail answers the same", async () => {
    const user = await createTestUser(t);
    const items: CartItemInput[] = [
      { variation: v[2], count: 3, comment: "  в подарочной упаковке  " },
      { variation: v[0], count: 120, coatings: [{ id: "l1", coating: coating.id, width: 40, height: 20, variant: coating.variant }] },
      // A coating with variants and no variant: answered with problems, not refused (as cart/unauth).
      { variation: v[1], count: 10, coatings: [{ id: "l2", coating: coating.id, width: 40, height: 20, variant: null }] },
    ];
    const saved = await cartOf(await recalc(user, items));
    const unauth = await cartOf(await callAs(t, null, "/api/cart/unauth", { body: { variations: items } }));
    expect(saved).toEqual(unauth);
    expect(await detail(user)).toEqual(saved);
    expect(saved.cartItems.map((l) => l.variation)).toEqual([v[2], v[0], v[1]]);
    expect(saved.cartItems[0].comment).toBe("в подарочной упаковке");
    expect(saved.cartItems[1].printPrice).toBeGreaterThan(0);
    expect(saved.cartItems[2].coatings[0].problems.length).toBeGreaterThan(0);
    // U+0000 cannot be stored by PostgreSQL: dropped with the other control characters, never a 500.
    const hostile = await cartOf(
      await recalc(user, [{ variation: v[0], count: 2, comment: "a\u0000b", coatings: [{ id: "x\u0000", coating: coating.id, width: 40, height: 20, variant: coating.variant, options: ["\u0000"] }] }]),
    );
    expect(hostile.cartItems[0].comment).toBe("ab");
    expect((await detail(user)).cartItems[0].coatings[0].id).toBe("x");
    expect((await cartOf(await user.call("/api/cart/comment", { method: "PUT", body: { text: "\u0000Звоните\u0000" } }))).comment).toBe("Звоните");
  });

  it("a print type the product does not take is kept with a Russian problem naming it; order/create refuses it (issue 25 item 16)", async () => {
    const user = await createTestUser(t);
    const [foreign] = await queryRows<{ id: number; title: string }>(
      t.db,
      sql`SELECT co.id, co.title FROM coatings co WHERE co.id NOT IN
            (SELECT pc.coating_id FROM product_group_coatings pc JOIN products p ON p.group_id = pc.group_id WHERE p.id = ${v[0]})
          ORDER BY co.id LIMIT 1`,
    );
    const message = `Нанесение «${foreign.title}» для этого товара недоступно — выберите другое или удалите его`;
    const saved = await cartOf(await recalc(user, [{ variation: v[0], count: 500, coatings: [{ id: "x", coating: foreign.id, width: 30, height: 20 }] }]));
    expect(saved.cartItems[0].coatings[0].problems).toEqual([{ field: "coating", message }]);
    expect(saved.cartItems[0].group.coatings).not.toContain(foreign.id);
    const response = await user.call("/api/order/create", {
      body: { cityId: 1, representativeName: "Иван Петров", representativeEmail: "ivan@example.ru", representativePhone: "+7 (921) 123-45-67" },
    });
    expect(response.status).toBe(400);
    const error = ApiErrorBody.parse(await response.json());
    expect(error.errors).toContainEqual({ field: "cart.0.coatings.0.coating", message });
    expect((await detail(user)).cartItems).toHaveLength(1);
  });

  it("recalculate replaces the lines; out-of-sale and unknown variations are answered as unavailable and not stored", async () => {
    const user = await createTestUser(t);
    await recalc(user, [{ variation: v[0], count: 1 }, { variation: v[1], count: 2 }]);
    const next = await cartOf(await recalc(user, [{ variation: v[3], count: 5 }, { variation: offSale, count: 1 }, { variation: 999_999_999, count: 1 }]));
    expect(next.cartItems.map((l) => l.variation)).toEqual([v[3]]);
    expect(next.unavailableVariations.sort()).toEqual([offSale, 999_999_999].sort());
    const stored = await detail(user);
    expect(stored.cartItems.map((l) => [l.variation, l.count])).toEqual([[v[3], 5]]);
    expect(stored.unavailableVariations).toEqual([]);
    expect((await cartOf(await recalc(user, []))).cartItems).toEqual([]);
    expect(await detail(user)).toEqual(EMPTY_CART);
  });

  it(`recalculate takes exactly ${MAX_CART_ITEMS} lines; ${MAX_CART_ITEMS + 1} are a 400 and nothing changes`, async () => {
    const user = await createTestUser(t);
    const many = v.slice(0, MAX_CART_ITEMS).map((variation) => ({ variation, count: 1 }));
    expect((await cartOf(await recalc(user, many))).cartItems).toHaveLength(MAX_CART_ITEMS);
    const over = await recalc(user, [...many, { variation: 999_999_998, count: 1 }]);
    expect(over.status).toBe(400);
    expect(ApiErrorBody.parse(await over.json()).errors[0].message).toBe(`В корзине может быть не больше ${MAX_CART_ITEMS} товаров`);
    expect((await detail(user)).cartItems).toHaveLength(MAX_CART_ITEMS);
  });

  it("comment: plain text, trimmed, control characters dropped, markup kept as text; clear empties everything", async () => {
    const user = await createTestUser(t);
    const cart = await cartOf(await user.call("/api/cart/comment", { method: "PUT", body: { text: "  Доставка\r\nдо 18:00 <b>срочно</b>\u0000\u202e  " } }));
    expect(cart.comment).toBe("Доставка\nдо 18:00 <b>срочно</b>");
    await recalc(user, [{ variation: v[0], count: 2 }]);
    const file = await upload(user.token);
    await cartOf(await user.call("/api/cart/image", { method: "PUT", body: { imageKeys: [file.key] } }));
    expect((await detail(user)).comment).toBe("Доставка\nдо 18:00 <b>срочно</b>");
    expect(await cartOf(await user.call("/api/cart/clear", { method: "POST" }))).toEqual(EMPTY_CART);
    expect(await detail(user)).toEqual(EMPTY_CART);
    const tooLong = await user.call("/api/cart/comment", { method: "PUT", body: { text: "я".repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(ApiErrorBody.parse(await tooLong.json()).errors[0].field).toBe("text");
  });

  it("images: own and unattached anonymous uploads attach (the anonymous one becomes the caller's); others' and ordered files are refused, nothing changed", async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const own = await upload(a.token);
    const anonymous = await upload(null);
    const others = await upload(b.token);
    const ordered = await upload(a.token);
    await t.db.execute(sql`UPDATE files SET order_id = 1 WHERE id = ${ordered.id}`);

    const cart = await cartOf(await a.call("/api/cart/image", { method: "PUT", body: { imageKeys: [own.key, anonymous.key, own.key] } }));
    expect(cart.images.map((f) => f.key)).toEqual([own.key, anonymous.key]);
    expect(cart.images[0]).toMatchObject({ url: `/api/file/${own.key}`, thumbnailUrl: `/api/file/${own.key}/thumbnail`, mimeType: "image/png" });
    const [claimed] = await queryRows<{ userId: number }>(t.db, sql`SELECT user_id AS "userId" FROM files WHERE id = ${anonymous.id}`);
    expect(Number(claimed.userId)).toBe(a.id);

    const refused = await a.call("/api/cart/image", { method: "PUT", body: { imageKeys: [others.key, ordered.key, "Z".repeat(32)] } });
    expect(refused.status).toBe(400);
    const error = ApiErrorBody.parse(await refused.json());
    expect(error.errors.map((e) => e.field)).toEqual(["imageKeys.0", "imageKeys.1", "imageKeys.2"]);
    expect(error.errors[0].message).toBe(FILE_NOT_FOUND_MESSAGE);
    expect(error.errors[2].message).toBe(FILE_NOT_FOUND_MESSAGE);
    // B cannot take A's claimed upload either.
    expect((await b.call("/api/cart/image", { method: "PUT", body: { imageKeys: [anonymous.key] } })).status).toBe(400);
    expect((await detail(a)).images.map((f) => f.key)).toEqual([own.key, anonymous.key]);
    expect((await detail(b)).images).toEqual([]);

    const after = await cartOf(await a.call("/api/cart/image", { method: "DELETE", body: { imageKeys: [own.key, others.key] } }));
    expect(after.images.map((f) => f.key)).toEqual([anonymous.key]);
  });

  it(`images: at most 20 in a cart (${CART_IMAGES_LIMIT_MESSAGE})`, async () => {
    const user = await createTestUser(t);
    // One at a time: the upload queue refuses a burst beyond its byte budget (503, ADR 025).
    const files: UploadedFile[] = [];
    for (let i = 0; i < 21; i++) files.push(await upload(user.token));
    const twenty = await cartOf(await user.call("/api/cart/image", { method: "PUT", body: { imageKeys: files.slice(0, 20).map((f) => f.key) } }));
    expect(twenty.images).toHaveLength(20);
    const over = await user.call("/api/cart/image", { method: "PUT", body: { imageKeys: [files[20].key] } });
    expect(over.status).toBe(400);
    expect(ApiErrorBody.parse(await over.json()).message).toBe(CART_IMAGES_LIMIT_MESSAGE);
    expect((await detail(user)).images).toHaveLength(20);
  });

  it("files in a cart outlive the sweep of unattached uploads; a detached one is swept", async () => {
    const user = await createTestUser(t);
    const kept = await upload(user.token);
    const loose = await upload(user.token);
    await user.call("/api/cart/image", { method: "PUT", body: { imageKeys: [kept.key] } });
    const later = createFileService(t.db, { now: () => Date.now() + UNATTACHED_TTL_MS + 60_000 });
    await later.sweepUnattached();
    const left = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM files WHERE id IN (${kept.id}, ${loose.id})`);
    expect(left.map((r) => Number(r.id))).toEqual([kept.id]);
    expect((await detail(user)).images.map((f) => f.key)).toEqual([kept.key]);
  });

  it("§4 merge: server lines stay as they are, local-only lines are added after them, the server comment wins unless empty, usable images are added", async () => {
    const user = await createTestUser(t);
    const serverFile = await upload(user.token);
    const localFile = await upload(null);
    await recalc(user, [{ variation: v[0], count: 7 }]);
    await user.call("/api/cart/image", { method: "PUT", body: { imageKeys: [serverFile.key] } });
    const merged = await cartOf(
      await user.call("/api/cart/merge", {
        body: {
          items: [{ variation: v[0], count: 1 }, { variation: v[4], count: 3 }, { variation: offSale, count: 2 }],
          comment: "Из гостевой корзины",
          imageKeys: [localFile.key, "stale-key", "Q".repeat(32), serverFile.key],
        },
      }),
    );
    expect(merged.cartItems.map((l) => [l.variation, l.count])).toEqual([[v[0], 7], [v[4], 3]]);
    expect(merged.unavailableVariations).toEqual([offSale]);
    expect(merged.comment).toBe("Из гостевой корзины");
    expect(merged.images.map((f) => f.key)).toEqual([serverFile.key, localFile.key]);
    await user.call("/api/cart/comment", { method: "PUT", body: { text: "Серверный" } });
    const again = await cartOf(await user.call("/api/cart/merge", { body: { items: [{ variation: v[5], count: 1 }], comment: "Местный" } }));
    expect(again.comment).toBe("Серверный");
    expect(again.cartItems.map((l) => l.variation)).toEqual([v[0], v[4], v[5]]);
    expect(await detail(user)).toEqual({ ...again, unavailableVariations: [] });
  });

  it("§4 merge into an empty server cart keeps the local cart; the merged cart is trimmed to the line limit", async () => {
    const user = await createTestUser(t);
    await recalc(user, v.slice(0, 150).map((variation) => ({ variation, count: 1 })));
    const merged = await cartOf(await user.call("/api/cart/merge", { body: { items: v.slice(100, 228).map((variation) => ({ variation, count: 2 })) } }));
    expect(merged.cartItems).toHaveLength(MAX_CART_ITEMS);
    expect(merged.cartItems.slice(0, 150).every((l) => l.count === 1)).toBe(true);
    const fresh = await createTestUser(t);
    const local = await cartOf(await fresh.call("/api/cart/merge", { body: { items: [{ variation: v[9], count: 4 }], comment: "Гость" } }));
    expect(local.cartItems.map((l) => [l.variation, l.count])).toEqual([[v[9], 4]]);
    expect(local.comment).toBe("Гость");
  });

  it("concurrent recalculates never mix their lines", async () => {
    const user = await createTestUser(t);
    const one = v.slice(0, 30).map((variation) => ({ variation, count: 1 }));
    const two = v.slice(30, 60).map((variation) => ({ variation, count: 2 }));
    await Promise.all([recalc(user, one), recalc(user, two), recalc(user, one)]);
    const stored = (await detail(user)).cartItems.map((l) => l.variation);
    expect([one.map((l) => l.variation), two.map((l) => l.variation)]).toContainEqual(stored);
  });

  it.each([
    ["recalculate: not JSON", "/api/cart/recalculate", "POST", "{items:"],
    ["recalculate: no items", "/api/cart/recalculate", "POST", {}],
    ["recalculate: items a string", "/api/cart/recalculate", "POST", { items: "все" }],
    ["recalculate: a repeated variation", "/api/cart/recalculate", "POST", { items: [{ variation: 5, count: 1 }, { variation: 5, count: 2 }] }],
    ["recalculate: count 0", "/api/cart/recalculate", "POST", { items: [{ variation: 5, count: 0 }] }],
    ["recalculate: count beyond 999999", "/api/cart/recalculate", "POST", { items: [{ variation: 5, count: 1_000_000 }] }],
    ["recalculate: count as text", "/api/cart/recalculate", "POST", { items: [{ variation: 5, count: "10; DROP TABLE carts" }] }],
    ["recalculate: variation above int4", "/api/cart/recalculate", "POST", { items: [{ variation: 3_000_000_000, count: 1 }] }],
    ["recalculate: a huge comment", "/api/cart/recalculate", "POST", { items: [{ variation: 5, count: 1, comment: "x".repeat(100_000) }] }],
    ["recalculate: 21 coating lines", "/api/cart/recalculate", "POST", { items: [{ variation: 5, count: 1, coatings: Array.from({ length: 21 }, (_, i) => ({ id: `c${i}`, coating: 1, width: 1, height: 1 })) }] }],
    ["recalculate: 10 000 lines", "/api/cart/recalculate", "POST", { items: Array.from({ length: 10_000 }, (_, i) => ({ variation: i + 1, count: 1 })) }],
    ["comment: missing", "/api/cart/comment", "PUT", {}],
    ["comment: a number", "/api/cart/comment", "PUT", { text: 42 }],
    ["image: no keys", "/api/cart/image", "PUT", { imageKeys: [] }],
    ["image: a path as a key", "/api/cart/image", "PUT", { imageKeys: ["../../etc/passwd"] }],
    ["image: a serial id", "/api/cart/image", "PUT", { imageKeys: [1] }],
    ["image delete: SQL as a key", "/api/cart/image", "DELETE", { imageKeys: ["x' OR '1'='1"] }],
    ["merge: items missing", "/api/cart/merge", "POST", { comment: "x" }],
    ["merge: 21 image keys", "/api/cart/merge", "POST", { items: [], imageKeys: Array.from({ length: 21 }, (_, i) => `k${i}`) }],
    ["merge: a huge key", "/api/cart/merge", "POST", { items: [], imageKeys: ["k".repeat(5000)] }],
    ["merge: an array body", "/api/cart/merge", "POST", "[]"],
  ])("%s → 400 with Russian field errors, the cart unchanged", async (_, path, method, body) => {
    const user = await createTestUser(t);
    await recalc(user, [{ variation: v[0], count: 1 }]);
    const before = await detail(user);
    const response = await user.call(path, typeof body === "string" ? { method, raw: body } : { method, body });
    expect(response.status).toBe(400);
    const error = ApiErrorBody.parse(await response.json());
    expect(error.message).toMatch(/[а-яё]/i);
    expect(error.errors.length).toBeGreaterThan(0);
    for (const e of error.errors) expect(e.message).toMatch(/[а-яё]/i);
    expect(await detail(user)).toEqual(before);
  });
});
