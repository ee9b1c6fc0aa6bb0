/**
 * The resource routes and actions of synced shopping (issue 19, ADR 034) against a fake API:
 * nothing without a session, junk and hostile input answered with a message (never a 5xx), the
 * §5/§8 messages passed on, 404 ids removed, the cart written to match, comments.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "#app/lib/api-client.server.ts";
import { EMPTY_CART } from "#contract/index.ts";
import { changeList, mergeList, readList, LOGIN_NEEDED_MESSAGE, BAD_LIST_REQUEST_MESSAGE } from "#app/features/shopping/list-sync.server.ts";
import { loadServerCart, mergeServerCart, saveServerCart, CART_UNREADABLE_MESSAGE } from "#app/features/cart/cart.server.ts";
import { commentAction, COMMENT_EMPTY_MESSAGE, COMMENT_LOGIN_MESSAGE, COMMENT_NOT_YOURS_MESSAGE, COMMENT_TOO_LONG_MESSAGE, COMMENT_BAD_REQUEST_MESSAGE } from "#app/features/posts/comments.server.ts";

const API = "http://api.test/api";
type Handler = (request: Request, path: string) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const ok = (data: unknown) => json({ data });

function context(handler: Handler, isAuthenticated = true) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  const api = createApiClient({
    baseUrl: API,
    defaultTimeoutMs: 1000,
    tokens: isAuthenticated ? { token: "t", refreshToken: "r" } : null,
    fetch: async (request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api/, "") + url.search;
      const text = await request.clone().text();
      seen.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
      return handler(request, path);
    },
  });
  return { ctx: { api, isAuthenticated }, seen };
}

const post = (fields: Record<string, string>) => new Request("http://shop.test/favorites/sync", { method: "POST", body: new URLSearchParams(fields) });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const body = async (res: { data: unknown; init: ResponseInit | null }) => ({ status: res.init?.status ?? 200, body: res.data, cache: new Headers(res.init?.headers).get("Cache-Control") });

describe("/favorites/sync and /comparison/sync", () => {
  it("answer 401 with a message and call nothing without a session", async () => {
    const { ctx, seen } = context(() => ok([]), false);
    expect(await readList(ctx, "favorites")).toMatchObject({ status: 401, ok: false, message: LOGIN_NEEDED_MESSAGE });
    expect((await changeList(ctx, "favorites", post({ intent: "add", ids: "1" }))).init?.status).toBe(401);
    expect(await mergeList(ctx, "favorites", [1])).toMatchObject({ status: 401, ok: false });
    expect(seen).toEqual([]);
  });

  it("§4 favourites start: server ids checked against the catalogue; missing groups (404 ids) are removed on the server", async () => {
    const calls: [string, unknown][] = [];
    const api = {
      call: async (endpoint: { id: string }, input: unknown) => {
        calls.push([endpoint.id, input]);
        if (endpoint.id === "favoriteAll") return { ok: true, status: 200, data: [12, 11, 10] };
        // The catalogue still has group 12 and the guest's 7.
        if (endpoint.id === "productListByGroupIds") return { ok: true, status: 200, data: [{ id: 12 }, { id: 7 }] };
        if (endpoint.id === "favoriteDelete") return { ok: true, status: 200, data: [12] };
        throw new Error(endpoint.id);
      },
    };
    const res = await readList({ api, isAuthenticated: true } as never, "favorites", [7, 8]);
    expect(res).toEqual({ ok: true, ids: [12], missing: [11, 10], localMissing: [8] });
    expect(calls[1]).toEqual(["productListByGroupIds", { query: { groupIds: [12, 11, 10, 7, 8] } }]);
    expect(calls[2]).toEqual(["favoriteDelete", { body: { productsGroups: [11, 10] } }]);
  });

  it("a failed catalogue check drops nothing (§8)", async () => {
    const api = {
      call: async (endpoint: { id: string }) =>
        endpoint.id === "comparingIds" ? { ok: true, status: 200, data: [4, 3] } : { ok: false, error: { message: "Ошибка", status: 0, errors: {} } },
    };
    const res = await readList({ api, isAuthenticated: true } as never, "comparison", [9]);
    expect(res).toEqual({ ok: true, ids: [4, 3], missing: [], localMissing: [] });
  });

  it("junk intents and ids are a 400 message, never a call", async () => {
    const { ctx, seen } = context(() => ok([]));
    for (const fields of [{ intent: "drop", ids: "1" }, { intent: "add", ids: "" }, { intent: "add", ids: "abc,-1,0,1e5" }, { ids: "1" }] as Record<string, string>[]) {
      const res = await body(await changeList(ctx, "comparison", post(fields)));
      expect(res).toEqual({ status: 400, body: { ok: false, status: 400, message: BAD_LIST_REQUEST_MESSAGE }, cache: "no-store" });
    }
    expect(seen).toEqual([]);
    const broken = await changeList(ctx, "comparison", new Request("http://shop.test/x", { method: "POST", body: "%%%", headers: { "Content-Type": "multipart/form-data; boundary=x" } }));
    expect(broken.init?.status).toBe(400);
  });

  it("the server's §5 limit message is passed on with its status", async () => {
    const limit = "В сравнение можно добавить не более 150 товаров";
    const { ctx, seen } = context(() => json({ message: limit, errors: [] }, 400));
    expect(await body(await changeList(ctx, "comparison", post({ intent: "add", ids: "5" })))).toMatchObject({ status: 400, body: { ok: false, message: limit } });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/comparing/add", body: { products: [5] } });
  });

  it("§4 login merge: the guest's ids the catalogue still has and the server lacks are pushed (ADR 045)", async () => {
    const calls: [string, unknown][] = [];
    const api = {
      call: async (endpoint: { id: string }, input: unknown) => {
        calls.push([endpoint.id, input]);
        if (endpoint.id === "favoriteAll") return { ok: true, status: 200, data: [12] };
        if (endpoint.id === "productListByGroupIds") return { ok: true, status: 200, data: [{ id: 12 }, { id: 7 }, { id: 5 }] };
        if (endpoint.id === "favoriteAdd") return { ok: true, status: 200, data: [7, 5, 12] };
        throw new Error(endpoint.id);
      },
    };
    expect(await mergeList({ api, isAuthenticated: true } as never, "favorites", [7, 8, 12, 5])).toEqual({ ok: true, ids: [7, 5, 12] });
    expect(calls.at(-1)).toEqual(["favoriteAdd", { body: { productsGroups: [7, 5] } }]);
  });

  it("clear deletes every id the server holds", async () => {
    const { ctx, seen } = context((_, path) => (path === "/favorite/all" ? ok([3, 2]) : ok([])));
    expect(await body(await changeList(ctx, "favorites", post({ intent: "clear" })))).toMatchObject({ status: 200, body: { ok: true, ids: [] } });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(["GET /favorite/all", "POST /favorite/delete"]);
    expect(seen[1]!.body).toEqual({ productsGroups: [3, 2] });
  });
});

const CART = { ...EMPTY_CART, comment: "" };
const KEY_A = "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z";
const KEY_B = "Bb3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z";
const image = (key: string, id: number) => ({ id, key, url: `/api/file/${key}`, thumbnailUrl: null, originalName: "maket.pdf", mimeType: "application/pdf", size: 1000, createdAt: "2026-11-27T10:00:00+03:00" });
const LINES = JSON.stringify([{ variation: 501, count: 100, comment: "синий логотип", coatings: [] }]);

describe("/cart/sync", () => {
  it("save: the lines replace the server's (comments included), the comment and layouts are made to match", async () => {
    const { ctx, seen } = context((_, path) => {
      if (path === "/cart/recalculate") return ok({ ...CART, comment: "старый", images: [image(KEY_B, 2)] });
      if (path === "/cart/comment") return ok({ ...CART, comment: "Счёт на юрлицо", images: [image(KEY_B, 2)] });
      if (path === "/cart/image") return ok({ ...CART, comment: "Счёт на юрлицо", images: [image(KEY_A, 1)] });
      return json({ message: "?" }, 404);
    });
    const answer = await saveServerCart(ctx, form({ intent: "save", key: "k1", lines: LINES, comment: " Счёт на юрлицо ", images: JSON.stringify([KEY_A]) }));
    expect(answer.ok).toBe(true);
    expect(answer.answer.key).toBe("k1");
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(["POST /cart/recalculate", "PUT /cart/comment", "PUT /cart/image", "DELETE /cart/image"]);
    expect(seen[0]!.body).toEqual({ items: [{ variation: 501, count: 100, comment: "синий логотип", coatings: [] }] });
    expect(seen[1]!.body).toEqual({ text: "Счёт на юрлицо" });
    expect(seen[2]!.body).toEqual({ imageKeys: [KEY_A] });
    expect(seen[3]!.body).toEqual({ imageKeys: [KEY_B] });
  });

  it("merge: the guest's cart goes to cart/merge in one call", async () => {
    const { ctx, seen } = context(() => ok(CART));
    const answer = await mergeServerCart(ctx, form({ intent: "merge", lines: LINES, comment: "", images: "[]" }));
    expect(answer.ok).toBe(true);
    expect(seen).toEqual([{ method: "POST", path: "/cart/merge", body: { items: [{ variation: 501, count: 100, comment: "синий логотип", coatings: [] }], comment: "", imageKeys: [] } }]);
  });

  it("junk lines, keys or a huge comment: the unreadable message, zeros, no call", async () => {
    const { ctx, seen } = context(() => ok(CART));
    for (const fields of [
      { lines: "not json" },
      { lines: JSON.stringify([{ variation: -1, count: 1 }]) },
      { lines: "[]", images: JSON.stringify(["../../etc/passwd"]) },
      { lines: "[]", comment: "я".repeat(2001) },
      { lines: JSON.stringify(Array.from({ length: 201 }, (_, i) => ({ variation: i + 1, count: 1 }))) },
    ] as Record<string, string>[]) {
      const answer = await saveServerCart(ctx, form({ intent: "save", ...fields }));
      expect(answer).toMatchObject({ ok: false, status: 400, answer: { error: CART_UNREADABLE_MESSAGE, cart: { price: 0, lines: [] } } });
    }
    expect(seen).toEqual([]);
  });

  it("§8: an API failure answers zeros and the message; no session answers 401 without a call", async () => {
    const down = context(() => json({ message: "Сервис недоступен", errors: [] }, 503));
    expect(await loadServerCart(down.ctx)).toMatchObject({ ok: false, status: 502, answer: { cart: { price: 0, totalCount: 0 }, error: "Что-то пошло не так" } });
    const anon = context(() => ok(CART), false);
    expect(await loadServerCart(anon.ctx)).toMatchObject({ ok: false, status: 401 });
    expect(anon.seen).toEqual([]);
  });
});

const COMMENT = { id: 77, postId: 5, text: "Спасибо!", author: { id: 3, name: "Мария" }, createdAt: "2026-11-27T10:00:00+03:00", updatedAt: "2026-11-27T10:00:00+03:00", editable: true };

describe("comments on a blog post (the post page's action)", () => {
  const run = (fields: Record<string, string> | null, handler: Handler = () => ok(COMMENT), signedIn = true) => {
    const c = context(handler, signedIn);
    return { seen: c.seen, answer: commentAction(c.ctx, "/blog/5", 5, fields && form(fields)) };
  };

  it("create: the trimmed text is sent; success redirects to the new comment (303, no repost on reload)", async () => {
    const { answer, seen } = run({ intent: "create", text: "  Спасибо!\r\n  " });
    const res = (await answer) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/blog/5#comment-77");
    expect(seen).toEqual([{ method: "POST", path: "/comment/create/5", body: { text: "Спасибо!" } }]);
  });

  it("update and delete name the comment; delete goes back to the list", async () => {
    const updated = run({ intent: "update", commentId: "77", text: "Исправлено" });
    expect(((await updated.answer) as Response).headers.get("Location")).toBe("/blog/5#comment-77");
    expect(updated.seen[0]).toMatchObject({ method: "POST", path: "/comment/update/77" });
    const deleted = run({ intent: "delete", commentId: "77" }, () => ok({ success: true }));
    expect(((await deleted.answer) as Response).headers.get("Location")).toBe("/blog/5#comments");
    expect(deleted.seen[0]).toMatchObject({ method: "DELETE", path: "/comment/delete/77" });
  });

  it("empty, whitespace and too long texts are messages under the field with the text kept; no call", async () => {
    for (const [text, message] of [["", COMMENT_EMPTY_MESSAGE], [" \n\t ", COMMENT_EMPTY_MESSAGE], ["а".repeat(2001), COMMENT_TOO_LONG_MESSAGE]] as const) {
      const { answer, seen } = run({ intent: "create", text });
      expect(await answer).toMatchObject({ intent: "create", error: message });
      expect(seen).toEqual([]);
    }
  });

  it("junk intents and ids, a missing form: the bad-request message, no call", async () => {
    for (const fields of [null, {}, { intent: "destroy" }, { intent: "update", commentId: "abc", text: "x" }, { intent: "delete", commentId: "-1" }, { intent: "delete", commentId: "99999999999" }] as (Record<string, string> | null)[]) {
      const { answer, seen } = run(fields);
      expect(await answer).toMatchObject({ error: COMMENT_BAD_REQUEST_MESSAGE });
      expect(seen).toEqual([]);
    }
  });

  it("anonymous: 'Войдите…', nothing sent", async () => {
    const { answer, seen } = run({ intent: "create", text: "Привет" }, () => ok(COMMENT), false);
    expect(await answer).toMatchObject({ error: COMMENT_LOGIN_MESSAGE, text: "" });
    expect(seen).toEqual([]);
  });

  it("another user's comment (IDOR: the API's 403 or 404): a message, nothing changed", async () => {
    for (const status of [403, 404]) {
      const { answer } = run({ intent: "update", commentId: "12", text: "Чужой" }, () => json({ message: "Нет доступа", errors: [] }, status));
      expect(await answer).toMatchObject({ intent: "update", commentId: 12, error: COMMENT_NOT_YOURS_MESSAGE, text: "Чужой" });
    }
  });

  it("the API's field error on text goes under the field", async () => {
    const { answer } = run({ intent: "create", text: "<script>" }, () => json({ message: "Ошибка", errors: [{ field: "text", message: "Комментарий пуст" }] }, 400));
    expect(await answer).toMatchObject({ error: "Комментарий пуст" });
  });
});
