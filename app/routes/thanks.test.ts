/** /thanks and the ordering page's pickup offices (issue 25 item 19): the office of the order, never junk. */
import { describe, expect, it } from "vitest";
import type { City } from "#contract/content.ts";
import { pickupOffices } from "#app/features/cart/ordering.server.ts";
import { loader } from "./thanks.tsx";
import type { Route } from "./+types/thanks";

const office = (id: number, city: string, street: string) => ({
  id,
  phone: "+7 (812) 407-26-15",
  email: null,
  address: { postalCode: id === 1 ? "191040" : "127055", city, street },
  operationMode: "Пн–Пт с 9:00 до 18:00",
  coordinates: null,
});
const SPB = office(1, "Санкт-Петербург", "Лиговский проспект, д. 50, офис 305");
const MSK = office(2, "Москва", "Новослободская улица, д. 23, офис 508");
const CITIES: City[] = [
  { id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null, office: SPB },
  { id: 2, title: "Москва", titlePrepositional: "Москве", titleDative: "Москве", domainPrefix: "msk", office: MSK },
  { id: 3, title: "Россия", titlePrepositional: "России", titleDative: "России", domainPrefix: null, office: SPB },
];

describe("pickupOffices", () => {
  it("the site's city office first (the default), then the others, each once, with address and hours", () => {
    expect(pickupOffices(CITIES, CITIES[2]!)).toEqual([
      { id: 1, title: "Офис в Санкт-Петербурге", city: "Санкт-Петербург", address: "191040, Санкт-Петербург, Лиговский проспект, д. 50, офис 305", operationMode: "Пн–Пт с 9:00 до 18:00" },
      { id: 2, title: "Офис в Москве", city: "Москва", address: "127055, Москва, Новослободская улица, д. 23, офис 508", operationMode: "Пн–Пт с 9:00 до 18:00" },
    ]);
    expect(pickupOffices(CITIES, CITIES[1]!).map((o) => o.id)).toEqual([2, 1]);
  });

  it("offices without an id (another backend) or no offices at all: nothing to choose", () => {
    const noIds = CITIES.map((c) => ({ ...c, office: c.office ? { ...c.office, id: undefined } : null }));
    expect(pickupOffices(noIds, noIds[0]!)).toEqual([]);
    expect(pickupOffices([], { office: null })).toEqual([]);
  });
});

describe("/thanks loader", () => {
  const load = (query: string) =>
    loader({ url: new URL(`http://shop.test/thanks${query}`), context: { cities: CITIES, city: CITIES[2] } } as unknown as Route.LoaderArgs);

  it("names the order and its pickup office", () => {
    expect(load("?order=1042&office=2")).toEqual({ order: 1042, pickup: expect.objectContaining({ id: 2, title: "Офис в Москве", operationMode: "Пн–Пт с 9:00 до 18:00" }) });
  });

  it.each(["?order=1042", "?order=1042&office=99", "?order=1042&office=abc", "?order=1042&office=<script>", "?office=1", "?order=x&office=1"])("no office for %s", (query) => {
    expect(load(query).pickup).toBeNull();
  });
});
