/**
 * IDOR matrix of the logged-in shopping calls (issue 19): user A's favourites, comparison, cart
 * (lines, comment, images), comments and search history against user B of every role. Lists
 * and carts are the caller's by construction (no id in any request names a user or a cart), so B
 * never sees or changes A's; object ids B can name (comment ids, history ids, file keys) answer
 * 403/404/400 and change nothing. Only ROLE_ADMIN moderates comments, by design.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { RoleName } from "../../api/auth/session";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { Cart, Comment, type SearchHistoryEntry, type UploadedFile } from "../../contract/index";
import sharp from "sharp";
import { createTestUser, dataOf, type TestUser } from "../support/api-users";

const OTHER_ROLES: RoleName[] = ["ROLE_USER", "ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN_MANAGER", "ROLE_ADMIN"];

describe.each(testBackends())("shopping IDOR on $name", (backend) => {
  let t: TestApi;
  let groups: number[];
  let products: number[];
  let post: number;

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 60 });
    groups = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM product_groups WHERE is_active ORDER BY id LIMIT 5`)).map((r) => Number(r.id));
    products = (
      await queryRows<{ id: number }>(t.db, sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id LIMIT 5`)
    ).map((r) => Number(r.id));
    post = Number((await queryRows<{ id: number }>(t.db, sql`SELECT id FROM posts WHERE kind = 'blog' AND is_published AND published_at <= now() ORDER BY id LIMIT 1`))[0].id);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(user: TestUser): Promise<UploadedFile> {
    const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#336699" } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" }));
    return dataOf<UploadedFile>(await t.fetch("/api/file/upload", { method: "POST", body: form, token: user.token }));
  }

  /** A with something of every kind; a snapshot of all of it. */
  async function userA() {
    const a = await createTestUser(t, { name: "Анна Белова" });
    await dataOf(await a.call("/api/favorite/add", { body: { productsGroups: groups.slice(0, 3) } }));
    await dataOf(await a.call("/api/comparing/add", { body: { products: products.slice(0, 3) } }));
    await dataOf(await a.call("/api/cart/recalculate", { body: { items: [{ variation: products[0], count: 5 }] } }));
    await dataOf(await a.call("/api/cart/comment", { method: "PUT", body: { text: "Логотип в левом углу" } }));
    const file = await upload(a);
    await dataOf(await a.call("/api/cart/image", { method: "PUT", body: { imageKeys: [file.key] } }));
    const comment = Comment.parse(await dataOf(await a.call(`/api/comment/create/${post}`, { body: { text: "Отличная статья" } })));
    await dataOf(await a.call("/api/search/global?text=ручка"));
    const [entry] = await dataOf<SearchHistoryEntry[]>(await a.call("/api/search/history"));
    const snapshot = async () => ({
      favorites: await dataOf(await a.call("/api/favorite/all")),
      comparison: await dataOf(await a.call("/api/comparing/ids")),
      cart: await dataOf(await a.call("/api/cart/detail")),
      comment: (await queryRows<{ text: string }>(t.db, sql`SELECT text FROM comments WHERE id = ${comment.id}`))[0]?.text,
      history: await dataOf(await a.call("/api/search/history")),
    });
    return { a, file, comment, entry, snapshot, before: await snapshot() };
  }

  it.each(OTHER_ROLES)("B with %s never sees or changes A's lists, cart, comments or history", async (role) => {
    const { file, comment, entry, snapshot, before } = await userA();
    expect(Cart.parse(before.cart).images.map((f) => f.key)).toEqual([file.key]);
    const b = await createTestUser(t, { name: "Борис", roles: [role] });

    // Reads: B's own, empty.
    expect(await dataOf(await b.call("/api/favorite/all"))).toEqual([]);
    expect(await dataOf(await b.call("/api/comparing/ids"))).toEqual([]);
    expect(await dataOf(await b.call("/api/comparing/categories"))).toEqual([]);
    const bCart = Cart.parse(await dataOf(await b.call("/api/cart/detail")));
    expect(bCart.cartItems).toEqual([]);
    expect(bCart.images).toEqual([]);
    expect(bCart.comment).toBe("");
    expect(await dataOf(await b.call("/api/search/history"))).toEqual([]);

    // Writes that name A's ids act on B's own lists only; a smuggled userId is ignored.
    expect(await dataOf(await b.call("/api/favorite/delete", { body: { productsGroups: groups.slice(0, 3), userId: 0 } }))).toEqual([]);
    expect(await dataOf(await b.call("/api/comparing/delete", { body: { products: products.slice(0, 3) } }))).toEqual([]);
    expect(await dataOf(await b.call("/api/favorite/add", { body: { productsGroups: [groups[4]], userId: 1 } }))).toEqual([groups[4]]);
    await dataOf(await b.call("/api/cart/clear", { method: "POST" }));
    await dataOf(await b.call("/api/cart/recalculate", { body: { items: [{ variation: products[1], count: 1 }] } }));
    await dataOf(await b.call("/api/search/history", { method: "DELETE" }));

    // A's file key: B cannot attach it, detaching it from B's cart does nothing to A's, merging skips it.
    expect((await b.call("/api/cart/image", { method: "PUT", body: { imageKeys: [file.key] } })).status).toBe(400);
    expect(Cart.parse(await dataOf(await b.call("/api/cart/image", { method: "DELETE", body: { imageKeys: [file.key] } }))).images).toEqual([]);
    expect(Cart.parse(await dataOf(await b.call("/api/cart/merge", { body: { items: [], imageKeys: [file.key] } }))).images).toEqual([]);

    // A's history id: 404.
    expect((await b.call(`/api/search/history/${entry.id}`, { method: "DELETE" })).status).toBe(404);

    // A's comment: 403 for everyone but ROLE_ADMIN (the moderator, by design).
    const edit = await b.call(`/api/comment/update/${comment.id}`, { body: { text: "Подменённый текст" } });
    if (role === "ROLE_ADMIN") {
      expect(edit.status).toBe(200);
      await dataOf(await b.call(`/api/comment/update/${comment.id}`, { body: { text: "Отличная статья" } }));
    } else {
      expect(edit.status).toBe(403);
      expect((await b.call(`/api/comment/delete/${comment.id}`, { method: "DELETE" })).status).toBe(403);
    }

    expect(await snapshot()).toEqual(before);
  });

  it("a tampered or foreign-key token is a 401 and changes nothing", async () => {
    const { a, snapshot, before } = await userA();
    const tampered = a.token.slice(0, -2) + (a.token.endsWith("AA") ? "BB" : "AA");
    for (const [path, init] of [
      ["/api/favorite/delete", { method: "POST", body: JSON.stringify({ productsGroups: groups }) }],
      ["/api/cart/clear", { method: "POST" }],
      ["/api/search/history", { method: "DELETE" }],
    ] as const) {
      const response = await t.fetch(path, { ...init, headers: { "content-type": "application/json" }, token: tampered });
      expect(response.status, path).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
