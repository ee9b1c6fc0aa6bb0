/**
 * Favourites (§3, §4, §5, §9): product GROUP ids in local storage, newest first, at most
 * MAX_FAVORITES. Anonymous visitors have no remote; the accounts issue calls
 * `favorites()?.setRemote(...)` with /api/favorite/add|delete after login (and merges with
 * mergeOnLogin first).
 */
import { MAX_FAVORITES } from "#contract/limits.ts";
import { browserLocalIds } from "#app/features/shopping/local-ids.ts";
import { createSavedList, type SavedList } from "#app/features/shopping/saved-list.ts";
import { notices } from "#app/features/shopping/notice.ts";

export const FAVORITES_STORAGE_KEY = "tmg_favorites";
export const FAVORITES_LIMIT_MESSAGE = `В избранное можно добавить не более ${MAX_FAVORITES} групп продуктов`;
export const FAVORITES_ERROR_MESSAGE = "Не удалось изменить избранное. Попробуйте ещё раз.";

let list: SavedList | null = null;

/** The page's favourites; null on the server. */
export function favorites(): SavedList | null {
  if (list) return list;
  const ids = browserLocalIds(FAVORITES_STORAGE_KEY, MAX_FAVORITES);
  if (!ids) return null;
  list = createSavedList({ ids, max: MAX_FAVORITES, limitMessage: FAVORITES_LIMIT_MESSAGE, errorMessage: FAVORITES_ERROR_MESSAGE, notify: notices.show });
  return list;
}
