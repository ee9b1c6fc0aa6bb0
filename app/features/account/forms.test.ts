import { describe, expect, it } from "vitest";
import type { ShipmentAddress } from "#contract/profile.ts";
import {
  ADDRESS_LIMIT,
  ADDRESS_NOT_FOUND,
  applyAddressChange,
  formatBirthdate,
  idOf,
  isCalendarDate,
  missingForVerified,
} from "./forms.ts";
import type { $ZodType } from "zod/v4/core";
import { formatDateInput, isoFromTypedDate } from "#app/lib/dates.ts";
import { boundedForm, parseForm, refuse } from "#app/lib/forms.server.ts";
import { AddressForm, CodeForm, EmailForm, PasswordForm, PhoneForm, profileForm } from "./profile-schemas.server.ts";

/** A form read by its schema through the forms layer, as the old parsers answered: ok + value, or the first error per field + what is given back. */
function read<S extends $ZodType>(schema: S, f: FormData) {
  const submission = parseForm(boundedForm(f, { max: 600, files: false }), schema);
  if (submission.status === "success") return { ok: true as const, value: submission.value };
  const reply = refuse(submission, null);
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) if (name && messages?.[0]) errors[name] = messages[0];
  return { ok: false as const, errors, values: (reply.initialValue ?? {}) as Record<string, string> };
}
const parseProfileForm = (f: FormData, today: string) => read(profileForm(today), f);
const parsePhoneForm = (f: FormData) => read(PhoneForm, f);
const parseCodeForm = (f: FormData) => read(CodeForm, f);
const parseEmailForm = (f: FormData) => read(EmailForm, f);
const parsePasswordForm = (f: FormData) => read(PasswordForm, f);
const parseAddressForm = (f: FormData) => read(AddressForm, f);

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const TODAY = "2026-11-28";

describe("profile form (§3 name, birthdate)", () => {
  it("accepts a name and a real past date, or no date at all", () => {
    expect(parseProfileForm(form({ name: "  Анна   Петрова ", birthdate: "1990-03-12" }), TODAY)).toEqual({ ok: true, value: { name: "Анна Петрова", birthdate: "1990-03-12" } });
    expect(parseProfileForm(form({ name: "Анна", birthdate: "" }), TODAY)).toEqual({ ok: true, value: { name: "Анна", birthdate: null } });
  });
  it("names each problem under its field", () => {
    const r = parseProfileForm(form({ name: " ", birthdate: "2026-02-30" }), TODAY);
    expect(r).toMatchObject({ ok: false, errors: { name: "Укажите имя", birthdate: expect.stringContaining("полностью") } });
    expect(parseProfileForm(form({ name: "А", birthdate: "2027-01-01" }), TODAY)).toMatchObject({ errors: { birthdate: "Дата рождения не может быть в будущем" } });
    expect(parseProfileForm(form({ name: "А", birthdate: "1899-12-31" }), TODAY)).toMatchObject({ errors: { birthdate: "Проверьте год рождения" } });
    expect(parseProfileForm(form({ name: "А".repeat(300) }), TODAY)).toMatchObject({ errors: { name: "Не больше 255 символов" } });
  });
  it("survives junk: a missing field, a file in a text field, a huge value", () => {
    expect(parseProfileForm(new FormData(), TODAY)).toMatchObject({ ok: false, errors: { name: "Укажите имя" } });
    expect(parseProfileForm(form({ name: new Blob(["x"]) }), TODAY)).toMatchObject({ ok: false });
    expect(parseProfileForm(form({ name: "Анна", birthdate: "1".repeat(1_000_000) }), TODAY)).toMatchObject({ ok: false, errors: { birthdate: expect.any(String) } });
  });
  it("reads the date field's дд.мм.гггг and the ways a person types a date without the mask", () => {
    for (const typed of ["14.05.1988", "14-05-1988", "14/05/1988", "14 05 1988", " 14.5.1988 ", "1988-05-14"]) expect(isoFromTypedDate(typed)).toBe("1988-05-14");
    for (const junk of ["", "14.05.88", "14051988", "1988/05/14", "14.05.1988x", "<script>", "1".repeat(10_000)]) expect(isoFromTypedDate(junk)).toBeNull();
    expect(formatDateInput("1988-05-14")).toBe("14.05.1988");
    expect(formatDateInput(null)).toBe("");
    expect(parseProfileForm(form({ name: "Анна", birthdate: "12.03.1990" }), TODAY)).toEqual({ ok: true, value: { name: "Анна", birthdate: "1990-03-12" } });
    expect(parseProfileForm(form({ name: "Анна", birthdate: "30.02.1990" }), TODAY)).toMatchObject({ errors: { birthdate: expect.stringContaining("полностью") } });
    expect(parseProfileForm(form({ name: "Анна", birthdate: "12.03" }), TODAY)).toMatchObject({ errors: { birthdate: expect.stringContaining("полностью") } });
    expect(parseProfileForm(form({ name: "Анна", birthdate: "01.01.2999" }), TODAY)).toMatchObject({ errors: { birthdate: "Дата рождения не может быть в будущем" } });
  });

  it("shows the birthdate as dd-mm-yyyy (§3)", () => {
    expect(formatBirthdate("1990-03-12")).toBe("12-03-1990");
    expect(formatBirthdate(null)).toBe("");
    expect(formatBirthdate("<script>")).toBe("");
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
  });
});

describe("what a profile lacks to be verified (§6)", () => {
  const user = { phone: "+79161234567", phoneVerified: true, email: "anna@example.ru", emailVerified: true, activated: true };
  it("nothing when the phone is confirmed and the account activated", () => {
    expect(missingForVerified(user)).toEqual([]);
  });
  it("an account made by phone has had no letter: it is asked for an e-mail first", () => {
    const missing = missingForVerified({ ...user, email: null, emailVerified: false, activated: false });
    expect(missing).toEqual(["укажите e-mail ниже и активируйте аккаунт по ссылке из письма, которое мы на него пришлём"]);
    expect(missing.join(" ")).not.toMatch(/отправленного/);
  });
  it("an e-mail account waiting for its link is told where the letter went", () => {
    expect(missingForVerified({ ...user, phone: null, phoneVerified: false, emailVerified: false, activated: false })).toEqual([
      "укажите и подтвердите телефон",
      "активируйте аккаунт по ссылке из письма, отправленного на anna@example.ru",
    ]);
  });
});

describe("phone, code, e-mail, password", () => {
  it("normalises a Russian phone and refuses others", () => {
    expect(parsePhoneForm(form({ phone: "+7 (921) 123-45-67" }))).toEqual({ ok: true, value: { phone: "+79211234567" } });
    expect(parsePhoneForm(form({ phone: "8 921 123 45 67" }))).toEqual({ ok: true, value: { phone: "+79211234567" } });
    expect(parsePhoneForm(form({ phone: "+1 555 0100" }))).toMatchObject({ ok: false, errors: { phone: expect.stringContaining("+7") } });
    expect(parsePhoneForm(form({}))).toMatchObject({ ok: false, errors: { phone: "Укажите телефон" } });
  });
  it("takes a 4–6 digit code", () => {
    expect(parseCodeForm(form({ code: " 12 34 " }))).toEqual({ ok: true, value: { code: "1234" } });
    for (const bad of ["123", "1234567", "abcd", ""]) expect(parseCodeForm(form({ code: bad })).ok).toBe(false);
  });
  it("checks the e-mail", () => {
    expect(parseEmailForm(form({ email: " anna@example.ru " }))).toEqual({ ok: true, value: { email: "anna@example.ru" } });
    expect(parseEmailForm(form({ email: "anna@" }))).toMatchObject({ ok: false, errors: { email: "Неверный формат e-mail" } });
  });
  it("wants a new password of 8+ characters typed twice; the current one may be empty", () => {
    expect(parsePasswordForm(form({ currentPassword: "demo12345", newPassword: "новый-пароль", newPasswordRepeat: "новый-пароль" }))).toEqual({
      ok: true,
      value: { currentPassword: "demo12345", newPassword: "новый-пароль" },
    });
    expect(parsePasswordForm(form({ newPassword: "12345678", newPasswordRepeat: "12345678" }))).toEqual({ ok: true, value: { newPassword: "12345678" } });
    expect(parsePasswordForm(form({ newPassword: "1234567", newPasswordRepeat: "1234567" }))).toMatchObject({ errors: { newPassword: expect.stringContaining("8") } });
    expect(parsePasswordForm(form({ newPassword: "12345678", newPasswordRepeat: "12345679" }))).toMatchObject({ errors: { newPasswordRepeat: "Пароли не совпадают" } });
    expect(parsePasswordForm(form({ newPassword: "x".repeat(150), newPasswordRepeat: "x".repeat(150) })).ok).toBe(false);
  });
});

const address = (id: number, isDefault = false): ShipmentAddress => ({
  id,
  address: `г. Москва, ул. Тверская, д. ${id}`,
  city: "Москва",
  street: "ул. Тверская",
  house: String(id),
  flat: null,
  postcode: "125009",
  comment: null,
  isDefault,
});

describe("delivery addresses", () => {
  it("parses the fields and names the missing ones", () => {
    const ok = parseAddressForm(form({ city: " Москва ", street: "ул. Тверская", house: "7", flat: "", postcode: "125009", comment: "", isDefault: "on" }));
    expect(ok).toMatchObject({ ok: true, value: { city: "Москва", street: "ул. Тверская", house: "7", flat: null, postcode: "125009", comment: null, isDefault: true } });
    const bad = parseAddressForm(form({ city: "", street: "", house: "", postcode: "12345" }));
    expect(bad).toMatchObject({ ok: false, errors: { city: "Укажите город", street: "Укажите улицу", house: "Укажите дом", postcode: "Индекс: 6 цифр" } });
    expect(!bad.ok && bad.values.postcode).toBe("12345");
  });
  it("adds, edits, deletes and makes default on the whole list", () => {
    const list = [address(1, true), address(2)];
    const added = applyAddressChange(list, { kind: "save", id: null, address: { city: "Казань", street: "ул. Баумана", house: "1" } });
    expect(added).toMatchObject({ ok: true, list: [{ id: 1, isDefault: true }, { id: 2, isDefault: false }, { city: "Казань", isDefault: false }] });
    const edited = applyAddressChange(list, { kind: "save", id: 2, address: { city: "Москва", street: "ул. Арбат", house: "5", isDefault: true } });
    expect(edited).toMatchObject({ ok: true, list: [{ id: 1, isDefault: false }, { id: 2, street: "ул. Арбат", isDefault: true }] });
    expect(applyAddressChange(list, { kind: "default", id: 2 })).toMatchObject({ ok: true, list: [{ isDefault: false }, { isDefault: true }] });
    // Deleting the default makes the next one the default.
    expect(applyAddressChange(list, { kind: "delete", id: 1 })).toEqual({ ok: true, list: [expect.objectContaining({ id: 2, isDefault: true })] });
    // The first address is the default.
    expect(applyAddressChange([], { kind: "save", id: null, address: { city: "Москва", street: "ул. Арбат", house: "5" } })).toMatchObject({ ok: true, list: [{ isDefault: true }] });
  });
  it("an id that is not on the user's own list changes nothing (IDOR)", () => {
    const list = [address(1, true)];
    for (const change of [
      { kind: "delete" as const, id: 99 },
      { kind: "default" as const, id: 99 },
      { kind: "save" as const, id: 99, address: { city: "Москва", street: "ул. Арбат", house: "5" } },
    ]) {
      expect(applyAddressChange(list, change)).toEqual({ ok: false, message: ADDRESS_NOT_FOUND });
    }
  });
  it("stops at the §7 limit of 20", () => {
    const full = Array.from({ length: 20 }, (_, i) => address(i + 1, i === 0));
    expect(applyAddressChange(full, { kind: "save", id: null, address: { city: "Москва", street: "ул. Арбат", house: "5" } })).toEqual({ ok: false, message: ADDRESS_LIMIT });
  });
  it("reads ids strictly", () => {
    expect(idOf("12")).toBe(12);
    for (const bad of ["0", "-1", "1e3", "12abc", "99999999999", "", null, new Blob()]) expect(idOf(bad)).toBeNull();
  });
});
