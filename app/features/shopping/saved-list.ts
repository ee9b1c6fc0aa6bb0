/**
 * Favourites and comparison (§3, §4, §5, §8): the login merge's rule, pure. The lists themselves
 * are behind `useSavedList` (personal-state.tsx, ADR 045): local storage for guests, the root
 * loader and fetcher actions for logged-in visitors.
 */
import { isId } from "./local-ids.ts";

/**
 * §4 "Sync on login", pure: what to push to the server and the merged list. Local-only ids are
 * pushed (all of the local list when the server's is empty), newest first, as many as fit under the
 * limit; the merged list is the pushed ids followed by the server's, trimmed to the limit.
 * (§4 notes that the original's comparison sync added local-only items to FAVOURITES, "possibly a
 * defect": each list here merges into itself.)
 */
export function mergeOnLogin(local: readonly number[], server: readonly number[], max: number): { push: number[]; merged: number[] } {
  const serverIds = [...new Set(server.filter(isId))];
  const onServer = new Set(serverIds);
  const localOnly = [...new Set(local.filter((id) => isId(id) && !onServer.has(id)))];
  const push = localOnly.slice(0, Math.max(0, max - serverIds.length));
  return { push, merged: [...push, ...serverIds].slice(0, max) };
}
