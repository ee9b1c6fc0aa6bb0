/**
 * Delivery addresses and legal companies (§7 profile/shipmentaddress/*, profile/legal/*; ADR 035)
 * on PGlite and, with TEST_DATABASE_URL, PostgreSQL: the list replace with its one-line address,
 * one default and the limit; companies as form data with checksums per field, the logo checked by
 * its bytes, resized and served, kept by an update without one; junk, huge, missing and hostile
 * input answered with Russian field errors and never a 5xx; 401 before any input is read.
 * Cross-user access is in api-idor-account.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import {
  CHECKING_ACCOUNT_CHECKSUM,
  INN_CHECKSUM,
  KPP_NOT_FOR_ENTREPRENEUR,
  LOGO_TYPE_MESSAGE,
  MAX_LEGAL_COMPANIES,
  MAX_SHIPMENT_ADDRESSES,
  type LegalCompany,
  type ShipmentAddress,
} from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { createFileService } from "../../api/file/service";
import { LOGO_SIZE } from "../../api/account/logo";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";
import { call, callForm, createUser, dataOf, fieldErrors, type TestUser } from "../support/accounts";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';

async function png(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

const organisation = {
  shortTitle: "ООО «Северная мануфактура»",
  inn: "7707083893",
  ogrn: "1027700132195",
  kpp: "773601001",
  bik: "044525225",
  bankTitle: "ПАО Сбербанк",
  checkingAccount: "40702810938000000001",
  correspondentAccount: "30101810400000000225",
  signerFullName: "Иванова Мария Сергеевна",
  signerPosition: "Генеральный директор",
  address: "117997, г. Москва, ул. Вавилова, д. 19",
};

describe.each(testBackends())("account data on $name", (backend) => {
  let t: TestApi;
  let user: TestUser;

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 40 });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("delivery addresses", () => {
    const spb = { city: "Санкт-Петербург", street: "Невский пр.", house: "28", flat: "5", postcode: "190000", comment: "Домофон 5, третий этаж" };
    const msk = { city: "Москва", street: "ул. Тверская", house: "д. 7, стр. 2", flat: "офис 12", postcode: "", comment: null };

    it("answers 401 to an anonymous caller before reading the body", async () => {
      expect((await call(t, "/api/profile/shipmentaddress/list")).status).toBe(401);
      expect((await call(t, "/api/profile/shipmentaddress/update", { body: "{junk" })).status).toBe(401);
    });

    it("replaces the list, builds the one-line address and keeps one default", async () => {
      const u = await createUser(t);
      expect(await dataOf(await call(t, "/api/profile/shipmentaddress/list", { token: u.token }))).toEqual([]);
      const stored = await dataOf<ShipmentAddress[]>(
        await call(t, "/api/profile/shipmentaddress/update", { token: u.token, body: { addresses: [spb, msk] } }),
      );
      expect(stored.map((a) => [a.address, a.isDefault])).toEqual([
        ["190000, Санкт-Петербург, Невский пр., д. 28, кв. 5", true],
        ["Москва, ул. Тверская, д. 7, стр. 2, офис 12", false],
      ]);
      expect(stored[1]).toMatchObject({ postcode: null, comment: null, flat: "офис 12" });

      // Edit the second (now the default), drop the first, add a third.
      const [first, second] = stored;
      const next = await dataOf<ShipmentAddress[]>(
        await call(t, "/api/profile/shipmentaddress/update", {
          token: u.token,
          body: { addresses: [{ ...msk, id: second.id, house: "9", isDefault: true }, { ...spb, street: "Литейный пр.", house: "10" }] },
        }),
      );
      expect(next.map((a) => [a.id === second.id, a.address, a.isDefault])).toEqual([
        [true, "Москва, ул. Тверская, д. 9, офис 12", true],
        [false, "190000, Санкт-Петербург, Литейный пр., д. 10, кв. 5", false],
      ]);
      expect(next.some((a) => a.id === first.id)).toBe(false);
      expect(await dataOf(await call(t, "/api/profile/shipmentaddress/list", { token: u.token }))).toEqual(next);
      // An empty list deletes them all.
      expect(await dataOf(await call(t, "/api/profile/shipmentaddress/update", { token: u.token, body: { addresses: [] } }))).toEqual([]);
    });

    it("refuses junk, missing, huge and hostile input with Russian field errors and changes nothing", async () => {
      const u = await createUser(t);
      await dataOf(await call(t, "/api/profile/shipmentaddress/update", { token: u.token, body: { addresses: [spb] } }));
      const before = await dataOf(await call(t, "/api/profile/shipmentaddress/list", { token: u.token }));
      const cases: { body: unknown; field: string }[] = [
        { body: "{not json", field: "body" },
        { body: "[]", field: "body" },
        { body: { addresses: "Невский 28" }, field: "addresses" },
        { body: { addresses: [{ ...spb, city: "" }] }, field: "addresses.0.city" },
        { body: { addresses: [{ ...spb, street: undefined }] }, field: "addresses.0.street" },
        { body: { addresses: [{ ...spb, house: "" }] }, field: "addresses.0.house" },
        { body: { addresses: [{ ...spb, postcode: "19000" }] }, field: "addresses.0.postcode" },
        { body: { addresses: [{ ...spb, city: "С".repeat(101) }] }, field: "addresses.0.city" },
        { body: { addresses: [{ ...spb, comment: "x".repeat(100_000) }] }, field: "addresses.0.comment" },
        { body: { addresses: [{ ...spb, id: -1 }] }, field: "addresses.0.id" },
        { body: { addresses: [{ ...spb, id: 1e12 }] }, field: "addresses.0.id" },
        { body: { addresses: [{ ...spb, isDefault: "yes" }] }, field: "addresses.0.isDefault" },
        { body: { addresses: Array.from({ length: MAX_SHIPMENT_ADDRESSES + 1 }, () => spb) }, field: "addresses" },
        { body: { addresses: [{ ...spb, isDefault: true }, { ...msk, isDefault: true }] }, field: "addresses" },
      ];
      for (const { body, field } of cases) {
        const response = await call(t, "/api/profile/shipmentaddress/update", { token: u.token, body });
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        const errors = await fieldErrors(response);
        expect(Object.keys(errors), JSON.stringify(body).slice(0, 80)).toContain(field);
        expect(Object.values(errors).join(" ")).toMatch(/[а-яё]/i);
      }
      const twice = before as ShipmentAddress[];
      const duplicate = await call(t, "/api/profile/shipmentaddress/update", {
        token: u.token,
        body: { addresses: [{ ...spb, id: twice[0].id }, { ...msk, id: twice[0].id }] },
      });
      expect(duplicate.status).toBe(400);
      expect(await dataOf(await call(t, "/api/profile/shipmentaddress/list", { token: u.token }))).toEqual(before);
    });

    it("stores markup as text", async () => {
      const u = await createUser(t);
      const hostile = { ...spb, street: '<img src=x onerror="alert(1)">', comment: "'; DROP TABLE users; --" };
      const [stored] = await dataOf<ShipmentAddress[]>(
        await call(t, "/api/profile/shipmentaddress/update", { token: u.token, body: { addresses: [hostile] } }),
      );
      expect(stored.street).toBe(hostile.street);
      expect(stored.comment).toBe(hostile.comment);
      expect((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`))[0].n).toBeGreaterThan(0);
    });
  });

  describe("legal companies", () => {
    it("answers 401 to an anonymous caller before reading the form", async () => {
      expect((await call(t, "/api/profile/legal/my")).status).toBe(401);
      expect((await call(t, "/api/profile/legal/our")).status).toBe(401);
      expect((await callForm(t, "/api/profile/legal/create", { inn: "1" })).status).toBe(401);
      expect((await callForm(t, "/api/profile/legal/update/1", { inn: "1" })).status).toBe(401);
      expect((await call(t, "/api/profile/legal/delete/1", { method: "DELETE" })).status).toBe(401);
    });

    it("creates a company with a logo checked, resized and served; an update without one keeps it", async () => {
      const u = await createUser(t);
      const logo = new File([await png(1600, 800)], "logo.png", { type: "image/png" });
      const created = await dataOf<LegalCompany>(await callForm(t, "/api/profile/legal/create", { ...organisation, image: logo }, u.token));
      expect(created).toMatchObject({ ...organisation, isOwn: false });
      expect(created.image).toMatch(/^\/api\/file\/[A-Za-z0-9_-]{32}$/);
      const served = await t.get(created.image!);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([LOGO_SIZE, LOGO_SIZE / 2]);

      // Without an image (and with the empty part a form sends when no file is chosen) the logo stays.
      const renamed = await dataOf<LegalCompany>(
        await callForm(t, `/api/profile/legal/update/${created.id}`, { ...organisation, shortTitle: "ООО «Север»", kpp: "" }, u.token),
      );
      expect(renamed).toMatchObject({ shortTitle: "ООО «Север»", kpp: null, image: created.image });
      const empty = new File([], "", { type: "application/octet-stream" });
      expect(
        (await dataOf<LegalCompany>(await callForm(t, `/api/profile/legal/update/${created.id}`, { ...organisation, image: empty }, u.token))).image,
      ).toBe(created.image);

      // A new logo replaces the old one, whose file is deleted.
      const next = new File([await png(100, 100)], "stamp.png", { type: "image/png" });
      const replaced = await dataOf<LegalCompany>(await callForm(t, `/api/profile/legal/update/${created.id}`, { ...organisation, image: next }, u.token));
      expect(replaced.image).not.toBe(created.image);
      expect((await t.get(created.image!)).status).toBe(404);
      expect((await t.get(replaced.image!)).status).toBe(200);

      expect((await dataOf<LegalCompany[]>(await call(t, "/api/profile/legal/my", { token: u.token }))).map((c) => c.id)).toEqual([created.id]);

      // The logo survives the sweep of files no order took (a day later).
      const files = createFileService(t.db, { now: () => Date.now() + 2 * 24 * 60 * 60 * 1000 });
      await files.sweepUnattached();
      expect((await t.get(replaced.image!)).status).toBe(200);

      expect(await dataOf(await call(t, `/api/profile/legal/delete/${created.id}`, { method: "DELETE", token: u.token }))).toEqual({ success: true });
      expect((await t.get(replaced.image!)).status).toBe(404);
      expect(await dataOf(await call(t, "/api/profile/legal/my", { token: u.token }))).toEqual([]);
    });

    it("puts each requisites error on its field", async () => {
      const u = await createUser(t);
      const response = await callForm(
        t,
        "/api/profile/legal/create",
        { ...organisation, inn: "7707083894", checkingAccount: "40702810938000000002" },
        u.token,
      );
      expect(response.status).toBe(400);
      expect(await fieldErrors(response)).toEqual({ inn: INN_CHECKSUM, checkingAccount: CHECKING_ACCOUNT_CHECKSUM });
      const ip = await callForm(
        t,
        "/api/profile/legal/create",
        { shortTitle: "ИП Кравцов А. Н.", inn: "500100732259", ogrn: "304500116000157", kpp: "773601001" },
        u.token,
      );
      expect(await fieldErrors(ip)).toEqual({ kpp: KPP_NOT_FOR_ENTREPRENEUR });
      expect(await dataOf(await call(t, "/api/profile/legal/my", { token: u.token }))).toEqual([]);
    });

    it("refuses pictures that are not PNG, JPEG or WebP by their bytes", async () => {
      const u = await createUser(t);
      const bad = [
        new File([SVG], "logo.svg", { type: "image/svg+xml" }),
        new File([SVG], "logo.png", { type: "image/png" }),
        new File(["<!doctype html><script>alert(1)</script>"], "logo.png", { type: "image/png" }),
        new File([(await png(50, 50)).subarray(0, 60)], "cut.png", { type: "image/png" }),
        new File(["%PDF-1.4 x"], "logo.png", { type: "image/png" }),
      ];
      for (const image of bad) {
        const response = await callForm(t, "/api/profile/legal/create", { ...organisation, image }, u.token);
        expect(response.status, image.name).toBe(400);
        expect(Object.keys(await fieldErrors(response)), image.name).toEqual(["image"]);
      }
      expect((await fieldErrors(await callForm(t, "/api/profile/legal/create", { ...organisation, image: bad[0] }, u.token))).image).toBe(LOGO_TYPE_MESSAGE);
      expect(await dataOf(await call(t, "/api/profile/legal/my", { token: u.token }))).toEqual([]);
      expect((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM files WHERE user_id = ${u.id}`))[0].n).toBe(0);
    });

    it("answers junk, missing, huge and hostile forms with 4xx, never a 5xx", async () => {
      const u = await createUser(t);
      const cases: [string, Record<string, string | File>, string][] = [
        ["missing title", { inn: organisation.inn }, "shortTitle"],
        ["missing ИНН", { shortTitle: "ООО «Ромашка»" }, "inn"],
        ["letters", { ...organisation, bik: "O44525225" }, "bik"],
        ["huge ИНН", { ...organisation, inn: "7".repeat(200_000) }, "inn"],
        ["huge title", { ...organisation, shortTitle: "О".repeat(300) }, "shortTitle"],
      ];
      for (const [name, fields, field] of cases) {
        const response = await callForm(t, "/api/profile/legal/create", fields, u.token);
        expect(response.status, name).toBe(400);
        expect(Object.keys(await fieldErrors(response)), name).toContain(field);
      }
      // Repeated fields, JSON instead of a form, a broken multipart body, a body over the limit.
      const twice = new FormData();
      for (const [k, v] of Object.entries(organisation)) twice.append(k, v);
      twice.append("inn", "7707083893");
      expect((await t.fetch("/api/profile/legal/create", { method: "POST", body: twice, token: u.token })).status).toBe(400);
      expect((await call(t, "/api/profile/legal/create", { token: u.token, body: organisation })).status).toBe(400);
      const broken = await t.fetch("/api/profile/legal/create", {
        method: "POST",
        token: u.token,
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        body: "--xyz\r\nContent-Disposition: form-data; name=\"inn\"\r\n\r\n77",
      });
      expect(broken.status).toBeGreaterThanOrEqual(400);
      expect(broken.status).toBeLessThan(500);
      const huge = new File([new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" });
      const tooBig = await callForm(t, "/api/profile/legal/create", { ...organisation, image: huge }, u.token);
      expect(tooBig.status).toBe(413);
      // Markup is stored as text.
      const hostile = await dataOf<LegalCompany>(
        await callForm(t, "/api/profile/legal/create", { ...organisation, shortTitle: '<script>alert("x")</script>' }, u.token),
      );
      expect(hostile.shortTitle).toBe('<script>alert("x")</script>');
      // Path ids: junk, negative, beyond int4.
      for (const id of ["abc", "-1", "0", "99999999999", "1.5"]) {
        const response = await call(t, `/api/profile/legal/delete/${id}`, { method: "DELETE", token: u.token });
        expect(response.status, id).toBe(400);
      }
      expect((await call(t, "/api/profile/legal/delete/2147483647", { method: "DELETE", token: u.token })).status).toBe(404);
    });

    it(`keeps at most ${MAX_LEGAL_COMPANIES} companies per user`, async () => {
      const u = await createUser(t);
      const values = Array.from(
        { length: MAX_LEGAL_COMPANIES },
        (_, i) => sql`(${u.id}, ${`ООО «Компания ${i + 1}»`}, ${organisation.inn})`,
      );
      await t.db.execute(sql`INSERT INTO legal_companies (user_id, short_title, inn) VALUES ${sql.join(values, sql`, `)}`);
      const response = await callForm(t, "/api/profile/legal/create", organisation, u.token);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/не больше 20 компаний/);
    });

    it("shows the shop's own companies to staff only; only ROLE_ADMIN edits them", async () => {
      const [own] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM legal_companies WHERE is_own ORDER BY id LIMIT 1`);
      expect((await call(t, "/api/profile/legal/our", { token: user.token })).status).toBe(403);
      for (const role of ["ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const) {
        const staff = await createUser(t, [role]);
        const list = await dataOf<LegalCompany[]>(await call(t, "/api/profile/legal/our", { token: staff.token }));
        expect(list.map((c) => c.shortTitle), role).toEqual(["ООО «ТМГ»"]);
        expect(list.every((c) => c.isOwn)).toBe(true);
      }
      const manager = await createUser(t, ["ROLE_MANAGER"]);
      const admin = await createUser(t, ["ROLE_ADMIN"]);
      expect((await callForm(t, `/api/profile/legal/update/${own.id}`, organisation, manager.token)).status).toBe(403);
      expect((await callForm(t, `/api/profile/legal/update/${own.id}`, organisation, user.token)).status).toBe(404);
      expect((await call(t, `/api/profile/legal/delete/${own.id}`, { method: "DELETE", token: manager.token })).status).toBe(403);
      const [before] = await queryRows<{ short_title: string }>(t.db, sql`SELECT short_title FROM legal_companies WHERE id = ${own.id}`);
      expect(before.short_title).toBe("ООО «ТМГ»");
      const [shop] = await dataOf<LegalCompany[]>(await call(t, "/api/profile/legal/our", { token: admin.token }));
      const edited = await dataOf<LegalCompany>(
        await callForm(
          t,
          `/api/profile/legal/update/${own.id}`,
          Object.fromEntries(Object.entries({ ...shop, signerPosition: "Директор" }).filter(([k, v]) => typeof v === "string" && k !== "image")) as Record<string, string>,
          admin.token,
        ),
      );
      expect(edited).toMatchObject({ isOwn: true, signerPosition: "Директор", inn: shop.inn });
    });
  });
});
