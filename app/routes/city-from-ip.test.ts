/** GET/POST /city/from-ip (ADR 062): when the visitor is asked, what the answer says, and that it is never shared. */
import { describe, expect, it } from "vitest";
import type { City } from "#contract/content.ts";
import { IP_CITY_FAILURE, type IpLocateAnswer } from "#app/lib/city-from-ip.server.ts";
import { action, loader } from "./city-from-ip.ts";
import type { Route } from "./+types/city-from-ip";

const city = (id: number, title: string, domainPrefix: string | null = null): City => ({ id, title, titlePrepositional: title, titleDative: title, domainPrefix });
const CITIES = [city(1, "Санкт-Петербург"), city(2, "Москва", "msk"), city(3, "Россия")];
const MOSCOW_ANSWER: IpLocateAnswer = { status: 200, location: { city: "Москва", cityFiasId: "", region: "Москва", country: "Россия" } };

function contextWith(options: { answer?: IpLocateAnswer | null; current?: number; isBot?: boolean }) {
  let asked = 0;
  const answer = options.answer === undefined ? MOSCOW_ANSWER : options.answer;
  const context = {
    cities: CITIES,
    city: CITIES.find((c) => c.id === (options.current ?? 3))!,
    isBot: options.isBot ?? false,
    site: { origin: "https://example.ru", host: "example.ru", hostname: "example.ru", protocol: "https", isMoscow: false },
    cookieDomain: undefined,
    locateVisitor: answer === null ? null : async () => (asked++, answer),
  };
  return { context, asked: () => asked };
}

type Result = { data: unknown; init: ResponseInit | null };
async function get(options: Parameters<typeof contextWith>[0], cookie?: string) {
  const { context, asked } = contextWith(options);
  const request = new Request("https://example.ru/city/from-ip", { headers: cookie ? { Cookie: cookie } : {} });
  const result = (await loader({ request, context, params: {} } as unknown as Route.LoaderArgs)) as unknown as Result;
  expect(new Headers(result.init?.headers).get("Cache-Control")).toBe("private, no-store");
  expect(result.init?.status ?? 200).toBe(200);
  return { body: result.data, asked: asked() };
}

describe("GET /city/from-ip", () => {
  it("suggests the city of the visitor's address when it is not the current one", async () => {
    expect(await get({})).toEqual({ body: { status: 200, suggestion: { id: 2, title: "Москва" } }, asked: 1 });
  });

  it("suggests nothing when the visitor is already in that city", async () => {
    expect(await get({ current: 2 })).toEqual({ body: { status: 200, suggestion: null }, asked: 1 });
  });

  it("asks nothing without DADATA_API_KEY, of a crawler, or once the question is answered", async () => {
    expect(await get({ answer: null })).toEqual({ body: { status: 200, suggestion: null }, asked: 0 });
    expect(await get({ isBot: true })).toEqual({ body: { status: 200, suggestion: null }, asked: 0 });
    expect(await get({}, "cityId=3; cityAsked=1")).toEqual({ body: { status: 200, suggestion: null }, asked: 0 });
  });

  it("a failed lookup, or a place that is no city of the shop: §8's synthetic 400 in a 200 answer", async () => {
    expect(await get({ answer: IP_CITY_FAILURE })).toEqual({ body: { status: 400, message: "error", errors: {} }, asked: 1 });
    const abroad: IpLocateAnswer = { status: 200, location: { city: "Алматы", cityFiasId: "", region: "Алматы", country: "Казахстан" } };
    expect(await get({ answer: abroad })).toEqual({ body: { status: 400, message: "error", errors: {} }, asked: 1 });
  });

  it("a junk Cookie header is no answer to the question", async () => {
    expect((await get({}, "cityAsked")).asked).toBe(1);
    expect((await get({}, "%%%; =; cityAsked2=1")).asked).toBe(1);
  });
});

describe("POST /city/from-ip", () => {
  it("remembers the answer for as long as the city cookie lives, whatever the body", async () => {
    for (const body of [null, "x".repeat(10_000), "cityId=1", "{]"]) {
      const { context } = contextWith({});
      const request = new Request("https://example.ru/city/from-ip", { method: "POST", body });
      const result = (await action({ request, context, params: {} } as unknown as Route.ActionArgs)) as unknown as Result;
      const headers = new Headers(result.init?.headers);
      expect(result.data).toEqual({ status: 200, suggestion: null });
      expect(headers.get("Set-Cookie")).toBe("cityAsked=1; Max-Age=2678400; Domain=example.ru; Path=/; Secure; SameSite=Lax");
      expect(headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
