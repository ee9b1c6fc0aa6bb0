import { describe, expect, it } from "vitest";
import type { City } from "#contract/content.ts";
import {
  baseHostname,
  CITY_COOKIE,
  CITY_COOKIE_MAX_AGE,
  DEFAULT_CITY_ID,
  FALLBACK_MOSCOW,
  FALLBACK_RUSSIA,
  hostForCity,
  isMoscowHost,
  isValidHost,
  isValidHostname,
  MOSCOW_ID,
  MOSCOW_PREFIX,
  selectCity,
  siteCityTitle,
} from "./city.ts";

const city = (id: number, title: string, domainPrefix: string | null = null): City => ({
  id,
  title,
  titlePrepositional: `${title} (предл.)`,
  titleDative: `${title} (дат.)`,
  domainPrefix,
});

const SPB = city(1, "Санкт-Петербург");
const MSK = city(2, "Москва (из списка)", "msk");
const RUS = city(3, "Россия (из списка)");
const KZN = city(4, "Казань");
/** §4: the second entry is Москва, the third Россия. */
const CITIES = [SPB, MSK, RUS, KZN];

describe("constants (§3, §9)", () => {
  it("Moscow is id 2 with prefix msk, the default city is 3 Россия, the cookie lives 2678400 s", () => {
    expect(MOSCOW_ID).toBe(2);
    expect(DEFAULT_CITY_ID).toBe(3);
    expect(MOSCOW_PREFIX).toBe("msk");
    expect(CITY_COOKIE).toBe("cityId");
    expect(CITY_COOKIE_MAX_AGE).toBe(2678400);
    expect(FALLBACK_MOSCOW).toMatchObject({ id: 2, title: "Москва", titlePrepositional: "Москве", domainPrefix: "msk" });
    expect(FALLBACK_RUSSIA).toMatchObject({ id: 3, title: "Россия", titlePrepositional: "России", domainPrefix: null });
  });
});

describe("isMoscowHost", () => {
  it.each([
    ["msk.localhost", true],
    ["msk.example.ru", true],
    ["MSK.Example.ru", true],
    ["msk.localhost:3000", true],
    ["example.ru", false],
    ["localhost", false],
    ["mskfoo.example.ru", false],
    ["www.example.ru", false],
  ])("%s → %s", (host, expected) => {
    expect(isMoscowHost(host)).toBe(expected);
  });
});

describe("selectCity (§4)", () => {
  describe("on the Moscow host the city is the second list entry, whatever is stored", () => {
    it.each(["msk.localhost", "msk.example.ru"])("%s", (host) => {
      for (const stored of ["", undefined, null, "1", "2", "3", "999", "abc"]) {
        expect(selectCity(CITIES, host, stored)).toBe(MSK);
      }
    });

    it("falls back to Москва (id 2) with an empty list", () => {
      expect(selectCity([], "msk.example.ru", "1")).toEqual(FALLBACK_MOSCOW);
      expect(selectCity([SPB], "msk.localhost", undefined)).toEqual(FALLBACK_MOSCOW);
    });
  });

  describe.each(["example.ru", "localhost"])("on %s", (host) => {
    it.each([
      ["''", ""],
      ["undefined", undefined],
      ["null", null],
      ["'2'", "2"],
      ["'02'", "02"],
      ["2 (number)", 2],
    ])("stored %s → the third list entry", (_, stored) => {
      expect(selectCity(CITIES, host, stored)).toBe(RUS);
    });

    it.each([
      ["'1'", "1", SPB],
      ["'3'", "3", RUS],
      ["'4'", "4", KZN],
      ["4 (number)", 4, KZN],
    ])("stored %s → the city with that id", (_, stored, expected) => {
      expect(selectCity(CITIES, host, stored)).toBe(expected);
    });

    it.each([
      ["'999'", "999"],
      ["'abc'", "abc"],
      ["'0x4'", "0x4"],
      ["'4abc'", "4abc"],
      ["'-1'", "-1"],
    ])("stored %s matches no city → Россия", (_, stored) => {
      expect(selectCity(CITIES, host, stored)).toEqual(FALLBACK_RUSSIA);
    });

    it.each([
      ["''", ""],
      ["undefined", undefined],
      ["'2'", "2"],
      ["'1'", "1"],
      ["'3'", "3"],
      ["'999'", "999"],
      ["'abc'", "abc"],
    ])("with an empty list, stored %s → Россия", (_, stored) => {
      expect(selectCity([], host, stored)).toEqual(FALLBACK_RUSSIA);
    });
  });

  it("uses the third entry by position, not by id", () => {
    const reordered = [KZN, MSK, SPB];
    expect(selectCity(reordered, "example.ru", "")).toBe(SPB);
    expect(selectCity(reordered, "example.ru", "2")).toBe(SPB);
  });

  it("a stored non-numeric id is not treated as empty: it falls back to Россия, not the third entry", () => {
    const reordered = [KZN, MSK, SPB];
    expect(selectCity(reordered, "example.ru", "abc")).toEqual(FALLBACK_RUSSIA);
  });

  it("a list shorter than three entries falls back to Россия for an empty stored id", () => {
    expect(selectCity([SPB, MSK], "example.ru", "")).toEqual(FALLBACK_RUSSIA);
    expect(selectCity([SPB, MSK], "example.ru", "1")).toBe(SPB);
  });

  it("a stored id of 2 only means Москва on the Moscow host", () => {
    expect(selectCity(CITIES, "example.ru", "2")).toBe(RUS);
    expect(selectCity(CITIES, "msk.example.ru", "2")).toBe(MSK);
  });
});

describe("siteCityTitle (§3)", () => {
  it.each([
    [2, "Москва"],
    [1, "Санкт-Петербург"],
    [3, "Санкт-Петербург"],
    [999, "Санкт-Петербург"],
  ])("%i → %s", (id, title) => {
    expect(siteCityTitle(id)).toBe(title);
  });
});

describe("baseHostname and hostForCity (§1)", () => {
  it.each([
    ["msk.example.ru", "example.ru"],
    ["example.ru", "example.ru"],
    ["msk.localhost", "localhost"],
    ["localhost", "localhost"],
  ])("baseHostname(%s) = %s", (host, base) => {
    expect(baseHostname(host)).toBe(base);
  });

  it.each([
    ["example.ru", "msk", "msk.example.ru"],
    ["msk.example.ru", "msk", "msk.example.ru"],
    ["msk.example.ru", null, "example.ru"],
    ["example.ru", null, "example.ru"],
    ["localhost:3000", "msk", "msk.localhost:3000"],
    ["msk.localhost:3000", null, "localhost:3000"],
    ["MSK.example.ru", null, "example.ru"],
  ])("hostForCity(%s, prefix %s) = %s", (host, domainPrefix, expected) => {
    expect(hostForCity(host, { domainPrefix })).toBe(expected);
  });

  it("the Moscow city from the list leads to the prefixed host", () => {
    expect(hostForCity("example.ru", MSK)).toBe("msk.example.ru");
    expect(hostForCity("msk.example.ru", RUS)).toBe("example.ru");
  });
});

describe("isValidHost (issue 16: nothing is built from a bad Host)", () => {
  it.each([
    "example.ru",
    "msk.example.ru",
    "MSK.Example.RU",
    "example.ru.",
    "xn--80aswg.xn--p1ai",
    "localhost",
    "msk.localhost:3000",
    "127.0.0.1",
    "127.0.0.1:65535",
    "[::1]",
    "[::1]:3000",
    "[2001:db8::ff00:42:8329]",
    "[::ffff:192.0.2.1]:80",
    `${"a".repeat(63)}.ru`,
  ])("%s is a host", (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([
    "a_b.example.ru",
    "-bad-.ru",
    "bad-.ru",
    "a..b.ru",
    ".example.ru",
    "магазин.рф",
    Buffer.from("магазин.рф").toString("latin1"),
    "",
    " ",
    "a b",
    "example.ru:",
    "example.ru:99999",
    "example.ru:80:80",
    "user@example.ru",
    "example.ru/path",
    "[zz]",
    "[::1",
    "::1",
    "999.1.1.1",
    "1.2.3",
    `${"a".repeat(64)}.ru`,
    `${"a.".repeat(127)}ru`,
  ])("%j is not a host", (host) => {
    expect(isValidHost(host)).toBe(false);
  });

  it("a host name has no port", () => {
    expect(isValidHostname("example.ru")).toBe(true);
    expect(isValidHostname("example.ru:80")).toBe(false);
  });
});
