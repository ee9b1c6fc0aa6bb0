/**
 * Dates in forms: the date field shows "дд.мм.гггг" (DateInput in mask.tsx), the API takes ISO
 * "YYYY-MM-DD". Pure, for both the browser and the server.
 */

/** ISO "YYYY-MM-DD" → the date field's "дд.мм.гггг"; "" for nothing or junk. */
export function formatDateInput(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return m ? `${m[3]}.${m[2]}.${m[1]}` : "";
}

/**
 * A date as the field sends it ("31.12.1990"), as a person types it without the mask ("31-12-1990",
 * "31/12/1990", "31 12 1990", "1.2.1990") or as ISO ("1990-12-31", a browser's date picker) → ISO;
 * null for anything else. Whether that day exists is isCalendarDate's question.
 */
export function isoFromTypedDate(text: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const m = /^(\d{1,2})[.\-/ ](\d{1,2})[.\-/ ](\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}` : null;
}

/** Whether "YYYY-MM-DD" names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === iso;
}
