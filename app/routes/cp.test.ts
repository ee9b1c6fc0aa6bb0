/**
 * The offer pages' loaders (/cp, /cp/hidden, /cp/{id}) against a recording API client: what the
 * URL asks becomes the contract's query (junk dropped, huge values cut, hostile text passed as
 * text), guests go to the login, and every id that names no offer of the caller's is the §2 404.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, managerProfile, recordingApi, type ApiHandler } from "#app/lib/api-client.test-support.ts";
import type { KpSummary } from "#contract/kp.ts";
import { offerSummary } from "#app/features/offers/offers.test-support.ts";
import { loader as listLoader } from "./cp-list.tsx";
import { loader as offerLoader } from "./cp-offer.tsx";
import type { Route as ListRoute } from "./+types/cp-list";
import type { Route as OfferRoute } from "./+types/cp-offer";

const USER = managerProfile();

function summary(id: number, patch: Partial<KpSummary> = {}): KpSummary {
  return offerSummary(id, {
    totalPrice: 1234.5 * id,
    itemsCount: 2,
    client: { id: 10 + (id % 2), title: id % 2 ? "ООО «Берег»" : "АО «Альфа»", inn: null },
    representative: { id: 20 + (id % 2), clientId: 10 + (id % 2), name: id % 2 ? "Анна" : "Борис", email: null, phone: null },
    purpose: { id: 30, clientId: null, title: "Выставка" },
    ...patch,
  });
}

const page = (elements: KpSummary[], countItems = elements.length) => ({ pageLimit: 10, countItems, countPages: Math.ceil(countItems / 10), elements });

/** The API as it is today: kp/list and kp/read answer, kp/filter does not exist yet (404). */
const today: ApiHandler = (request) => {
  const path = new URL(request.url).pathname.slice("/api".length);
  if (path === "/profile") return json({ data: USER });
  if (path === "/kp/list") return json({ data: page([summary(1), summary(2), summary(3)]) });
  if (path.startsWith("/kp/read/")) return json({ message: "Коммерческое предложение не найдено" }, 404);
  return json({ message: "Not found" }, 404);
};

async function list(target: string, handler: ApiHandler = today, isAuthenticated = true) {
  const { api, seen } = recordingApi(handler);
  const url = new URL(target, "http://shop.test");
  try {
    const data = await listLoader({ url, request: new Request(url), context: { api, isAuthenticated }, params: {} } as unknown as ListRoute.LoaderArgs);
    return { data, thrown: null, seen };
  } catch (thrown) {
    return { data: null, thrown, seen };
  }
}

async function offer(id: string, handler: ApiHandler = today, isAuthenticated = true) {
  const { api, seen } = recordingApi(handler);
  const url = new URL(`/cp/${id}`, "http://shop.test");
  try {
    const data = await offerLoader({ url, request: new Request(url), context: { api, isAuthenticated }, params: { id } } as unknown as OfferRoute.LoaderArgs);
    return { data, thrown: null, seen };
  } catch (thrown) {
    return { data: null, thrown, seen };
  }
}

/** The kp/list request of the page itself (limit 10), as the API got it. */
function listCall(seen: Request[]): URLSearchParams {
  const call = seen.find((r) => new URL(r.url).pathname === "/api/kp/list" && new URL(r.url).searchParams.get("limit") === "10");
  expect(call, "the page's kp/list call").toBeTruthy();
  return new URL(call!.url).searchParams;
}

/** A thrown redirect is a Response; a thrown `data(…, { status })` (notFound, the 503) carries its init. */
const status = (thrown: unknown) =>
  thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } } | null)?.init?.status ?? null);
const body = (thrown: unknown) => (thrown as { data?: unknown } | null)?.data;
const location = (thrown: unknown) => (thrown instanceof Response ? thrown.headers.get("Location") : null);

describe("/cp loader", () => {
  it("a guest goes to the login and comes back to the same list", async () => {
    const { thrown, seen } = await list("/cp?client=3", today, false);
    expect(status(thrown)).toBe(302);
    expect(location(thrown)).toBe(`/login?redirectTo=${encodeURIComponent("/cp?client=3")}`);
    expect(seen).toHaveLength(0);
  });

  it("asks kp/list for 10 newest active offers, and shows the rows with their client, representative and purpose", async () => {
    const { data, seen } = await list("/cp");
    const q = listCall(seen);
    expect(Object.fromEntries(q)).toEqual({ page: "1", limit: "10", sortBy: "createdAt", sortOrder: "desc", hidden: "0" });
    expect(data!.hidden).toBe(false);
    expect(data!.seesAll).toBe(false);
    expect(data!.offers.elements[0]).toEqual({
      id: 1,
      title: "Предложение 1",
      totalPrice: 1234.5,
      createdAt: "2026-11-20T07:00:00.000Z",
      isActive: true,
      isHidden: false,
      isFavorite: false,
      acceptedVersion: null,
      sentVersion: null,
      isExpired: false,
      canEdit: true,
      itemsCount: 2,
      client: "ООО «Берег»",
      representative: "Анна",
      purpose: "Выставка",
      manager: "Игорь Лебедев",
    });
  });

  it("maps every filter and the order onto the contract's query; /cp/hidden asks for the hidden ones", async () => {
    const { seen } = await list("/cp/hidden?q=%D0%BA%D1%80%D1%83%D0%B6%D0%BA%D0%B0&purposeTitle=%D0%92&from=2026-11-01&to=2026-11-30&totalFrom=100&totalTo=5000.5&client=11&client=10&representative=21&purpose=30&sort=title-desc&page=1");
    // The URL was not canonical (page=1): redirected, nothing asked.
    expect(seen).toHaveLength(0);
    const { data, seen: seen2 } = await list("/cp/hidden?q=%D0%BA%D1%80%D1%83%D0%B6%D0%BA%D0%B0&purposeTitle=%D0%92&from=2026-11-01&to=2026-11-30&totalFrom=100&totalTo=5000.5&client=10&client=11&representative=21&purpose=30&sort=title-desc");
    expect(data!.hidden).toBe(true);
    const q = listCall(seen2);
    expect([...q.entries()]).toEqual([
      ["page", "1"],
      ["limit", "10"],
      ["sortBy", "title"],
      ["sortOrder", "desc"],
      ["hidden", "1"],
      ["search", "кружка"],
      ["purposeTitle", "В"],
      ["createdAtFrom", "2026-11-01"],
      ["createdAtTo", "2026-11-30"],
      ["totalPriceFrom", "100"],
      ["totalPriceTo", "5000.5"],
      ["clientIds[]", "10"],
      ["clientIds[]", "11"],
      ["representativeIds[]", "21"],
      ["purposeIds[]", "30"],
    ]);
  });

  it("a submitted form (empty fields, dd.mm.yyyy, junk ids) is redirected to the URL's one spelling", async () => {
    const { thrown, seen } = await list("/cp?q=&purposeTitle=&from=01.11.2026&to=&totalFrom=&totalTo=&client=abc&client=3&sort=sum-desc");
    expect(status(thrown)).toBe(302);
    expect(location(thrown)).toBe("/cp?from=2026-11-01&client=3&sort=sum-desc");
    expect(seen).toHaveLength(0);
  });

  it("a typed date that is not one is not sent, and comes back under its field", async () => {
    const { data, seen } = await list("/cp?from=31.02.2026&to=2026-11-30");
    expect(data!.errors).toEqual({ from: { value: "31.02.2026", message: "Такой даты нет в календаре" } });
    const q = listCall(seen);
    expect(q.get("createdAtFrom")).toBeNull();
    expect(q.get("createdAtTo")).toBe("2026-11-30");
  });

  it("hostile and huge text goes to the API as text, cut to the contract's length", async () => {
    const hostile = `'; DROP TABLE commercial_offers; -- <img src=x onerror=alert(1)> %_ ${"ы".repeat(3000)}`;
    // Cut to 200 characters: the address says what was searched for.
    const first = await list(`/cp?q=${encodeURIComponent(hostile)}`);
    expect(status(first.thrown)).toBe(302);
    const { data, seen } = await list(location(first.thrown)!);
    const q = listCall(seen);
    expect(q.get("search")).toBe(hostile.slice(0, 200).trim());
    expect(data!.filters.q).toBe(q.get("search"));
  });

  it("a page that is not a page, or past the last one, is the §2 404", async () => {
    for (const p of ["0", "abc", "-1", "99999999999"]) {
      const { thrown } = await list(`/cp?page=${p}`);
      expect(status(thrown), p).toBe(404);
    }
    const { thrown } = await list("/cp?page=5");
    expect(status(thrown)).toBe(404);
  });

  it("the checkbox options: kp/filter when it answers, else the values of the caller's offers, counted", async () => {
    const { data } = await list("/cp?client=999");
    expect(data!.options.client).toEqual([
      { id: 11, title: "ООО «Берег»", count: 2 },
      { id: 10, title: "АО «Альфа»", count: 1 },
      // Selected, known to no one: still there to untick.
      { id: 999, title: "№ 999", count: 0 },
    ].sort((a, b) => (a.id === 999 ? 1 : b.id === 999 ? -1 : a.title.localeCompare(b.title, "ru"))));
    expect(data!.options.purpose).toEqual([{ id: 30, title: "Выставка", count: 3 }]);

    const withFilter: ApiHandler = (request) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/kp/filter/client/") return json({ data: [{ id: 5, title: "ИП Сидоров", count: 4 }] });
      if (url.pathname === "/api/kp/filter/representative/") return json({ data: [] });
      if (url.pathname === "/api/kp/filter/purpose/") return json({ data: [{ id: 30, title: "Выставка", count: 9 }] });
      if (url.pathname === "/api/kp/filter/category/") return json({ data: [{ id: 8, title: "Кружки", count: 2 }] });
      return today(request);
    };
    const { data: asked, seen } = await list("/cp?client=5", withFilter);
    expect(asked!.options).toEqual({
      client: [{ id: 5, title: "ИП Сидоров", count: 4 }],
      representative: [],
      purpose: [{ id: 30, title: "Выставка", count: 9 }],
      category: [{ id: 8, title: "Кружки", count: 2 }],
    });
    const filterCall = seen.find((r) => new URL(r.url).pathname === "/api/kp/filter/client/")!;
    expect(new URL(filterCall.url).searchParams.getAll("values[]")).toEqual(["5"]);
    // No fallback list call when kp/filter answered.
    expect(seen.filter((r) => new URL(r.url).pathname === "/api/kp/list")).toHaveLength(1);
  });

  it("filters by catalogue categories: the checkboxes from kp/filter/category/, the ids as categoryIds[]; junk ids dropped", async () => {
    const categories: ApiHandler = (request) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/kp/filter/category/") return json({ data: [{ id: 8, title: "Кружки", count: 2 }, { id: 3, title: "Ручки", count: 1 }] });
      return today(request);
    };
    const { data, seen } = await list("/cp/hidden?category=3&category=8", categories);
    expect(listCall(seen).getAll("categoryIds[]")).toEqual(["3", "8"]);
    expect(listCall(seen).get("hidden")).toBe("1");
    const optionsCall = seen.find((r) => new URL(r.url).pathname === "/api/kp/filter/category/")!;
    expect(new URL(optionsCall.url).searchParams.getAll("values[]")).toEqual(["3", "8"]);
    expect(data!.filters.category).toEqual([3, 8]);
    expect(data!.options.category.map((o) => o.title)).toEqual(["Кружки", "Ручки"]);

    // Junk, a huge id, hostile text: redirected to the URL without them, nothing asked.
    const junk = await list(`/cp?category=abc&category=${"9".repeat(300)}&category=%3Cscript%3E&category=8`, categories);
    expect(status(junk.thrown)).toBe(302);
    expect(location(junk.thrown)).toBe("/cp?category=8");
    expect(junk.seen).toHaveLength(0);

    // kp/filter/category/ not answering: a selected category stays, to be unticked.
    const { data: fallback } = await list("/cp?category=8");
    expect(fallback!.options.category).toEqual([{ id: 8, title: "№ 8", count: 0 }]);
  });

  it("roles that see every offer get the manager column", async () => {
    const chief: ApiHandler = (request) =>
      new URL(request.url).pathname === "/api/profile" ? json({ data: { ...USER, roles: ["ROLE_SALES_CHIEF"] } }) : today(request);
    const { data } = await list("/cp", chief);
    expect(data!.seesAll).toBe(true);
  });

  it("a list the API fails to give is an empty one that says so (§8), never a 5xx", async () => {
    const down: ApiHandler = (request) => (new URL(request.url).pathname === "/api/profile" ? json({ data: USER }) : json({ message: "boom" }, 500));
    const { data } = await list("/cp", down);
    expect(data!.failed).toBe(true);
    expect(data!.offers.countItems).toBe(0);
    expect(data!.options).toEqual({ client: [], representative: [], purpose: [], category: [] });
  });

  it("a session the API refuses goes to the login", async () => {
    const refused: ApiHandler = () => json({ message: "Unauthorized" }, 401);
    const { thrown } = await list("/cp", refused);
    expect(status(thrown)).toBe(302);
    expect(location(thrown)).toMatch(/^\/login\?redirectTo=%2Fcp$/);
  });
});

describe("/cp/{id} loader", () => {
  const kp = { ...summary(5), comment: "Цены на 14 дней", itemsPrice: 6000, printPrice: 172.5, items: [] };
  const reads: ApiHandler = (request) => (new URL(request.url).pathname === "/api/kp/read/5" ? json({ data: kp }) : today(request));

  it("reads the offer", async () => {
    const { data, seen } = await offer("5", reads);
    expect(data!.offer).toMatchObject({ id: 5, title: "Предложение 5", comment: "Цены на 14 дней" });
    // Then its sent versions (the versions block).
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/api/kp/read/5", "/api/kp/versions/5"]);
  });

  it("ids that fail the validator are the §2 404 without asking the API", async () => {
    for (const id of ["abc", "0", "-1", "99999999999", "2147483648", "1e3", "5.0", " 5", "%27%20OR%201=1"]) {
      const { thrown, seen } = await offer(id, reads);
      expect(status(thrown), id).toBe(404);
      expect(seen, id).toHaveLength(0);
    }
  });

  it("a leading zero is the same offer at another address: 301", async () => {
    const { thrown } = await offer("005", reads);
    expect(status(thrown)).toBe(301);
    expect(location(thrown)).toBe("/cp/5");
  });

  it("an unknown offer, or another manager's (the API's 404), is the §2 404", async () => {
    const { thrown, seen } = await offer("6", reads);
    expect(status(thrown)).toBe(404);
    expect(body(thrown)).toBe("Page not found: /cp/6");
    expect(seen).toHaveLength(1);
  });

  it("a guest goes to the login; an API down is a 503, never a 500", async () => {
    const guest = await offer("5", reads, false);
    expect(status(guest.thrown)).toBe(302);
    expect(location(guest.thrown)).toBe(`/login?redirectTo=${encodeURIComponent("/cp/5")}`);
    const down = await offer("5", () => json({ message: "boom" }, 502));
    expect(status(down.thrown)).toBe(503);
  });
});
