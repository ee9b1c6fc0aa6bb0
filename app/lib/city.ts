import type { City } from "#contract/content.ts";

/** §3/§9 constants. */
export const MOSCOW_ID = 2;
export const DEFAULT_CITY_ID = 3;
export const MOSCOW_PREFIX = "msk";
export const CITY_COOKIE = "cityId";
/** §9: cityId cookie lifetime. */
export const CITY_COOKIE_MAX_AGE = 2678400;
/**
 * The visitor has answered the city question (ADR 062): chose a city in the picker, confirmed the
 * city suggested from their IP, or dismissed it. Not HttpOnly: the page reads it before asking
 * the server for a suggestion. Lives as long as cityId.
 */
export const CITY_ASKED_COOKIE = "cityAsked";

export const FALLBACK_MOSCOW: City = {
  id: MOSCOW_ID,
  title: "Москва",
  titlePrepositional: "Москве",
  titleDative: "Москве",
  domainPrefix: MOSCOW_PREFIX,
  office: null,
};
export const FALLBACK_RUSSIA: City = {
  id: DEFAULT_CITY_ID,
  title: "Россия",
  titlePrepositional: "России",
  titleDative: "России",
  domainPrefix: null,
  office: null,
};

/** True when the host name starts with the Moscow prefix ("msk.example.ru", "msk.localhost"). */
export function isMoscowHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith(`${MOSCOW_PREFIX}.`);
}

/**
 * §4 city selection:
 * - Moscow host → the second list entry (fallback id 2 Москва);
 * - stored id empty, or 2 without the Moscow host → the third list entry (fallback Россия);
 * - otherwise the city with the stored id, Россия as fallback.
 */
export function selectCity(cities: City[], hostname: string, storedId: string | number | null | undefined): City {
  if (isMoscowHost(hostname)) return cities[1] ?? FALLBACK_MOSCOW;
  const stored = storedId === null || storedId === undefined ? "" : String(storedId).trim();
  // Only a plain decimal id counts ("0x3", "3abc" or "1e0" are no city ids).
  const id = /^\d+$/.test(stored) ? Number(stored) : NaN;
  if (stored === "" || id === MOSCOW_ID) return cities[2] ?? FALLBACK_RUSSIA;
  return cities.find((c) => c.id === id) ?? FALLBACK_RUSSIA;
}

/** §3: the site's own city title is Москва for id 2, otherwise Санкт-Петербург. */
export function siteCityTitle(cityId: number): string {
  return cityId === MOSCOW_ID ? "Москва" : "Санкт-Петербург";
}

/** The host name without the regional prefix. */
export function baseHostname(hostname: string): string {
  return isMoscowHost(hostname) ? hostname.slice(MOSCOW_PREFIX.length + 1) : hostname;
}

/** §1: on the regional variant the site address carries the prefix. */
export function hostForCity(host: string, city: Pick<City, "domainPrefix">): string {
  const base = baseHostname(host);
  return city.domainPrefix ? `${city.domainPrefix}.${base}` : base;
}

/** A DNS label (RFC 1123): letters, digits and inner hyphens, 1–63 characters. */
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** Labels joined by single dots, at most 253 characters, an optional trailing dot (the root). */
const DNS_NAME = new RegExp(`^(?=.{1,253}\\.?$)${LABEL}(?:\\.${LABEL})*\\.?$`, "i");
const IPV4_OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
/** An IPv6 address as the URL parser reads it (it checks the groups); only hex digits, colons and dots. */
function isIpv6(address: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(address)) return false;
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/**
 * Whether a host name (no port) can go into a URL, a cookie's Domain or a header as it is: a DNS
 * name of letters, digits and hyphens (an IDN arrives as punycode, "xn--…"), an IPv4 address, or
 * a bracketed IPv6 address. A name ending in a number must be an IPv4 address (as URL parsers
 * read it). "a_b.example.ru", "-bad-.ru", "a..b.ru" and raw Cyrillic are not host names.
 */
export function isValidHostname(hostname: string): boolean {
  if (hostname.startsWith("[")) return hostname.endsWith("]") && isIpv6(hostname.slice(1, -1));
  if (!DNS_NAME.test(hostname)) return false;
  const labels = hostname.replace(/\.$/, "").split(".");
  return !/^\d+$/.test(labels[labels.length - 1]) || IPV4.test(labels.join("."));
}

/**
 * Whether a Host header value (host, optionally ":port") is well formed. RFC 9112 §3.2: a request
 * with an invalid Host is answered 400; nothing derived from the Host (cookie Domain, origins,
 * the page's URL) is built from one that fails this check.
 */
export function isValidHost(host: string): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return false;
  const [, hostname, port] = match;
  return isValidHostname(hostname) && (port === undefined || Number(port) <= 65535);
}
