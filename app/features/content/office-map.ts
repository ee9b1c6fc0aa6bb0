/** Where an office is on a map: links that open it in the maps services Russian shoppers use. */
import type { City } from "#contract/content.ts";
import { MOSCOW_ID } from "#app/lib/city.ts";

export interface MapLinks {
  yandex: string;
  twoGis: string;
}

/** Links that open the point (and the address, for the search box) in Yandex Maps and 2GIS. */
export function mapLinks(coordinates: { lat: number; lon: number }, address: { postalCode?: string; city?: string; street?: string } | null): MapLinks {
  const lat = coordinates.lat.toFixed(6);
  const lon = coordinates.lon.toFixed(6);
  const text = address ? [address.city, address.street].filter(Boolean).join(", ") : "";
  const yandex = new URL("https://yandex.ru/maps/");
  yandex.searchParams.set("pt", `${lon},${lat}`);
  yandex.searchParams.set("z", "16");
  yandex.searchParams.set("l", "map");
  if (text) yandex.searchParams.set("text", text);
  return { yandex: yandex.href, twoGis: `https://2gis.ru/geo/${lon},${lat}` };
}

/** Where the embedded map widget comes from (the CSP's frame-src names it when a key is set). */
export const MAP_WIDGET_ORIGIN = "https://yandex.ru";

/** The Yandex Maps widget of the point, for an <iframe> (needs YANDEX_MAPS_KEY). */
export function mapWidgetUrl(coordinates: { lat: number; lon: number }, key: string): string {
  const point = `${coordinates.lon.toFixed(6)},${coordinates.lat.toFixed(6)}`;
  const url = new URL("/map-widget/v1/", MAP_WIDGET_ORIGIN);
  url.searchParams.set("ll", point);
  url.searchParams.set("z", "16");
  url.searchParams.set("pt", `${point},pm2rdm`);
  url.searchParams.set("apikey", key);
  return url.href;
}

/** The generated map picture of a city's office: one per office (St Petersburg serves Россия too). */
export function officeMapId(city: Pick<City, "id">): number {
  return city.id === MOSCOW_ID ? MOSCOW_ID : 1;
}
