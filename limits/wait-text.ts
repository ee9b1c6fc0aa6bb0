/** Russian words for a wait ("через 14 минут"): the refusals of every rate limit say how long. */

export function plural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

export function secondsText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return `${s} ${plural(s, "секунду", "секунды", "секунд")}`;
}

export function minutesText(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} ${plural(m, "минуту", "минуты", "минут")}`;
}

export function hoursText(seconds: number): string {
  const h = Math.max(1, Math.ceil(seconds / 3600));
  return `${h} ${plural(h, "час", "часа", "часов")}`;
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
