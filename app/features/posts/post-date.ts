/**
 * §9: dates are shown as dd.mm.yy. Posts are dated in Moscow time (UTC+3 all year since 2014), so
 * a post published at 01:00 in Moscow shows that day everywhere, on the server and in the browser.
 */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

function moscowParts(iso: string): { day: string; month: string; year: string } | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  const d = new Date(time + MOSCOW_OFFSET_MS);
  return {
    day: String(d.getUTCDate()).padStart(2, "0"),
    month: String(d.getUTCMonth() + 1).padStart(2, "0"),
    year: String(d.getUTCFullYear()),
  };
}

/** "2026-11-20T07:00:00.000Z" → "20.11.26"; "" for a value that is not a date. */
export function formatPostDate(iso: string): string {
  const parts = moscowParts(iso);
  return parts ? `${parts.day}.${parts.month}.${parts.year.slice(-2)}` : "";
}

/** The machine-readable twin for `<time dateTime>`: "2026-11-20" (Moscow day). */
export function postDateAttr(iso: string): string {
  const parts = moscowParts(iso);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : "";
}

/** A promotion's period from its YYYY-MM-DD bounds: "с 16.11.26 по 31.01.27". */
export function formatPeriod(from: string | null, to: string | null): string | null {
  const f = from ? formatPostDate(`${from}T12:00:00Z`) : "";
  const t = to ? formatPostDate(`${to}T12:00:00Z`) : "";
  if (f && t) return `с ${f} по ${t}`;
  if (f) return `с ${f}`;
  if (t) return `до ${t}`;
  return null;
}

/** Whether a promotion runs on `today` (YYYY-MM-DD, Moscow), ended, or has not started. */
export function periodState(from: string | null, to: string | null, today: string): "current" | "past" | "future" {
  if (to && to < today) return "past";
  if (from && from > today) return "future";
  return "current";
}

/** Today in Moscow as YYYY-MM-DD. */
export function moscowToday(now = Date.now()): string {
  return postDateAttr(new Date(now).toISOString());
}
