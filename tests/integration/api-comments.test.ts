/**
 * Comment writes on blog posts (§7 comment/create|update|delete, ADR 030, issue 19): any logged-in
 * user writes on a visible blog post; only the author or ROLE_ADMIN edits or deletes (403,
 * nothing changed); the text is stored as plain text; the author's name comes from the profile
 * ("Покупатель" without one); comment/list answers `editable` for the caller only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, Comment, endpoints } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { callAs, createTestUser, dataOf, type TestUser } from "../support/api-users";

describe.each(testBackends())("comments on $name", (backend) => {
  let t: TestApi;
  let post: number;
  let news: number;
  let hidden: number;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 40 });
    const rows = await queryRows<{ id: number; kind: string }>(
      t.db,
      sql`SELECT id, kind FROM posts WHERE is_published AND published_at <= now() ORDER BY kind, id`,
    );
    post = Number(rows.find((r) => r.kind === "blog")!.id);
    hidden = Number(rows.filter((r) => r.kind === "blog")[1].id);
    news = Number(rows.find((r) => r.kind === "news")!.id);
    await t.db.execute(sql`UPDATE posts SET is_published = false WHERE id = ${hidden}`);
    author = await createTestUser(t, { name: "  Мария\u0007 Кузнецова " });
    other = await createTestUser(t, { name: "Олег Петров" });
    admin = await createTestUser(t, { name: "Администратор", roles: ["ROLE_ADMIN"] });
    manager = await createTestUser(t, { name: "Менеджер", roles: ["ROLE_MANAGER"] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (u: TestUser | null, postId: number, text: unknown) =>
    callAs(t, u?.token ?? null, `/api/comment/create/${postId}`, { body: { text } });
  const update = (u: TestUser | null, id: number | string, text: unknown) => callAs(t, u?.token ?? null, `/api/comment/update/${id}`, { body: { text } });
  const remove = (u: TestUser | null, id: number | string) => callAs(t, u?.token ?? null, `/api/comment/delete/${id}`, { method: "DELETE" });
  const list = async (u: TestUser | null) => endpoints.commentList.response.parse(await dataOf(await callAs(t, u?.token ?? null, `/api/comment/list/${post}`))) as Comment[];
  const stored = async (id: number) => (await queryRows<{ text: string }>(t.db, sql`SELECT text FROM comments WHERE id = ${id}`))[0]?.text;

  it("a logged-in user comments a blog post: plain text, the profile name, editable for the author", async () => {
    const response = await create(author, post, "  Спасибо за подборку!\r\nЗаказали <b>ежедневники</b> <script>alert(1)</script>\u202e\u200b  ");
    const comment = Comment.parse(await dataOf(response));
    expect(comment).toMatchObject({
      postId: post,
      text: "Спасибо за подборку!\nЗаказали <b>ежедневники</b> <script>alert(1)</script>",
      author: { id: author.id, name: "Мария Кузнецова" },
      editable: true,
    });
    const seen = await list(author);
    expect(seen.at(-1)).toMatchObject({ id: comment.id, editable: true });
    // Anyone else reads it, but it is not theirs; the seeded comments (no account) are nobody's.
    expect((await list(other)).find((c) => c.id === comment.id)?.editable).toBe(false);
    expect((await list(null)).every((c) => !c.editable)).toBe(true);
    expect((await list(author)).filter((c) => c.editable).map((c) => c.id)).toEqual([comment.id]);
    // ROLE_ADMIN may edit every comment; other staff roles only their own.
    expect((await list(admin)).every((c) => c.editable)).toBe(true);
    expect((await list(manager)).some((c) => c.editable)).toBe(false);
  });

  it('without a profile name the author is "Покупатель"', async () => {
    const nameless = await createTestUser(t, { name: null });
    const blank = await createTestUser(t, { name: "   " });
    expect(Comment.parse(await dataOf(await create(nameless, post, "Хороший блог"))).author.name).toBe("Покупатель");
    expect(Comment.parse(await dataOf(await create(blank, post, "Согласна"))).author.name).toBe("Покупатель");
  });

  it("only the author or ROLE_ADMIN edits and deletes; others get 403 and nothing changes", async () => {
    const mine = Comment.parse(await dataOf(await create(author, post, "Первая версия")));
    for (const u of [other, manager]) {
      const edit = await update(u, mine.id, "Чужая правка");
      expect(edit.status).toBe(403);
      expect(ApiErrorBody.parse(await edit.json()).message).toBe("Можно изменять только свои комментарии");
      expect((await remove(u, mine.id)).status).toBe(403);
    }
    expect(await stored(mine.id)).toBe("Первая версия");

    const edited = Comment.parse(await dataOf(await update(author, mine.id, "  Вторая версия ")));
    expect(edited).toMatchObject({ id: mine.id, text: "Вторая версия", editable: true, author: { id: author.id } });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(mine.updatedAt));
    expect(Comment.parse(await dataOf(await update(admin, mine.id, "Правка модератора"))).text).toBe("Правка модератора");
    expect(await dataOf(await remove(author, mine.id))).toEqual({ success: true });
    expect(await stored(mine.id)).toBeUndefined();
    expect((await remove(author, mine.id)).status).toBe(404);
    expect((await update(author, mine.id, "Снова")).status).toBe(404);

    const theirs = Comment.parse(await dataOf(await create(other, post, "Удалит админ")));
    expect(await dataOf(await remove(admin, theirs.id))).toEqual({ success: true });
  });

  it("a seeded comment without an account is changed by ROLE_ADMIN only", async () => {
    const [seeded] = await queryRows<{ id: number; text: string }>(t.db, sql`SELECT id, text FROM comments WHERE user_id IS NULL ORDER BY id LIMIT 1`);
    expect((await update(author, seeded.id, "Подмена")).status).toBe(403);
    expect((await remove(other, seeded.id)).status).toBe(403);
    expect(await stored(Number(seeded.id))).toBe(seeded.text);
  });

  it("news, promotions, hidden and missing posts cannot be commented (404)", async () => {
    for (const id of [news, hidden, 999_999]) {
      const response = await create(author, id, "Комментарий");
      expect(response.status, String(id)).toBe(404);
    }
    const count = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM comments WHERE post_id IN (${news}, ${hidden}) AND user_id IS NOT NULL`);
    expect(count[0].n).toBe(0);
  });

  it("anonymous callers get 401 on every write, even with a broken body", async () => {
    expect((await create(null, post, "Привет")).status).toBe(401);
    expect((await callAs(t, null, `/api/comment/create/${post}`, { raw: "{oops" })).status).toBe(401);
    expect((await update(null, 1, "Привет")).status).toBe(401);
    expect((await remove(null, 1)).status).toBe(401);
  });

  it.each([
    ["empty", ""],
    ["spaces only", "   \n\t "],
    ["control characters only", "\u0000\u0007\u200b\u202e"],
    ["too long", "я".repeat(2001)],
    ["huge", "x".repeat(1_000_000)],
    ["a number", 42],
    ["null", null],
    ["an object", { html: "<img src=x onerror=alert(1)>" }],
  ])("text %s → 400 with a Russian error on `text`, nothing stored", async (_, text) => {
    const before = (await list(null)).length;
    for (const response of [await create(author, post, text)]) {
      expect(response.status).toBe(400);
      const error = ApiErrorBody.parse(await response.json());
      expect(error.errors.map((e) => e.field)).toEqual(["text"]);
      expect(error.errors[0].message).toMatch(/[а-яё]/i);
    }
    expect((await list(null)).length).toBe(before);
  });

  it("an edit to junk text is a 400 and keeps the comment", async () => {
    const mine = Comment.parse(await dataOf(await create(author, post, "Оставить как есть")));
    for (const text of ["", "\u0000", "я".repeat(2001), 7]) expect((await update(author, mine.id, text)).status).toBe(400);
    expect(await stored(mine.id)).toBe("Оставить как есть");
  });

  it.each(["abc", "0", "-1", "3000000000", "1.5", "%27%20OR%201%3D1"])("id %s → 400, never a 5xx", async (id) => {
    expect((await callAs(t, author.token, `/api/comment/create/${id}`, { body: { text: "Привет" } })).status).toBe(400);
    expect((await update(author, id, "Привет")).status).toBe(400);
    expect((await remove(author, id)).status).toBe(400);
  });
});
