/**
 * Comparison (§3, §4, §5, §9): product (variation) ids in local storage, newest first, at most
 * MAX_COMPARISON. Anonymous visitors have no remote; the accounts issue plugs in
 * /api/comparing/add|delete with `comparison()?.setRemote(...)`.
 */
import { MAX_COMPARISON } from "#contract/limits.ts";
import { browserLocalIds } from "#app/features/shopping/local-ids.ts";
import { createSavedList, type SavedList } from "#app/features/shopping/saved-list.ts";
import { notices } from "#app/features/shopping/notice.ts";

export const COMPARISON_STORAGE_KEY = "tmg_comparison";
export const COMPARISON_LIMIT_MESSAGE = `В сравнение можно добавить не более ${MAX_COMPARISON} товаров`;
export const COMPARISON_ERROR_MESSAGE = "Не удалось изменить сравнение. Попробуйте ещё раз.";

let list: SavedList | null = null;

/** The page's comparison list; null on the server. */
export function comparison(): SavedList | null {
  if (list) return list;
  const ids = browserLocalIds(COMPARISON_STORAGE_KEY, MAX_COMPARISON);
  if (!ids) return null;
  list = createSavedList({ ids, max: MAX_COMPARISON, limitMessage: COMPARISON_LIMIT_MESSAGE, errorMessage: COMPARISON_ERROR_MESSAGE, notify: notices.show });
  return list;
}
