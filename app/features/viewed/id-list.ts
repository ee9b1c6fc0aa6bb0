/** "3,1,2" → [3, 1, 2]: positive safe integers, duplicates and junk dropped, at most `max` (first kept). */
export function parseIdList(value: string | null | undefined, max: number): number[] {
  if (!value) return [];
  const ids = new Set<number>();
  for (const part of value.split(",")) {
    if (ids.size >= max) break;
    const s = part.trim();
    if (!/^\d{1,15}$/.test(s)) continue;
    const n = Number(s);
    if (n > 0 && Number.isSafeInteger(n)) ids.add(n);
  }
  return [...ids];
}
