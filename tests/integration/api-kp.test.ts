/**
 * Commercial offers (ADR 051): a manager builds an offer (clients created in place, lines with a
 * print line and a discount), saves it with its version (a stale one is a 409 with what changed),
 * sends it (a frozen version), the client opens the public page and accepts; versions and their
 * diff; copy; search; and junk, huge, missing and hostile input, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { endpoints, type KpInput } from "../../contract/index";
import { kpTotals, priceKpLine } from "../../contract/kp-pricing";
import { queryRows } from "../../api/db/client";
import { createMailer, type MailMessage } from "../../api/mail/mailer";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { offerDocument } from "../../api/kp/document-data";
import { CLIENT_IP_HEADER } from "../../contract/index";
import { call, createUser, dataOf, fieldErrors, type TestUser } from "../support/accounts";

describe.each(testBackends())("commercial offers on $name", (backend) => {
  let t: TestApi;
  let manager: TestUser;
  let clock = new Date("2026-11-20T09:00:00Z");
  const letters: MailMessage[] = [];
  /** A product whose group takes a print type with variants, and one more product. */
  const ctx = { product: 0, other: 0, coating: 0, variant: 0, sku: "", groupTitle: "", groupId: 0 };
  let clientId = 0;
  let repId = 0;
  let purposeId = 0;

  const as = (user: TestUser, path: string, init: { method?: string; body?: unknown } = {}) => call(t, `/api${path}`, { ...init, token: user.token });

  const input = (over: Partial<KpInput> = {}): KpInput => ({
    title: "Новогодние подарки партнёрам",
    clientId,
    representativeId: repId,
    purposeId,
    delayId: 4,
    vatRate: 22,
    vatIncluded: true,
    comment: "Скидка согласована с руководителем",
    items: [
      {
        productId: ctx.product,
        count: 300,
        discountPercent: 10,
        coatings: [{ id: "line-1", coating: ctx.coating, variant: ctx.variant, width: 40, height: 30 }],
      },
      { productId: ctx.other, count: 50, price: 199.9 },
    ],
    ...over,
  });

  beforeAll(async () => {
    const mailer = createMailer({ transport: { describe: "memory", deliver: async (m) => void letters.push(m) }, logError: () => {} });
    t = await openTestApi(backend, { groups: 60, mailer, now: () => clock });
    manager = await createUser(t, ["ROLE_MANAGER"], "Анна Смирнова");
    const [row] = await queryRows<{ product: number; coating: number; variant: number; sku: string; title: string; groupId: number }>(
      t.db,
      sql`SELECT p.id AS product, pc.coating_id AS coating, v.id AS variant, p.sku, g.title, g.id AS "groupId"
          FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active
          JOIN product_group_coatings pc ON pc.group_id = g.id
          JOIN coating_variants v ON v.coating_id = pc.coating_id
          JOIN coatings co ON co.id = pc.coating_id AND (co.max_width IS NULL OR co.max_width >= 40) AND (co.max_height IS NULL OR co.max_height >= 30)
          ORDER BY p.id, v.id LIMIT 1`,
    );
    Object.assign(ctx, row, { groupTitle: row.title });
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT p.id FROM products p JOIN product_groups g ON g.id = p.group_id AND g.is_active WHERE p.group_id <> ${row.groupId} ORDER BY p.id LIMIT 1`,
    );
    ctx.other = other.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates a client (ИНН checked), a representative and a purpose in place", async () => {
    const bad = await as(manager, "/kp/client/create", { body: { title: "ООО «Ромашка»", inn: "7707083894" } });
    expect(bad.status).toBe(400);
    expect((await fieldErrors(bad)).inn).toMatch(/контрольные цифры/);
    const client = endpoints.kpClientCreate.response.parse(
      await dataOf(await as(manager, "/kp/client/create", { body: { title: "ООО «Ромашка»", inn: "7707083893" } })),
    );
    clientId = client.id;
    const noContact = await as(manager, `/kp/client/${clientId}/representative/create`, { body: { name: "Игорь Волков" } });
    expect((await fieldErrors(noContact)).email).toBe("Укажите e-mail или телефон");
    const badPhone = await as(manager, `/kp/client/${clientId}/representative/create`, { body: { name: "Игорь Волков", phone: "12" } });
    expect((await fieldErrors(badPhone)).phone).toBe("Неверный формат телефона");
    const rep = endpoints.kpRepresentativeCreate.response.parse(
      await dataOf(
        await as(manager, `/kp/client/${clientId}/representative/create`, {
          body: { name: "Игорь Волков", email: "I.Volkov@Romashka.ru", phone: "+7 (921) 555-12-34" },
        }),
      ),
    );
    expect(rep).toMatchObject({ clientId, email: "i.volkov@romashka.ru", phone: "+79215551234" });
    repId = rep.id;
    purposeId = endpoints.kpPurposeCreate.response.parse(
      await dataOf(await as(manager, `/kp/client/${clientId}/purpose/create`, { body: { title: "Новый год" } })),
    ).id;
    const clients = endpoints.kpClientList.response.parse(await dataOf(await as(manager, "/kp/client/list")));
    expect(clients.map((c) => c.id)).toEqual([clientId]);
    const reps = endpoints.kpClientRepresentativeList.response.parse(await dataOf(await as(manager, `/kp/client/${clientId}/representative/list`)));
    expect(reps.map((r) => r.id)).toEqual([repId]);
    const purposes = endpoints.kpClientPurposeList.response.parse(await dataOf(await as(manager, `/kp/client/${clientId}/purpose/list`)));
    expect(purposes.map((p) => p.title)).toContain("Новый год");
  });

  it("lists delays with «Без отсрочки» first and a surcharge each", async () => {
    const delays = endpoints.commercialOfferDelayList.response.parse(await dataOf(await as(manager, "/commercial-offer-delay/list")));
    expect(delays[0]).toMatchObject({ title: "Без отсрочки", days: 0, surchargePercent: 0 });
    expect(delays.find((d) => d.id === 4)?.surchargePercent).toBe(2);
  });

  let offerId = 0;
  let publicId = "";

  it("creates an offer priced by the one rule: tiers, discount, manual price, print, delay surcharge, VAT", async () => {
    const offer = endpoints.kpCreate.response.parse(await dataOf(await as(manager, "/kp/create", { body: input() })));
    offerId = offer.id;
    publicId = offer.publicId;
    expect(offer.number).toMatch(/^2026-\d{6}$/);
    expect(offer.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(offer.version).toBe(1);
    expect(offer.validUntil).toBe("2026-11-30");
    expect(offer.seller?.title).toBeTruthy();
    expect(offer.canEdit).toBe(true);
    const [first, second] = offer.items;
    expect(first.price).toBe(Math.round(first.listPrice * 90) / 100);
    expect(first.coatings[0]).toMatchObject({ problems: [] });
    expect(first.printPrice).toBeGreaterThan(0);
    expect(second).toMatchObject({ price: 199.9, manualPrice: 199.9, discountPercent: null });
    const expected = kpTotals(
      offer.items.map((i) => priceKpLine({ listUnitPrice: i.listPrice, count: i.count, manualPrice: i.price, printPrices: [i.printPrice] })),
      { surchargePercent: 2, vatRate: 22, vatIncluded: true },
    );
    expect(offer.totals).toEqual(expected);
    expect(offer.totalPrice).toBe(expected.total);
    expect(expected.delaySurcharge).toBeGreaterThan(0);
    expect(expected.vat).toBeGreaterThan(0);
    // kp/calculate agrees, with VAT on top when asked.
    const calc = endpoints.kpCalculate.response.parse(
      await dataOf(await as(manager, "/kp/calculate", { body: { items: input().items, delayId: 4, vatRate: 22, vatIncluded: false } })),
    );
    expect(calc.totals).toMatchObject({ goods: expected.goods, vatMode: "added" });
    expect(calc.totalPrice).toBeGreaterThan(expected.total);
  });

  it("numbers offers one after another within the year", async () => {
    const next = endpoints.kpCreate.response.parse(await dataOf(await as(manager, "/kp/create", { body: input({ title: "Второе" }) })));
    const [a, b] = [Number((await dataOf<{ number: string }>(await as(manager, `/kp/read/${offerId}`))).number.slice(5)), Number(next.number!.slice(5))];
    expect(b).toBe(a + 1);
    await dataOf(await as(manager, `/kp/delete/${next.id}`, { method: "DELETE" }));
    expect((await as(manager, `/kp/read/${next.id}`)).status).toBe(404);
  });

  it("saves with the version; a stale version is a 409 that says what changed, and stores nothing", async () => {
    const saved = endpoints.kpUpdate.response.parse(
      await dataOf(await as(manager, `/kp/update/${offerId}`, { body: { ...input(), version: 1, items: [{ ...input().items[0], count: 500 }, input().items[1]] } })),
    );
    expect(saved.version).toBe(2);
    expect(saved.items[0].count).toBe(500);
    // A second tab still on version 1.
    const stale = await as(manager, `/kp/update/${offerId}`, { body: { ...input({ title: "Из другой вкладки" }), version: 1 } });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { message: string; conflict: { version: number; changes: { kind: string; key: string; from: unknown; to: unknown }[] } };
    expect(body.message).toMatch(/изменили/);
    expect(body.conflict.version).toBe(2);
    expect(body.conflict.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "field", key: "title", from: "Из другой вкладки", to: "Новогодние подарки партнёрам" }),
        expect.objectContaining({ kind: "count", key: ctx.sku, from: 300, to: 500 }),
      ]),
    );
    const after = endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${offerId}`)));
    expect(after).toMatchObject({ version: 2, title: "Новогодние подарки партнёрам" });
    // Without a version at all.
    const missing = await as(manager, `/kp/update/${offerId}`, { body: input() });
    expect(missing.status).toBe(400);
    expect((await fieldErrors(missing)).version).toMatch(/версия/);
  });

  it("two saves of one version at once: one is stored, the other is a 409; parallel creates get distinct numbers", async () => {
    const copy = endpoints.kpCopy.response.parse(await dataOf(await as(manager, `/kp/copy/${offerId}`, { method: "POST" })));
    const save = (title: string) => as(manager, `/kp/update/${copy.id}`, { body: { ...input({ title }), version: copy.version } });
    const statuses = (await Promise.all([save("Вкладка 1"), save("Вкладка 2")])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${copy.id}`))).version).toBe(copy.version + 1);
    const made = await Promise.all(Array.from({ length: 4 }, (_, i) => as(manager, "/kp/create", { body: input({ title: `Параллельное ${i}` }) }).then((r) => dataOf<{ id: number; number: string }>(r))));
    expect(new Set(made.map((m) => m.number)).size).toBe(4);
    // Two sends at once freeze one version.
    const sends = await Promise.all([1, 2].map(() => as(manager, `/kp/send/${copy.id}`, { method: "POST" }).then((r) => dataOf<{ version: { number: number } }>(r))));
    expect(sends.map((x) => x.version.number)).toEqual([1, 1]);
    for (const m of [...made, copy]) await dataOf(await as(manager, `/kp/delete/${m.id}`, { method: "DELETE" }));
  });

  it("refuses bad input with a Russian message under its field, never a 5xx", async () => {
    const refused = async (body: unknown, field: string, message?: RegExp) => {
      const response = await as(manager, "/kp/create", { body });
      expect(response.status, field).toBe(400);
      const errors = await fieldErrors(response);
      expect(errors[field], `${field}: ${JSON.stringify(errors)}`).toBeDefined();
      if (message) expect(errors[field]).toMatch(message);
    };
    const line = input().items[0];
    await refused(input({ items: [{ ...line, count: 0 }] }), "items.0.count", /не меньше 1/);
    await refused(input({ items: [{ ...line, count: 1_000_000 }] }), "items.0.count", /999 999/);
    await refused({ ...input(), items: [{ ...line, count: "много" }] }, "items.0.count", /числом/);
    await refused(input({ items: [{ ...line, coatings: [{ id: "x", coating: ctx.coating, variant: null, width: 40, height: 30 }] }] }), "items.0.coatings.0.variant", /вариант/);
    await refused(input({ items: [{ ...line, discountPercent: 120 }] }), "items.0.discountPercent", /100 %/);
    await refused(input({ items: [{ ...line, price: -5 }] }), "items.0.price", /отрицательной/);
    await refused(input({ items: [{ ...line, price: 10, discountPercent: 5 }] }), "items.0.discountPercent");
    await refused(input({ items: Array.from({ length: 201 }, (_, i) => ({ productId: i + 1, count: 1 })) }), "items", /200/);
    await refused(input({ items: [line, line] }), "items.1.productId", /уже есть/);
    await refused(input({ items: [{ productId: 2_000_000_000, count: 1 }] }), "items.0.productId", /не найден/);
    await refused(input({ title: "К".repeat(256) }), "title", /255/);
    await refused(input({ title: "   " }), "title", /Укажите/);
    await refused(input({ comment: "x".repeat(5001) }), "comment", /5000/);
    await refused(input({ vatRate: 18 as never }), "vatRate", /НДС/);
    await refused(input({ validUntil: "2026-11-01" }), "validUntil", /не раньше/);
    await refused(input({ sellerCompanyId: 999_999 }), "sellerCompanyId", /нашу компанию/);
    // A representative of another client.
    const other = await dataOf<{ id: number }>(await as(manager, "/kp/client/create", { body: { title: "ИП Кузнецов" } }));
    const otherRep = await dataOf<{ id: number }>(
      await as(manager, `/kp/client/${other.id}/representative/create`, { body: { name: "Павел Кузнецов", email: "p@kuz.ru" } }),
    );
    await refused(input({ representativeId: otherRep.id }), "representativeId", /не из выбранного клиента/);
    // Hostile and junk bodies.
    for (const body of ["{", "null", "[]", JSON.stringify({ title: { $ne: 1 } }), JSON.stringify(input({ title: "'; DROP TABLE commercial_offers; --" }))]) {
      const response = await call(t, "/api/kp/create", { token: manager.token, body });
      expect(response.status, body.slice(0, 30)).toBeLessThan(500);
    }
    const huge = await call(t, "/api/kp/calculate", { token: manager.token, body: { items: Array.from({ length: 5000 }, () => line) } });
    expect(huge.status).toBe(400);
    expect((await fieldErrors(huge)).items).toMatch(/200/);
  });

  it("calculate prices an unfinished print line 0 with its problems instead of failing", async () => {
    const line = { ...input().items[0], coatings: [{ id: "x", coating: ctx.coating, variant: null, width: 40, height: 30 }] };
    const calc = endpoints.kpCalculate.response.parse(await dataOf(await as(manager, "/kp/calculate", { body: { items: [line] } })));
    expect(calc.items[0].printPrice).toBe(0);
    expect(calc.items[0].coatings[0].problems[0]).toMatchObject({ field: "variant" });
    const print = await as(manager, "/kp/print/calculate", { body: { coating: ctx.coating, width: 40, height: 30, quantity: 100, productId: ctx.product } });
    expect(print.status).toBe(400);
    expect((await fieldErrors(print)).variant).toMatch(/вариант/);
  });

  it("sends a version, reuses it while nothing changes, and diffs two versions", async () => {
    const first = endpoints.kpSend.response.parse(await dataOf(await as(manager, `/kp/send/${offerId}`, { method: "POST" })));
    expect(first.version.number).toBe(1);
    expect(first.mailed).toBe(true);
    const letter = letters.at(-1)!;
    expect(letter.to).toBe("i.volkov@romashka.ru");
    expect(letter.text).toContain(`/kp/${publicId}`);
    // The letter carries the version's PDF.
    expect(first.attached).toBe(true);
    expect(first.message).toBeNull();
    expect(letter.attachments).toHaveLength(1);
    expect(letter.attachments![0]).toMatchObject({ contentType: "application/pdf", filename: expect.stringMatching(/^КП \d{4}-\d{6}\.pdf$/) });
    expect(Buffer.from(letter.attachments![0]!.content).subarray(0, 5).toString()).toBe("%PDF-");
    expect(letter.text).toContain("во вложении");
    const again = endpoints.kpSend.response.parse(await dataOf(await as(manager, `/kp/send/${offerId}`, { method: "POST" })));
    expect(again.version.number).toBe(1);
    // The export freezes too, and reads the same frozen version.
    const doc = await offerDocument(t.db, manager, offerId, clock);
    expect(doc).toMatchObject({ version: 1, client: { title: "ООО «Ромашка»", inn: "7707083893" }, manager: { name: "Анна Смирнова" } });
    expect(doc.lines[0].printLines[0].description).toMatch(/\d+×\d+ мм$/);
    expect(doc.conditions).toMatch(/Срок изготовления/);
    expect(doc.seller?.bik).toMatch(/^04/);

    const current = endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${offerId}`)));
    await dataOf(await as(manager, `/kp/update/${offerId}`, { body: { ...input(), version: current.version, items: [{ ...input().items[0], count: 700 }] } }));
    const second = endpoints.kpSend.response.parse(await dataOf(await as(manager, `/kp/send/${offerId}`, { method: "POST" })));
    expect(second.version.number).toBe(2);
    const versions = endpoints.kpVersions.response.parse(await dataOf(await as(manager, `/kp/versions/${offerId}`)));
    expect(versions.map((v) => v.number)).toEqual([2, 1]);
    const diff = endpoints.kpVersionDiff.response.parse(await dataOf(await as(manager, `/kp/versions/${offerId}/diff?from=1&to=2`)));
    expect(diff.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "count", from: 500, to: 700 }),
        expect.objectContaining({ kind: "removed" }),
        expect.objectContaining({ kind: "field", key: "total" }),
      ]),
    );
    expect((await as(manager, `/kp/versions/${offerId}/diff?from=1&to=9`)).status).toBe(404);
  });

  it("exports the offer as a PDF and an Excel file: the bytes, the Russian file name, never cached; others get 404", async () => {
    const pdf = await as(manager, `/kp/export/pdf/${offerId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const disposition = pdf.headers.get("content-disposition") ?? "";
    const number = endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${offerId}`))).number!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`КП ${number} (версия 2).pdf`).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // One version is one set of bytes: the PDF's date is the version's.
    expect(Buffer.from(await (await as(manager, `/kp/export/pdf/${offerId}`)).arrayBuffer()).equals(bytes)).toBe(true);
    const xlsx = await as(manager, `/kp/export/xlsx/${offerId}`);
    expect(xlsx.headers.get("content-type")).toMatch(/spreadsheetml/);
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
    // Nothing changed since v2: the export froze no v3.
    expect(endpoints.kpVersions.response.parse(await dataOf(await as(manager, `/kp/versions/${offerId}`))).map((v) => v.number)).toEqual([2, 1]);

    const stranger = await createUser(t, ["ROLE_MANAGER"], "Чужой менеджер");
    for (const path of [`/kp/export/pdf/${offerId}`, `/kp/export/xlsx/${offerId}`, "/kp/export/pdf/999999"]) expect((await as(stranger, path)).status).toBe(404);
    expect((await call(t, `/api/kp/export/pdf/${offerId}`)).status).toBe(401);
    for (const path of ["/kp/export/doc/1", "/kp/export/pdf/abc", "/kp/export/pdf/-1", `/kp/export/pdf/${"9".repeat(40)}`, "/kp/export/%3Cscript%3E/1"]) {
      const response = await as(manager, path);
      expect([400, 404]).toContain(response.status);
    }
    // A representative without an e-mail: the version is frozen, no letter, and the answer says why.
    const client = endpoints.kpClientCreate.response.parse(await dataOf(await as(manager, "/kp/client/create", { body: { title: "ИП Телефонов", inn: null } })));
    const phoneOnly = endpoints.kpRepresentativeCreate.response.parse(
      await dataOf(await as(manager, `/kp/client/${client.id}/representative/create`, { body: { name: "Пётр", phone: "+7 921 555-00-11" } })),
    );
    const byPhone = endpoints.kpCreate.response.parse(await dataOf(await as(manager, "/kp/create", { body: input({ clientId: client.id, representativeId: phoneOnly.id, purposeId: null }) })));
    const lettersBefore = letters.length;
    const sent = endpoints.kpSend.response.parse(await dataOf(await as(manager, `/kp/send/${byPhone.id}`, { method: "POST" })));
    expect(sent).toMatchObject({ mailed: false, attached: false, version: { number: 1 } });
    expect(sent.message).toMatch(/нет e-mail/);
    expect(letters.length).toBe(lettersBefore);
    await as(manager, `/kp/delete/${byPhone.id}`, { method: "DELETE" });

    // An offer without lines has no document to send or export.
    const empty = endpoints.kpCreate.response.parse(await dataOf(await as(manager, "/kp/create", { body: input({ items: [] }) })));
    const refused = await as(manager, `/kp/export/pdf/${empty.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/хотя бы один товар/);
    expect((await as(manager, `/kp/send/${empty.id}`, { method: "POST" })).status).toBe(409);
    await as(manager, `/kp/delete/${empty.id}`, { method: "DELETE" });
  });

  it("the public page shows the latest sent version without internal data, records openings, and the client accepts", async () => {
    const view = endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${publicId}`)));
    expect(view).toMatchObject({ status: "open", document: { version: 2 } });
    const text = JSON.stringify(view);
    expect(text).not.toContain("Скидка согласована");
    expect(text).not.toContain("listPrice");
    clock = new Date(clock.getTime() + 60_000);
    await dataOf(await call(t, `/api/kp/public/${publicId}`));
    const seen = endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${offerId}`)));
    expect(seen.publicOpenCount).toBe(2);
    expect(seen.publicFirstOpenedAt).not.toBe(seen.publicLastOpenedAt);

    const accept = (body: unknown) => call(t, `/api/kp/public/${publicId}/accept`, { body });
    expect((await fieldErrors(await accept({ version: 2, name: "Игорь" }))).email).toBe("Укажите e-mail или телефон");
    expect((await fieldErrors(await accept({ version: 2, name: "Игорь", email: "нет" }))).email).toMatch(/e-mail/);
    const stale = await accept({ version: 1, name: "Игорь", email: "i.volkov@romashka.ru" });
    expect(stale.status).toBe(409);
    const accepted = endpoints.kpPublicAccept.response.parse(await dataOf(await accept({ version: 2, name: "Игорь Волков", phone: "8 921 555 12 34" })));
    expect(accepted).toMatchObject({ status: "accepted", acceptedVersion: 2, acceptedName: "Игорь Волков" });
    // The page says who accepted, never the contacts they gave.
    const after = (await dataOf(await call(t, `/api/kp/public/${publicId}`))) as Record<string, unknown>;
    expect(after).toMatchObject({ status: "accepted", acceptedName: "Игорь Волков" });
    expect(Object.keys(after).filter((key) => /^accepted/.test(key)).sort()).toEqual(["acceptedAt", "acceptedName", "acceptedVersion"]);
    expect(letters.at(-1)?.subject).toMatch(/принято/);
    expect((await accept({ version: 2, name: "Игорь", email: "a@b.ru" })).status).toBe(409);
    const versions = endpoints.kpVersions.response.parse(await dataOf(await as(manager, `/kp/versions/${offerId}`)));
    expect(versions[0]).toMatchObject({ number: 2, acceptedName: "Игорь Волков" });
    // Editing after acceptance edits the draft; the accepted version stays as it was.
    const current = endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${offerId}`)));
    expect(current.acceptedVersion).toBe(2);
    await dataOf(await as(manager, `/kp/update/${offerId}`, { body: { ...input({ title: "Новая редакция" }), version: current.version } }));
    expect(endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${publicId}`))).document?.title).toBe("Новогодние подарки партнёрам");
  });

  it("a deactivated or expired offer says «Предложение больше не действует» and refuses acceptance", async () => {
    const copy = endpoints.kpCopy.response.parse(await dataOf(await as(manager, `/kp/copy/${offerId}`, { method: "POST" })));
    expect(copy.title).toMatch(/копия/);
    expect(copy.number).not.toBe(undefined);
    expect(copy.publicId).not.toBe(publicId);
    expect(copy.sentVersion).toBeNull();
    expect((await call(t, `/api/kp/public/${copy.publicId}`)).status).toBe(404);
    await dataOf(await as(manager, `/kp/send/${copy.id}`, { method: "POST" }));
    await dataOf(await as(manager, `/kp/deactivate/${copy.id}`, { method: "POST" }));
    const closed = endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${copy.publicId}`)));
    expect(closed).toMatchObject({ status: "closed", message: "Предложение больше не действует", document: null, manager: { name: "Анна Смирнова" } });
    const refused = await call(t, `/api/kp/public/${copy.publicId}/accept`, { body: { version: 1, name: "Игорь", email: "i@r.ru" } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe("Предложение больше не действует");
    // Deactivated: on the hidden tab (ADR 051 addendum), hidden by its flag too; «Вернуть» clears both.
    const tab = async (hidden: "0" | "1") =>
      endpoints.kpList.response.parse(await dataOf(await as(manager, `/kp/list?hidden=${hidden}&limit=100`))).elements.find((e) => e.id === copy.id);
    expect(await tab("0")).toBeUndefined();
    expect(await tab("1")).toMatchObject({ isActive: false, isHidden: true });
    await t.db.execute(sql`UPDATE commercial_offers SET is_hidden = true WHERE id = ${copy.id}`);
    await dataOf(await as(manager, `/kp/activate/${copy.id}`, { method: "POST" }));
    expect(await tab("1")).toBeUndefined();
    expect(await tab("0")).toMatchObject({ isActive: true, isHidden: false });
    expect(endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${copy.publicId}`))).status).toBe("open");
    // After 23:59:59 Moscow time of the validity day.
    const saved = clock;
    clock = new Date("2026-12-30T21:00:00Z");
    try {
      expect(endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${copy.publicId}`))).status).toBe("closed");
    } finally {
      clock = saved;
    }
    for (const junk of ["x", "%2e%2e", "a".repeat(100), "a".repeat(101)]) expect((await call(t, `/api/kp/public/${junk}`)).status, junk).toBeLessThan(500);
  });

  it("the public PDF (ADR 054): the latest sent version's bytes without a login, the Russian name, never cached; closed, unsent, unknown and junk ids are a 404", async () => {
    const response = await call(t, `/api/kp/public/${publicId}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const view = endpoints.kpPublic.response.parse(await dataOf(await call(t, `/api/kp/public/${publicId}`)));
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(response.headers.get("content-disposition") ?? "")![1]!);
    expect(name).toBe(`КП ${view.number} (версия ${view.document!.version}).pdf`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    // One version, one set of bytes (the PDF is dated by its version, ADR 052).
    expect(Buffer.from(await (await call(t, `/api/kp/public/${publicId}/pdf`)).arrayBuffer()).equals(bytes)).toBe(true);

    // Never sent: 404; sent and deactivated (the page says «больше не действует»): 404 too.
    const copy = endpoints.kpCopy.response.parse(await dataOf(await as(manager, `/kp/copy/${offerId}`, { method: "POST" })));
    expect((await call(t, `/api/kp/public/${copy.publicId}/pdf`)).status).toBe(404);
    await dataOf(await as(manager, `/kp/send/${copy.id}`, { method: "POST" }));
    expect((await call(t, `/api/kp/public/${copy.publicId}/pdf`)).status).toBe(200);
    await dataOf(await as(manager, `/kp/deactivate/${copy.id}`, { method: "POST" }));
    const closed = await call(t, `/api/kp/public/${copy.publicId}/pdf`);
    expect(closed.status).toBe(404);
    expect(closed.headers.get("content-type")).toMatch(/json/);
    expect(((await closed.json()) as { message: string }).message).toMatch(/[а-яё]/i);
    await as(manager, `/kp/delete/${copy.id}`, { method: "DELETE" });
    // Expired (after 23:59:59 Moscow time of the validity day): 404.
    const saved = clock;
    clock = new Date("2027-12-31T21:00:00Z");
    try {
      expect((await call(t, `/api/kp/public/${publicId}/pdf`)).status).toBe(404);
    } finally {
      clock = saved;
    }
    for (const junk of ["unknown", "x", "%2e%2e", "a".repeat(100), "a".repeat(101), "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "'%20OR%201=1--"]) {
      const answer = await call(t, `/api/kp/public/${junk}/pdf`);
      expect([400, 404], junk).toContain(answer.status);
    }
  });

  it("the public page and acceptance are rate-limited per IP through the shared limiter (ADR 041)", async () => {
    const ip = "203.0.113.77";
    const open = () => call(t, `/api/kp/public/${publicId}`, { headers: { [CLIENT_IP_HEADER]: ip } });
    for (let i = 0; i < 60; i++) expect((await open()).status).toBe(200);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Слишком много запросов/);
    // Another address is not affected; unknown ids count too (no enumeration past the limit).
    expect((await call(t, `/api/kp/public/${publicId}`, { headers: { [CLIENT_IP_HEADER]: "203.0.113.78" } })).status).toBe(200);
    expect((await call(t, "/api/kp/public/unknown", { headers: { [CLIENT_IP_HEADER]: ip } })).status).toBe(429);
    // The public PDF counts in the same tier (ADR 054): refused before anything is drawn.
    const pdf = await call(t, `/api/kp/public/${publicId}/pdf`, { headers: { [CLIENT_IP_HEADER]: ip } });
    expect(pdf.status).toBe(429);
    expect(pdf.headers.get("retry-after")).toMatch(/^\d+$/);
    const accept = () => call(t, `/api/kp/public/${publicId}/accept`, { body: { version: 2, name: "Игорь", email: "a@b.ru" }, headers: { [CLIENT_IP_HEADER]: "203.0.113.79" } });
    for (let i = 0; i < 10; i++) expect((await accept()).status).toBe(409);
    expect((await accept()).status).toBe(429);
  });

  it("searches products with the shop's search (an exact SKU first) and looks up by SKU", async () => {
    const bySku = endpoints.kpSearchProduct.response.parse(await dataOf(await as(manager, `/kp/search/product?text=${encodeURIComponent(ctx.sku)}`)));
    expect(bySku[0].sku).toBe(ctx.sku);
    const word = ctx.groupTitle.split(/\s+/)[0];
    const byWord = endpoints.kpSearchProduct.response.parse(await dataOf(await as(manager, `/kp/search/product?text=${encodeURIComponent(word)}`)));
    expect(byWord.length).toBeGreaterThan(0);
    // Typed in the Latin layout by mistake ("Ручка" → "Hexrf"): the shop's search reads it (ADR 028).
    const ru = "йцукенгшщзхъфывапролджэячсмитьбю";
    const en = "qwertyuiop[]asdfghjkl;'zxcvbnm,.";
    const wrongLayout = [...word.toLowerCase()].map((ch) => en[ru.indexOf(ch)] ?? ch).join("");
    const byLayout = endpoints.kpSearchProduct.response.parse(await dataOf(await as(manager, `/kp/search/product?text=${encodeURIComponent(wrongLayout)}`)));
    expect(byLayout.map((p) => p.groupId)).toEqual(byWord.map((p) => p.groupId));
    const lookup = endpoints.kpProduct.response.parse(await dataOf(await as(manager, `/kp/product/${ctx.groupId}?sku=${encodeURIComponent(ctx.sku.toLowerCase())}`)));
    expect(lookup.product?.id).toBe(ctx.product);
    expect((await as(manager, "/kp/search/product?text=")).status).toBe(400);
    expect((await as(manager, "/kp/product/2147483647")).status).toBe(404);
    const categories = endpoints.kpCategoryList.response.parse(await dataOf(await as(manager, "/kp/category/list")));
    expect(categories.length).toBeGreaterThan(0);
  });

  it("filters the list by number, category and client; filter options count the caller's offers", async () => {
    const offer = endpoints.kpRead.response.parse(await dataOf(await as(manager, `/kp/read/${offerId}`)));
    const list = async (query: string) => endpoints.kpList.response.parse(await dataOf(await as(manager, `/kp/list?${query}`))).elements.map((e) => e.id);
    expect(await list(`search=${offer.number}`)).toEqual([offerId]);
    const [category] = await queryRows<{ id: number }>(t.db, sql`SELECT g.category_id AS id FROM products p JOIN product_groups g ON g.id = p.group_id WHERE p.id = ${ctx.product}`);
    expect(await list(`categoryIds[]=${category.id}`)).toContain(offerId);
    expect(await list(`clientIds[]=${clientId}&clientIds[]=99999999999`)).toContain(offerId);
    const options = endpoints.kpFilter.response.parse(await dataOf(await as(manager, "/kp/filter/client/?query=Ромашка")));
    expect(options[0]).toMatchObject({ id: clientId, title: "ООО «Ромашка»" });
    const cats = endpoints.kpFilter.response.parse(await dataOf(await as(manager, `/kp/filter/category/?values[]=${category.id}`)));
    expect(cats[0].id).toBe(category.id);
  });
});
