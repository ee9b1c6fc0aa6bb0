/**
 * Viewed products (§3, §4, §9): product GROUP ids, persisted locally, newest first, at most 30.
 *
 * "Duplicates ignored" (§4) is read as: adding an id that is already present never creates a second
 * entry; the id MOVES TO THE FRONT, because the list is "recently viewed" and re-viewing a product
 * makes it the most recent one (it is not dropped as the oldest while it's being looked at).
 */
import { isId, parseIds } from "#app/features/shopping/local-ids.ts";

/** §9: viewed products max 30. */
export const MAX_VIEWED = 30;
/** localStorage key (cf. §9 cart key tmg_cart). */
export const VIEWED_STORAGE_KEY = "tmg_viewed";

const isGroupId = isId;

/**
 * §4: `id` first, an existing entry moved rather than duplicated, the oldest dropped beyond 30.
 * Returns the same array when nothing changes (already first, or an invalid id), so callers can skip
 * a write and a re-render.
 */
export function addViewed(ids: readonly number[], id: number): readonly number[] {
  if (!isGroupId(id)) return ids;
  if (ids[0] === id && ids.length <= MAX_VIEWED) return ids;
  return [id, ...ids.filter((x) => x !== id)].slice(0, MAX_VIEWED);
}

/** The stored value → ids; anything malformed (not JSON, not an array, bad entries) is skipped, never thrown. */
export function parseViewed(raw: string | null | undefined): number[] {
  return parseIds(raw, MAX_VIEWED);
}

export function serializeViewed(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

/** §3: only groups with a non-empty products list are exposed. */
export function visibleViewedGroups<G extends { products: readonly unknown[] }>(groups: readonly G[]): G[] {
  return groups.filter((g) => g.products.length > 0);
}
