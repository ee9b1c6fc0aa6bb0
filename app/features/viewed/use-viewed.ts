/**
 * §4 viewed products in React: the ids from localStorage, newest first.
 *
 * useSyncExternalStore with an EMPTY server snapshot: the server render and the hydrating client
 * render both see [] (no hydration mismatch), then React re-renders with the stored list. Other tabs
 * are followed through the `storage` event. The store is the page's own (PersonalStateProvider's local
 * stores), never a module-level variable. Loading the groups (product/list/by_group_ids) and
 * filtering them with visibleViewedGroups is the caller's job.
 */
import { useSyncExternalStore } from "react";
import { useLocalStores } from "#app/features/shopping/personal-state.tsx";
import { EMPTY_VIEWED } from "./viewed-store.ts";

const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY_VIEWED;

export interface ViewedProducts {
  /** Product group ids, newest first; [] on the server and during hydration. */
  ids: readonly number[];
  /** Records a viewed group (e.g. in the product page's effect); a no-op on the server. */
  add(id: number): void;
  clear(): void;
}

export function useViewedProducts(): ViewedProducts {
  const store = useLocalStores()?.viewed ?? null;
  const ids = useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.getSnapshot ?? emptySnapshot, emptySnapshot);
  return { ids, add: store?.add ?? noop, clear: store?.clear ?? noop };
}

function noop() {}
