/**
 * Managing offers from /cp, /cp/hidden and /cp/{id} (ADR 055 addendum) against a recording API
 * client: each intent makes its one API call (favorite, hide → kp/deactivate, show → kp/activate,
 * copy → the copy's page, delete → the list with its message); the list comes back where it was, or
 * a page back when the change emptied its last page. Junk, missing, huge and hostile input never
 * reaches the API; another manager's offer (the API's 404) and a customer (the API's 403) are
 * refused with a Russian message, never a 5xx. The list's second step of «Удалить» without
 * JavaScript (`?confirm-delete=ID`) names the offer, or says it is not there.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, managerProfile, recordingApi, routeArgs, thrownLocation, thrownStatus, type ApiHandler } from "#app/lib/api-client.test-support.ts";
import { OFFER_MANAGER, offerDetail, offerSummary } from "#app/features/offers/offers.test-support.ts";
import type { KpSummary } from "#contract/kp.ts";
import { OFFER_GONE, READ_ONLY, UNKNOWN_INTENT, type OfferActionReply } from "#app/features/offers/offers.server.ts";
import { action as listAction, loader as listLoader } from "./cp-list.tsx";
import { action as offerAction, loader as offerLoader } from "./cp-offer.tsx";
import type { Route as ListRoute } from "./+types/cp-list";
import type { Route as OfferRoute } from "./+types/cp-offer";

const summary = (id: number, patch: Partial<KpSummary> = {}) => offerSummary(id, { manager: { ...OFFER_MANAGER, phone: null }, ...patch });

/** The caller's offers: 5 (the manager's), 9 (a customer's addressed offer: read-only, writes 403); the rest not the caller's (404). */
function api(options: { listed?: number } = {}): ApiHandler {
  return (request) => {
    const url = new URL(request.url);
    const path = url.pathname.slice("/api".length);
    const write = (id: string) => (id === "5" ? null : id === "9" ? json({ message: "Недостаточно прав", errors: [] }, 403) : json({ message: "Коммерческое предложение не найдено", errors: [] }, 404));
    let m: RegExpMatchArray | null;
    if (path === "/profile") return json({ data: managerProfile() });
    if (path === "/kp/list") {
      const total = options.listed ?? 3;
      const limit = Number(url.searchParams.get("limit"));
      return json({ data: { pageLimit: limit, countItems: total, countPages: Math.ceil(total / limit), elements: Array.from({ length: Math.min(total, limit) }, (_, i) => summary(i + 1)) } });
    }
    if ((m = path.match(/^\/kp\/favorite\/(add|delete)\/(\d+)$/))) return write(m[2]!) ?? json({ data: { id: 5, isFavorite: m[1] === "add" } });
    if ((m = path.match(/^\/kp\/(activate|deactivate)\/(\d+)$/))) return write(m[2]!) ?? json({ data: summary(5, { isActive: m[1] === "activate", isHidden: m[1] !== "activate" }) });
    if ((m = path.match(/^\/kp\/copy\/(\d+)$/))) return write(m[1]!) ?? json({ data: offerDetail(50, { manager: { ...OFFER_MANAGER, phone: null } }) });
    if ((m = path.match(/^\/kp\/delete\/(\d+)$/))) return request.method !== "DELETE" ? json({ message: "Метод не поддерживается" }, 405) : (write(m[1]!) ?? json({ data: { success: true } }));
    if ((m = path.match(/^\/kp\/read\/(\d+)$/)))
      return m[1] === "5" || m[1] === "9"
        ? json({ data: offerDetail(Number(m[1]), { manager: { ...OFFER_MANAGER, phone: null }, canEdit: m[1] === "5", title: m[1] === "5" ? "Сувениры к Дню логиста" : "Подарки клиентам" }) })
        : json({ message: "Коммерческое предложение не найдено", errors: [] }, 404);
    if (path.startsWith("/kp/versions/")) return json({ data: [] });
    return json({ message: "Not found" }, 404);
  };
}

type Outcome = { reply: OfferActionReply | null; status: number | null; location: string | null; seen: Request[] };

/** A thrown redirect is a Response; a thrown `data(…, { status })` (notFound) carries its init. */
function settle(thrown: unknown, seen: Request[]): Outcome {
  const status = thrownStatus(thrown);
  if (status === null) throw thrown;
  return { reply: null, status, location: thrownLocation(thrown), seen };
}

function body(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

async function postList(target: string, fields: Record<string, string> | URLSearchParams, handler = api(), isAuthenticated = true): Promise<Outcome> {
  const { api: client, seen } = recordingApi(handler);
  const request = new Request(new URL(target, "http://shop.test"), { method: "POST", body: fields instanceof URLSearchParams ? fields : body(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  try {
    const result = (await listAction(routeArgs<ListRoute.ActionArgs>(request, client, { isAuthenticated }))) as unknown as { data: OfferActionReply; init: { status: number } };
    return { reply: result.data, status: result.init.status, location: null, seen };
  } catch (thrown) {
    return settle(thrown, seen);
  }
}

async function postOffer(id: string, fields: Record<string, string>, handler = api(), isAuthenticated = true): Promise<Outcome> {
  const { api: client, seen } = recordingApi(handler);
  const request = new Request(new URL(`/cp/${encodeURIComponent(id)}`, "http://shop.test"), { method: "POST", body: body(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  try {
    const result = (await offerAction(routeArgs<OfferRoute.ActionArgs>(request, client, { isAuthenticated, params: { id } }))) as unknown as { data: OfferActionReply; init: { status: number } };
    return { reply: result.data, status: result.init.status, location: null, seen };
  } catch (thrown) {
    return settle(thrown, seen);
  }
}

const calls = (seen: Request[]) => seen.map((r) => `${r.method} ${new URL(r.url).pathname}`);

describe("/cp action: each intent, one API call", () => {
  it("favorite: add and remove by the star's value", async () => {
    const added = await postList("/cp", { intent: "favorite", id: "5", value: "add" });
    expect(added.status).toBe(200);
    expect(added.reply).toMatchObject({ intent: "favorite", ok: true, message: "Предложение добавлено в избранное", offerId: 5 });
    expect(calls(added.seen)).toEqual(["POST /api/kp/favorite/add/5"]);
    const removed = await postList("/cp", { intent: "favorite", id: "5", value: "remove" });
    expect(removed.reply!.message).toBe("Предложение убрано из избранного");
    expect(calls(removed.seen)).toEqual(["POST /api/kp/favorite/delete/5"]);
    for (const value of ["", "delete", "yes", "<b>", "x".repeat(100_000)]) {
      const junk = await postList("/cp", { intent: "favorite", id: "5", value });
      expect(junk.reply, value.slice(0, 10)).toMatchObject({ ok: false, message: UNKNOWN_INTENT });
      expect(junk.seen).toHaveLength(0);
    }
  });

  it("hide deactivates (the public link closes), show activates; the list stays where it was", async () => {
    const hidden = await postList("/cp?client=3&sort=sum-desc", { intent: "hide", id: "5" });
    expect(hidden.status).toBe(200);
    expect(hidden.reply).toMatchObject({ intent: "hide", ok: true });
    expect(hidden.reply!.message).toMatch(/^Предложение скрыто: оно во вкладке «Скрытые»/);
    expect(calls(hidden.seen)).toEqual(["POST /api/kp/deactivate/5"]);
    const shown = await postList("/cp/hidden", { intent: "show", id: "5" });
    expect(shown.reply!.message).toMatch(/^Предложение снова активно/);
    expect(calls(shown.seen)).toEqual(["POST /api/kp/activate/5"]);
  });

  it("a change that empties the last page goes a page back, filters kept; otherwise the page stays", async () => {
    const emptied = await postList("/cp?client=3&sort=sum-desc&page=2", { intent: "hide", id: "5" }, api({ listed: 10 }));
    expect(emptied.status).toBe(302);
    expect(emptied.location).toBe("/cp?client=3&sort=sum-desc");
    expect(calls(emptied.seen)).toEqual(["POST /api/kp/deactivate/5", "GET /api/kp/list"]);
    expect(new URL(emptied.seen[1]!.url).searchParams.getAll("clientIds[]")).toEqual(["3"]);
    const kept = await postList("/cp/hidden?page=2", { intent: "show", id: "5" }, api({ listed: 11 }));
    expect(kept.status).toBe(200);
  });

  it("copy opens the copy's page", async () => {
    const copied = await postList("/cp", { intent: "copy", id: "5" });
    expect(copied.status).toBe(302);
    expect(copied.location).toBe("/cp/50?copied=1");
    expect(calls(copied.seen)).toEqual(["POST /api/kp/copy/5"]);
  });

  it("delete: the list as it was, with «Предложение удалено»; the second step's address left behind", async () => {
    const deleted = await postList("/cp/hidden?category=8&confirm-delete=5", { intent: "delete", id: "5" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/cp/hidden?category=8&deleted=1");
    expect(calls(deleted.seen)).toEqual(["DELETE /api/kp/delete/5"]);
    const lastOne = await postList("/cp?page=3", { intent: "delete", id: "5" }, api({ listed: 20 }));
    expect(lastOne.location).toBe("/cp?page=2&deleted=1");
  });

  it("another manager's offer (the API's 404) and a customer (403): a Russian message, nothing changed, never a 5xx", async () => {
    for (const intent of ["favorite", "hide", "show", "copy", "delete"]) {
      const other = await postList("/cp", { intent, id: "6", value: "add" });
      expect(other.status, intent).toBe(404);
      expect(other.reply, intent).toMatchObject({ ok: false, message: OFFER_GONE });
      const customer = await postList("/cp", { intent, id: "9", value: "add" });
      expect(customer.status, intent).toBe(403);
      expect(customer.reply, intent).toMatchObject({ ok: false, message: READ_ONLY });
    }
  });

  it("junk, missing, huge and hostile input never reaches the API", async () => {
    for (const id of ["", "0", "abc", "-1", "05", "1e3", "2147483648", "9".repeat(300), "<script>alert(1)</script>", "5; DROP TABLE commercial_offers"]) {
      const { reply, status, seen } = await postList("/cp", { intent: "delete", id });
      expect(status, id).toBe(400);
      expect(reply!.message, id).toBe(OFFER_GONE);
      expect(seen, id).toHaveLength(0);
    }
    const missing = await postList("/cp", { intent: "hide" });
    expect(missing.reply!.message).toBe(OFFER_GONE);
    expect(missing.seen).toHaveLength(0);
    for (const intent of ["", "send", "DELETE", "remove", "x".repeat(100_000), "<img src=x onerror=alert(1)>"]) {
      const { reply, status, seen } = await postList("/cp", { intent, id: "5" });
      expect(status).toBe(400);
      expect(reply).toMatchObject({ intent: null, ok: false, message: UNKNOWN_INTENT });
      expect(seen).toHaveLength(0);
    }
    const none = await postList("/cp", {});
    expect(none.reply!.message).toBe(UNKNOWN_INTENT);
    // Repeated fields: the first is read, as a form would send it once.
    const repeated = await postList("/cp", new URLSearchParams([["intent", "hide"], ["intent", "delete"], ["id", "5"], ["id", "6"]]));
    expect(calls(repeated.seen)).toEqual(["POST /api/kp/deactivate/5"]);
  });

  it("a guest goes to the login and nothing is asked", async () => {
    const guest = await postList("/cp", { intent: "delete", id: "5" }, api(), false);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login\?redirectTo=/);
    expect(guest.seen).toHaveLength(0);
  });
});

describe("/cp/{id} action: the same intents on the page's offer", () => {
  it("favorite, hide, show answer the page; copy opens the copy; delete goes to /cp with its message", async () => {
    expect((await postOffer("5", { intent: "favorite", value: "add" })).reply).toMatchObject({ ok: true, intent: "favorite" });
    expect(calls((await postOffer("5", { intent: "hide" })).seen)).toEqual(["POST /api/kp/deactivate/5"]);
    expect(calls((await postOffer("5", { intent: "show" })).seen)).toEqual(["POST /api/kp/activate/5"]);
    const copied = await postOffer("5", { intent: "copy" });
    expect([copied.status, copied.location]).toEqual([302, "/cp/50?copied=1"]);
    const deleted = await postOffer("5", { intent: "delete", id: "6" });
    // The page's offer, whatever a posted id says.
    expect(calls(deleted.seen)).toEqual(["DELETE /api/kp/delete/5"]);
    expect([deleted.status, deleted.location]).toEqual([302, "/cp?deleted=1"]);
  });

  it("a customer's addressed offer: refused with the message (403); another's: the §2 404", async () => {
    for (const intent of ["favorite", "hide", "show", "copy", "delete"]) {
      const customer = await postOffer("9", { intent, value: "remove" });
      expect(customer.status, intent).toBe(403);
      expect(customer.reply!.message, intent).toBe(READ_ONLY);
      expect((await postOffer("6", { intent, value: "add" })).status, intent).toBe(404);
    }
  });

  it("junk ids in the address and unknown intents never reach the API", async () => {
    for (const id of ["0", "abc", "9".repeat(300), "<script>"]) {
      const { status, seen } = await postOffer(id, { intent: "delete" });
      expect(status, id).toBe(404);
      expect(seen).toHaveLength(0);
    }
    for (const intent of ["", "activate", "x".repeat(100_000)]) {
      const { reply, seen } = await postOffer("5", { intent });
      expect(reply).toMatchObject({ ok: false, message: UNKNOWN_INTENT });
      expect(seen).toHaveLength(0);
    }
  });
});

describe("«Удалить» without JavaScript: the second step from the address", () => {
  async function loadList(target: string) {
    const { api: client, seen } = recordingApi(api());
    const url = new URL(target, "http://shop.test");
    try {
      const data = await listLoader(routeArgs<ListRoute.LoaderArgs>(new Request(url), client));
      return { data, status: 200, location: null, seen };
    } catch (thrown) {
      return { data: null, ...settle(thrown, seen) };
    }
  }

  it("names the row's offer, or reads one that is not on the page; says so for one that is not the caller's", async () => {
    expect((await loadList("/cp?confirm-delete=2")).data!.confirmDelete).toEqual({ id: 2, title: "Предложение 2" });
    const read = await loadList("/cp?confirm-delete=5");
    expect(read.data!.confirmDelete).toEqual({ id: 5, title: "Сувениры к Дню логиста" });
    // A customer's offer (canEdit false) and another's (404): nothing to confirm.
    expect((await loadList("/cp?confirm-delete=9")).data!.confirmDelete).toEqual({ id: 9, missing: true });
    expect((await loadList("/cp?confirm-delete=6")).data!.confirmDelete).toEqual({ id: 6, missing: true });
    expect((await loadList("/cp?deleted=1")).data!.deleted).toBe(true);
  });

  it("junk in the state is dropped by the canonical redirect", async () => {
    const junk = await loadList("/cp?confirm-delete=%3Cscript%3E&deleted=yes");
    expect([junk.status, junk.location]).toEqual([302, "/cp"]);
  });

  it("/cp/{id}?confirm-delete={id}: the page asks, for its own offer and only who may change it", async () => {
    const load = async (id: string, search: string) => {
      const { api: client } = recordingApi(api());
      const url = new URL(`/cp/${id}${search}`, "http://shop.test");
      return offerLoader(routeArgs<OfferRoute.LoaderArgs>(new Request(url), client, { params: { id } }));
    };
    expect((await load("5", "?confirm-delete=5")).state).toEqual({ confirmDelete: true, copied: false });
    expect((await load("5", "?confirm-delete=6")).state.confirmDelete).toBe(false);
    expect((await load("9", "?confirm-delete=9")).state.confirmDelete).toBe(false);
    expect((await load("5", "?copied=1")).state.copied).toBe(true);
  });
});
