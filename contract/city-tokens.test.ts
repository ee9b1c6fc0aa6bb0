import { describe, expect, it } from "vitest";
import { CITY_TOKENS, fillCityTokens, inCity } from "./city-tokens.ts";

const MOSCOW = { title: "Москва", titlePrepositional: "Москве", titleDative: "Москве" };
const RUSSIA = { title: "Россия", titlePrepositional: "России", titleDative: "России" };
const SPB = { title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу" };

describe("city tokens", () => {
  it("names the three tokens", () => {
    expect(CITY_TOKENS).toEqual({ city: "{city}", cityIn: "{cityIn}", cityDative: "{cityDative}" });
  });

  it("fills every token with the city's forms", () => {
    const text = "Кружки — купить {cityIn} | {city}. Доставка по {cityDative}, {cityIn} от 1 дня.";
    expect(fillCityTokens(text, MOSCOW)).toBe("Кружки — купить в Москве | Москва. Доставка по Москве, в Москве от 1 дня.");
    expect(fillCityTokens(text, SPB)).toBe(
      "Кружки — купить в Санкт-Петербурге | Санкт-Петербург. Доставка по Санкт-Петербургу, в Санкт-Петербурге от 1 дня.",
    );
    expect(fillCityTokens(text, RUSSIA)).toBe("Кружки — купить в России | Россия. Доставка по России, в России от 1 дня.");
  });

  it("leaves other braces and plain text alone", () => {
    expect(fillCityTokens("{cityName} {CITY} { city } {}", MOSCOW)).toBe("{cityName} {CITY} { city } {}");
    expect(fillCityTokens("Без города", MOSCOW)).toBe("Без города");
    expect(fillCityTokens("", MOSCOW)).toBe("");
  });

  it("does not read $-patterns of a city form as replacement syntax", () => {
    expect(fillCityTokens("{city}", { ...MOSCOW, title: "$&$1" })).toBe("$&$1");
  });

  it("writes «во» before в/ф and a consonant, «в» otherwise", () => {
    expect(inCity("Владимире")).toBe("во Владимире");
    expect(inCity("Франции")).toBe("во Франции");
    expect(inCity("Вологде")).toBe("в Вологде");
    expect(inCity("Москве")).toBe("в Москве");
    expect(inCity(" Твери ")).toBe("в Твери");
  });
});
