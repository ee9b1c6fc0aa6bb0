/**
 * The visitor's city from their IP (§3 "location detection yields city, country, region", §7
 * "an address-suggestion service is queried by IP (with a token)", §8 "IP-based city failure:
 * synthetic 400 with message 'error'"; ADR 062). Server only: the DaData key never reaches the
 * browser, and the browser never chooses the IP that is looked up (the server's `req.ip`, after
 * TRUST_PROXY).
 *
 * - Only with DADATA_API_KEY; without it nothing is ever asked.
 * - Public unicast addresses only: loopback, private, link-local, CGNAT, documentation and
 *   multicast ranges are not sent (DaData knows nothing of them): the synthetic 400 at once.
 * - One answer per address bucket (IPv4 as it is, IPv6 by its /64, as the rate limits count) in a
 *   bounded lru-cache: 6 hours for an answer (a city or "unknown"), 5 minutes for a failure;
 *   concurrent asks of one bucket share one call.
 * - Every call DaData gets passes the shop-wide `ipLocate` tier (limits/tiers.ts): a crowd of new
 *   addresses cannot spend the key's quota.
 * - A short timeout (IPLOCATE_TIMEOUT_MS), a body of at most IPLOCATE_MAX_BYTES, a schema for the
 *   answer; any failure is the synthetic 400, logged (at most one line a minute, with how many
 *   were not logged), never thrown.
 */
import { BlockList, isIP } from "node:net";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { City } from "#contract/content.ts";
import { clientKey, RateLimited, type Limits } from "#limits/limiter.ts";
import { selectCity } from "./city.ts";

/** DaData's answer is awaited this long (ms): the page never waits for it, but a held connection costs. */
export const IPLOCATE_TIMEOUT_MS = 3000;
/** An iplocate answer is ~2 KB; anything past this is not one. */
export const IPLOCATE_MAX_BYTES = 64 * 1024;
/** How long an answer (a city, or "DaData does not know this address") is kept per address bucket. */
export const IPLOCATE_ANSWER_TTL_MS = 6 * 60 * 60 * 1000;
/** How long a failure (timeout, DaData's error, junk) is kept: the address is not asked again meanwhile. */
export const IPLOCATE_FAILURE_TTL_MS = 5 * 60 * 1000;
/** Address buckets remembered at once (each entry is a few hundred bytes). */
export const IPLOCATE_CACHE_ENTRIES = 20_000;
/** Lines of the failure log: at most one per this many ms. */
const LOG_EVERY_MS = 60_000;

/** What DaData says of an address, cut to what the shop reads. */
export interface IpLocation {
  city: string;
  cityFiasId: string;
  region: string;
  country: string;
}

/** §8: the synthetic answer of a failed IP-based city lookup. */
export const IP_CITY_FAILURE = Object.freeze({ status: 400 as const, message: "error" as const, errors: Object.freeze({}) });
export type IpCityFailure = typeof IP_CITY_FAILURE;

export type IpLocateAnswer = { status: 200; location: IpLocation } | IpCityFailure;

/** Why a lookup failed (logged, and chooses how long the failure is kept). */
type Failure = "not public" | "unknown" | "over budget" | "timeout" | "http" | "too big" | "junk" | "network";

const text = (max: number) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim().slice(0, max));

/** DaData's iplocate answer: `{ location: { value, data: {...} } }`, or `{ location: null }` for an unknown address. */
const IplocateAnswer = z.object({
  location: z
    .object({
      data: z.object({
        city: text(200),
        city_fias_id: text(64),
        region: text(200),
        country: text(200),
      }),
    })
    .nullable(),
});

/** Ranges no lookup service knows (RFC 6890 special-purpose, CGNAT, multicast): never sent out. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, "ipv6");
}

/**
 * The address to look up, or null when it is no public unicast address. An IPv4-mapped IPv6
 * address ("::ffff:5.18.0.1", as Node names IPv4 peers on a dual-stack socket) is its IPv4 one.
 */
export function publicAddress(ip: string | null | undefined): string | null {
  let value = (ip ?? "").trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) value = mapped[1]!;
  const family = isIP(value);
  if (family === 0) return null;
  return NOT_PUBLIC.check(value, family === 4 ? "ipv4" : "ipv6") ? null : value;
}

/** Letters only, lower case, ё as е: "Санкт-Петербург", "санкт петербург" and "САНКТ-ПЕТЕРБУРГ" are one. */
const norm = (value: string) =>
  value
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^a-zа-я0-9]+/g, "");

/**
 * The shop's cities that also serve the region around them (ADR 062): a visitor from Химки is
 * offered Москва, from Гатчина Санкт-Петербург. Keyed by the city's title, DaData's `region`.
 */
const SURROUNDING_REGIONS: Record<string, string[]> = {
  [norm("Москва")]: [norm("Московская")],
  [norm("Санкт-Петербург")]: [norm("Ленинградская")],
};

/**
 * The shop's city for a location (§3, §4): the city of that title; else the city whose title is
 * the region (Москва and Санкт-Петербург are regions of their own) or whose surrounding region it
 * is; else, anywhere else in Russia, the list's default (§4: the third entry, Россия). Null
 * outside Russia: the shop has no city to offer there.
 */
export function cityOfLocation(location: IpLocation, cities: readonly City[]): City | null {
  const city = norm(location.city);
  const region = norm(location.region);
  const country = norm(location.country);
  if (country !== "" && country !== norm("Россия")) return null;
  if (city) {
    const byCity = cities.find((c) => norm(c.title) === city);
    if (byCity) return byCity;
  }
  if (region) {
    const byRegion = cities.find((c) => norm(c.title) === region || (SURROUNDING_REGIONS[norm(c.title)] ?? []).includes(region));
    if (byRegion) return byRegion;
  }
  if (!city && !region) return null;
  return selectCity([...cities], "", "");
}

export interface IpLocatorOptions {
  /** DADATA_API_KEY. */
  apiKey: string;
  /** DADATA_URL: the root of the suggestions API. */
  baseUrl: string;
  /** The shop's rate limiter: the `ipLocate` tier is spent once per call DaData gets. */
  limits: Pick<Limits, "consume">;
  timeoutMs?: number;
  fetcher?: typeof fetch;
  log?: (line: string) => void;
  now?: () => number;
}

export interface IpLocator {
  /** What DaData says of this visitor's address, or the synthetic 400 (§8). Never throws. */
  locate(ip: string | null | undefined): Promise<IpLocateAnswer>;
  /** Calls DaData has been sent (tests, /metrics-style questions). */
  calls(): number;
}

type Cached = { status: 200; location: IpLocation } | { status: 400; reason: Failure };

class LookupFailed extends Error {
  constructor(readonly reason: Failure) {
    super(reason);
  }
}

/** The body as text, refused past `max` bytes (a declared length, or as it streams in). */
async function boundedText(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => {});
    throw new LookupFailed("too big");
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new LookupFailed("too big");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function createIpLocator(options: IpLocatorOptions): IpLocator {
  const fetcher = options.fetcher ?? fetch;
  const timeoutMs = options.timeoutMs ?? IPLOCATE_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.warn(line));
  const now = options.now ?? Date.now;
  let sent = 0;

  // At most one log line a minute: an outage of DaData would otherwise write one per new visitor.
  let lastLogged = -Infinity;
  let unlogged = 0;
  const logFailure = (reason: Failure, detail: string) => {
    const at = now();
    if (at - lastLogged < LOG_EVERY_MS) {
      unlogged++;
      return;
    }
    const more = unlogged ? ` (+${unlogged} more since the last line)` : "";
    lastLogged = at;
    unlogged = 0;
    log(`[city-from-ip] DaData iplocate failed: ${reason}${detail ? `: ${detail}` : ""}${more}`);
  };

  async function ask(address: string): Promise<Cached> {
    try {
      await options.limits.consume("ipLocate", "dadata");
    } catch (error) {
      const reason: Failure = error instanceof RateLimited ? "over budget" : "network";
      logFailure(reason, error instanceof RateLimited ? "the shop-wide ipLocate limit is spent" : String(error));
      return { status: 400, reason };
    }
    sent++;
    try {
      const response = await fetcher(`${options.baseUrl}/iplocate/address?ip=${encodeURIComponent(address)}`, {
        headers: { Accept: "application/json", Authorization: `Token ${options.apiKey}` },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new LookupFailed("http");
      }
      const body = await boundedText(response, IPLOCATE_MAX_BYTES);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new LookupFailed("junk");
      }
      const parsed = IplocateAnswer.safeParse(json);
      if (!parsed.success) throw new LookupFailed("junk");
      const found = parsed.data.location;
      // DaData knows nothing of this address: an answer (kept long), not a failure to log.
      if (!found) return { status: 400, reason: "unknown" };
      const { city, city_fias_id, region, country } = found.data;
      return { status: 200, location: { city, cityFiasId: city_fias_id, region, country } };
    } catch (error) {
      const reason: Failure =
        error instanceof LookupFailed ? error.reason : error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? "timeout" : "network";
      logFailure(reason, reason === "network" && error instanceof Error ? error.message : "");
      return { status: 400, reason };
    }
  }

  const cache = new LRUCache<string, Cached, string>({
    max: IPLOCATE_CACHE_ENTRIES,
    ttl: IPLOCATE_ANSWER_TTL_MS,
    // Every check reads the clock (lru-cache otherwise reuses one reading for 1 ms).
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
    async fetchMethod(_bucket, _stale, { options: set, context: address }) {
      const answer = await ask(address);
      if (answer.status === 400 && answer.reason !== "unknown") set.ttl = IPLOCATE_FAILURE_TTL_MS;
      return answer;
    },
  });

  return {
    async locate(ip) {
      const address = publicAddress(ip);
      if (!address) return IP_CITY_FAILURE;
      const answer = await cache.fetch(clientKey(address), { context: address }).catch(() => undefined);
      return answer?.status === 200 ? answer : IP_CITY_FAILURE;
    },
    calls: () => sent,
  };
}
