/**
 * The visitor's city from their IP (ADR 062) against a fake DaData on 127.0.0.1 (node:http): what
 * is sent, what is read, what is kept, and every way it fails into §8's synthetic 400.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { City } from "#contract/content.ts";
import { RateLimited } from "#limits/limiter.ts";
import {
  cityOfLocation,
  createIpLocator,
  IP_CITY_FAILURE,
  IPLOCATE_ANSWER_TTL_MS,
  IPLOCATE_FAILURE_TTL_MS,
  IPLOCATE_MAX_BYTES,
  publicAddress,
  type IpLocation,
} from "./city-from-ip.server.ts";

const KEY = "a".repeat(40);

/** DaData's real answer for a Moscow address, trimmed to a few of its ~80 fields. */
const moscow = {
  location: {
    value: "г Москва",
    unrestricted_value: "101000, г Москва",
    data: { postal_code: "101000", country: "Россия", country_iso_code: "RU", region: "Москва", region_with_type: "г Москва", city: "Москва", city_fias_id: "0c5b2444-70a0-4932-980c-b4dc0d3f02b5", settlement: null },
  },
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end(JSON.stringify(moscow));
const seen: { url: string; authorization?: string; accept?: string }[] = [];
const held: ServerResponse[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization, accept: req.headers.accept });
    handler(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/suggestions/api/4_1/rs`;
});
afterEach(() => {
  seen.length = 0;
  for (const res of held.splice(0)) res.destroy();
  handler = (_req, res) => res.end(JSON.stringify(moscow));
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const spendNothing = { consume: async () => ({ remaining: 1, retryAfterS: 0 }) };

function locator(options: { now?: () => number; timeoutMs?: number; limits?: { consume: () => Promise<never | { remaining: number; retryAfterS: number }> } } = {}) {
  const lines: string[] = [];
  const located = createIpLocator({ apiKey: KEY, baseUrl, limits: options.limits ?? spendNothing, timeoutMs: options.timeoutMs ?? 2000, now: options.now, log: (line) => lines.push(line) });
  return { ...located, lines };
}

describe("createIpLocator against a fake DaData", () => {
  it("asks iplocate with the key, reads the city, and keeps the answer per address", async () => {
    const { locate, calls, lines } = locator();
    const answer = await locate("5.18.0.1");
    expect(answer).toEqual({ status: 200, location: { city: "Москва", cityFiasId: "0c5b2444-70a0-4932-980c-b4dc0d3f02b5", region: "Москва", country: "Россия" } });
    expect(seen).toEqual([{ url: "/suggestions/api/4_1/rs/iplocate/address?ip=5.18.0.1", authorization: `Token ${KEY}`, accept: "application/json" }]);
    // The same address again, and three at once: still the one call.
    await Promise.all([locate("5.18.0.1"), locate("5.18.0.1"), locate("::ffff:5.18.0.1")]);
    expect(calls()).toBe(1);
    expect(lines).toEqual([]);
  });

  it("asks once per IPv6 /64 (a subscriber's whole block), concurrent asks sharing the call", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    handler = (_req, res) => void gate.then(() => res.end(JSON.stringify(moscow)));
    const { locate, calls } = locator();
    const pending = Promise.all([locate("2a02:6b8:a::1"), locate("2a02:6b8:a:0:ffff::2"), locate("2a02:6b8:a::3")]);
    await expect.poll(() => seen.length).toBe(1);
    release();
    const answers = await pending;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(calls()).toBe(1);
    expect(seen[0]!.url).toBe("/suggestions/api/4_1/rs/iplocate/address?ip=2a02%3A6b8%3Aa%3A%3A1");
    await locate("2a02:6b8:b::1");
    expect(calls()).toBe(2);
  });

  it("never sends an address that is not a public one, nor a header's junk", async () => {
    const { locate, calls } = locator();
    const hostile = [
      undefined,
      "",
      "unknown",
      "127.0.0.1",
      "::1",
      "::ffff:127.0.0.1",
      "10.1.2.3",
      "172.16.5.4",
      "192.168.0.10",
      "100.64.1.1",
      "169.254.1.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "fe80::1",
      "fd00::1",
      "2001:db8::1",
      "5.18.0.1, 6.6.6.6",
      "5.18.0.1\r\nX-Evil: 1",
      "5.18.0.1/../../admin",
      "5.18.0.1%00",
      "<script>",
      "1".repeat(5000),
    ];
    for (const ip of hostile) expect(await locate(ip), String(ip).slice(0, 40)).toEqual(IP_CITY_FAILURE);
    expect(calls()).toBe(0);
    expect(seen).toEqual([]);
  });

  it("a DaData that does not know the address: the synthetic 400, kept as an answer, not logged", async () => {
    handler = (_req, res) => res.end('{"location":null}');
    let clock = 1_000_000;
    const { locate, calls, lines } = locator({ now: () => clock });
    expect(await locate("5.18.0.2")).toEqual(IP_CITY_FAILURE);
    clock += IPLOCATE_FAILURE_TTL_MS + 1;
    expect(await locate("5.18.0.2")).toEqual(IP_CITY_FAILURE);
    expect(calls()).toBe(1);
    clock += IPLOCATE_ANSWER_TTL_MS;
    await locate("5.18.0.2");
    expect(calls()).toBe(2);
    expect(lines).toEqual([]);
  });

  it("a 500: the synthetic 400, logged, and the address not asked again for five minutes", async () => {
    handler = (_req, res) => res.writeHead(500, { "Content-Type": "application/json" }).end('{"message":"oops"}');
    let clock = 1_000_000;
    const { locate, calls, lines } = locator({ now: () => clock });
    expect(await locate("5.18.0.3")).toEqual(IP_CITY_FAILURE);
    expect(await locate("5.18.0.3")).toEqual(IP_CITY_FAILURE);
    expect(calls()).toBe(1);
    expect(lines).toEqual(["[city-from-ip] DaData iplocate failed: http"]);
    clock += IPLOCATE_FAILURE_TTL_MS + 1;
    handler = (_req, res) => res.end(JSON.stringify(moscow));
    expect((await locate("5.18.0.3")).status).toBe(200);
    expect(calls()).toBe(2);
  });

  it("a 403 (a wrong key) or a redirect: the synthetic 400", async () => {
    handler = (_req, res) => res.writeHead(403).end("Forbidden");
    expect(await locator().locate("5.18.0.4")).toEqual(IP_CITY_FAILURE);
    handler = (_req, res) => res.writeHead(302, { Location: "http://127.0.0.1:9/" }).end();
    expect(await locator().locate("5.18.0.4")).toEqual(IP_CITY_FAILURE);
  });

  it("no answer in time: the synthetic 400 when the timeout ends the call", async () => {
    handler = (_req, res) => void held.push(res);
    const { locate, lines } = locator({ timeoutMs: 100 });
    expect(await locate("5.18.0.5")).toEqual(IP_CITY_FAILURE);
    expect(held).toHaveLength(1);
    expect(lines).toEqual(["[city-from-ip] DaData iplocate failed: timeout"]);
  });

  it.each([
    ["not JSON", "<html>502 Bad Gateway</html>"],
    ["another shape", '{"location":"Москва"}'],
    ["data of the wrong types", '{"location":{"data":{"city":5}}}'],
    ["an empty body", ""],
  ])("junk (%s): the synthetic 400", async (_name, body) => {
    handler = (_req, res) => res.end(body);
    const { locate, lines } = locator();
    expect(await locate("5.18.0.6")).toEqual(IP_CITY_FAILURE);
    expect(lines).toEqual(["[city-from-ip] DaData iplocate failed: junk"]);
  });

  it("a huge body, declared or streamed: refused past the limit without reading it all", async () => {
    handler = (_req, res) => res.writeHead(200, { "Content-Length": String(IPLOCATE_MAX_BYTES * 100) }).write("{");
    const declared = locator();
    expect(await declared.locate("5.18.0.7")).toEqual(IP_CITY_FAILURE);
    expect(declared.lines).toEqual(["[city-from-ip] DaData iplocate failed: too big"]);

    // An endless body: only the client's giving up ends it.
    const closed = new Promise<boolean>((resolve) => {
      handler = (_req, res) => {
        res.on("close", () => resolve(!res.writableFinished));
        res.writeHead(200, { "Content-Type": "application/json" });
        const chunk = `"${"x".repeat(16 * 1024)}",`;
        const pump = () => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once("drain", pump);
        };
        res.write('{"location":[');
        pump();
      };
    });
    const streamed = locator();
    expect(await streamed.locate("5.18.0.8")).toEqual(IP_CITY_FAILURE);
    expect(streamed.lines).toEqual(["[city-from-ip] DaData iplocate failed: too big"]);
    expect(await closed, "the client hung up before the end").toBe(true);
  });

  it("past the shop-wide ipLocate budget: DaData is not called", async () => {
    const { locate, calls, lines } = locator({
      limits: {
        consume: async () => {
          throw new RateLimited(30, "Слишком много запросов");
        },
      },
    });
    expect(await locate("5.18.0.9")).toEqual(IP_CITY_FAILURE);
    expect(calls()).toBe(0);
    expect(seen).toEqual([]);
    expect(lines).toEqual(["[city-from-ip] DaData iplocate failed: over budget: the shop-wide ipLocate limit is spent"]);
  });

  it("logs at most one line a minute, then says how many it left out", async () => {
    handler = (_req, res) => res.writeHead(503).end();
    let clock = 1_000_000;
    const { locate, lines } = locator({ now: () => clock });
    for (const ip of ["5.18.1.1", "5.18.1.2", "5.18.1.3"]) await locate(ip);
    expect(lines).toEqual(["[city-from-ip] DaData iplocate failed: http"]);
    clock += 60_001;
    await locate("5.18.1.4");
    expect(lines).toEqual(["[city-from-ip] DaData iplocate failed: http", "[city-from-ip] DaData iplocate failed: http (+2 more since the last line)"]);
  });
});

describe("publicAddress", () => {
  it("keeps public addresses, unwraps IPv4-mapped ones, drops the rest", () => {
    expect(publicAddress("5.18.0.1")).toBe("5.18.0.1");
    expect(publicAddress(" ::FFFF:5.18.0.1 ")).toBe("5.18.0.1");
    expect(publicAddress("2A02:6B8::1")).toBe("2a02:6b8::1");
    expect(publicAddress("192.168.1.1")).toBeNull();
    expect(publicAddress("::ffff:10.0.0.1")).toBeNull();
    expect(publicAddress("not an ip")).toBeNull();
  });
});

describe("cityOfLocation", () => {
  const city = (id: number, title: string, domainPrefix: string | null = null): City => ({ id, title, titlePrepositional: title, titleDative: title, domainPrefix });
  const CITIES = [city(1, "Санкт-Петербург"), city(2, "Москва", "msk"), city(3, "Россия")];
  const at = (place: Partial<IpLocation>): IpLocation => ({ city: "", cityFiasId: "", region: "", country: "Россия", ...place });

  it("finds the city by its title, in any spelling", () => {
    expect(cityOfLocation(at({ city: "Москва", region: "Москва" }), CITIES)?.id).toBe(2);
    expect(cityOfLocation(at({ city: "Санкт-Петербург", region: "Санкт-Петербург" }), CITIES)?.id).toBe(1);
    expect(cityOfLocation(at({ city: "санкт петербург" }), CITIES)?.id).toBe(1);
  });

  it("offers the city of the region around it", () => {
    expect(cityOfLocation(at({ city: "Химки", region: "Московская" }), CITIES)?.id).toBe(2);
    expect(cityOfLocation(at({ city: "Гатчина", region: "Ленинградская" }), CITIES)?.id).toBe(1);
    expect(cityOfLocation(at({ city: "", region: "Москва" }), CITIES)?.id).toBe(2);
  });

  it("elsewhere in Russia: the list's default (§4: the third entry, Россия)", () => {
    expect(cityOfLocation(at({ city: "Казань", region: "Татарстан" }), CITIES)?.id).toBe(3);
    expect(cityOfLocation(at({ city: "Казань", region: "Татарстан" }), [])?.title).toBe("Россия");
  });

  it("outside Russia, or nowhere at all: no city", () => {
    expect(cityOfLocation(at({ city: "Алматы", region: "Алматы", country: "Казахстан" }), CITIES)).toBeNull();
    expect(cityOfLocation(at({}), CITIES)).toBeNull();
  });
});
