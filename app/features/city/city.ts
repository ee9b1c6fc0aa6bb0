import type { City } from "#contract/content.ts";

/** §3/§9 constants. */
export const MOSCOW_ID = 2;
export const DEFAULT_CITY_ID = 3;
export const MOSCOW_PREFIX = "msk";
export const CITY_COOKIE = "cityId";
/** §9: cityId cookie lifetime. */
export const CITY_COOKIE_MAX_AGE = 2678400;

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
