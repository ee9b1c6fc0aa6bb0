/**
 * Favourites (§3, §4, §5, §9): product GROUP ids, newest first, at most MAX_FAVORITES: in local
 * storage for guests, on the server for logged-in visitors (ADR 045: the page reads them through
 * `useSavedList("favorites")`, app/features/shopping/personal-state.tsx).
 */
import { MAX_FAVORITES } from "#contract/limits.ts";

export const FAVORITES_STORAGE_KEY = "tmg_favorites";
export const FAVORITES_LIMIT_MESSAGE = `В избранное можно добавить не более ${MAX_FAVORITES} групп продуктов`;
export const FAVORITES_ERROR_MESSAGE = "Не удалось изменить избранное. Попробуйте ещё раз.";
