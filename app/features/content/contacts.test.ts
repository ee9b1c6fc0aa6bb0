import { describe, expect, it } from "vitest";
import { MAP_WIDGET_ORIGIN, mapLinks, mapWidgetUrl, officeMapId } from "./office-map.ts";
import { deriveContacts, officePhone, parseOfficeAddress } from "./contacts.ts";

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

  it("shows a phone stored as +7 and ten digits as people read it", () => {
    expect(deriveContacts([{ name: "companyPhoneNumber", title: "Телефон", value: "+78124072615" }]).phone).toBe("+7 (812) 407-26-15");
    expect(officePhone("8 495 120 48 37")).toBe("+7 (495) 120-48-37");
    expect(officePhone(null)).toBeNull();
  });
});

describe("office maps", () => {
  it("open the point and the address in Yandex Maps and 2GIS", () => {
    const links = mapLinks({ lat: 55.78228, lon: 37.59864 }, { postalCode: "127055", city: "Москва", street: "Новослободская улица, д. 23" });
    const yandex = new URL(links.yandex);
    expect(yandex.origin + yandex.pathname).toBe("https://yandex.ru/maps/");
    expect(yandex.searchParams.get("pt")).toBe("37.598640,55.782280");
    expect(yandex.searchParams.get("text")).toBe("Москва, Новослободская улица, д. 23");
    expect(links.twoGis).toBe("https://2gis.ru/geo/37.598640,55.782280");
  });

  it("the widget carries the point and the key; St Petersburg and Россия share the St Petersburg map", () => {
    const widget = new URL(mapWidgetUrl({ lat: 59.92262, lon: 30.35631 }, "key-123456"));
    expect(widget.origin).toBe(MAP_WIDGET_ORIGIN);
    expect(widget.searchParams.get("ll")).toBe("30.356310,59.922620");
    expect(widget.searchParams.get("apikey")).toBe("key-123456");
    expect([officeMapId({ id: 1 }), officeMapId({ id: 2 }), officeMapId({ id: 3 })]).toEqual([1, 2, 1]);
  });
});
