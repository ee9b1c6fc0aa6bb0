/**
 * IDOR matrix over the account's objects (ADR 035): delivery addresses, legal companies, orders
 * and commercial offers of customer A, tried by customer B and by every staff role, and anonymously.
 * Another's id is a 404 (or 403 where the role may see but not change) and nothing changes; an
 * anonymous call is a 401. Offers: ROLE_USER and ROLE_MANAGER see only their own, ROLE_SALES_CHIEF,
 * ROLE_ADMIN and ROLE_ADMIN_MANAGER see all. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { endpoints, type Role } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { call, callForm, createUser, dataOf, type TestUser } from "../support/accounts";

const STAFF: Role[] = ["ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"];
const SEES_ALL_OFFERS: Role[] = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"];

const company = {
  shortTitle: "ООО «Взлом»",
  inn: "7707083893",
  ogrn: "1027700132195",
  kpp: "773601001",
  bik: "044525225",
  checkingAccount: "40702810938000000001",
  correspondentAccount: "30101810400000000225",
};

describe.each(testBackends())("account IDOR matrix on $name", (backend) => {
  let t: TestApi;
  let owner: TestUser;
  let ownerManager: TestUser;
  let actors: { name: string; user: TestUser }[];
  const ids = { address: 0, company: 0, order: 0, offer: 0, managerOffer: 0 };

  /** Everything of A and of A's manager as stored, to prove nothing changed. */
  const snapshot = async () =>
    queryRows<{ s: string }>(
      t.db,
      sql`SELECT concat_ws('|',
        (SELECT string_agg(concat_ws(':', id, address, is_default), ',' ORDER BY id) FROM shipment_addresses WHERE user_id = ${owner.id}),
        (SELECT string_agg(concat_ws(':', id, short_title, inn, image), ',' ORDER BY id) FROM legal_companies WHERE user_id = ${owner.id}),
        (SELECT string_agg(concat_ws(':', id, status, total_price, legal_company_id), ',' ORDER BY id) FROM orders WHERE user_id = ${owner.id}),
        (SELECT string_agg(concat_ws(':', id, title, total_price, is_active), ',' ORDER BY id) FROM commercial_offers
          WHERE manager_id IN (${owner.id}, ${ownerManager.id}))) AS s`,
    ).then((rows) => rows[0].s);

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 40 });
    owner = await createUser(t, ["ROLE_USER"], "Клиент А");
    ownerManager = await createUser(t, ["ROLE_MANAGER"], "Менеджер А");
    actors = [{ name: "customer B", user: await createUser(t, ["ROLE_USER"], "Клиент Б") }];
    for (const role of STAFF) actors.push({ name: role, user: await createUser(t, [role]) });

    const [address] = await dataOf<{ id: number }[]>(
      await call(t, "/api/profile/shipmentaddress/update", {
        token: owner.token,
        body: { addresses: [{ city: "Москва", street: "ул. Тверская", house: "7", flat: "12", postcode: "125009" }] },
      }),
    );
    ids.address = address.id;
    ids.company = (await dataOf<{ id: number }>(await callForm(t, "/api/profile/legal/create", { ...company, shortTitle: "ООО «Вектор»" }, owner.token))).id;
    const [order] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO orders (user_id, city_id, representative_name, representative_email, representative_phone, items_price, print_price, total_price)
          VALUES (${owner.id}, 1, 'Клиент А', 'a@example.ru', '+79210000000', 15000, 0, 15000) RETURNING id`,
    );
    ids.order = order.id;
    const offer = async (author: number, title: string) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`INSERT INTO commercial_offers (public_id, manager_id, title, total_price) VALUES (${`pub-${author}-${title.length}`}, ${author}, ${title}, 12000) RETURNING id`,
        )
      )[0].id;
    ids.offer = await offer(owner.id, "КП клиента А");
    ids.managerOffer = await offer(ownerManager.id, "КП менеджера А");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 401 to anonymous calls on every account object", async () => {
    const before = await snapshot();
    const anonymous: [string, string, unknown?][] = [
      ["GET", "/api/profile/shipmentaddress/list"],
      ["POST", "/api/profile/shipmentaddress/update", { addresses: [] }],
      ["GET", "/api/profile/legal/my"],
      ["GET", "/api/profile/legal/our"],
      ["DELETE", `/api/profile/legal/delete/${ids.company}`],
      ["GET", "/api/order/"],
      ["POST", "/api/order/create", { cityId: 1 }],
      ["GET", "/api/kp/list"],
      ["GET", `/api/kp/read/${ids.offer}`],
    ];
    for (const [method, path, body] of anonymous) expect((await call(t, path, { method, body })).status, `${method} ${path}`).toBe(401);
    expect((await callForm(t, `/api/profile/legal/update/${ids.company}`, company)).status).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it("keeps A's delivery addresses from everyone else", async () => {
    for (const { name, user } of actors) {
      const before = await snapshot();
      const response = await call(t, "/api/profile/shipmentaddress/update", {
        token: user.token,
        body: { addresses: [{ id: ids.address, city: "Казань", street: "ул. Баумана", house: "1" }] },
      });
      expect(response.status, name).toBe(404);
      const list = await dataOf<{ id: number }[]>(await call(t, "/api/profile/shipmentaddress/list", { token: user.token }));
      expect(list.map((a) => a.id), name).not.toContain(ids.address);
      expect(await snapshot(), name).toBe(before);
    }
  });

  it("keeps A's companies from everyone else, ROLE_ADMIN included", async () => {
    for (const { name, user } of actors) {
      const before = await snapshot();
      expect((await callForm(t, `/api/profile/legal/update/${ids.company}`, company, user.token)).status, name).toBe(404);
      expect((await call(t, `/api/profile/legal/delete/${ids.company}`, { method: "DELETE", token: user.token })).status, name).toBe(404);
      const mine = await dataOf<{ id: number }[]>(await call(t, "/api/profile/legal/my", { token: user.token }));
      expect(mine.map((c) => c.id), name).not.toContain(ids.company);
      const our = await call(t, "/api/profile/legal/our", { token: user.token });
      if (user.roles.includes("ROLE_USER")) expect(our.status, name).toBe(403);
      else expect((await dataOf<{ id: number }[]>(our)).map((c) => c.id), name).not.toContain(ids.company);
      expect(await snapshot(), name).toBe(before);
    }
  });

  it("keeps A's orders and A's company out of everyone else's orders", async () => {
    for (const { name, user } of actors) {
      const before = await snapshot();
      const page = endpoints.orderList.response.parse(await dataOf(await call(t, "/api/order/", { token: user.token })));
      expect(page.elements.map((o) => o.id), name).not.toContain(ids.order);
      const order = await call(t, "/api/order/create", {
        token: user.token,
        body: {
          cityId: 1,
          representativeName: "Б",
          representativeEmail: "b@example.ru",
          representativePhone: "+7 (921) 000-00-01",
          legalCompany: ids.company,
        },
      });
      expect(order.status, name).toBe(404);
      expect(await snapshot(), name).toBe(before);
    }
    const own = endpoints.orderList.response.parse(await dataOf(await call(t, "/api/order/", { token: owner.token })));
    expect(own.elements.map((o) => o.id)).toEqual([ids.order]);
  });

  it("shows offers by role: authors see their own, the chief and admins see all", async () => {
    const listed = async (user: TestUser) =>
      endpoints.kpList.response.parse(await dataOf(await call(t, "/api/kp/list?limit=100", { token: user.token }))).elements.map((o) => o.id);
    const readStatus = async (user: TestUser, id: number) => (await call(t, `/api/kp/read/${id}`, { token: user.token })).status;

    expect(await listed(owner)).toEqual([ids.offer]);
    expect(await readStatus(owner, ids.offer)).toBe(200);
    expect(await readStatus(owner, ids.managerOffer)).toBe(404);
    expect(await listed(ownerManager)).toEqual([ids.managerOffer]);
    expect(await readStatus(ownerManager, ids.offer)).toBe(404);
    for (const { name, user } of actors) {
      const seesAll = SEES_ALL_OFFERS.some((role) => user.roles.includes(role));
      const list = await listed(user);
      for (const id of [ids.offer, ids.managerOffer]) {
        expect(list.includes(id), `${name} lists ${id}`).toBe(seesAll);
        expect(await readStatus(user, id), `${name} reads ${id}`).toBe(seesAll ? 200 : 404);
      }
    }
    const offer = endpoints.kpRead.response.parse(await dataOf(await call(t, `/api/kp/read/${ids.offer}`, { token: actors[2].user.token })));
    expect(offer).toMatchObject({ id: ids.offer, title: "КП клиента А", manager: { id: owner.id, name: "Клиент А" } });
  });
});
