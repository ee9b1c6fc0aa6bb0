/**
 * Comparison (§3, §4, §5, §9): product (variation) ids, newest first, at most MAX_COMPARISON: in
 * local storage for guests, on the server for logged-in visitors (ADR 045: the page reads them
 * through `useSavedList("comparison")`, app/features/shopping/personal-state.tsx).
 */
import { MAX_COMPARISON } from "#contract/limits.ts";

export const COMPARISON_STORAGE_KEY = "tmg_comparison";
export const COMPARISON_LIMIT_MESSAGE = `В сравнение можно добавить не более ${MAX_COMPARISON} товаров`;
export const COMPARISON_ERROR_MESSAGE = "Не удалось изменить сравнение. Попробуйте ещё раз.";
