/**
 * Search history of logged-in users (issue 19): search/global records the text (one entry per
 * query, case-insensitively; a repeat moves it to the top; the newest 10 kept) and answers
 * `searchHistory`; search/fast never records; guests always get []; search/history lists, deletes
 * one (another user's id → 404, nothing changed) and clears.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ApiErrorBody, endpoints, type SearchHistoryEntry, type SearchResults } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { callAs, createTestUser, dataOf, type TestUser } from "../support/api-users";

describe.each(testBackends())("search history on $name", (backend) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 60 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const global = async (u: TestUser | null, text: string) =>
    endpoints.searchGlobal.response.parse(await dataOf(await callAs(t, u?.token ?? null, `/api/search/global?text=${encodeURIComponent(text)}`))) as SearchResults;
  const history = async (u: TestUser) => endpoints.searchHistoryList.response.parse(await dataOf(await u.call("/api/search/history"))) as SearchHistoryEntry[];
  const rows = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM search_history`))[0].n;

  it("guests get an empty history and nothing is recorded", async () => {
    const before = await rows();
    expect((await global(null, "ручка")).searchHistory).toEqual([]);
    expect(await rows()).toBe(before);
  });

  it("a logged-in user's queries: newest first, a repeat moves to the top, case-insensitively one entry, spaces normalised", async () => {
    const user = await createTestUser(t);
    expect((await global(user, "ручка")).searchHistory).toEqual(["ручка"]);
    expect((await global(user, "  кружка   с  крышкой ")).searchHistory).toEqual(["кружка с крышкой", "ручка"]);
    expect((await global(user, "ручка")).searchHistory).toEqual(["ручка", "кружка с крышкой"]);
    expect((await global(user, "Ручка")).searchHistory).toEqual(["Ручка", "кружка с крышкой"]);
    // Page 2 of the same search is the same query.
    await dataOf(await user.call(`/api/search/global?text=${encodeURIComponent("кружка с крышкой")}&page=2`));
    expect((await history(user)).map((e) => e.text)).toEqual(["кружка с крышкой", "Ручка"]);
  });

  it("search/fast never records", async () => {
    const user = await createTestUser(t);
    const fast = await dataOf<SearchResults>(await user.call(`/api/search/fast?text=${encodeURIComponent("ежедневник")}`));
    expect(fast.searchHistory).toEqual([]);
    expect(await history(user)).toEqual([]);
  });

  it("remember=0 searches without recording and lists the history as it was; unset or 1 records (issue 25)", async () => {
    const user = await createTestUser(t);
    await global(user, "ручка");
    const quiet = endpoints.searchGlobal.response.parse(await dataOf(await user.call(`/api/search/global?text=${encodeURIComponent("спам")}&remember=0`))) as SearchResults;
    expect(quiet.searchHistory).toEqual(["ручка"]);
    expect((await history(user)).map((e) => e.text)).toEqual(["ручка"]);
    await dataOf(await user.call(`/api/search/global?text=${encodeURIComponent("кружка")}&remember=1`));
    expect((await history(user)).map((e) => e.text)).toEqual(["кружка", "ручка"]);
    for (const junk of ["2", "true", "", "0&remember=1", "%00"]) {
      const res = await user.call(`/api/search/global?text=${encodeURIComponent("зонт")}&remember=${junk}`);
      expect(res.status, junk).toBe(400);
      expect(ApiErrorBody.parse(await res.json()).errors[0].field).toBe("remember");
    }
    expect((await history(user)).map((e) => e.text)).toEqual(["кружка", "ручка"]);
    // A guest is never recorded, whatever the flag.
    expect((await dataOf<SearchResults>(await callAs(t, null, `/api/search/global?text=${encodeURIComponent("ручка")}&remember=1`))).searchHistory).toEqual([]);
  });

  it("keeps the newest 10", async () => {
    const user = await createTestUser(t);
    const texts = Array.from({ length: 12 }, (_, i) => `подарок ${i + 1}`);
    for (const text of texts) await global(user, text);
    const kept = (await history(user)).map((e) => e.text);
    expect(kept).toEqual(texts.slice(2).reverse());
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM search_history WHERE user_id = ${user.id}`);
    expect(n).toBe(10);
  });

  it("delete one, another user's id is a 404 and changes nothing; clear empties", async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    await global(a, "блокнот");
    await global(a, "зонт");
    await global(b, "флешка");
    const [zont, notebook] = await history(a);
    const [theirs] = await history(b);
    const forbidden = await a.call(`/api/search/history/${theirs.id}`, { method: "DELETE" });
    expect(forbidden.status).toBe(404);
    expect(ApiErrorBody.parse(await forbidden.json()).message).toMatch(/[а-яё]/i);
    expect((await history(b)).map((e) => e.text)).toEqual(["флешка"]);
    expect((await dataOf<SearchHistoryEntry[]>(await a.call(`/api/search/history/${zont.id}`, { method: "DELETE" }))).map((e) => e.id)).toEqual([notebook.id]);
    expect((await a.call(`/api/search/history/${zont.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await dataOf(await a.call("/api/search/history", { method: "DELETE" }))).toEqual([]);
    expect(await history(a)).toEqual([]);
    expect((await history(b)).map((e) => e.text)).toEqual(["флешка"]);
  });

  it("anonymous callers get 401 on the history calls", async () => {
    for (const [path, method] of [
      ["/api/search/history", "GET"],
      ["/api/search/history", "DELETE"],
      ["/api/search/history/1", "DELETE"],
    ] as const) {
      expect((await callAs(t, null, path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("junk: bad ids are 400, control characters never reach the database, over-long texts are refused", async () => {
    const user = await createTestUser(t);
    for (const id of ["abc", "0", "-3", "3000000000", "1.5", "%27--"]) {
      const response = await user.call(`/api/search/history/${id}`, { method: "DELETE" });
      expect(response.status, id).toBe(400);
      expect(ApiErrorBody.parse(await response.json()).errors[0].message).toMatch(/[а-яё]/i);
    }
    expect((await global(user, "руч\u0000ка\u0007")).searchHistory).toEqual(["руч ка"]);
    expect((await global(user, "\u0000")).searchHistory).toEqual(["руч ка"]);
    expect((await user.call(`/api/search/global?text=${"я".repeat(201)}`)).status).toBe(400);
    expect((await history(user)).map((e) => e.text)).toEqual(["руч ка"]);
  });

  it("a token of a deleted user is a 401 (its session went with it: the storefront signs out and searches as a guest), never a 5xx", async () => {
    const user = await createTestUser(t);
    await t.db.execute(sql`DELETE FROM users WHERE id = ${user.id}`);
    const res = await callAs(t, user.token, `/api/search/global?text=${encodeURIComponent("ручка")}`);
    expect(res.status).toBe(401);
    ApiErrorBody.parse(await res.json());
    expect((await global(null, "ручка")).searchHistory).toEqual([]);
  });
});
