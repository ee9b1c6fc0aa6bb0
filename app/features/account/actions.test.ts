/**
 * The account actions against a recording stand-in for context.api: what each form sends to the
 * API, what it refuses before asking, and what a user may not touch (another user's ids).
 */
import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { INN_CHECKSUM } from "#contract/requisites.ts";
import type { ShipmentAddress, LegalCompany } from "#contract/profile.ts";
import type { ApiError } from "#app/lib/api-client.server.ts";
import { profileAction, addressFieldErrors } from "./profile-actions.server.ts";
import { companiesAction, COMPANY_GONE } from "./companies.server.ts";
import { loginHref } from "./session.server.ts";
import { ADDRESS_NOT_FOUND } from "./forms.ts";
import { fieldError, formMessage } from "#app/lib/forms.ts";
import { suggestAddresses, toSuggestions } from "./dadata.server.ts";

type Answer = { ok: true; data: unknown; status: number } | { ok: false; error: ApiError };
function fakeApi(answers: Record<string, Answer | ((input: unknown) => Answer)>) {
  const calls: { id: string; input: unknown }[] = [];
  const api = {
    call: async (endpoint: { id: string }, input: unknown = {}) => {
      calls.push({ id: endpoint.id, input });
      const a = answers[endpoint.id];
      if (!a) throw new Error(`unexpected call ${endpoint.id}`);
      return typeof a === "function" ? a(input) : a;
    },
  };
  return { context: { api } as unknown as Pick<AppLoadContext, "api">, calls };
}
const ok = (data: unknown): Answer => ({ ok: true, data, status: 200 });
const fail = (status: number, message = "Ошибка", errors: Record<string, string> = {}): Answer => ({ ok: false, error: { status, message, errors } });
const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const url = new URL("http://shop.test/profile");

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a thrown response");
}

const addr = (id: number, isDefault = false): ShipmentAddress => ({ id, address: `Москва, Тверская, ${id}`, city: "Москва", street: "Тверская", house: String(id), flat: null, postcode: null, comment: null, isDefault });

/** A profile reply as the page reads it: refused or not, its note or message, field errors, what is given back. */
async function view(p: ReturnType<typeof profileAction>) {
  const r = await p;
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(r.error ?? {})) if (name && messages?.[0]) errors[name] = messages[0];
  return { intent: r.formIntent, ok: r.status !== "error", message: r.status === "error" ? formMessage(r) : (r.note ?? null), errors, values: r.initialValue ?? {}, codeSentTo: r.codeSentTo, codeLength: r.codeLength };
}

describe("/profile action", () => {
  it("saves name and birthdate", async () => {
    const { context, calls } = fakeApi({ profileUpdate: ok({}) });
    const r = await view(profileAction(context, form({ intent: "profile", name: "Анна Петрова", birthdate: "1990-03-12" }), url));
    expect(r).toMatchObject({ intent: "profile", ok: true, message: "Данные сохранены" });
    expect(calls).toEqual([{ id: "profileUpdate", input: { body: { name: "Анна Петрова", birthdate: "1990-03-12" } } }]);
  });
  it("does not call the API for a bad form, and keeps what was typed", async () => {
    const { context, calls } = fakeApi({});
    const r = await view(profileAction(context, form({ intent: "profile", name: "", birthdate: "2999-01-01" }), url));
    expect(r).toMatchObject({ ok: false, errors: { name: "Укажите имя", birthdate: expect.any(String) }, values: { birthdate: "2999-01-01" } });
    expect(calls).toEqual([]);
  });
  it("maps the API's 400 field errors under the fields (§8)", async () => {
    const { context } = fakeApi({ changePassword: fail(400, "Проверьте поля", { currentPassword: "Неверный пароль" }) });
    const r = await view(profileAction(context, form({ intent: "password", currentPassword: "wrong", newPassword: "12345678", newPasswordRepeat: "12345678" }), url));
    expect(r).toMatchObject({ ok: false, message: "Проверьте поля", errors: { currentPassword: "Неверный пароль" } });
  });
  it("phone: set answers where the code went; a wrong code keeps the code form", async () => {
    const { context, calls } = fakeApi({ phoneSet: ok({ success: true, resendIn: 60, codeLength: 4 }), phoneConfirm: fail(400, "Неверный код", { code: "Неверный код" }) });
    const set = await view(profileAction(context, form({ intent: "phone-set", phone: "8 (921) 123-45-67" }), url));
    expect(set).toMatchObject({ ok: true, codeSentTo: "+79211234567", codeLength: 4 });
    expect(calls[0]).toEqual({ id: "phoneSet", input: { body: { phone: "+79211234567" } } });
    const confirm = await view(profileAction(context, form({ intent: "phone-confirm", phone: "+79211234567", codeLength: "4", code: "0000" }), url));
    expect(confirm).toMatchObject({ ok: false, codeSentTo: "+79211234567", codeLength: 4, errors: { code: "Неверный код" } });
  });
  it("e-mail: says a link was sent", async () => {
    const { context } = fakeApi({ emailSet: ok({ success: true }) });
    const r = await view(profileAction(context, form({ intent: "email-set", email: "anna@example.ru" }), url));
    expect(r.message).toContain("отправили ссылку на anna@example.ru");
  });
  it("a 401 after a failed refresh goes to the login page", async () => {
    const { context } = fakeApi({ profileUpdate: fail(401) });
    const response = await thrown(profileAction(context, form({ intent: "profile", name: "Анна" }), new URL("http://shop.test/profile.data")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });
  it("an unknown intent changes nothing", async () => {
    const { context, calls } = fakeApi({});
    expect(await view(profileAction(context, form({ intent: "drop-table" }), url))).toMatchObject({ intent: null, ok: false });
    expect(calls).toEqual([]);
  });
  it("addresses: the whole list goes back with the change, then the page reloads at the list", async () => {
    let sent: unknown = null;
    const { context } = fakeApi({ shipmentAddressList: ok([addr(1, true)]), shipmentAddressUpdate: (input) => ((sent = input), ok([])) });
    const response = await thrown(profileAction(context, form({ intent: "address-save", city: "Казань", street: "ул. Баумана", house: "1" }), url));
    expect(response.headers.get("Location")).toBe("/profile#addresses");
    expect(sent).toMatchObject({ body: { addresses: [{ id: 1, isDefault: true }, { city: "Казань", street: "ул. Баумана", house: "1", isDefault: false }] } });
  });
  it("addresses: another user's id changes nothing", async () => {
    const { context, calls } = fakeApi({ shipmentAddressList: ok([addr(1, true)]) });
    for (const intent of ["address-delete", "address-default"]) {
      expect(await view(profileAction(context, form({ intent, id: "77" }), url))).toMatchObject({ ok: false, message: ADDRESS_NOT_FOUND });
    }
    expect(await view(profileAction(context, form({ intent: "address-save", id: "77", city: "Москва", street: "Арбат", house: "1" }), url))).toMatchObject({ ok: false, message: ADDRESS_NOT_FOUND });
    expect(calls.every((c) => c.id === "shipmentAddressList")).toBe(true);
  });
  it("addresses: the update call's nested field errors land on the form's fields", () => {
    expect(addressFieldErrors({ "addresses.2.city": "Укажите город", form: "x" })).toEqual({ city: "Укажите город", form: "x" });
  });
});

const company = (id: number): LegalCompany => ({
  id,
  image: null,
  isOwn: false,
  shortTitle: `Компания ${id}`,
  inn: "7707083893",
  ogrn: null,
  kpp: null,
  bik: null,
  bankTitle: null,
  checkingAccount: null,
  correspondentAccount: null,
  signerFullName: null,
  signerPosition: null,
  address: null,
});
const curl = new URL("http://shop.test/profile/companies");

describe("/profile/companies action", () => {
  it("a broken ИНН is a field error and the API is not asked", async () => {
    const { context, calls } = fakeApi({});
    const r = await companiesAction(context, form({ intent: "company-save", shortTitle: "ООО «Ромашка»", inn: "7707083894" }), curl, ["ROLE_USER"]);
    expect(r).toMatchObject({ status: "error", error: { inn: [INN_CHECKSUM] }, initialValue: { inn: "7707083894" } });
    expect(calls).toEqual([]);
  });
  it("creates without an image when none was chosen, then shows the list", async () => {
    let sent: unknown = null;
    const { context } = fakeApi({ legalCreate: (input) => ((sent = input), ok(company(5))) });
    const response = await thrown(companiesAction(context, form({ intent: "company-save", shortTitle: "ООО «Ромашка»", inn: "7707083893", image: new File([], "") }), curl, ["ROLE_USER"]));
    expect(response.headers.get("Location")).toBe("/profile/companies?saved=5#company-5");
    expect(sent).toMatchObject({ body: { shortTitle: "ООО «Ромашка»", inn: "7707083893" } });
    expect((sent as { body: object }).body).not.toHaveProperty("image");
  });
  it("updates and deletes only a company on the user's own list (IDOR)", async () => {
    const { context, calls } = fakeApi({ legalMy: ok([company(1)]), legalDelete: ok({ success: true }) });
    expect(await companiesAction(context, form({ intent: "company-delete", id: "2" }), curl, ["ROLE_USER"])).toMatchObject({ status: "error", error: { "": [COMPANY_GONE] } });
    expect(await companiesAction(context, form({ intent: "company-save", id: "2", shortTitle: "X", inn: "7707083893" }), curl, ["ROLE_USER"])).toMatchObject({ status: "error", error: { "": [COMPANY_GONE] } });
    expect(calls.map((c) => c.id)).toEqual(["legalMy", "legalMy"]);
    const response = await thrown(companiesAction(context, form({ intent: "company-delete", id: "1" }), curl, ["ROLE_USER"]));
    expect(response.headers.get("Location")).toBe("/profile/companies?deleted=1");
    expect(calls.at(-1)).toEqual({ id: "legalDelete", input: { params: { id: 1 } } });
  });
  it("the shop's own companies (§6): a manager sees them but may not change them; ROLE_ADMIN may", async () => {
    const manager = fakeApi({ legalMy: ok([]), legalOur: ok([company(9)]) });
    expect(await companiesAction(manager.context, form({ intent: "company-delete", id: "9" }), curl, ["ROLE_MANAGER"])).toMatchObject({ status: "error", error: { "": [COMPANY_GONE] } });
    expect(manager.calls.map((c) => c.id).sort()).toEqual(["legalMy", "legalOur"]);
    const admin = fakeApi({ legalMy: ok([]), legalOur: ok([company(9)]), legalDelete: ok({ success: true }) });
    await thrown(companiesAction(admin.context, form({ intent: "company-delete", id: "9" }), curl, ["ROLE_ADMIN"]));
    expect(admin.calls.at(-1)).toEqual({ id: "legalDelete", input: { params: { id: 9 } } });
  });
  it("keeps the typed values with the API's message when it refuses", async () => {
    const { context } = fakeApi({ legalCreate: fail(400, "Компания с таким ИНН уже есть", { inn: "Компания с таким ИНН уже есть" }) });
    const r = await companiesAction(context, form({ intent: "company-save", shortTitle: "ООО «Ромашка»", inn: "7707083893" }), curl, ["ROLE_USER"]);
    expect(r).toMatchObject({ error: { inn: ["Компания с таким ИНН уже есть"] }, initialValue: { shortTitle: "ООО «Ромашка»" } });
    expect(formMessage(r)).toBe("Компания с таким ИНН уже есть");
  });
});

const fullCompany = {
  shortTitle: "ООО «Северный ветер»",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  bik: "044525225",
  bankTitle: "ПАО Сбербанк",
  checkingAccount: "40702810938000000001",
  correspondentAccount: "30101810400000000225",
  signerFullName: "Иванов Пётр Сергеевич",
  signerPosition: "Генеральный директор",
  address: "117997, г. Москва, ул. Вавилова, д. 19",
};

describe("company form (§3 legal data, checksums) through the forms layer", () => {
  const save = async (fields: Record<string, string | Blob>) => {
    let sent: { body: Record<string, unknown> } | null = null;
    const { context, calls } = fakeApi({ legalCreate: (input) => ((sent = input as typeof sent), ok(company(7))) });
    const result = await companiesAction(context, form({ intent: "company-save", ...fields }), curl, ["ROLE_USER"]).catch((e: unknown) => e);
    return { result, sent: sent as { body: Record<string, unknown> } | null, calls };
  };
  it("accepts real requisites (spaces and dashes people paste are dropped)", async () => {
    const { result, sent } = await save({ ...fullCompany, inn: "7707 083 893", checkingAccount: "4070-2810 9380 0000 0001" });
    expect(result).toBeInstanceOf(Response);
    expect(sent?.body).toMatchObject({ inn: "7707083893", checkingAccount: "40702810938000000001" });
  });
  it("names a missing title and ИНН, and accounts that do not match the БИК, each under its field", async () => {
    const { result, calls } = await save({ shortTitle: "", inn: "", checkingAccount: "40702810938000000002", bik: "044525225" });
    expect(calls).toEqual([]);
    const r = result as Awaited<ReturnType<typeof companiesAction>>;
    expect(fieldError(r, "shortTitle")).toBe("Укажите название компании");
    expect(fieldError(r, "inn")).toBeTruthy();
  });
  it("junk: hostile text stays text; huge fields are cut before they are read or echoed", async () => {
    const { result } = await save({ ...fullCompany, inn: "<img src=x onerror=alert(1)>", address: "x".repeat(100_000) });
    const r = result as Awaited<ReturnType<typeof companiesAction>>;
    expect(r.status).toBe("error");
    expect(JSON.stringify(r).length).toBeLessThan(5000);
    expect(fieldError(r, "inn")).toBeTruthy();
  });
  it("a file where text belongs, or text where the logo belongs, is refused or ignored, never a crash", async () => {
    const { result } = await save({ ...fullCompany, image: "not a file", inn: new File(["7707083893"], "inn.txt") as Blob });
    const r = result as Awaited<ReturnType<typeof companiesAction>>;
    expect(r.status).toBe("error");
    expect(fieldError(r, "inn")).toBeTruthy();
  });
  it("a logo that is not a picture is named under the logo field", async () => {
    const { result, calls } = await save({ ...fullCompany, image: new File(["<svg/>"], "logo.png", { type: "image/png" }) });
    expect(calls).toEqual([]);
    expect(fieldError(result as Awaited<ReturnType<typeof companiesAction>>, "image")).toMatch(/только изображение/);
  });
  it("an unknown intent or another user's company id changes nothing", async () => {
    const { context, calls } = fakeApi({ legalMy: ok([company(1)]) });
    expect(formMessage(await companiesAction(context, form({ intent: "drop-table", id: "1" }), curl, ["ROLE_USER"]))).toMatch(/Форма устарела/);
    expect(formMessage(await companiesAction(context, form({ intent: "company-save", id: "99999999999", ...fullCompany }), curl, ["ROLE_USER"]))).toBe(COMPANY_GONE);
    expect(calls.every((c) => c.id === "legalMy")).toBe(true);
  });
});

describe("login redirect", () => {
  it("comes back to the page asked for, without React Router's own parameters", () => {
    expect(loginHref(new URL("http://shop.test/profile/orders?page=2"))).toBe("/login?redirectTo=%2Fprofile%2Forders%3Fpage%3D2");
    expect(loginHref(new URL("http://shop.test/profile/cp.data?_routes=routes%2Fprofile-cp"))).toBe("/login?redirectTo=%2Fprofile%2Fcp");
  });
});

describe("DaData suggestions", () => {
  const answer = {
    suggestions: [
      {
        value: "г Москва, ул Тверская, д 7, кв 12",
        data: { postal_code: "125009", city_with_type: "г Москва", street_with_type: "ул Тверская", house: "7", block_type: "к", block: "2", flat: "12" },
      },
      { value: "Московская обл, д Фоминское", data: { settlement_with_type: "д Фоминское", region_with_type: "Московская обл", street_with_type: null } },
    ],
  };
  it("turns the answer into form values", () => {
    expect(toSuggestions(answer)).toEqual([
      { value: "г Москва, ул Тверская, д 7, кв 12", city: "г Москва", street: "ул Тверская", house: "7 к 2", flat: "12", postcode: "125009" },
      { value: "Московская обл, д Фоминское", city: "д Фоминское", street: "", house: "", flat: "", postcode: "" },
    ]);
    expect(toSuggestions({ nope: 1 })).toEqual([]);
  });
  it("sends the key from the server only, and fails to an empty list", async () => {
    let seen: RequestInit | undefined;
    const fetcher = (async (_url: string, init?: RequestInit) => ((seen = init), new Response(JSON.stringify(answer)))) as typeof fetch;
    expect(await suggestAddresses("k".repeat(40), "Москва Тверская", fetcher)).toHaveLength(2);
    expect(new Headers(seen?.headers).get("Authorization")).toBe(`Token ${"k".repeat(40)}`);
    expect(await suggestAddresses("key", "Мо", fetcher)).toEqual([]);
    const down = (async () => new Response("no", { status: 403 })) as unknown as typeof fetch;
    expect(await suggestAddresses("key", "Москва", down)).toEqual([]);
    const broken = (async () => {
      throw new Error("offline");
    }) as unknown as typeof fetch;
    expect(await suggestAddresses("key", "Москва", broken)).toEqual([]);
  });
});
