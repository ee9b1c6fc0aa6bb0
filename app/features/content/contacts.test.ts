import { describe, expect, it } from "vitest";
import { deriveContacts, parseOfficeAddress, telHref } from "./contacts.ts";

describe("contacts from init (§3, §8)", () => {
  const contacts = [
    { name: "companyPhoneNumber", title: "Телефон", value: "+7 (812) 000-00-00" },
    { name: "companyGeneralEmail", title: "E-mail", value: "info@example.ru" },
    { name: "officeAddress", title: "Адрес", value: '{"city":"Санкт-Петербург","street":"Невский пр., 1","postalCode":"191186"}' },
    { name: "coordinates", title: "Координаты", value: "59.93, 30.31" },
    { name: "inn", title: "ИНН", value: "7800000000" },
  ];

  it("splits known entries from bank data", () => {
    const derived = deriveContacts(contacts);
    expect(derived.phone).toBe("+7 (812) 000-00-00");
    expect(derived.email).toBe("info@example.ru");
    expect(derived.officeAddress).toEqual({ city: "Санкт-Петербург", street: "Невский пр., 1", postalCode: "191186" });
    expect(derived.coordinates).toEqual({ lat: 59.93, lon: 30.31 });
    expect(derived.bankData).toEqual([{ name: "inn", title: "ИНН", value: "7800000000" }]);
  });

  it("silently ignores a malformed office address", () => {
    expect(parseOfficeAddress("{not json")).toBeNull();
    expect(parseOfficeAddress('"just a string"')).toBeNull();
    expect(parseOfficeAddress(undefined)).toBeNull();
  });

  it("gives nulls when init failed", () => {
    const derived = deriveContacts([]);
    expect(derived.phone).toBeNull();
    expect(derived.coordinates).toBeNull();
    expect(derived.bankData).toEqual([]);
  });

  it("builds tel: links", () => {
    expect(telHref("+7 (812) 000-00-00")).toBe("tel:+78120000000");
  });
});
