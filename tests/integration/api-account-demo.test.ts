/**
 * The demo accounts' data (api/account/demo-data.ts) and the offer list's query (kp/list): every
 * demo account has real content through the API, the requisites pass every checksum, a second run
 * adds nothing, and the list's paging, sorting, filters and junk queries behave. PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { endpoints, requisitesProblems, type LegalCompany, type Role } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { DEMO_ACCOUNTS, ensureDemoAccounts } from "../../api/auth/demo-accounts";
import { seedDemoAccountData } from "../../api/account/demo-data";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { call, dataOf } from "../support/accounts";

describe.each(testBackends())("demo account data on $name", (backend) => {
  let t: TestApi;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 60, demoAccounts: true });
    const ids = await ensureDemoAccounts(t.db);
    for (const account of DEMO_ACCOUNTS) tokens.set(account.email, await t.tokenFor({ id: ids[account.email], roles: [account.role as Role] }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(email: string, path: string) => dataOf<T>(await call(t, path, { token: tokens.get(email) }));

  it("gives the customer companies with valid requisites, two addresses and orders in several statuses", async () => {
    const companies = await get<LegalCompany[]>("user@demo.ru", "/api/profile/legal/my");
    expect(companies.map((c) => c.shortTitle)).toEqual(["ООО «Северная мануфактура»", "ИП Петрова Ольга Андреевна"]);
    for (const c of companies) {
      const input = Object.fromEntries(
        (["inn", "ogrn", "kpp", "bik", "checkingAccount", "correspondentAccount"] as const).map((k) => [k, c[k] ?? ""]),
      );
      expect(requisitesProblems(input), c.shortTitle).toEqual({});
    }
    const addresses = await get<{ city: string; address: string; isDefault: boolean }[]>("user@demo.ru", "/api/profile/shipmentaddress/list");
    expect(addresses.map((a) => [a.city, a.isDefault])).toEqual([
      ["Санкт-Петербург", true],
      ["Москва", false],
    ]);
    const orders = endpoints.orderList.response.parse(await get("user@demo.ru", "/api/order/"));
    expect(orders.countItems).toBe(4);
    expect(new Set(orders.elements.map((o) => o.status)).size).toBe(4);
    for (const o of orders.elements) {
      expect(o.items.length).toBeGreaterThanOrEqual(2);
      expect(o.totalPrice).toBeGreaterThan(10_000);
      expect(o.items.reduce((sum, i) => sum + i.totalPrice, 0)).toBeCloseTo(o.totalPrice, 1);
    }
  });

  it("gives every demo account offers to see on /profile/cp", async () => {
    const listed = async (email: string, hidden: "0" | "1") => endpoints.kpList.response.parse(await get(email, `/api/kp/list?hidden=${hidden}`)).countItems;
    // Both tabs: the active list and the hidden one (deactivated offers, ADR 051 addendum).
    const count = async (email: string) => (await listed(email, "0")) + (await listed(email, "1"));
    // ADR 051: user@demo.ru's offers are manager@demo.ru's, addressed to its confirmed e-mail.
    expect(await count("user@demo.ru")).toBe(2);
    expect(await count("manager@demo.ru")).toBe(7);
    // manager@demo.ru's deactivated offer is on /cp/hidden, not /cp.
    expect(await listed("manager@demo.ru", "1")).toBe(1);
    const all = await count("chief@demo.ru");
    expect(all).toBe(10);
    expect(await count("admin@demo.ru")).toBe(all);
    expect(await count("adminmanager@demo.ru")).toBe(all);
    const page = endpoints.kpList.response.parse(await get("manager@demo.ru", "/api/kp/list"));
    const offer = endpoints.kpRead.response.parse(await get("manager@demo.ru", `/api/kp/read/${page.elements[0].id}`));
    expect(offer.client?.title).toMatch(/«/);
    expect(offer.representative?.name).toMatch(/[А-ЯЁ]/);
    expect(offer.items.length).toBeGreaterThanOrEqual(2);
    expect(offer.totals?.total).toBe(offer.totalPrice);
    expect(offer.number).toMatch(/^\d{4}-\d{6}$/);
  });

  it("completes the demo offers (ADR 051): print lines, seller, VAT, validity, a sent version; one accepted, one expired", async () => {
    const page = endpoints.kpList.response.parse(await get("manager@demo.ru", "/api/kp/list?limit=100"));
    expect(page.elements.every((o) => o.sentVersion !== null && o.validUntil !== null && o.number !== null)).toBe(true);
    expect(page.elements.filter((o) => o.acceptedVersion !== null)).toHaveLength(1);
    expect(page.elements.filter((o) => o.isExpired).length).toBeGreaterThanOrEqual(1);
    const offers = await Promise.all(page.elements.map(async (o) => endpoints.kpRead.response.parse(await get("manager@demo.ru", `/api/kp/read/${o.id}`))));
    expect(offers.every((o) => o.seller !== null)).toBe(true);
    expect(offers.some((o) => o.items.some((i) => i.coatings.length > 0 && i.printPrice > 0))).toBe(true);
    expect(offers.some((o) => o.vatRate === null)).toBe(true);
    expect(offers.some((o) => o.items.some((i) => (i.discountPercent ?? 0) > 0))).toBe(true);
    for (const o of offers) expect(o.client?.inn ?? "", o.client?.title).toMatch(/^\d{10}$/);
    const accepted = page.elements.find((o) => o.acceptedVersion !== null)!;
    const view = endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${accepted.publicId}`)));
    expect(view.status).toBe("accepted");
    const expired = page.elements.find((o) => o.isExpired)!;
    expect(endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${expired.publicId}`))).status).toBe("closed");
  });

  it("adds nothing on a second run", async () => {
    const counts = () =>
      queryRows<{ s: string }>(
        t.db,
        sql`SELECT concat_ws(',', (SELECT count(*) FROM legal_companies), (SELECT count(*) FROM shipment_addresses), (SELECT count(*) FROM orders),
          (SELECT count(*) FROM commercial_offers), (SELECT count(*) FROM kp_clients), (SELECT count(*) FROM commercial_offer_items)) AS s`,
      ).then((r) => r[0].s);
    const before = await counts();
    await seedDemoAccountData(t.db, await ensureDemoAccounts(t.db));
    expect(await counts()).toBe(before);
  });

  it("a restart never sends the manager's own drafts: a new offer stays without a version", async () => {
    const draft = await dataOf<{ id: number }>(await call(t, "/api/kp/create", { token: tokens.get("manager@demo.ru"), body: { title: "Черновик к выставке", items: [] } }));
    await seedDemoAccountData(t.db, await ensureDemoAccounts(t.db));
    const versions = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM commercial_offer_versions WHERE offer_id = ${draft.id}`);
    expect(versions[0]!.n).toBe(0);
    const read = await dataOf<{ sentVersion: number | null }>(await call(t, `/api/kp/read/${draft.id}`, { token: tokens.get("manager@demo.ru") }));
    expect(read.sentVersion).toBeNull();
    // The later tests count the demo offers as seeded.
    expect((await call(t, `/api/kp/delete/${draft.id}`, { method: "DELETE", token: tokens.get("manager@demo.ru") })).status).toBe(200);
  });

  it("pages, sorts and filters the offer list, and refuses junk queries", async () => {
    const list = async (query: string) => endpoints.kpList.response.parse(await get("chief@demo.ru", `/api/kp/list?${query}`));
    const first = await list("page=1");
    // 10 offers, one of them deactivated: on the hidden tab.
    expect(first).toMatchObject({ pageLimit: 10, countItems: 9, countPages: 1 });
    const hidden = await list("hidden=1");
    expect(hidden.elements.map((o) => [o.isActive, o.isHidden])).toEqual([[false, true]]);
    const paged = await list("page=2&limit=4&sortBy=totalPrice&sortOrder=asc");
    expect(paged).toMatchObject({ pageLimit: 4, countPages: 3 });
    const prices = (await list("limit=100&sortBy=totalPrice&sortOrder=asc")).elements.map((o) => o.totalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(paged.elements.map((o) => o.totalPrice)).toEqual(prices.slice(4, 8));
    expect((await list("search=новогодние")).elements.map((o) => o.title)).toEqual(["Новогодние наборы для партнёров"]);
    expect((await list("search=Балтийская")).countItems).toBeGreaterThan(0);
    expect((await list("search=%25_%25")).countItems).toBe(0);
    expect((await list("status=inactive")).countItems).toBe(0);
    expect((await list("hidden=1&status=inactive")).countItems).toBe(1);
    expect((await list("favorite=1")).elements.every((o) => o.isFavorite)).toBe(true);
    const manager = DEMO_ACCOUNTS.find((a) => a.email === "manager@demo.ru")!;
    const [managerId] = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE email = ${manager.email}`)).map((r) => r.id);
    expect((await list(`managerIds[]=${managerId}`)).countItems).toBe(6);
    expect((await list("totalPriceFrom=999999999")).countItems).toBe(0);
    expect((await list("createdAtFrom=2000-01-01&createdAtTo=2000-01-02")).countItems).toBe(0);
    for (const junk of ["page=0", "limit=1000", "sortBy=manager_id", "createdAtFrom=вчера", "clientIds[]=abc", "status=deleted", `search=${"x".repeat(300)}`]) {
      const response = await call(t, `/api/kp/list?${junk}`, { token: tokens.get("chief@demo.ru") });
      expect(response.status, junk).toBe(400);
    }
    for (const id of ["abc", "0", "99999999999"]) expect((await call(t, `/api/kp/read/${id}`, { token: tokens.get("chief@demo.ru") })).status, id).toBe(400);
    expect((await call(t, "/api/kp/read/2147483647", { token: tokens.get("chief@demo.ru") })).status).toBe(404);
  });
});
