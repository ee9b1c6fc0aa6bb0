/**
 * The offer editor's loader and action (/cp/edit/new, /cp/edit/{id}; ADR 055) against a recording
 * API client: guests go to the login, a customer and any id that names no offer of the caller's get
 * the §2 404, a posted draft becomes the contract's KpInput (kp/create or kp/update with its
 * version), and bad, huge and hostile input comes back as Russian errors under the fields with the
 * draft as typed and no write sent; a stale version (409) comes back with what changed.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, managerProfile, recordingApi, routeArgs, thrownLocation as location, thrownStatus as status, type ApiHandler } from "#app/lib/api-client.test-support.ts";
import { offerDetail } from "#app/features/offers/offers.test-support.ts";
import { loader, action } from "./cp-edit.tsx";
import { loader as lookupLoader } from "./cp-edit-lookup.ts";
import type { Route } from "./+types/cp-edit";
import type { Route as LookupRoute } from "./+types/cp-edit-lookup";
import type { EditorReply } from "#app/features/offers/editor/editor.server.ts";

const user = managerProfile;

function offer(id: number, patch: Record<string, unknown> = {}) {
  return offerDetail(id, {
    client: { id: 10, title: "ООО «Берег»", inn: null },
    version: 3,
    itemsPrice: 1000,
    items: [{ id: 1, productId: 101, groupId: 11, sku: "A-101", title: "Кружка", image: null, count: 10, listPrice: 100, price: 100, printPrice: 0, totalPrice: 1000, coatings: [], comment: null }],
    ...patch,
  });
}

function api(roles = ["ROLE_MANAGER"], patch: (path: string, request: Request) => Response | null = () => null): ApiHandler {
  return async (request) => {
    const path = new URL(request.url).pathname.slice("/api".length);
    const own = patch(path, request);
    if (own) return own;
    if (path === "/profile") return json({ data: user(roles) });
    if (path === "/kp/read/5") return json({ data: offer(5) });
    if (path.startsWith("/kp/read/")) return json({ message: "Коммерческое предложение не найдено" }, 404);
    if (path === "/kp/client/list") return json({ data: [{ id: 10, title: "ООО «Берег»", inn: null }] });
    if (path === "/commercial-offer-delay/list") return json({ data: [{ id: 2, title: "30 дней", days: 30, surchargePercent: 3 }, { id: 1, title: "Без отсрочки", days: 0, surchargePercent: 0 }] });
    if (path === "/kp/client/10/representative/list") return json({ data: [{ id: 20, clientId: 10, name: "Анна", email: "a@b.ru", phone: null }] });
    if (path === "/kp/client/10/purpose/list") return json({ data: [] });
    if (path === "/kp/create") return json({ data: offer(9, { version: 1 }) });
    if (path === "/kp/update/5") {
      const body = (await request.json()) as { version?: number };
      if (body.version !== 3) return json({ message: "Предложение изменилось", errors: [], conflict: { version: 4, changes: [{ kind: "count", key: "A-101", title: "Кружка", from: 10, to: 20 }] } }, 409);
      return json({ data: offer(5, { version: 4 }) });
    }
    if (path === "/kp/search/product") return json({ data: [] });
    return json({ message: "Не найдено" }, 404);
  };
}

async function load(id: string | undefined, handler = api(), isAuthenticated = true) {
  const { api: client, seen } = recordingApi(handler);
  const request = new Request(new URL(`/cp/edit/${id ?? "new"}`, "http://shop.test"));
  try {
    const data = await loader(routeArgs<Route.LoaderArgs>(request, client, { isAuthenticated, params: id === undefined ? {} : { id } }));
    return { data, thrown: null, seen };
  } catch (thrown) {
    return { data: null, thrown, seen };
  }
}

const base = (patch: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({
  version: "3",
  title: "Подарки",
  clientId: "10",
  representativeId: "",
  purposeId: "",
  delayId: "",
  sellerCompanyId: "",
  validUntil: "",
  vat: "22-in",
  comment: "",
  "items.0.productId": "101",
  "items.0.groupId": "11",
  "items.0.title": "Кружка",
  "items.0.sku": "A-101",
  "items.0.count": "10",
  "items.0.price": "",
  "items.0.discount": "",
  "items.0.comment": "",
  ...patch,
});

async function post(id: string | undefined, fields: Record<string, string | string[]>, handler = api(), isAuthenticated = true) {
  const { api: client, seen } = recordingApi(handler);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  const request = new Request(new URL(`/cp/edit/${id ?? "new"}`, "http://shop.test"), { method: "POST", body: form });
  try {
    const reply = (await action(routeArgs<Route.ActionArgs>(request, client, { isAuthenticated, params: id === undefined ? {} : { id } }))) as EditorReply;
    return { reply, thrown: null, seen };
  } catch (thrown) {
    return { reply: null, thrown, seen };
  }
}

const writes = (seen: Request[]) => seen.filter((r) => r.method !== "GET").map((r) => new URL(r.url).pathname);

describe("/cp/edit loader", () => {
  it("a guest goes to the login and comes back", async () => {
    const { thrown, seen } = await load("5", api(), false);
    expect(status(thrown)).toBe(302);
    expect(location(thrown)).toBe(`/login?redirectTo=${encodeURIComponent("/cp/edit/5")}`);
    expect(seen).toHaveLength(0);
  });

  it("a customer (ROLE_USER) gets the §2 404, and the offer is not read", async () => {
    const { thrown, seen } = await load("5", api(["ROLE_USER"]));
    expect(status(thrown)).toBe(404);
    expect(seen.some((r) => r.url.includes("/kp/read/"))).toBe(false);
  });

  it.each(["abc", "0", "-1", "99999999999", "5.5", "1e3", "%3Cscript%3E", "5%00"])("junk id %s is the §2 404 without asking the API for an offer", async (id) => {
    const { thrown, seen } = await load(id);
    expect(status(thrown)).toBe(404);
    expect(seen.some((r) => r.url.includes("/kp/"))).toBe(false);
  });

  it("an id in another spelling moves to its one address", async () => {
    const { thrown } = await load("005");
    expect(status(thrown)).toBe(301);
    expect(location(thrown)).toBe("/cp/edit/5");
  });

  it("another manager's offer (the API's 404) is the §2 404", async () => {
    const { thrown } = await load("6");
    expect(status(thrown)).toBe(404);
  });

  it("an offer the caller may only read is the §2 404 here", async () => {
    const { thrown } = await load("5", api(["ROLE_MANAGER"], (path) => (path === "/kp/read/5" ? json({ data: offer(5, { canEdit: false }) }) : null)));
    expect(status(thrown)).toBe(404);
  });

  it("loads the draft as typed text, the client's lists and the delays with «Без отсрочки» first", async () => {
    const { data } = await load("5");
    expect(data!.draft).toMatchObject({ version: "3", title: "Предложение 5", clientId: "10", vat: "22-in" });
    expect(data!.draft.items[0]).toMatchObject({ productId: "101", groupId: "11", count: "10", price: "", discount: "" });
    expect(data!.representatives.map((r) => r.name)).toEqual(["Анна"]);
    expect(data!.delays.map((d) => d.title)).toEqual(["Без отсрочки", "30 дней"]);
  });

  it("/cp/edit/new starts an empty draft", async () => {
    const { data, seen } = await load(undefined);
    expect(data!.id).toBeNull();
    expect(data!.draft.items).toEqual([]);
    expect(seen.some((r) => r.url.includes("/kp/read/"))).toBe(false);
  });
});

describe("/cp/edit action", () => {
  it("saves with kp/update carrying the version, and answers the new version", async () => {
    const { reply, seen } = await post("5", base({ "items.0.discount": "5", "items.0.coatings.0.id": "c1", "items.0.coatings.0.coating": "3", "items.0.coatings.0.variant": "", "items.0.coatings.0.width": "40,5", "items.0.coatings.0.height": "20", "items.0.coatings.0.options": ["Срочно"] }));
    expect(reply!.ok).toBe(true);
    expect(reply!.draft.version).toBe("4");
    const call = seen.find((r) => r.url.endsWith("/kp/update/5"))!;
    const body = (await call.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "Подарки",
      clientId: 10,
      version: 3,
      vatRate: 22,
      vatIncluded: true,
      items: [{ productId: 101, count: 10, price: null, discountPercent: 5, coatings: [{ id: "c1", coating: 3, variant: null, width: 40.5, height: 20, options: ["Срочно"] }] }],
    });
  });

  it("/cp/edit/new creates the offer and moves to its editor", async () => {
    const { thrown, seen } = await post(undefined, base({ version: "" }));
    expect(status(thrown)).toBe(302);
    expect(location(thrown)).toBe("/cp/edit/9");
    expect(writes(seen)).toEqual(["/api/kp/create"]);
  });

  it("a guest's post goes to the login; a customer's is the 404; nothing is written", async () => {
    const guest = await post("5", base(), api(), false);
    expect(status(guest.thrown)).toBe(302);
    const customer = await post("5", base(), api(["ROLE_USER"]));
    expect(status(customer.thrown)).toBe(404);
    expect(writes(customer.seen)).toEqual([]);
  });

  it("another manager's offer: the API's 404 is the §2 404", async () => {
    const { thrown } = await post("6", base(), api(["ROLE_MANAGER"], (path) => (path === "/kp/update/6" ? json({ message: "Коммерческое предложение не найдено" }, 404) : null)));
    expect(status(thrown)).toBe(404);
  });

  it.each([
    ["items.0.count", "0", "Укажите количество от 1 до 999 999 шт."],
    ["items.0.count", "1000000", "Укажите количество от 1 до 999 999 шт."],
    ["items.0.count", "десять", "Укажите количество от 1 до 999 999 шт."],
    ["items.0.price", "-1", "Цена не может быть отрицательной"],
    ["items.0.price", "дорого", "Укажите цену числом"],
    ["items.0.discount", "150", "Скидка — не больше 100 %: цена не бывает ниже нуля"],
    ["validUntil", "32.13.2026", "Укажите дату в виде дд.мм.гггг"],
    ["vat", "18-in", "Выберите НДС из списка"],
    ["items.0.productId", "<script>", "Товар не найден или снят с продажи"],
  ])("%s = %s: «%s» under the field, the draft as typed, nothing written", async (field, value, message) => {
    const { reply, seen } = await post("5", base({ [field]: value }));
    expect(reply!.ok).toBe(false);
    const key = field === "items.0.discount" ? "items.0.discountPercent" : field;
    expect(reply!.errors[key]).toBe(message);
    expect(writes(seen)).toEqual([]);
    expect(JSON.stringify(reply!.draft)).toContain(JSON.stringify(value).slice(1, -1));
  });

  it("an incomplete print line is refused under its fields", async () => {
    const { reply, seen } = await post("5", base({ "items.0.coatings.0.id": "c1", "items.0.coatings.0.coating": "3", "items.0.coatings.0.width": "", "items.0.coatings.0.height": "abc" }));
    expect(reply!.errors["items.0.coatings.0.width"]).toBe("Укажите ширину нанесения, мм");
    expect(reply!.errors["items.0.coatings.0.height"]).toBe("Укажите высоту нанесения, мм");
    expect(writes(seen)).toEqual([]);
  });

  it("more than 200 lines is refused with the limit's message", async () => {
    const fields = base();
    for (let i = 0; i < 205; i++) {
      fields[`items.${i}.productId`] = String(1000 + i);
      fields[`items.${i}.groupId`] = "11";
      fields[`items.${i}.count`] = "1";
    }
    const { reply, seen } = await post("5", fields);
    expect(reply!.errors.items).toBe("В предложении может быть не больше 200 строк");
    expect(reply!.draft.items.length).toBeLessThanOrEqual(202);
    expect(writes(seen)).toEqual([]);
  });

  it("a huge title is cut before reading and refused by its length; hostile text stays text", async () => {
    const { reply, seen } = await post("5", base({ title: "<img src=x onerror=alert(1)>".repeat(40_000) }));
    expect(reply!.errors.title).toBe("Не длиннее 255 символов");
    expect(reply!.draft.title.length).toBeLessThanOrEqual(300);
    expect(writes(seen)).toEqual([]);
  });

  it("a stale version (409) comes back with what changed, and the draft as typed", async () => {
    const { reply } = await post("5", base({ version: "2", title: "Мои правки" }));
    expect(reply!.ok).toBe(false);
    expect(reply!.conflict).toEqual({ version: 4, changes: [{ kind: "count", key: "A-101", title: "Кружка", from: 10, to: 20 }] });
    expect(reply!.message).toMatch(/изменили/);
    expect(reply!.draft.title).toBe("Мои правки");
  });

  it("the API's field errors (a representative of another client, an unknown product) land under their fields", async () => {
    const handler = api(["ROLE_MANAGER"], (path) =>
      path === "/kp/update/5"
        ? json({ message: "Проверьте поля", errors: [{ field: "representativeId", message: "Представитель другого клиента" }, { field: "items.0.productId", message: "Товар не найден или снят с продажи" }] }, 422)
        : null,
    );
    const { reply } = await post("5", base({ representativeId: "99" }), handler);
    expect(reply!.errors).toMatchObject({ representativeId: "Представитель другого клиента", "items.0.productId": "Товар не найден или снят с продажи" });
    expect(reply!.draft.representativeId).toBe("99");
  });

  it("a refusal of the shared limiter (429) is a message, not an error page", async () => {
    const handler = api(["ROLE_MANAGER"], (path) => (path === "/kp/update/5" ? json({ message: "Слишком много запросов. Попробуйте через минуту.", errors: [] }, 429) : null));
    const { reply } = await post("5", base(), handler);
    expect(reply!.ok).toBe(false);
    expect(reply!.message).toBe("Слишком много запросов. Попробуйте через минуту.");
  });

  it("+ Новый клиент: the ИНН is checked by its check digits before the API is asked", async () => {
    const bad = await post("5", base({ intent: "client-create", newClientTitle: "ООО «Ромашка»", newClientInn: "7707083894" }));
    expect(bad.reply!.errors.newClientInn).toBeTruthy();
    expect(writes(bad.seen)).toEqual([]);
    const handler = api(["ROLE_MANAGER"], (path) => (path === "/kp/client/create" ? json({ data: { id: 12, title: "ООО «Ромашка»", inn: "7707083893" } }) : null));
    const good = await post("5", base({ intent: "client-create", newClientTitle: "ООО «Ромашка»", newClientInn: "7707 083893" }), handler);
    expect(good.reply!.ok).toBe(true);
    expect(good.reply!.draft.clientId).toBe("12");
    expect(writes(good.seen)).toEqual(["/api/kp/client/create"]);
  });

  it("a new representative needs a client, a name and a contact", async () => {
    const noClient = await post("5", base({ clientId: "", intent: "representative-create", newRepName: "Ольга" }));
    expect(noClient.reply!.errors.clientId).toBe("Сначала выберите клиента");
    const noContact = await post("5", base({ intent: "representative-create", newRepName: "Ольга", newRepEmail: "", newRepPhone: "" }));
    expect(noContact.reply!.errors.newRepEmail).toBe("Укажите e-mail или телефон");
    expect(writes(noContact.seen)).toEqual([]);
  });

  it("without JavaScript, «Удалить» drops the line and saves the rest", async () => {
    const { reply, seen } = await post("5", base({ remove: "0" }));
    expect(reply!.draft.items).toEqual([]);
    const body = (await seen.find((r) => r.url.endsWith("/kp/update/5"))!.json()) as { items: unknown[] };
    expect(body.items).toEqual([]);
  });

  it("search: an empty text is refused, a hostile one is passed as text", async () => {
    const empty = await post("5", base({ intent: "search", searchText: "   " }));
    expect(empty.reply!.errors.searchText).toBe("Введите название или артикул");
    const hostile = await post("5", base({ intent: "search", searchText: "'; DROP TABLE kp;--" }));
    expect(hostile.reply!.search).toEqual([]);
    const call = hostile.seen.find((r) => r.url.includes("/kp/search/product"))!;
    expect(new URL(call.url).searchParams.get("text")).toBe("'; DROP TABLE kp;--");
    expect(writes(hostile.seen)).toEqual([]);
  });

  it("an unknown article is a message under its field", async () => {
    const { reply } = await post("5", base({ intent: "sku", skuText: "NOPE-1" }));
    expect(reply!.errors.skuText).toBe("Товар с артикулом «NOPE-1» не найден");
  });
});

describe("«Сделать КП из корзины»", () => {
  const cart = JSON.stringify({
    products: { "101": { variation: 101, count: 50, comment: "синие", coatings: [{ id: "x1", coating: 3, variant: null, width: 40, height: 20, options: ["Срочно"] }], addedAt: 1 } },
    comment: "К выставке",
  });

  it("creates an offer of the cart's lines, print lines and comments and opens its editor", async () => {
    const { thrown, seen } = await post(undefined, { intent: "from-cart", cart });
    expect(location(thrown)).toBe("/cp/edit/9");
    const body = (await seen.find((r) => r.url.endsWith("/kp/create"))!.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      comment: "К выставке",
      items: [{ productId: 101, count: 50, comment: "синие", coatings: [{ id: "x1", coating: 3, width: 40, height: 20, options: ["Срочно"] }] }],
    });
    expect(String(body.title)).toMatch(/^КП из корзины от \d{2}\.\d{2}\.\d{4}$/);
  });

  it("junk, hostile or huge JSON never becomes a 5xx: what cannot be read is left out or refused under its field", async () => {
    for (const junk of ["not json", "null", "[]", '{"products": 5}', '{"products": {"a": {"variation": "<script>", "count": -1}}}', "x".repeat(2_000_000)]) {
      const r = await post(undefined, { intent: "from-cart", cart: junk });
      if (r.thrown) expect(status(r.thrown)).toBe(302);
      else expect(r.reply!.ok).toBe(false);
    }
  });

  it("only on a new offer; a customer's is the 404", async () => {
    expect(status((await post("5", { intent: "from-cart", cart })).thrown)).toBe(404);
    expect(status((await post(undefined, { intent: "from-cart", cart }, api(["ROLE_USER"]))).thrown)).toBe(404);
  });
});

describe("/cp/edit/lookup", () => {
  async function look(query: string, roles = ["ROLE_MANAGER"], isAuthenticated = true) {
    const { api: client } = recordingApi(api(roles));
    const url = new URL(`/cp/edit/lookup?${query}`, "http://shop.test");
    try {
      const r = (await lookupLoader(routeArgs<LookupRoute.LoaderArgs>(new Request(url), client, { isAuthenticated }))) as unknown as { data: unknown };
      return { data: r.data as Record<string, unknown>, thrown: null };
    } catch (thrown) {
      return { data: null, thrown };
    }
  }

  it("guests go to the login, customers get a 404", async () => {
    expect(status((await look("text=a", ["ROLE_MANAGER"], false)).thrown)).toBe(302);
    expect(status((await look("text=a", ["ROLE_USER"])).thrown)).toBe(404);
  });

  it("junk answers a message, never a 5xx", async () => {
    expect((await look("")).data).toEqual({ error: "Не указано, что искать" });
    expect((await look("group=abc")).data).toEqual({ error: "Товар не найден или снят с продажи" });
    expect((await look(`sku=${"x".repeat(5000)}`)).data!.error).toMatch(/не найден/);
    expect((await look("client=../../etc")).data).toEqual({ representatives: [], purposes: [] });
  });

  it("a print line: incomplete or a bad count is its message; a complete one asks kp/print/calculate", async () => {
    expect(((await look("print=1&coating=3&quantity=0")).data!.print as { error: string }).error).toBe("Укажите тираж от 1 до 999 999 шт.");
    expect(((await look("print=1&coating=3&quantity=10")).data!.print as { error: string }).error).toBe("Укажите вид нанесения, ширину и высоту");
    const { api: client, seen } = recordingApi(api(["ROLE_MANAGER"], (path) => (path === "/kp/print/calculate" ? json({ message: "Проверьте поля", errors: [{ field: "variant", message: "Выберите вариант нанесения" }] }, 422) : null)));
    const url = new URL("/cp/edit/lookup?print=1&coating=3&width=40&height=20&quantity=10&productId=101", "http://shop.test");
    const r = (await lookupLoader(routeArgs<LookupRoute.LoaderArgs>(new Request(url), client))) as unknown as { data: { print: { error: string } } };
    expect(r.data.print.error).toBe("Выберите вариант нанесения");
    const body = (await seen.find((s) => s.url.endsWith("/kp/print/calculate"))!.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ coating: 3, width: 40, height: 20, quantity: 10, productId: 101 });
  });
});
