/**
 * Russian plurals and waits, shared by the storefront, the API and the rate limits: "1 товар,
 * 2 товара, 5 товаров"; "через 14 минут" (every refusal of a rate limit says how long).
 */

/** The form for `n` (an integer): one (1, 21), few (2–4, 22–24), many (0, 5–20, 25…). */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return forms[0];
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return forms[1];
  return forms[2];
}

export function secondsText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return `${s} ${pluralRu(s, ["секунду", "секунды", "секунд"])}`;
}

export function minutesText(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} ${pluralRu(m, ["минуту", "минуты", "минут"])}`;
}

export function hoursText(seconds: number): string {
  const h = Math.max(1, Math.ceil(seconds / 3600));
  return `${h} ${pluralRu(h, ["час", "часа", "часов"])}`;
}

/**
 * The wait in the unit a person reads best: seconds up to a minute and a half, minutes up to an
 * hour and a half, hours beyond ("через 3600 секунд" says nothing at a glance).
 */
export function waitText(seconds: number): string {
  if (seconds <= 90) return secondsText(seconds);
  if (seconds <= 90 * 60) return minutesText(seconds);
  return hoursText(seconds);
}
