/**
 * IDOR matrix over every commercial-offer call (ADR 051): manager A's offer and client, tried by
 * another manager, by a customer it is not addressed to, by the customer it is addressed to
 * (read-only), by the sales chief and admins, and anonymously. Another's offer or client is a 404
 * (a customer's write a 403), and nothing changes; the export's data follows the same scope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { endpoints, type Role } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { offerDocument } from "../../api/kp/document-data";
import { call, createUser, dataOf, type TestUser } from "../support/accounts";

const SEES_ALL: Role[] = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"];

describe.each(testBackends())("offers IDOR matrix on $name", (backend) => {
  let t: TestApi;
  let owner: TestUser;
  let otherManager: TestUser;
  let addressed: TestUser;
  let stranger: TestUser;
  const ids = { offer: 0, client: 0, product: 0 };
  let publicId = "";

  const snapshot = async () =>
    (
      await queryRows<{ s: string }>(
        t.db,
        sql`SELECT concat_ws('|',
          (SELECT string_agg(concat_ws(':', id, title, total_price, is_active, is_favorite, version, client_id, representative_id), ',' ORDER BY id) FROM commercial_offers),
          (SELECT string_agg(concat_ws(':', id, offer_id, count, price), ',' ORDER BY id) FROM commercial_offer_items),
          (SELECT string_agg(concat_ws(':', id, offer_id, number, accepted_at), ',' ORDER BY id) FROM commercial_offer_versions),
          (SELECT string_agg(concat_ws(':', id, title, manager_id), ',' ORDER BY id) FROM kp_clients),
          (SELECT string_agg(concat_ws(':', id, client_id, name), ',' ORDER BY id) FROM kp_representatives),
          (SELECT string_agg(concat_ws(':', id, client_id, title), ',' ORDER BY id) FROM kp_purposes)) AS s`,
      )
    )[0].s;

  const offerBody = () => ({
    title: "КП менеджера А",
    clientId: ids.client,
    items: [{ productId: ids.product, count: 10 }],
  });

  /** Every call naming A's offer or client (method, path, body). */
  const targeted = () =>
    [
      ["GET", `/kp/read/${ids.offer}`],
      ["GET", `/kp/versions/${ids.offer}`],
      ["GET", `/kp/versions/${ids.offer}/diff?from=1&to=1`],
      ["POST", `/kp/update/${ids.offer}`, { ...offerBody(), title: "Взлом", version: 1 }],
      ["DELETE", `/kp/delete/${ids.offer}`],
      ["POST", `/kp/copy/${ids.offer}`],
      ["POST", `/kp/activate/${ids.offer}`],
      ["POST", `/kp/deactivate/${ids.offer}`],
      ["POST", `/kp/favorite/add/${ids.offer}`],
      ["POST", `/kp/favorite/delete/${ids.offer}`],
      ["POST", `/kp/send/${ids.offer}`],
      ["GET", `/kp/client/${ids.client}/representative/list`],
      ["GET", `/kp/client/${ids.client}/purpose/list`],
      ["POST", `/kp/client/${ids.client}/representative/create`, { name: "Взломщик", email: "x@x.ru" }],
      ["POST", `/kp/client/${ids.client}/purpose/create`, { title: "Взлом" }],
    ] as [string, string, unknown?][];

  /** The editor's calls that name nobody's data: staff only. */
  const editorCalls = () =>
    [
      ["GET", "/kp/client/list"],
      ["POST", "/kp/client/create", { title: "ООО «Чужое»" }],
      ["POST", "/kp/create", { title: "Чужое", items: [] }],
      ["POST", "/kp/calculate", { items: [{ productId: ids.product, count: 1 }] }],
      ["POST", "/kp/print/calculate", { coating: 1, width: 10, height: 10, quantity: 1 }],
      ["GET", "/kp/search/product?text=ручка"],
      ["GET", `/kp/product/1`],
      ["GET", "/kp/category/list"],
    ] as [string, string, unknown?][];

  const run = (user: TestUser | null, [method, path, body]: [string, string, unknown?]) =>
    call(t, `/api${path}`, { method, body, token: user?.token });

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 30 });
    owner = await createUser(t, ["ROLE_MANAGER"], "Менеджер А");
    otherManager = await createUser(t, ["ROLE_MANAGER"], "Менеджер Б");
    addressed = await createUser(t, ["ROLE_USER"], "Клиент А");
    stranger = await createUser(t, ["ROLE_USER"], "Клиент Б");
    const [customer] = await queryRows<{ email: string }>(t.db, sql`UPDATE users SET email_verified = true WHERE id = ${addressed.id} RETURNING email`);
    const [product] = await queryRows<{ id: number }>(t.db, sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active ORDER BY p.id LIMIT 1`);
    ids.product = product.id;
    const as = (path: string, body?: unknown) => call(t, `/api${path}`, { body, token: owner.token });
    ids.client = (await dataOf<{ id: number }>(await as("/kp/client/create", { title: "ООО «Альфа»", inn: "7707083893" }))).id;
    const rep = await dataOf<{ id: number }>(await as(`/kp/client/${ids.client}/representative/create`, { name: "Клиент А", email: customer.email.toUpperCase() }));
    const offer = await dataOf<{ id: number; publicId: string }>(await as("/kp/create", { ...offerBody(), representativeId: rep.id }));
    ids.offer = offer.id;
    publicId = offer.publicId;
    await dataOf(await as(`/kp/send/${ids.offer}`, {}));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("anonymous: 401 on every kp call but the public page", async () => {
    const before = await snapshot();
    for (const request of [...targeted(), ...editorCalls(), ["GET", "/kp/list"], ["GET", "/commercial-offer-delay/list"], ["GET", "/kp/filter/client/"]] as [string, string, unknown?][]) {
      expect((await run(null, request)).status, request.join(" ")).toBe(401);
    }
    expect((await call(t, `/api/kp/public/${publicId}`)).status).toBe(200);
    // The public page's openings are the only change.
    await t.db.execute(sql`UPDATE commercial_offers SET public_open_count = 0, public_first_opened_at = NULL, public_last_opened_at = NULL`);
    expect(await snapshot()).toBe(before);
  });

  it("another manager: 404 on A's offer and client, nothing changed, nothing listed", async () => {
    const before = await snapshot();
    for (const request of targeted()) expect((await run(otherManager, request)).status, request.join(" ")).toBe(404);
    const create = await run(otherManager, ["POST", "/kp/create", offerBody()]);
    expect(create.status).toBe(400);
    expect(((await create.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain("clientId");
    expect(await snapshot()).toBe(before);
    const list = endpoints.kpList.response.parse(await dataOf(await run(otherManager, ["GET", "/kp/list"])));
    expect(list.countItems).toBe(0);
    expect(endpoints.kpClientList.response.parse(await dataOf(await run(otherManager, ["GET", "/kp/client/list"])))).toEqual([]);
    expect(endpoints.kpFilter.response.parse(await dataOf(await run(otherManager, ["GET", "/kp/filter/client/"])))).toEqual([]);
    await expect(offerDocument(t.db, otherManager, ids.offer)).rejects.toMatchObject({ status: 404 });
  });

  it("a customer the offer is not addressed to: 404 on reads, 403 on writes and the editor, nothing changed", async () => {
    const before = await snapshot();
    for (const request of targeted()) {
      const status = (await run(stranger, request)).status;
      expect(status, request.join(" ")).toBe(request[0] === "GET" && request[1].startsWith("/kp/read") ? 404 : request[1].startsWith("/kp/versions") ? 404 : 403);
    }
    for (const request of editorCalls()) expect((await run(stranger, request)).status, request.join(" ")).toBe(403);
    expect(await snapshot()).toBe(before);
    expect(endpoints.kpList.response.parse(await dataOf(await run(stranger, ["GET", "/kp/list"]))).countItems).toBe(0);
    await expect(offerDocument(t.db, stranger, ids.offer)).rejects.toMatchObject({ status: 404 });
  });

  it("the customer it is addressed to (confirmed e-mail): reads it and its versions, changes nothing", async () => {
    const before = await snapshot();
    const list = endpoints.kpList.response.parse(await dataOf(await run(addressed, ["GET", "/kp/list"])));
    expect(list.elements.map((e) => ({ id: e.id, canEdit: e.canEdit }))).toEqual([{ id: ids.offer, canEdit: false }]);
    expect((await run(addressed, ["GET", `/kp/read/${ids.offer}`])).status).toBe(200);
    expect((await run(addressed, ["GET", `/kp/versions/${ids.offer}`])).status).toBe(200);
    for (const request of targeted().filter(([method]) => method !== "GET")) expect((await run(addressed, request)).status, request.join(" ")).toBe(403);
    expect(await snapshot()).toBe(before);
    expect((await offerDocument(t.db, addressed, ids.offer)).title).toBe("КП менеджера А");
    // An unconfirmed e-mail addresses nothing.
    await t.db.execute(sql`UPDATE users SET email_verified = false WHERE id = ${addressed.id}`);
    try {
      expect((await run(addressed, ["GET", `/kp/read/${ids.offer}`])).status).toBe(404);
    } finally {
      await t.db.execute(sql`UPDATE users SET email_verified = true WHERE id = ${addressed.id}`);
    }
  });

  it.each(SEES_ALL)("%s sees and edits every manager's offer", async (role) => {
    const chief = await createUser(t, [role]);
    for (const request of targeted().filter(([method]) => method === "GET")) expect((await run(chief, request)).status, request.join(" ")).toBe(200);
    const offer = endpoints.kpRead.response.parse(await dataOf(await run(chief, ["GET", `/kp/read/${ids.offer}`])));
    expect(offer.canEdit).toBe(true);
    const saved = endpoints.kpUpdate.response.parse(
      await dataOf(await run(chief, ["POST", `/kp/update/${ids.offer}`, { ...offerBody(), title: `Правка: ${role}`, representativeId: offer.representative?.id, version: offer.version }])),
    );
    expect(saved.title).toBe(`Правка: ${role}`);
    expect(saved.manager.name).toBe("Менеджер А");
  });

  it("the owner: every call on their own offer and client answers", async () => {
    for (const request of targeted().filter(([method, path]) => method === "GET" || path.includes("favorite") || path.includes("activate"))) {
      expect((await run(owner, request)).status, request.join(" ")).toBe(200);
    }
    // The manager of the client sees an offer another colleague made for it.
    const chief = await createUser(t, ["ROLE_SALES_CHIEF"]);
    const made = await dataOf<{ id: number }>(await run(chief, ["POST", "/kp/create", { ...offerBody(), title: "КП руководителя для клиента А" }]));
    expect((await run(owner, ["GET", `/kp/read/${made.id}`])).status).toBe(200);
    expect((await run(otherManager, ["GET", `/kp/read/${made.id}`])).status).toBe(404);
    // Ids that cannot exist are 400/404, never a 5xx.
    for (const id of ["0", "-1", "abc", "2147483648", "99999999999999999999"]) {
      for (const path of [`/kp/read/${id}`, `/kp/versions/${id}`, `/kp/client/${id}/purpose/list`]) {
        const status = (await run(owner, ["GET", path])).status;
        expect([400, 404], `${path} → ${status}`).toContain(status);
      }
    }
  });
});
